"""The China board: what the rulebook text does not print (regions, borders, coast, supply chains, the
outrage track, and optionally the debt track and tile limits), entered once from the physical board as an
`infamous-traffic.board` pack and carried whole in the game's first entry so a log replays without it.

Pack data:

    {"regions": [{"name": "Canton", "enforcement": "canton", "coastal": true, "adjacent": ["..."]}],
     "chains": [{"id": "canton-left", "region": "Canton", "spaces": ["ship", "opium", "blank"],
                 "toward": null}],
     "outrage": {"spaces": 12, "red": {"9": 1, "10": 2}, "arrows": [5]},
     "debt": {"compound": {"3": 1, "6": 2}, "end": 15, "penalty": {"5": 1, "10": 3}},
     "tile_limits": [[0, 4], [5, 6]]}

`enforcement` names the Enforcement tile that hits the region (canton, mountain, mid-coast or city).
`toward` is the chain an interior chain leads to on its way to the coast (null for a coastal chain).
Names are matched as the table means them (`trackers.core.names`): "canton " in a border list is the
region Canton, and two regions "Canton" and "canton" are one name written twice. The pack keeps what was
typed; the `Board` spells every reference as the region or chain list first wrote it.
Outrage positions count from 0 at the leftmost space. `debt` and `tile_limits` may be left out: then the
table enters the compounded debt, the debt penalty and the tiles it returns.

What the rulebook text does say of the map is `RULEBOOK_CHINA`, each fact with the section that prints it:
the editor starts a new board from it, the set-up places its pieces by it, and `rulebook_differences` says
where a board departs from it (a board may: the editor then asks before saving).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from trackers.core.names import known_as, name_key
from trackers.core.packs import PackKind, register_pack_kind

Space = Literal["ship", "opium", "blank"]
SPACES: tuple[Space, ...] = ("ship", "opium", "blank")
ENFORCEMENT = ("canton", "mountain", "mid-coast", "city")
"""The areas Enforcement tiles name, as the tiles spell them."""
MAX_REGIONS = 12
MAX_CHAINS = 40
MAX_SPACES = 8
MAX_TRACK = 60


@dataclass(frozen=True)
class SetUpPiece:
    """A conspiracy tile the set-up puts in a named region's chain: its leftmost (0) or rightmost (-1)."""

    region: str
    chain: int
    kind: str
    value: int


@dataclass(frozen=True)
class PrintedChina:
    """What the rulebook text itself says about the map: a new board in the editor starts from it, and a
    board that differs from it is saved only when the table confirms. The rest (borders, coast, chains and
    their spaces, the tracks) is printed only on the physical board."""

    regions: int
    areas: tuple[str, ...]
    named: tuple[str, ...]
    tiles: tuple[tuple[str, str], ...]
    """(Enforcement tile, the area's icon) where the rulebook pairs them."""
    start_tiles: tuple[tuple[str, str], ...]
    """(region, the Enforcement tile that hits it) a new board starts with: Lantern's reading."""
    set_up: tuple[SetUpPiece, ...]
    missionary: str
    demand_dice: tuple[str, int]

    def tile_of(self, region: str) -> str | None:
        return dict((name_key(r), t) for r, t in self.start_tiles).get(name_key(region))


RULEBOOK_CHINA = PrintedChina(
    # Components, "The Map", and "China's Regions and Supply Chains": seven regions; Setup step 6 puts a
    # Qing Force in each, seven in all.
    regions=7,
    # "China's Regions and Supply Chains": the four larger areas, told apart by the regions' colour.
    areas=("Fish", "Wave", "Temple", "Mountains"),
    # Setup step 6 names Canton and Shanghai; the Opportunity example names Changsha and Wuchang, the
    # Disruption example Wenzhou. The rulebook names no other region.
    named=("Canton", "Shanghai", "Changsha", "Wuchang", "Wenzhou"),
    # Setup step 4: the Canton Enforcement tile carries the fish icon. The Components list names the other
    # tiles Mountain, Mid-Coast and City without saying which area's icon each shows.
    tiles=(("canton", "Fish"),),
    # Lantern's reading (the editor shows it, one tap changes it): the tile named Canton hits Canton.
    start_tiles=(("Canton", "canton"),),
    # Setup step 6: a Bureaucrat (2) in Canton's leftmost chain and a Smuggler (2) in its rightmost; a
    # Bureaucrat (2) in Shanghai's rightmost.
    set_up=(
        SetUpPiece("Canton", 0, "bureaucrat", 2),
        SetUpPiece("Canton", -1, "smuggler", 2),
        SetUpPiece("Shanghai", -1, "bureaucrat", 2),
    ),
    # Setup step 6: the Missionary; step 10: two demand dice.
    missionary="Canton",
    demand_dice=("Canton", 2),
)


def rulebook_differences(data: Mapping[str, Any]) -> list[str]:
    """Where a board's regions differ from what the rulebook says of China (empty: they agree). A board may
    differ (a test board, a misprint put right): the editor then saves it only when the table confirms."""
    regions = data.get("regions")
    if not isinstance(regions, list):
        return []
    names = [r["name"] for r in regions if isinstance(r, Mapping) and isinstance(r.get("name"), str)]
    china = RULEBOOK_CHINA
    out = []
    if len(regions) != china.regions:
        areas = ", ".join(china.areas)
        out.append(
            f"the rulebook's China has {china.regions} regions in {len(china.areas)} areas ({areas}); "
            f"this board has {len(regions)}"
        )
    if missing := [n for n in china.named if known_as(n, names) is None]:
        what = "a region" if len(missing) == 1 else "regions"
        out.append(f"the rulebook names {_listed(missing)} as {what} of China, which this board lacks")
    return out


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class RegionSpec:
    name: str
    enforcement: str
    coastal: bool
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class ChainSpec:
    id: str
    region: str
    spaces: tuple[Space, ...]
    toward: str | None

    @property
    def coastal(self) -> bool:
        """A chain with a ship space is coastal; one without is interior (its own rule for activating)."""
        return "ship" in self.spaces


@dataclass(frozen=True)
class OutrageTrack:
    spaces: int
    red: tuple[tuple[int, int], ...]
    """(position, war strength) of every red space."""
    arrows: tuple[int, ...]

    def strength(self, position: int) -> int:
        return dict(self.red).get(position, 0)

    @property
    def last(self) -> int:
        return self.spaces - 1


@dataclass(frozen=True)
class DebtTrack:
    compound: tuple[tuple[int, int], ...]
    """(debt at least, extra debt taken) steps, from the board's debt track."""
    end: int
    """The largest debt the track shows; beyond it, permanent debt tokens."""
    penalty: tuple[tuple[int, int], ...]
    """(debt at least, victory points lost)."""

    def extra(self, debt: int) -> int:
        return max((n for at, n in self.compound if debt >= at), default=0)

    def lost(self, debt: int) -> int:
        return max((n for at, n in self.penalty if debt >= at), default=0)


@dataclass(frozen=True)
class Board:
    name: str
    regions: tuple[RegionSpec, ...]
    chains: tuple[ChainSpec, ...]
    outrage: OutrageTrack
    debt: DebtTrack | None
    tile_limits: tuple[tuple[int, int], ...]
    """(revenue at least, inactive tiles kept); empty: the table counts."""

    @cached_property
    def _regions(self) -> dict[str, RegionSpec]:
        return {name_key(r.name): r for r in self.regions}

    @cached_property
    def _chains(self) -> dict[str, ChainSpec]:
        return {name_key(c.id): c for c in self.chains}

    def region(self, name: str) -> RegionSpec:
        return self._regions[name_key(name)]

    def chain(self, cid: str) -> ChainSpec:
        return self._chains[name_key(cid)]

    def adjacent(self, a: str, b: str) -> bool:
        return known_as(b, self.region(a).adjacent) is not None

    def tile_limit(self, revenue: int) -> int | None:
        if not self.tile_limits:
            return None
        return max((n for at, n in self.tile_limits if revenue >= at), default=0)


def board_problems(data: Mapping[str, Any]) -> list[str]:
    """What is wrong with a board pack's data, as phrases a player can fix (empty: fine)."""
    problems: list[str] = []
    regions = data.get("regions")
    chains = data.get("chains")
    if not isinstance(regions, list) or not 1 <= len(regions) <= MAX_REGIONS:
        return [f"'regions' must list 1 to {MAX_REGIONS} regions"]
    if not isinstance(chains, list) or not 1 <= len(chains) <= MAX_CHAINS:
        return [f"'chains' must list 1 to {MAX_CHAINS} supply chains"]
    names: list[str] = []
    for i, r in enumerate(regions):
        if not isinstance(r, Mapping) or not isinstance(r.get("name"), str) or not r["name"].strip():
            problems.append(f"region {i + 1} has no name")
            continue
        names.append(r["name"])
        if not isinstance(r.get("enforcement"), str) or known_as(r["enforcement"], ENFORCEMENT) is None:
            problems.append(f"{r['name']}: 'enforcement' must be one of {', '.join(ENFORCEMENT)}")
        if not isinstance(r.get("coastal"), bool):
            problems.append(f"{r['name']}: 'coastal' must be true or false")
        adjacent = r.get("adjacent")
        if not isinstance(adjacent, list) or not all(isinstance(a, str) for a in adjacent):
            problems.append(f"{r['name']}: 'adjacent' must list region names")
    if len({name_key(n) for n in names}) != len(names):
        problems.append("two regions have the same name")
    if known_as("Canton", names) is None:
        problems.append("the board needs Canton (the rules set up there)")
    for r in regions:
        if isinstance(r, Mapping) and isinstance(r.get("adjacent"), list):
            for other in r["adjacent"]:
                if not isinstance(other, str) or known_as(other, names) is None:
                    problems.append(f"{r.get('name')}: borders an unknown region {other!r}")
                elif name_key(other) == name_key(r["name"]):
                    problems.append(f"{other} cannot border itself")
                else:
                    back = next(
                        x
                        for x in regions
                        if isinstance(x, Mapping)
                        and isinstance(x.get("name"), str)
                        and name_key(x["name"]) == name_key(other)
                    )
                    theirs = back.get("adjacent")
                    listed = [a for a in theirs if isinstance(a, str)] if isinstance(theirs, list) else []
                    if known_as(r["name"], listed) is None:
                        problems.append(f"{other} must also list {r.get('name')} as a neighbour")
    problems.extend(_chain_problems(chains, names))
    problems.extend(_track_problems(data))
    return problems


def _chain_problems(chains: list[Any], regions: list[str]) -> list[str]:
    problems: list[str] = []
    ids: list[str] = []
    for i, c in enumerate(chains):
        if not isinstance(c, Mapping) or not isinstance(c.get("id"), str) or not c["id"].strip():
            problems.append(f"chain {i + 1} has no id")
            continue
        ids.append(c["id"])
        if not isinstance(c.get("region"), str) or known_as(c["region"], regions) is None:
            problems.append(f"chain {c['id']}: its region {c.get('region')!r} is not on the board")
        spaces = c.get("spaces")
        if (
            not isinstance(spaces, list)
            or not 1 <= len(spaces) <= MAX_SPACES
            or any(s not in SPACES for s in spaces)
        ):
            problems.append(f"chain {c['id']}: 'spaces' must list 1 to {MAX_SPACES} of ship, opium, blank")
    if len({name_key(i) for i in ids}) != len(ids):
        problems.append("two chains have the same id")
    for c in chains:
        if not isinstance(c, Mapping):
            continue
        toward = c.get("toward")
        if toward is not None and (not isinstance(toward, str) or known_as(toward, ids) is None):
            problems.append(f"chain {c.get('id')}: leads toward an unknown chain {toward!r}")
        if toward is None and isinstance(c.get("spaces"), list) and "ship" not in c["spaces"]:
            problems.append(
                f"chain {c.get('id')}: an interior chain (no ship space) must say which chain it leads toward"
            )
    problems.extend(_loops(chains))
    return problems


def _loops(chains: list[Any]) -> list[str]:
    toward = {
        name_key(c["id"]): (c["id"], c.get("toward"))
        for c in chains
        if isinstance(c, Mapping) and isinstance(c.get("id"), str)
    }
    for start, (written, first) in toward.items():
        seen = {start}
        at = first
        while isinstance(at, str) and name_key(at) in toward:
            if name_key(at) in seen:
                return [f"chain {written}: its way toward the coast goes round in a loop"]
            seen.add(name_key(at))
            at = toward[name_key(at)][1]
    return []


def _track_problems(data: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    outrage = data.get("outrage")
    if not isinstance(outrage, Mapping) or not _whole(outrage.get("spaces"), 3, MAX_TRACK):
        return [f"'outrage' needs 'spaces', a whole number from 3 to {MAX_TRACK}"]
    spaces = outrage["spaces"]
    red = outrage.get("red", {})
    if not isinstance(red, Mapping) or not all(
        _position(k, spaces) and _whole(v, 1, 20) for k, v in red.items()
    ):
        problems.append("outrage 'red' must map space numbers on the track to a war strength of 1 to 20")
    arrows = outrage.get("arrows", [])
    if not isinstance(arrows, list) or not all(_whole(a, 0, spaces - 1) for a in arrows):
        problems.append("outrage 'arrows' must list space numbers on the track")
    debt = data.get("debt")
    if debt is not None and not _debt_ok(debt):
        problems.append(
            "'debt' needs 'compound' and 'penalty' (debt amount → number) and 'end' (the largest debt shown)"
        )
    limits = data.get("tile_limits", [])
    if not isinstance(limits, list) or not all(
        isinstance(x, list) and len(x) == 2 and _whole(x[0], 0, 999) and _whole(x[1], 0, 99) for x in limits
    ):
        problems.append("'tile_limits' must list [revenue at least, tiles kept] pairs")
    return problems


def _debt_ok(debt: Any) -> bool:
    if not isinstance(debt, Mapping) or not _whole(debt.get("end"), 1, 999):
        return False
    tables = (debt.get("compound"), debt.get("penalty"))
    return all(
        isinstance(t, Mapping) and all(_position(k, 1000) and _whole(v, 0, 99) for k, v in t.items())
        for t in tables
    )


def _whole(value: Any, low: int, high: int) -> bool:
    return value.__class__ is int and low <= value <= high


def _position(key: Any, spaces: int) -> bool:
    return isinstance(key, str) and key.isdigit() and int(key) < spaces


def board_from(layout: str) -> Board:
    """A board from its pack data as JSON text; raises ValueError with the problems."""
    try:
        data = json.loads(layout)
    except (ValueError, RecursionError):
        raise ValueError("the board is not valid JSON") from None
    if not isinstance(data, Mapping):
        raise ValueError("the board must be a JSON object")
    if problems := board_problems(data):
        raise ValueError("; ".join(problems))
    names = [r["name"] for r in data["regions"]]
    ids = [c["id"] for c in data["chains"]]

    def spelt(name: str, known: list[str] | tuple[str, ...]) -> str:
        """A reference as the board's list first wrote it (board_problems made sure there is one)."""
        return known_as(name, known) or name

    regions = tuple(
        RegionSpec(
            r["name"],
            spelt(r["enforcement"], ENFORCEMENT),
            r["coastal"],
            tuple(spelt(a, names) for a in r["adjacent"]),
        )
        for r in data["regions"]
    )
    chains = tuple(
        ChainSpec(
            c["id"],
            spelt(c["region"], names),
            tuple(c["spaces"]),
            None if c.get("toward") is None else spelt(c["toward"], ids),
        )
        for c in data["chains"]
    )
    o = data["outrage"]
    outrage = OutrageTrack(
        o["spaces"],
        tuple(sorted((int(k), v) for k, v in o.get("red", {}).items())),
        tuple(sorted(o.get("arrows", []))),
    )
    d = data.get("debt")
    debt = (
        None
        if d is None
        else DebtTrack(
            tuple(sorted((int(k), v) for k, v in d["compound"].items())),
            d["end"],
            tuple(sorted((int(k), v) for k, v in d["penalty"].items())),
        )
    )
    limits = tuple(sorted((a, b) for a, b in data.get("tile_limits", [])))
    return Board(str(data.get("name", "")), regions, chains, outrage, debt, limits)


BOARD_PACK = register_pack_kind(PackKind("infamous-traffic.board", 1, "China board", board_problems))
