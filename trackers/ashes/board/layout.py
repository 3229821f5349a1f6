"""The main board's layout as the player's data: the rulebook text does not give it, so Lantern never guesses.

A layout is entered once and shared as an `ashes.board` pack: the areas with their sector and survivor-bag
icon, the starting shelter, which areas touch, the red lines that close some of those borders, and the
construction spaces with the areas each one touches. Moves then run on `AshesBoard.graph()`, where red lines
are barriers, and rescues are checked against the areas next to a player's shelters. Links, red lines,
construction spaces and a space's areas are all optional: a pack without them still loads.

Names are compared as the table means them (`trackers.core.names`): a link, red line or space naming "ruins "
means the area "Ruins", and is read as that area; two areas (or two construction spaces) whose names differ
only in case or spaces are refused as one id given twice, except in a layout a game's log already carries
(`logged`), which keeps the exact comparison it was entered under so that the game replays.

A layout is refused unread past its caps, drawn from the box (rulebook 2.1) and kept generous: `MAX_AREAS`
areas (the box holds 29 area tiles, one per area space), `MAX_CONSTRUCTION_SPACES` construction spaces (on
12 site tiles), and `MAX_LINKS` links and as many red lines (the borders of a flat board of that many areas
and the shelter). Ids are text of at most `MAX_ID_LENGTH` characters, the name at most `MAX_NAME_LENGTH`
like a pack's; sectors and flags are whole numbers and true/false, never converted from other types.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trackers.ashes.board.survivors import Area
from trackers.core.boundary import has_lone_surrogate, quote
from trackers.core.graph import Edge, Graph
from trackers.core.names import meant, name_key
from trackers.core.packs import (
    MAX_NAME_LENGTH,
    Pack,
    PackError,
    PackKind,
    check_pack,
    pack_kind,
    register_pack_kind,
)

SECTORS = range(1, 5)
SHELTER_SECTOR = 1
"""The starting shelter counts as sector 1 for missions (10.2.3)."""
MAX_AREAS = 64
"""The box holds 29 area tiles, placed one per area space: more than twice that is no ASHES board."""
MAX_CONSTRUCTION_SPACES = 64
"""The 12 site tiles carry a few construction spaces each."""
MAX_LINKS = 3 * (MAX_AREAS + 1) - 6
"""Borders of a flat board of `MAX_AREAS` areas and the shelter: at most 3n - 6 = 189 (red lines too)."""
MAX_ID_LENGTH = 40


def _pair(a: str, b: str) -> Edge:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class BoardArea:
    """An area as printed; the survivors and vehicles on it are game state (`survivors.Area`)."""

    id: str
    sector: int
    bag_icon: bool = False


@dataclass(frozen=True)
class ConstructionSpace:
    """A space for a shelter disc; being a landmark matters only to scoring tiles (9.1, App. III). `areas`
    are the areas it touches, which a shelter built there rescues from (9.2); empty: not entered."""

    id: str
    sector: int
    landmark: bool = False
    areas: tuple[str, ...] = ()


@dataclass(frozen=True)
class AshesBoard:
    """The layout. `links` join neighbouring areas (or the shelter and the areas at its exit) as sorted
    pairs; `red_lines` are links that cannot be crossed. `areas` keep the order entered, top to bottom
    within a sector, because emergence fills them in that order."""

    name: str
    shelter: str
    areas: tuple[BoardArea, ...]
    links: tuple[Edge, ...]
    red_lines: tuple[Edge, ...] = ()
    construction_spaces: tuple[ConstructionSpace, ...] = ()

    def sector(self, node: str) -> int:
        if node == self.shelter:
            return SHELTER_SECTOR
        for area in self.areas:
            if area.id == node:
                return area.sector
        raise KeyError(f"the board has no area {node!r}")

    def problems(self, *, logged: bool = False) -> list[str]:
        """Everything that makes the layout unplayable, as phrases a player can fix; empty when fine.

        The sizes are checked first, so an oversized layout costs nothing more to refuse. Reachability needs
        a sound graph, so it is judged only once nothing else is wrong. A layout with no links at all is an
        areas-only board: survivors are tracked on it, and moves are not checked. Ids are told apart by
        `name_key`, or exactly when `logged` (see the module docstring)."""
        out = _size_problems(
            len(self.areas), len(self.links), len(self.red_lines), len(self.construction_spaces)
        )
        if out:
            return out
        nodes = [self.shelter, *(a.id for a in self.areas)]
        key = _exact if logged else name_key
        out += [f"two areas share the id {quote(n)}" for n in _repeated(nodes, key)]
        spaces = [s.id for s in self.construction_spaces]
        out += [f"two construction spaces share the id {quote(n)}" for n in _repeated(spaces, key)]
        out += [
            f"{what} {quote(place.id)} is in sector {quote(place.sector)}; sectors run from 1 to 4"
            for what, places in (("area", self.areas), ("construction space", self.construction_spaces))
            for place in places
            if place.sector not in SECTORS
        ]
        known = set(nodes)
        for a, b in self.links:
            shown = f"{quote(a, quoted=False)}–{quote(b, quoted=False)}"
            out += [
                f"the link {shown} names {quote(n)}, which is not an area" for n in (a, b) if n not in known
            ]
            if a == b:
                out.append(f"the link {shown} joins an area to itself")
        for what, pairs in (("link", self.links), ("red line", self.red_lines)):
            out += [
                f"the {what} {quote(a, quoted=False)}–{quote(b, quoted=False)} is listed twice"
                for (a, b), k in Counter(pairs).items()
                if k > 1
            ]
        links = set(self.links)
        out += [
            f"the red line {quote(a, quoted=False)}–{quote(b, quoted=False)} is not on a link"
            for a, b in self.red_lines
            if (a, b) not in links
        ]
        areas = {a.id for a in self.areas}
        for space in self.construction_spaces:
            out += [
                f"construction space {quote(space.id)} touches {quote(n)}, which is not an area"
                for n in dict.fromkeys(space.areas)
                if n not in areas
            ]
            out += [
                f"construction space {quote(space.id)} lists {quote(n)} twice"
                for n, k in Counter(space.areas).items()
                if k > 1
            ]
        if not self.areas:
            out.append("the board has no areas")
        if not out and self.links:
            reached = self.graph().distances_to(self.shelter)
            lost = [a.id for a in self.areas if a.id not in reached]
            if lost:
                out.append(f"the starting shelter cannot reach {', '.join(map(quote, lost))}")
        return out

    def graph(self) -> Graph:
        """Areas and the shelter joined by their links, each red line a barrier; needs `problems()` empty."""
        graph = Graph.build([self.shelter, *(a.id for a in self.areas)], self.links)
        return replace(graph, barriers=tuple(sorted(_pair(a, b) for a, b in self.red_lines)))

    def play_areas(self) -> tuple[Area, ...]:
        """The areas as `survivors` tracks them, empty, ready for the first emergence."""
        return tuple(Area(a.id, a.sector, a.bag_icon) for a in self.areas)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "shelter": self.shelter,
            "areas": [{"id": a.id, "sector": a.sector, "bag_icon": a.bag_icon} for a in self.areas],
            "links": [list(link) for link in self.links],
            "red_lines": [list(line) for line in self.red_lines],
            "construction_spaces": [_space_json(s) for s in self.construction_spaces],
        }

    def touching(self, space: str) -> tuple[str, ...]:
        """The areas a construction space touches, as entered (empty: unknown, or no such space)."""
        return next((s.areas for s in self.construction_spaces if s.id == space), ())


def _space_json(space: ConstructionSpace) -> dict[str, Any]:
    """A space as the pack writes it; `areas` only when entered, so older packs read back unchanged."""
    data: dict[str, Any] = {"id": space.id, "sector": space.sector, "landmark": space.landmark}
    if space.areas:
        data["areas"] = list(space.areas)
    return data


def _exact(name: str) -> str:
    return name


def _repeated(names: Iterable[str], key: Callable[[str], str]) -> list[str]:
    """Each name given more than once, compared by `key`, as first written."""
    first: dict[str, str] = {}
    counts: Counter[str] = Counter()
    for name in names:
        first.setdefault(key(name), name)
        counts[key(name)] += 1
    return [first[k] for k, n in counts.items() if n > 1]


def _size_problems(areas: int, links: int, red_lines: int, spaces: int) -> list[str]:
    return [
        f"the board has {count} {what}; a board layout has at most {cap}"
        for count, what, cap in (
            (areas, "areas", MAX_AREAS),
            (links, "links", MAX_LINKS),
            (red_lines, "red lines", MAX_LINKS),
            (spaces, "construction spaces", MAX_CONSTRUCTION_SPACES),
        )
        if count > cap
    ]


def _text(value: Any, what: str, limit: int = MAX_ID_LENGTH) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} needs a name")
    if len(value) > limit:
        raise ValueError(f"{what}'s name is longer than {limit} characters")
    if has_lone_surrogate(value):
        raise ValueError(f"{what}'s name holds a broken character (a lone surrogate): retype it")
    return value


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} needs a sector number, not {quote(value)}")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {quote(value)}")
    return value


def _rows(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(row, Mapping) for row in rows):
        raise ValueError(f"{key!r} must be a list of objects")
    return rows


def _pairs(data: Mapping[str, Any], key: str, nodes: Sequence[str]) -> tuple[Edge, ...]:
    """The pairs under `key`, each end read as the node of `nodes` it means."""
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and len(row) == 2 and all(isinstance(n, str) for n in row) for row in rows
    ):
        raise ValueError(f"{key!r} must be a list of [area, area] pairs")
    return tuple(sorted(_pair(meant(a, nodes), meant(b, nodes)) for a, b in rows))


def _names(value: Any, what: str, areas: Sequence[str]) -> tuple[str, ...]:
    """A list of area ids, each read as the area of `areas` it means, capped at `MAX_AREAS` before any is
    read."""
    if not isinstance(value, list) or len(value) > MAX_AREAS:
        raise ValueError(f"{what} must be a list of at most {MAX_AREAS} area ids")
    return tuple(meant(_text(n, f"an area of {what}"), areas) for n in value)


def _length(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def _read(data: Any) -> AshesBoard:
    """The layout as written, raising ValueError when its shape is wrong; `problems()` judges the rest.

    The caps are checked first, before any area or link is read."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a board layout must be a JSON object, not {quote(data)}")
    too_many = _size_problems(
        *(_length(data.get(key)) for key in ("areas", "links", "red_lines", "construction_spaces"))
    )
    if too_many:
        raise ValueError("; ".join(too_many))
    areas = tuple(
        BoardArea(
            _text(row.get("id"), f"area {i}"),
            _number(row.get("sector"), f"area {i}"),
            _flag(row.get("bag_icon", False), f"area {i}'s 'bag_icon'"),
        )
        for i, row in enumerate(_rows(data, "areas"), 1)
    )
    ids = [a.id for a in areas]
    spaces = tuple(
        ConstructionSpace(
            _text(row.get("id"), f"construction space {i}"),
            _number(row.get("sector"), f"construction space {i}"),
            _flag(row.get("landmark", False), f"construction space {i}'s 'landmark'"),
            _names(row.get("areas", []), f"construction space {i}'s 'areas'", ids),
        )
        for i, row in enumerate(_rows(data, "construction_spaces"), 1)
    )
    name = _text(data.get("name"), "the board", MAX_NAME_LENGTH)
    shelter = _text(data.get("shelter"), "the starting shelter")
    nodes = [shelter, *ids]
    return AshesBoard(
        name,
        shelter,
        areas,
        _pairs(data, "links", nodes),
        _pairs(data, "red_lines", nodes),
        spaces,
    )


def board_problems(data: Any, *, logged: bool = False) -> list[str]:
    """Pack validation: a layout must read and be playable (caps, text and name rules in the module
    docstring; `logged`: a layout a game's log carries)."""
    try:
        return _read(data).problems(logged=logged)
    except ValueError as error:
        return [str(error)]


def board_from_json(data: Mapping[str, Any], *, logged: bool = False) -> AshesBoard:
    """Read a layout (`logged`: one a game's log carries); raises ValueError naming what is wrong."""
    board = _read(data)
    problems = board.problems(logged=logged)
    if problems:
        raise ValueError("; ".join(problems))
    return board


BOARD = register_pack_kind(PackKind("ashes.board", 1, "board layout", board_problems))


def board_pack(board: AshesBoard) -> Pack:
    """A pack of the layout, held to the same checks as an imported file (raises PackError)."""
    pack = Pack(BOARD.kind, board.name, BOARD.version, board.to_json())
    check_pack(pack)
    return pack


def board_from_pack(pack: Pack) -> AshesBoard:
    check_pack(pack)
    if pack.kind != BOARD.kind:
        raise PackError(f"This pack holds {pack_kind(pack.kind).a_title}, not {BOARD.a_title}.")
    return board_from_json(pack.data)
