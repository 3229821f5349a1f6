"""The `blackout-hk.components` pack: what the rulebook leaves to the printed components, entered once from
the box and shared as a file. Every part is optional: the rondel's order (transport-token costs), each
die's six faces (Lantern can roll), the scout-tile score table (final scoring) and the map's locations with
their colours, the 16 districts' surrounding locations and which locations are adjacent (placements,
scouting and securing checked).

Data: {"rondel": [6 resources], "dice": {"red": [6], "yellow": [6], "blue": [6]},
"scout_table": [8 numbers], "locations": {"name": "colour", ...}, "districts": [[names], ... 16],
"links": [[name, name], ...]} (links need the locations; the locations need the districts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from trackers.blackout_hk.actions import StartGame
from trackers.blackout_hk.state import DICE, DISTRICTS, RESOURCES
from trackers.core.names import name_key
from trackers.core.packs import PackKind, register_pack_kind

KIND = "blackout-hk.components"
MAX_LOCATIONS = 200
MAX_NAME = 40
MAX_LINKS = 1000
AROUND = 7


def components_problems(data: Mapping[str, Any]) -> list[str]:
    """What is wrong with a components pack, as phrases a player can fix."""
    problems: list[str] = []
    known = {"rondel", "dice", "scout_table", "locations", "districts", "links"}
    problems += [f"unknown part {key!r}" for key in data if key not in known]
    rondel = data.get("rondel", [])
    if not isinstance(rondel, list) or (rondel and sorted(map(str, rondel)) != sorted(RESOURCES)):
        problems.append("the rondel lists each of the six resources once, in order round the rondel")
    dice = data.get("dice", {})
    if not isinstance(dice, dict) or (dice and set(dice) != set(DICE)):
        problems.append("the dice are red, yellow and blue, each with its six faces")
    elif any(
        not isinstance(f, list) or len(f) != 6 or any(x not in RESOURCES for x in f) for f in dice.values()
    ):
        problems.append("each die has six faces, each a resource")
    table = data.get("scout_table", [])
    if not isinstance(table, list) or (
        table
        and (
            len(table) != 8
            or any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 100 for n in table)
        )
    ):
        problems.append(
            "the scout-tile table gives the points for 0 to 7 face-up tiles: 8 numbers from 0 to 100"
        )
    problems += map_problems(data)
    return problems


def map_problems(data: Mapping[str, Any], *, keyed: bool = True) -> list[str]:
    """What is wrong with the map's parts. `keyed`: names are compared as the table means them (case and
    spaces aside, `trackers.core.names`); a game set up before that (edition 1) compares them as written."""
    locations = data.get("locations", {})
    districts = data.get("districts", [])
    if not locations and not districts and not data.get("links"):
        return []
    if not isinstance(locations, dict) or not 0 < len(locations) <= MAX_LOCATIONS:
        return [f"the map's locations are 1 to {MAX_LOCATIONS} names, each with its colour"]
    if any(not isinstance(k, str) or not k.strip() or len(k) > MAX_NAME for k in locations):
        return [f"a location's name is 1 to {MAX_NAME} characters"]
    if any(not isinstance(v, str) or not v.strip() or len(v) > MAX_NAME for v in locations.values()):
        return ["every location has a colour"]

    def key(name: Any) -> str:
        return name_key(str(name)) if keyed else str(name)

    known = {key(k) for k in locations}
    if len(known) < len(locations):
        return ["every location is named once (case and spaces aside)"]
    if not isinstance(districts, list) or len(districts) != DISTRICTS:
        return [f"the map has {DISTRICTS} districts, each with the locations around it"]
    for i, around in enumerate(districts, 1):
        if (
            not isinstance(around, list)
            or not 1 <= len(around) <= AROUND
            or len(set(map(key, around))) < len(around)
        ):
            return [f"district {i} is surrounded by 1 to {AROUND} different locations"]
        missing = [str(x) for x in around if key(x) not in known]
        if missing:
            return [f"district {i} names {missing[0]!r}, which is not among the locations"]
    return _links_problems(data.get("links", []), known, key)


def _links_problems(links: Any, known: set[str], key: Callable[[Any], str]) -> list[str]:
    if not isinstance(links, list) or len(links) > MAX_LINKS:
        return [f"the links are up to {MAX_LINKS} pairs of adjacent locations"]
    seen: set[frozenset[str]] = set()
    for pair in links:
        if not isinstance(pair, list) or len(pair) != 2 or key(pair[0]) == key(pair[1]):
            return ["a link joins two different locations"]
        a, b = pair
        if key(a) not in known or key(b) not in known:
            return [f"a link names {(a if key(a) not in known else b)!r}, which is not among the locations"]
        if frozenset(map(key, pair)) in seen:
            return [f"the link between {a!r} and {b!r} is listed twice"]
        seen.add(frozenset(map(key, pair)))
    return []


def start_from(data: Mapping[str, Any], plan_goals: tuple[int, ...] = (), central: int = 0) -> StartGame:
    """The set-up entry carrying a checked pack's data (so a log replays without the pack)."""
    dice = data.get("dice", {})
    return StartGame(
        rondel=tuple(data.get("rondel", [])),
        faces=tuple(tuple(dice[c]) for c in DICE) if dice else (),
        scout_table=tuple(data.get("scout_table", [])),
        plan_goals=plan_goals,
        central=central,
        locations=tuple((k, v) for k, v in data.get("locations", {}).items()),
        districts=tuple(tuple(d) for d in data.get("districts", [])),
        links=tuple((a, b) for a, b in data.get("links", [])),
    )


COMPONENTS_PACK = register_pack_kind(PackKind(KIND, 1, "Blackout: Hong Kong components", components_problems))
