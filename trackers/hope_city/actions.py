"""Hope City entries: one frozen dataclass per thing the table does.

Where the table draws or rolls, a field left empty (`""`, `0`, `()`) lets Lantern draw or roll, and a
filled one records what the table got.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action

# Set-up and the year


@dataclass(frozen=True)
class ChooseCitizens(Action):
    """Who plays which citizen, in seating order, and what the table counted once: the Pool and the
    PUNKS beside the board (the rulebook does not print how many there are)."""

    type: ClassVar[str] = "hope-city.choose_citizens.v2"
    seats: tuple[tuple[str, str], ...]
    pool: int
    punks: int
    big_punks: int
    doctor_space: str = ""


@dataclass(frozen=True)
class LegacyChooseCitizens(ChooseCitizens):
    """Citizens chosen by a game begun before the rules read of issue #29 (the log's old type name): that
    game keeps the checks it was played with (edition 1, `state.EDITION`), so its log replays exactly. No
    screen makes it."""

    type: ClassVar[str] = "hope-city.choose_citizens"


@dataclass(frozen=True)
class DrawToken(Action):
    """A starting token or the wage of the citizen on turn, drawn by Lantern or (`token`) at the table."""

    type: ClassVar[str] = "hope-city.draw_token"
    token: str = ""


@dataclass(frozen=True)
class ChaosIn(Action):
    """The year's chaos card goes into play (its text stays on the table)."""

    type: ClassVar[str] = "hope-city.chaos_in"


@dataclass(frozen=True)
class PlacePunk(Action):
    """A Punk or Big Punk that emerged goes onto the space the citizens chose."""

    type: ClassVar[str] = "hope-city.place_punk"
    space: str


@dataclass(frozen=True)
class EndTurn(Action):
    type: ClassVar[str] = "hope-city.end_turn"


@dataclass(frozen=True)
class ResolveChaos(Action):
    """Clean-up: were the chaos card's conditions met? If not, the table enters its consequence."""

    type: ClassVar[str] = "hope-city.resolve_chaos"
    met: bool


@dataclass(frozen=True)
class EndYear(Action):
    """Clean-up's infection, then the year marker moves up (after year 7, the final check)."""

    type: ClassVar[str] = "hope-city.end_year"


# The turn


@dataclass(frozen=True)
class Trade(Action):
    type: ClassVar[str] = "hope-city.trade"
    give: str
    take: str


@dataclass(frozen=True)
class Move(Action):
    type: ClassVar[str] = "hope-city.move"
    space: str


@dataclass(frozen=True)
class FaceAttack(Action):
    """One die per PUNK on the space, in the order they stand, and the purple die: the Bully's, or the
    Coach's when `gang_up` adds it (0: Lantern rolls it)."""

    type: ClassVar[str] = "hope-city.face_attack"
    dice: tuple[int, ...] = ()
    purple: int = 0
    gang_up: bool = False


@dataclass(frozen=True)
class FightBack(Action):
    """Pay one own resource to remove a PUNK the attack's dice beat."""

    type: ClassVar[str] = "hope-city.fight_back"
    punk: str
    pay: str


@dataclass(frozen=True)
class ChooseObjective(Action):
    """An objective of the space's colour: from its pile, the Major Objective pile, the Future Track (slot
    1 = F) or, after the Mayor's LEAD, the Fail pile. `cost` is what the card asks (not for a track card).
    `name` is the card's name in the table's catalogue, when it was taken from there (a track card keeps the
    one it had): its reward or consequence is then offered once the attempt is resolved."""

    type: ClassVar[str] = "hope-city.choose_objective"
    source: str
    cost: tuple[str, ...] = ()
    slot: int = 0
    name: str = ""


@dataclass(frozen=True)
class ReturnObjective(Action):
    """Put the chosen card back where it came from, unattempted: only in a game of edition 1, whose rules
    allowed it (an objective not attempted goes on the Future Track)."""

    type: ClassVar[str] = "hope-city.return_objective"


@dataclass(frozen=True)
class Attempt(Action):
    """Pay the cost: one token per cost item, each paid by `helpers[i]` (empty: the citizen on turn)."""

    type: ClassVar[str] = "hope-city.attempt"
    pay: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    card_allows_help: bool = False


@dataclass(frozen=True)
class Defer(Action):
    """Put the chosen objective on the Future Track; when full, `roll` (0: Lantern rolls) picks a card.
    The Mobster, who may not use the track, fails the card instead (edition 2)."""

    type: ClassVar[str] = "hope-city.defer"
    roll: int = 0


@dataclass(frozen=True)
class Resolve(Action):
    """Did the attempt meet the card's conditions? The card goes to its Success or Fail pile."""

    type: ClassVar[str] = "hope-city.resolve"
    success: bool


@dataclass(frozen=True)
class CashSet(Action):
    """Cash the bottom card of each Success (a City Site) or Fail pile (an Urban Blight)."""

    type: ClassVar[str] = "hope-city.cash_set"
    pile: str
    punk_from: str = ""
    talent_from: str = ""


@dataclass(frozen=True)
class ClaimPunkSite(Action):
    """A City Site for the PUNKS removed (6 Punks and 2 Big Punks, 8 and 2 with six citizens)."""

    type: ClassVar[str] = "hope-city.claim_punk_site"
    punk_from: str = ""


@dataclass(frozen=True)
class GiveCorruption(Action):
    """One corruption token that must go to a good citizen goes to this one."""

    type: ClassVar[str] = "hope-city.give_corruption"
    to: str


@dataclass(frozen=True)
class Deal(Action):
    """The Drug Dealer's flaw: 1 corruption to the most corrupted citizen, or 2 to any others."""

    type: ClassVar[str] = "hope-city.deal"
    to: tuple[str, ...]


# Talents (one token each; `token_from` names a non-active citizen whose token is recruited)


@dataclass(frozen=True)
class Lead(Action):
    """Mayor: attempt one card of the space's colour from the Fail pile this turn."""

    type: ClassVar[str] = "hope-city.lead"
    token_from: str = ""


@dataclass(frozen=True)
class InvestResource(Action):
    """Entrepreneur: give one own resource to a citizen, then take one from the Trade Center (`take`) or
    the bag (`take` empty: `drawn` at the table, or Lantern draws)."""

    type: ClassVar[str] = "hope-city.invest_resource"
    give: str
    to: str
    take: str = ""
    drawn: str = ""
    token_from: str = ""


@dataclass(frozen=True)
class Innovate(Action):
    """Engineer: a resistance roll against one PUNK anywhere."""

    type: ClassVar[str] = "hope-city.innovate"
    space: str
    punk: str
    die: int = 0
    token_from: str = ""
    gang_up: bool = False
    """The Coach on turn adds the purple die (`purple`, 0: Lantern rolls it); the better die counts."""
    purple: int = 0


@dataclass(frozen=True)
class Explore(Action):
    """Ranger: no PUNK attack hits this turn."""

    type: ClassVar[str] = "hope-city.explore"
    token_from: str = ""


@dataclass(frozen=True)
class Heal(Action):
    """Doctor: one corruption from a citizen (not herself) or from the bag back to the Pool."""

    type: ClassVar[str] = "hope-city.heal"
    target: str
    token_from: str = ""


@dataclass(frozen=True)
class InvestMonument(Action):
    """One talent token onto the Phoenix Monument card instead of a talent action."""

    type: ClassVar[str] = "hope-city.invest_monument"
    token_from: str = ""


# Temptations (`corruption`: what the corruption die showed; its faces are not printed)


@dataclass(frozen=True)
class Bribe(Action):
    """Mayor: open the Future Track by one."""

    type: ClassVar[str] = "hope-city.bribe"
    corruption: int


@dataclass(frozen=True)
class Scam(Action):
    """Entrepreneur: up to two resources from the Trade Center, each to another citizen."""

    type: ClassVar[str] = "hope-city.scam"
    corruption: int
    gifts: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class GangUp(Action):
    """Coach: take the purple die."""

    type: ClassVar[str] = "hope-city.gang_up"
    corruption: int


@dataclass(frozen=True)
class Hack(Action):
    """Engineer: the next objective this turn costing 2 or less is free."""

    type: ClassVar[str] = "hope-city.hack"
    corruption: int


@dataclass(frozen=True)
class Trespass(Action):
    """Ranger: a random chaos card leaves the pile."""

    type: ClassVar[str] = "hope-city.trespass"
    corruption: int


@dataclass(frozen=True)
class SellScripts(Action):
    """Doctor: roll a die (0: Lantern rolls); that many corruption leave other citizens for the bag."""

    type: ClassVar[str] = "hope-city.sell_scripts"
    corruption: int
    die: int = 0


@dataclass(frozen=True)
class TakeScript(Action):
    """One corruption of the Doctor's SELL SCRIPTS roll comes off this citizen."""

    type: ClassVar[str] = "hope-city.take_script"
    citizen: str


# The monument and hope cards


@dataclass(frozen=True)
class PlaceMonument(Action):
    """Its effect is the entry for this year; `dice` are the resistance rolls, one per PUNK (0s: Lantern
    rolls), and `flip` the citizen turned good in year 7."""

    type: ClassVar[str] = "hope-city.place_monument"
    dice: tuple[int, ...] = ()
    flip: str = ""


@dataclass(frozen=True)
class DrawHope(Action):
    """A Hope card some other effect gives a citizen."""

    type: ClassVar[str] = "hope-city.draw_hope"
    citizen: str


@dataclass(frozen=True)
class PlayHope(Action):
    """A citizen plays a Hope card; the table enters what it did."""

    type: ClassVar[str] = "hope-city.play_hope"
    citizen: str


# What a card's reward, consequence or chaos does, entered as the table reads it


@dataclass(frozen=True)
class OpenTrack(Action):
    type: ClassVar[str] = "hope-city.open_track"


@dataclass(frozen=True)
class CloseTrack(Action):
    type: ClassVar[str] = "hope-city.close_track"


@dataclass(frozen=True)
class Expand(Action):
    """Business Expansion up (`step` 1) or down (-1)."""

    type: ClassVar[str] = "hope-city.expand"
    step: int


@dataclass(frozen=True)
class MoveCard(Action):
    """Move a category's card between its Success and Fail piles (`to`), without resolving it."""

    type: ClassVar[str] = "hope-city.move_card"
    category: str
    to: str


@dataclass(frozen=True)
class GainToken(Action):
    """A citizen takes a resource named by a card from the bag (`token`), or an unseen draw (empty)."""

    type: ClassVar[str] = "hope-city.gain_token"
    citizen: str
    token: str = ""


@dataclass(frozen=True)
class LoseToken(Action):
    """A citizen loses a resource or Hope token to the bag."""

    type: ClassVar[str] = "hope-city.lose_token"
    citizen: str
    token: str


@dataclass(frozen=True)
class Resist(Action):
    """A resistance roll a card asks for, against one PUNK (`die` 0: Lantern rolls)."""

    type: ClassVar[str] = "hope-city.resist"
    space: str
    punk: str
    die: int = 0
    gang_up: bool = False
    """The Coach on turn adds the purple die (`purple`, 0: Lantern rolls it); the better die counts."""
    purple: int = 0


@dataclass(frozen=True)
class PlaceSite(Action):
    """A City Site a card gives; `punk_from` is where one Punk leaves the city."""

    type: ClassVar[str] = "hope-city.place_site"
    punk_from: str = ""


@dataclass(frozen=True)
class PlaceBlight(Action):
    """An Urban Blight a card gives; `talent_from` is the citizen (or "monument") losing a talent."""

    type: ClassVar[str] = "hope-city.place_blight"
    talent_from: str = ""


@dataclass(frozen=True)
class BreakBad(Action):
    """A card turns this citizen bad (a chaos consequence)."""

    type: ClassVar[str] = "hope-city.break_bad"
    citizen: str


@dataclass(frozen=True)
class FlipGood(Action):
    """A card turns this bad citizen good (a Hope card)."""

    type: ClassVar[str] = "hope-city.flip_good"
    citizen: str
