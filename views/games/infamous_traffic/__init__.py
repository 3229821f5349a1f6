"""An Infamous Traffic on the shared game screen."""
