"""Lantern's rules engines: pure Python, no UI. Importing this package registers every game's entry
(trackers/core/registry.py); a game's engine loads when the game is first asked for."""

from trackers import ashes as ashes
from trackers import blackout_hk as blackout_hk
from trackers import hope_city as hope_city
from trackers import infamous_traffic as infamous_traffic
from trackers import scorepad as scorepad
from trackers import unsettled as unsettled
