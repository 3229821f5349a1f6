"""`make bench`: Lantern's speed figures (run.py), and the same engine figures on another git ref beside
this tree's (baseline.py)."""
