"""The China board editor's values, without a screen: regions and chains as drafts held in a `Form`, the
changes a tap makes to them (a border added both ways, a chain's id made from its region and place), the
pack data they save as, and the validator's problems worded for the editor."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from trackers.core.names import same_name
from trackers.infamous_traffic.queries import RULEBOOK_CHINA, board_problems

ENFORCEMENT = [("canton", "Canton"), ("mountain", "Mountain"), ("mid-coast", "Mid-Coast"), ("city", "City")]
"""The areas Enforcement tiles name, as the pack spells them and as the tiles print them."""
SPACES = [("ship", "Ship"), ("opium", "Opium"), ("blank", "Blank")]
MOST_REGIONS = 12
MOST_CHAINS = 40
MOST_SPACES = 8
"""What a board pack holds at most (the validator's limits): the editor stops adding there."""


@dataclass(frozen=True)
class RegionDraft:
    name: str
    enforcement: str | None = None
    coastal: bool | None = None
    adjacent: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChainDraft:
    id: str
    region: str
    spaces: tuple[str, ...] = ()
    toward: str | None = None


def start_values() -> dict[str, Any]:
    """A new editor: what the rulebook says of China already in (the regions it names, Canton's Enforcement
    tile), what only the physical board shows still to enter."""
    named = RULEBOOK_CHINA.named
    return {
        "open": False,
        "name": "My China board",
        "replace": False,
        "regions": tuple(RegionDraft(n, RULEBOOK_CHINA.tile_of(n)) for n in named),
        "chains": (),
        "at": named[0],  # the region being entered
        "refusal": "",  # why the typed region name was not added
        "removing": None,  # a region whose Remove was tapped once: a second tap removes it
        "asked": None,  # the regions a first Save tap asked about (not the rulebook's): a second tap saves
        "spaces": None,  # the outrage track's
        "red_at": None,  # the outrage space whose war strength is picked next (1 = leftmost)
        "red": (),  # (space number from 1, war strength)
        "arrows": (),  # space numbers from 1
        "more": False,  # the optional debt track and tile limits, folded
        "debt_end": None,
        "compound": (),  # (debt at least, extra debt)
        "compound_at": None,
        "penalty": (),  # (debt at least, points lost)
        "penalty_at": None,
        "limits": (),  # (revenue at least, inactive tiles kept)
        "limits_at": None,
    }


def listed(names: list[str] | tuple[str, ...]) -> str:
    """ "Canton, Shanghai and Changsha" """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def rulebook_text(count: int) -> str:
    """What the rulebook says of China's regions and areas, and what is left to enter with `count` regions."""
    china = RULEBOOK_CHINA
    icons = dict(china.tiles)
    tiles = listed(
        [f"{text} ({icons[tile].lower()} icon)" if tile in icons else text for tile, text in ENFORCEMENT]
    )
    left = china.regions - count
    if left > 0:
        then = f"{count} here: add {left} more by the names your board prints."
    elif left == 0:
        then = f"{count} here, as many as the rulebook has."
    else:
        then = f"This board has {count}: saving it asks you to confirm."
    return (
        f"The rulebook: China has {china.regions} regions in {len(china.areas)} areas "
        f"({listed(china.areas)}), and it names {listed(china.named)}. {then} The Enforcement tiles name "
        f"the areas {tiles}; the map's colours show each region's area."
    )


def setup_text(region: str) -> str:
    """What the rulebook's set-up puts in this region ("" if nothing), to enter its chains with in mind."""
    china = RULEBOOK_CHINA
    parts = []
    if same_name(region, china.missionary):
        parts.append("the Missionary")
    if same_name(region, china.demand_dice[0]):
        parts.append(f"{china.demand_dice[1]} demand dice")
    for piece in china.set_up:
        if same_name(region, piece.region):
            side = "leftmost" if piece.chain == 0 else "rightmost"
            parts.append(f"a {piece.kind.capitalize()} ({piece.value}) on its {side} chain's Blank space")
    return f"The set-up puts here {listed(parts)}." if parts else ""


def slug(name: str) -> str:
    """A region's name as the start of its chains' ids: "Hong Kong" → hong-kong (any script's letters)."""
    return "-".join(re.findall(r"[^\W_]+", name.casefold())) or "region"


def region_refusal(regions: tuple[RegionDraft, ...], name: str) -> str:
    """Why a typed name cannot be added as a region ("" if it can)."""
    if not name:
        return "Type the region's name as the board prints it."
    if len(regions) >= MOST_REGIONS:
        return f"A board has at most {MOST_REGIONS} regions."
    for r in regions:
        if r.name.casefold() == name.casefold() or slug(r.name) == slug(name):
            return f"{r.name} is already on the board."
    return ""


def add_region(regions: tuple[RegionDraft, ...], name: str) -> tuple[RegionDraft, ...]:
    return (*regions, RegionDraft(name))


def change_region(regions: tuple[RegionDraft, ...], name: str, **changes: Any) -> tuple[RegionDraft, ...]:
    return tuple(replace(r, **changes) if r.name == name else r for r in regions)


def flip_border(regions: tuple[RegionDraft, ...], a: str, b: str) -> tuple[RegionDraft, ...]:
    """Make a and b neighbours, or not, both ways at once (a border belongs to both regions)."""
    bordered = b in next(r for r in regions if r.name == a).adjacent

    def flipped(r: RegionDraft, other: str) -> RegionDraft:
        rest = tuple(x for x in r.adjacent if x != other)
        return replace(r, adjacent=rest if bordered else (*rest, other))

    return tuple(flipped(r, b) if r.name == a else flipped(r, a) if r.name == b else r for r in regions)


def remove_region(
    regions: tuple[RegionDraft, ...], chains: tuple[ChainDraft, ...], name: str
) -> tuple[tuple[RegionDraft, ...], tuple[ChainDraft, ...]]:
    """The region gone, with its chains and its borders; a chain that led toward one of its chains no
    longer says where it leads."""
    gone = {c.id for c in chains if c.region == name}
    regions = tuple(
        replace(r, adjacent=tuple(x for x in r.adjacent if x != name)) for r in regions if r.name != name
    )
    kept = tuple(replace(c, toward=None) if c.toward in gone else c for c in chains if c.region != name)
    return regions, kept


def chains_of(chains: tuple[ChainDraft, ...], region: str) -> list[ChainDraft]:
    """A region's chains left to right, as entered."""
    return [c for c in chains if c.region == region]


def _renumbered(chains: tuple[ChainDraft, ...], region: str) -> tuple[ChainDraft, ...]:
    """The region's chains named <region>-1, -2… in their order again, and what leads toward them too."""
    stem = slug(region)
    names = {c.id: f"{stem}-{i + 1}" for i, c in enumerate(chains_of(chains, region))}
    return tuple(
        replace(c, id=names.get(c.id, c.id), toward=names.get(c.toward, c.toward) if c.toward else None)
        for c in chains
    )


def add_chain(chains: tuple[ChainDraft, ...], region: str) -> tuple[ChainDraft, ...]:
    """A new chain to the right of the region's others."""
    return _renumbered((*chains, ChainDraft("", region)), region)


def remove_chain(chains: tuple[ChainDraft, ...], cid: str) -> tuple[ChainDraft, ...]:
    region = next(c.region for c in chains if c.id == cid)
    kept = tuple(replace(c, toward=None) if c.toward == cid else c for c in chains if c.id != cid)
    return _renumbered(kept, region)


def change_chain(chains: tuple[ChainDraft, ...], cid: str, **changes: Any) -> tuple[ChainDraft, ...]:
    return tuple(replace(c, **changes) if c.id == cid else c for c in chains)


def steps_text(steps: tuple[tuple[int, int], ...], what: str, then: str) -> str:
    """ "from debt 3, take 1 more; from debt 6, take 2 more" """
    return "; ".join(f"from {what} {n}, {then.format(m)}" for n, m in sorted(steps)) or "none yet"


def with_step(steps: tuple[tuple[int, int], ...], at: int, value: int) -> tuple[tuple[int, int], ...]:
    """The step at `at` added, or changed to `value` when it was there."""
    return tuple(sorted({**dict(steps), at: value}.items()))


def pack_data(v: Mapping[str, Any]) -> dict[str, Any]:
    """The board pack's data the editor would save: regions in the order entered, each region's chains
    together, left to right."""
    regions: tuple[RegionDraft, ...] = v["regions"]
    chains: tuple[ChainDraft, ...] = v["chains"]
    data: dict[str, Any] = {
        "regions": [
            {
                "name": r.name,
                "enforcement": r.enforcement,
                "coastal": r.coastal,
                "adjacent": [n.name for n in regions if n.name in r.adjacent],  # in the board's order
            }
            for r in regions
        ],
        "chains": [
            {
                "id": c.id,
                "region": c.region,
                "spaces": list(c.spaces),
                "toward": None if "ship" in c.spaces else c.toward,
            }
            for r in regions
            for c in chains_of(chains, r.name)
        ],
        "outrage": {
            "spaces": v["spaces"],
            "red": {str(n - 1): war for n, war in sorted(v["red"])},
            "arrows": sorted(n - 1 for n in v["arrows"]),
        },
    }
    if v["debt_end"] is not None or v["compound"] or v["penalty"]:
        data["debt"] = {
            "compound": {str(n): m for n, m in v["compound"]},
            "end": v["debt_end"],
            "penalty": {str(n): m for n, m in v["penalty"]},
        }
    if v["limits"]:
        data["tile_limits"] = [list(step) for step in v["limits"]]
    return data


def draft_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """A saved board back in the editor's drafts (what `pack_data` made of them), so a region's border or a
    chain's space entered wrong is put right without entering the whole board again."""
    outrage = data["outrage"]
    debt = data.get("debt") or {}
    regions = tuple(
        RegionDraft(r["name"], r["enforcement"], r["coastal"], tuple(r["adjacent"])) for r in data["regions"]
    )
    return {
        "regions": regions,
        "chains": tuple(
            ChainDraft(c["id"], c["region"], tuple(c["spaces"]), c.get("toward")) for c in data["chains"]
        ),
        "at": regions[0].name,
        "spaces": outrage["spaces"],
        "red": tuple(sorted((int(n) + 1, war) for n, war in outrage.get("red", {}).items())),
        "arrows": tuple(sorted(n + 1 for n in outrage.get("arrows", ()))),
        "debt_end": debt.get("end"),
        "compound": tuple(sorted((int(n), m) for n, m in debt.get("compound", {}).items())),
        "penalty": tuple(sorted((int(n), m) for n, m in debt.get("penalty", {}).items())),
        "more": bool(debt or data.get("tile_limits")),  # the optional part unfolded when it holds something
        "limits": tuple(sorted((revenue, kept) for revenue, kept in data.get("tile_limits", ()))),
    }


REWORDED = [
    (r"^'regions' must list .*", "add the board's regions"),
    (r"^'chains' must list .*", "add each region's supply chains"),
    (r": 'enforcement' must be one of .*", ": pick the Enforcement tile that hits it"),
    (r": 'coastal' must be true or false", ": on the coast, yes or no?"),
    (r"^chain (\S+): 'spaces' must list .*", r"chain \1: tap its spaces, left to right"),
    (r"^'outrage' needs 'spaces'.*", "count the outrage track's spaces"),
    (r"^'debt' needs .*", "the debt track needs the largest debt it shows"),
]


def problems(data: Mapping[str, Any]) -> list[str]:
    """The board validator's problems with what the editor would save, in the editor's words."""
    out = []
    empty = {f"chain {c['id']}: an interior" for c in data.get("chains") or () if not c["spaces"]}
    for problem in board_problems(data):
        if problem.startswith(tuple(empty)):
            continue  # a chain with no spaces yet is not interior: its spaces are what is missing
        for pattern, words in REWORDED:
            problem = re.sub(pattern, words, problem)
        out.append(problem)
    return out
