"""The tools that build and measure Lantern, never shipped in the app: the static web build (`make web`:
static_web.py, with the Pyodide wheels of wheels.py), the icon drawer (icon.py) and the bench
(`make bench`: bench/). `flet build` and `make web` write their output beside them (git-ignored)."""
