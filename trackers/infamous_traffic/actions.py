"""An Infamous Traffic entries: one frozen dataclass per thing the table does.

The entries of a turn act for the player whose pawn is on turn. Where the table draws or rolls, a field
left empty (`""`, `0`, `()`) lets Lantern draw or roll, and a filled one records what the table got.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action

# Set-up


@dataclass(frozen=True)
class UseBoard(Action):
    """The China board in the `infamous-traffic.board` pack's JSON form (carried whole, so a log replays
    without the pack), and the demand dice counted in the box. Canton's 2 demand dice, the 5 pool dice, the
    two Fate of China tiles and the bowls' tiles are drawn by Lantern unless the table enters them. The game
    then plays by Lantern's current readings (`state.EDITION`); the type name changed with them, so a log
    from before reads `LegacyUseBoard`."""

    type: ClassVar[str] = "infamous-traffic.use_board.v2"
    layout: str
    demand_dice: int
    canton_dice: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    fate: tuple[str, ...] = ()
    bowls: tuple[str, ...] = ()
    """Conspiracy tiles for the bowls in filling order (bowl 1 first)."""


@dataclass(frozen=True)
class LegacyUseBoard(UseBoard):
    """A board entered by a game begun before the rules-read fixes (the log's old type name): that game keeps
    the readings it was played with (edition 1, see `state.EDITION`), so its log replays exactly. No screen
    makes it."""

    type: ClassVar[str] = "infamous-traffic.use_board"


@dataclass(frozen=True)
class ChooseStart(Action):
    """A player's starting card: the location of their pawn and the type of their first tile."""

    type: ClassVar[str] = "infamous-traffic.choose_start"
    player: str
    location: str
    tile: str
    card: str = ""


# A turn: one action


@dataclass(frozen=True)
class Inquire(Action):
    """Three cards drawn from the location's deck: `name` is the card kept (empty: all three went back), with
    the numbers printed on it. `expelled`: Expelled by Lin Zexu came up, and the turn is lost."""

    type: ClassVar[str] = "infamous-traffic.inquire"
    name: str = ""
    upkeep: int = 0
    vp: int = 0
    parties: int = 0
    locked: bool = False
    expelled: bool = False


@dataclass(frozen=True)
class ConductBusiness(Action):
    """Cards of the pawn's location used: the tiles gained (each into holdings), the debt their cards cost,
    and any cash a card gives."""

    type: ClassVar[str] = "infamous-traffic.conduct_business"
    tiles: tuple[str, ...] = ()
    debt: int = 0
    cash: int = 0


@dataclass(frozen=True)
class Travel(Action):
    type: ClassVar[str] = "infamous-traffic.travel"
    to: str


@dataclass(frozen=True)
class Pass(Action):
    type: ClassVar[str] = "infamous-traffic.pass"


@dataclass(frozen=True)
class ThrowParty(Action):
    type: ClassVar[str] = "infamous-traffic.throw_party"


@dataclass(frozen=True)
class Deploy(Action):
    """A tile into a chain's space, from holdings (`source` empty) or from an inactive chain
    (`source` = "chain-id:space"). `value` is the tile's printed value. Onto an occupied space, it
    undersells."""

    type: ClassVar[str] = "infamous-traffic.deploy"
    chain: str
    space: int
    kind: str
    value: int
    source: str = ""
    rerolls: tuple[int, ...] = ()
    """A Merchant's rerolled pool dice as the table rolled them (empty: Lantern rolls)."""


@dataclass(frozen=True)
class AdjustPrice(Action):
    """A tile swapped for one of the same type worth 1 more or 1 less: in a chain (`chain`, `space`), or in
    holdings (`chain` empty: its value stays hidden, so only the entry is recorded)."""

    type: ClassVar[str] = "infamous-traffic.adjust_price"
    kind: str
    step: int
    chain: str = ""
    space: int = 0


@dataclass(frozen=True)
class Influence(Action):
    """Pool dice rerolled, by their place in the pool (1 for the first), with the table's faces if rolled."""

    type: ClassVar[str] = "infamous-traffic.influence"
    dice: tuple[int, ...]
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class Conspiracy(Action):
    type: ClassVar[str] = "infamous-traffic.conspiracy"
    bowl: int


@dataclass(frozen=True)
class PlaceConspiracy(Action):
    """One tile from the bowl taken: a Missionary or Qing Force into a `region`, a Smuggler or Bureaucrat
    into a chain's blank space with its printed `value`. `removals` are the adjacent regions whose Qing
    Forces a battle against the Taiping takes; `reroll` a Bureaucrat's optional reroll of the lowest die;
    `die` a demand die the table rolled (0: Lantern rolls)."""

    type: ClassVar[str] = "infamous-traffic.place_conspiracy"
    tile: str
    region: str = ""
    chain: str = ""
    space: int = 0
    value: int = 0
    removals: tuple[str, ...] = ()
    reroll: bool = False
    die: int = 0
    rerolls: tuple[int, ...] = ()
    """Dice the table rerolled, in order: the pool dice a Qing Force rerolls, or the lowest demand die a
    Bureaucrat's reroll gives (empty: Lantern rolls)."""


@dataclass(frozen=True)
class SkipDeploy(Action):
    """The player does not pay for the Deploy that Influence or Conspiracy offers."""

    type: ClassVar[str] = "infamous-traffic.skip_deploy"


@dataclass(frozen=True)
class Discard(Action):
    """A sixth card came in: the card (by its place in the tableau, 1 for the first) that goes back."""

    type: ClassVar[str] = "infamous-traffic.discard"
    card: int


@dataclass(frozen=True)
class ActivateChain(Action):
    """Several chains in a region are ready and a Smuggler changes the demand: the one that goes first."""

    type: ClassVar[str] = "infamous-traffic.activate_chain"
    chain: str


@dataclass(frozen=True)
class CardMoney(Action):
    """A card's power moved a player's cash or debt (positive: cash, negative: debt)."""

    type: ClassVar[str] = "infamous-traffic.card_money"
    player: str
    amount: int
    note: str = ""


# End of round


@dataclass(frozen=True)
class DrawEvent(Action):
    type: ClassVar[str] = "infamous-traffic.draw_event"
    tile: str = ""


@dataclass(frozen=True)
class ChooseTarget(Action):
    """The resolving player breaks an event's tie (a region or chain), or says the Public Debate's sign."""

    type: ClassVar[str] = "infamous-traffic.choose_target"
    target: str


# End of the decade


@dataclass(frozen=True)
class AttackQing(Action):
    type: ClassVar[str] = "infamous-traffic.attack_qing"
    region: str
    die: int = 0


@dataclass(frozen=True)
class SuppressTaiping(Action):
    type: ClassVar[str] = "infamous-traffic.suppress_taiping"
    region: str
    die: int = 0


@dataclass(frozen=True)
class PoliceTreatyPort(Action):
    """Smugglers and Bureaucrats taken out of the inactive chains of a Treaty Port region: every one in the
    `chains` named, and each one of `pieces` ("chain-id:space"), as many as the commander likes."""

    type: ClassVar[str] = "infamous-traffic.police_treaty_port"
    region: str
    chains: tuple[str, ...]
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True)
class RushPass(Action):
    type: ClassVar[str] = "infamous-traffic.rush_pass"


@dataclass(frozen=True)
class ReturnTiles(Action):
    """Inactive tiles over the limit back to the supply, from holdings, by type."""

    type: ClassVar[str] = "infamous-traffic.return_tiles"
    player: str
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class TakePrize(Action):
    """The drafter keeps a prize: its printed numbers, its kind, and whether it is taken face up."""

    type: ClassVar[str] = "infamous-traffic.take_prize"
    name: str
    prize: str
    debt: int = 0
    upkeep: int = 0
    vp: int = 0
    parties: int = 0
    face_up: bool = True


@dataclass(frozen=True)
class SkipPrize(Action):
    """No prize for the drafter (none left, or none wanted)."""

    type: ClassVar[str] = "infamous-traffic.skip_prize"


@dataclass(frozen=True)
class CompoundDebt(Action):
    """Without a debt track in the board pack: a player's debt after compounding, read off the board."""

    type: ClassVar[str] = "infamous-traffic.compound_debt"
    player: str
    debt: int
    permanent: int = 0


@dataclass(frozen=True)
class DebtPenalty(Action):
    """Without a debt track in the board pack: the victory points a player's final debt costs."""

    type: ClassVar[str] = "infamous-traffic.debt_penalty"
    player: str
    points: int


@dataclass(frozen=True)
class SetDemand(Action):
    """A region's demand dice as the table settles them where they no longer match its black tiles (the
    rules leave a few such cases open): the dice that stay, the rest back to the supply, or new ones from
    it."""

    type: ClassVar[str] = "infamous-traffic.set_demand"
    region: str
    dice: tuple[int, ...]
