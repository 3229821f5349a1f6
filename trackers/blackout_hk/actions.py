"""Blackout: Hong Kong entries: one frozen dataclass per thing the table does.

Entries of a phase played in seat order act for the player on turn. Where the table rolls or a card is
drawn at random, a field left empty lets Lantern roll or draw, and a filled one records what the table got.
Costs and rewards printed on cards are entered as paid and gained: `pay` names one cube per resource spent
(`battery` for the joker), the other fields are what the card gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action


@dataclass(frozen=True, kw_only=True)
class Effects(Action):
    """What a card or goal costs and gives, as its text says: cubes paid from the rondel, HK$ (negative
    when paid), points, GPS, transport tokens, batteries, resources gained (one cube each) and cubes the
    player then places on the map."""

    pay: tuple[str, ...] = ()
    hkd: int = 0
    points: int = 0
    gps: int = 0
    transport: int = 0
    batteries: int = 0
    gain: tuple[str, ...] = ()
    place: int = 0


@dataclass(frozen=True, kw_only=True)
class GoalEffects(Effects):
    """A goal's costs and gains, and the colours of its slot requirement as printed (optional): one slot
    must hold a card of each colour shown, a colour shown twice twice."""

    slot_colours: tuple[str, ...] = ()


# Set-up


@dataclass(frozen=True)
class StartGame(Action):
    """The components' data the rulebook does not print, if the table has entered it (`blackout-hk.
    components` pack): the rondel's order, each die's six faces (red, yellow, blue) and the scout-tile score
    table. Campaign: `plan_goals` is the number of goals on each plan beside the board. A single game:
    `emergency_goals`, the goals on each player's emergency plan in seat order (0 or empty: not said)."""

    type: ClassVar[str] = "blackout-hk.start_game.v3"
    rondel: tuple[str, ...] = ()
    faces: tuple[tuple[str, ...], ...] = ()
    scout_table: tuple[int, ...] = ()
    plan_goals: tuple[int, ...] = ()
    locations: tuple[tuple[str, str], ...] = ()
    """The map's locations and their colours."""
    districts: tuple[tuple[str, ...], ...] = ()
    """The locations around each of the 16 districts, district 1 first."""
    links: tuple[tuple[str, str], ...] = ()
    """Pairs of adjacent locations."""
    central: int = 0
    """Campaign chapter 3: the district its card shows (0: the table counts the cubes next to it)."""
    emergency_goals: tuple[int, ...] = ()


@dataclass(frozen=True)
class SecondStartGame(StartGame):
    """A set-up entered by a game begun before issue #28's goal check (the log's type name then): that game
    keeps edition 2's checks (a goal numbered above those its card shows is taken), so its log replays
    exactly. No screen makes it."""

    type: ClassVar[str] = "blackout-hk.start_game.v2"


@dataclass(frozen=True)
class LegacyStartGame(StartGame):
    """A set-up entered by a game begun before the rules read of issue #29 (the log's old type name): that
    game keeps the checks it was played with (edition 1: names compared as typed, a finished plan may go to
    the hand, phase 7 ends while the map shows a district newly secured), so its log replays exactly. No
    screen makes it."""

    type: ClassVar[str] = "blackout-hk.start_game"


@dataclass(frozen=True)
class PlaceStart(Action):
    type: ClassVar[str] = "blackout-hk.place_start"
    player: str
    location: str


# Phase 1


@dataclass(frozen=True)
class Roll(Action):
    """The three dice as rolled (empty: Lantern rolls, once the dice's faces are entered)."""

    type: ClassVar[str] = "blackout-hk.roll"
    red: str = ""
    yellow: str = ""
    blue: str = ""


@dataclass(frozen=True)
class Reroll(Action):
    """New results of the dice that must be rolled again; the others stay empty."""

    type: ClassVar[str] = "blackout-hk.reroll"
    red: str = ""
    yellow: str = ""
    blue: str = ""


@dataclass(frozen=True)
class Plan(Action):
    """The cards a player puts face down into slots 1 to 4 (empty: none in that slot)."""

    type: ClassVar[str] = "blackout-hk.plan"
    player: str
    cards: tuple[str, ...] = ()


# Phase 2


@dataclass(frozen=True)
class Procure(Action):
    """A planned volunteer turned up: its printed cubes go to `resource`, the die of its colour moved
    there with transport tokens (`tokens` only when the rondel's order is not entered)."""

    type: ClassVar[str] = "blackout-hk.procure"
    card: str
    cubes: int
    resource: str
    tokens: int = -1


@dataclass(frozen=True)
class UseLeader(Action):
    type: ClassVar[str] = "blackout-hk.use_leader"
    card: str = "leader"


@dataclass(frozen=True)
class UseScout(Action):
    """The Scout: 1 gasoline or 1 books (or a battery standing in) for 1 GPS (`pay` empty: no GPS), and 2
    HK$."""

    type: ClassVar[str] = "blackout-hk.use_scout"
    card: str = "scout"
    pay: str = ""


@dataclass(frozen=True)
class UseMechanic(Action):
    """The Mechanic: 3 HK$, and 3 more for 1 tools (`tools`), which a battery may pay (`pay`)."""

    type: ClassVar[str] = "blackout-hk.use_mechanic"
    card: str = "mechanic"
    tools: bool = False
    pay: str = "tools"


@dataclass(frozen=True)
class UseDoctor(Action):
    """The Doctor: 1 medipack (or a battery standing in, `pay`) brings `heal` back from the hospital, scoring
    its printed points."""

    type: ClassVar[str] = "blackout-hk.use_doctor"
    heal: str
    points: int
    card: str = "doctor"
    pay: str = "medipack"


@dataclass(frozen=True, kw_only=True)
class UseCard(Effects):
    """Any other planned card turned up and carried out as it reads (a specialist from the deck)."""

    type: ClassVar[str] = "blackout-hk.use_card"
    card: str


@dataclass(frozen=True)
class Flip(Action):
    """A planned card turned up without carrying out its action."""

    type: ClassVar[str] = "blackout-hk.flip"
    card: str


@dataclass(frozen=True)
class BuyTransport(Action):
    """At any time: transport tokens for 1 point each (the score may go below 0)."""

    type: ClassVar[str] = "blackout-hk.buy_transport"
    player: str
    count: int = 1


@dataclass(frozen=True)
class BuyBattery(Action):
    """At any time: batteries for 5 HK$ each."""

    type: ClassVar[str] = "blackout-hk.buy_battery"
    player: str
    count: int = 1


@dataclass(frozen=True, kw_only=True)
class UseCheckmark(Effects):
    """A check-mark action: `action` 1-5 on the board (Lantern knows their effects; `pay` ("battery",) pays
    its resource with the joker), or the id of a contingency plan in the check-mark area, whose effect is
    entered."""

    type: ClassVar[str] = "blackout-hk.use_checkmark"
    action: str


# Phase 3


@dataclass(frozen=True, kw_only=True)
class CompleteGoal(GoalEffects):
    """A goal on a card of the objective area or on the emergency spot, paid and rewarded as printed.

    `finish`: the card leaves (a single-goal card always does; a plan when its last goal is done, or
    earlier if the player chooses) to `to` (hand or checkmarks). A card to the hand is a volunteer of
    `colour`, or a specialist. A plan's completion effect (usually a cube on the map) is in `place`.
    """

    type: ClassVar[str] = "blackout-hk.complete_goal"
    card: str
    goal: int = 1
    finish: bool = True
    to: str = "hand"
    colour: str = ""
    perk: str = ""
    icons: int = 0


@dataclass(frozen=True, kw_only=True)
class RestorePower(GoalEffects):
    """A restore power goal on the board (1: refresh with up to 6 cards; 2: slot 4), +10 points."""

    type: ClassVar[str] = "blackout-hk.restore_power"
    goal: int


@dataclass(frozen=True, kw_only=True)
class PublicGoal(GoalEffects):
    """Campaign: a goal of an emergency plan beside the board, marked with one of the player's cubes."""

    type: ClassVar[str] = "blackout-hk.public_goal"
    plan: str
    goal: int


@dataclass(frozen=True)
class PlaceCube(Action):
    """A cube on the map for a goal: at `location`, of the `colour` the effect shows, skipping `skipped`
    locations at 1 transport token each (tokens lacking are bought for 1 point each). With the map's links
    entered, Lantern counts the skips itself (`skipped` 0) and checks the colour."""

    type: ClassVar[str] = "blackout-hk.place_cube"
    location: str
    skipped: int = 0
    colour: str = ""


# Phase 4


@dataclass(frozen=True)
class Scout(Action):
    """A scouting attempt that reached its challenge: the district (1-16), the challenge and its value,
    the team from the hand and its search icons, GPS spent, the tile's reward type and amount and the
    icons on its back. `injured`: the team card drawn for the hospital (empty: Lantern draws)."""

    type: ClassVar[str] = "blackout-hk.scout"
    district: int
    challenge: str
    value: int
    team: tuple[str, ...]
    icons: int
    reward: str
    amount: int = 0
    gps: int = 0
    back_icons: int = 0
    injured: str = ""
    simples: tuple[int, ...] = ()
    """The simple challenges of the district's tiles as looked at, the chosen tile's first (optional): a
    probe is taken only on the tile with the lowest."""


@dataclass(frozen=True)
class ScoutNoTile(Action):
    """The player on turn chose `district` and took no tile from it (declined, or the team fell short): the
    tiles go back as they were, and nobody else may choose that district this phase."""

    type: ClassVar[str] = "blackout-hk.scout_no_tile"
    district: int


# Phase 5


@dataclass(frozen=True)
class Buy(Action):
    """A card bought from a row (1 top - 3) into the objective area: named as the table calls it (empty:
    "Card N"), with the goals printed on it and a volunteer's colour when entered (0 and empty: not said,
    as entries made before these fields were)."""

    type: ClassVar[str] = "blackout-hk.buy"
    row: int
    name: str = ""
    goals: int = 0
    colour: str = ""


# Phase 6


@dataclass(frozen=True)
class CleanUp(Action):
    """A player's clean-up: water wasted in pairs (1 GPS each) and singles (1 HK$), the plans' trades used
    (2 water for 7 HK$, 2 food for 4 points), the rest of the food for 2 HK$ a cube, and up to one card
    discarded from the objective area."""

    type: ClassVar[str] = "blackout-hk.clean_up"
    pairs: int = 0
    singles: int = 0
    water_plan: int = 0
    food_plan: int = 0
    discard: str = ""


# Phase 7


@dataclass(frozen=True)
class Secure(Action):
    """A district secured this round: how many locations surround it, each player's cubes on them (seat
    order from the first player named at set-up), and the board action each securer's marker uncovers."""

    type: ClassVar[str] = "blackout-hk.secure"
    district: int
    locations: int
    cubes: tuple[int, ...]
    unlocks: tuple[int, ...] = ()


# Phase 8


@dataclass(frozen=True)
class Refresh(Action):
    """The cards of the fullest slot back to the hand (`slot` 1-4 chooses between tied slots)."""

    type: ClassVar[str] = "blackout-hk.refresh"
    slot: int = 0


@dataclass(frozen=True)
class Done(Action):
    """The player on turn is done with this phase (in phase 7: no more districts were secured)."""

    type: ClassVar[str] = "blackout-hk.done"


@dataclass(frozen=True)
class Adjust(Action):
    """A gain (`by` > 0) or payment (`by` < 0) the forms do not cover, read off a card or set right at the
    table: points, HK$, GPS, transport tokens, a resource's cubes or batteries."""

    type: ClassVar[str] = "blackout-hk.adjust"
    player: str
    what: str
    by: int


# The end


@dataclass(frozen=True)
class FinalCount(Action):
    """What final scoring reads off the table: the points printed on the cards in hand and slots, the
    scout-tile table's points (-1: Lantern reads its entered table) and, in chapters 3 and 4, the cubes the
    chapter counts (next to the central district; on red locations)."""

    type: ClassVar[str] = "blackout-hk.final_count"
    player: str
    card_points: int
    scout_points: int = -1
    counted: int = 0


@dataclass(frozen=True)
class NextChapter(Action):
    """The campaign goes on: the next chapter, or the same one again after a solo loss."""

    type: ClassVar[str] = "blackout-hk.next_chapter"
