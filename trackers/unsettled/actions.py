"""Every entry a table makes in Unsettled: Blackout, one class each. `None` rolls mean "app, roll it"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action


@dataclass(frozen=True)
class PlaceCard(Action):
    """Map editor: put an environment card on a grid cell (moving it if already placed)."""

    type: ClassVar[str] = "unsettled.place_card"
    node: str
    column: int
    row: int


@dataclass(frozen=True)
class RemoveCard(Action):
    type: ClassVar[str] = "unsettled.remove_card"
    node: str


@dataclass(frozen=True)
class ToggleBarrier(Action):
    """Map editor: wall off (or reopen) the edge between two neighbouring cards."""

    type: ClassVar[str] = "unsettled.toggle_barrier"
    a: str
    b: str


@dataclass(frozen=True)
class ToggleLink(Action):
    """Map editor: add (or remove) a special link between cards that do not touch (the laundry chute)."""

    type: ClassVar[str] = "unsettled.toggle_link"
    a: str
    b: str


@dataclass(frozen=True)
class LoadMap(Action):
    """Map editor: start from a saved map (its whole layout travels in the log, so replay needs no pack)."""

    type: ClassVar[str] = "unsettled.load_map"
    name: str
    cells: tuple[tuple[str, int, int], ...]
    barriers: tuple[tuple[str, str], ...] = ()
    links: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ConfirmMap(Action):
    """The map matches the table: the set-up begins, and the game plays by Lantern's current readings
    (`state.EDITION`). The type name changed with those readings, so a log from before them still reads
    its confirmation as `LegacyConfirmMap`."""

    type: ClassVar[str] = "unsettled.confirm_map.v2"


@dataclass(frozen=True)
class LegacyConfirmMap(Action):
    """A map confirmed by a game begun before the play-test fixes (the log's old type name): that game keeps
    the readings it was played with (edition 1: the chute both ways, ENGAGED recorded for every
    incapacitated explorer, Upper Corridor always open), so its log replays exactly. No screen makes it."""

    type: ClassVar[str] = "unsettled.confirm_map"


@dataclass(frozen=True)
class PlaceExplorer(Action):
    type: ClassVar[str] = "unsettled.place_explorer"
    explorer: str
    node: str


@dataclass(frozen=True)
class PlaceLuna(Action):
    type: ClassVar[str] = "unsettled.place_luna"
    node: str


@dataclass(frozen=True)
class BeginPlay(Action):
    type: ClassVar[str] = "unsettled.begin_play"


@dataclass(frozen=True)
class Move(Action):
    """An explorer moves one node; an obstacle on the way costs the move and one block instead."""

    type: ClassVar[str] = "unsettled.move"
    explorer: str
    to: str


@dataclass(frozen=True)
class ResolveClumsiness(Action):
    """The check for entering an unpowered room: a roll (app or entered), or simply whether it failed."""

    type: ClassVar[str] = "unsettled.clumsiness"
    roll: int | None = None
    failed: bool | None = None


@dataclass(frozen=True)
class Barricade(Action):
    type: ClassVar[str] = "unsettled.barricade"
    explorer: str
    to: str


@dataclass(frozen=True)
class ClearPath(Action):
    type: ClassVar[str] = "unsettled.clear_path"
    explorer: str
    to: str
    count: int


@dataclass(frozen=True)
class GainDiscovery(Action):
    """Revealing an opportunity gives a discovery (its anomaly stays with the physical card)."""

    type: ClassVar[str] = "unsettled.gain_discovery"
    explorer: str


@dataclass(frozen=True)
class HotWire(Action):
    type: ClassVar[str] = "unsettled.hot_wire"
    explorer: str


@dataclass(frozen=True)
class SetPower(Action):
    """Manual power switch, for effects the planet text mentions but never spells out."""

    type: ClassVar[str] = "unsettled.set_power"
    node: str
    powered: bool


@dataclass(frozen=True)
class ConstructTrap(Action):
    type: ClassVar[str] = "unsettled.construct_trap"
    explorer: str
    trap: str


@dataclass(frozen=True)
class PlaceTrap(Action):
    type: ClassVar[str] = "unsettled.place_trap"
    explorer: str
    trap: str


@dataclass(frozen=True)
class PickUpTrap(Action):
    type: ClassVar[str] = "unsettled.pick_up_trap"
    explorer: str
    trap: str


@dataclass(frozen=True)
class CommandLuna(Action):
    """An explorer uses LUNA's working command: move her one node (once per turn)."""

    type: ClassVar[str] = "unsettled.command_luna"
    explorer: str
    to: str


@dataclass(frozen=True)
class DrawIncapacitated(Action):
    """Which incapacitated card an explorer drew at the table: ENGAGED (`board.INCAPACITATED_CARDS`), or
    `board.OTHER_CARD` for one the planet does not print. Entered again, it corrects the card."""

    type: ClassVar[str] = "unsettled.draw_incapacitated"
    explorer: str
    card: str


@dataclass(frozen=True)
class FreeExplorer(Action):
    """Another explorer on the same node uses the incapacitated card's action (ENGAGED: clear distress)."""

    type: ClassVar[str] = "unsettled.free_explorer"
    explorer: str
    by: str


@dataclass(frozen=True)
class StartPursuit(Action):
    """After the active explorer regroups: roll (app or entered) and add it to LUNA's ire.

    With `run`, LUNA then spends her ire at once until she stops or meets a tie for the player,
    so a whole turn is one entry and one undo.
    """

    type: ClassVar[str] = "unsettled.start_pursuit"
    roll: int | None = None
    run: bool = False


@dataclass(frozen=True)
class PursuitStep(Action):
    """LUNA spends one ire point. `choice` answers a tie between equally short ways."""

    type: ClassVar[str] = "unsettled.pursuit_step"
    choice: str | None = None


@dataclass(frozen=True)
class AdvanceTimeline(Action):
    type: ClassVar[str] = "unsettled.advance_timeline"


@dataclass(frozen=True)
class ResolveChaos(Action):
    """LUNA Causes Chaos: the discovery die and, for the placement entry, the second roll."""

    type: ClassVar[str] = "unsettled.resolve_chaos"
    die: int | None = None
    placement: int | None = None


@dataclass(frozen=True)
class SetChaosBackText(Action):
    """The unknown back of the chaos card, typed in by the player from the physical card."""

    type: ClassVar[str] = "unsettled.chaos_back_text"
    text: str


@dataclass(frozen=True)
class EndGame(Action):
    """The game is over as the base game decides it (the survival task done, or a loss): the table says
    which. Undo reopens it."""

    type: ClassVar[str] = "unsettled.end_game"
    survived: bool
