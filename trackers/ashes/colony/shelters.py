"""Shelter cards, pods, closed columns and shelter discs, and the pass steps that read them.

Cards, pods and their bonuses are entered from the physical cards. Every step takes and returns the player's
board, colony and the survivor bag together, since survivors move between all three.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from trackers.ashes.board.survivors import ACTIVE
from trackers.ashes.colony import scoring
from trackers.ashes.colony.player_board import Cost, PlayerBoard, Reward
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.core.bag import Bag
from trackers.core.errors import TableError, Violation

CARD_ROOM = 3
COLUMNS = 3
DISC_COSTS_AS_PRINTED = (2, 2, 4, 4)
"""Strength per shelter disc in building order. Six discs are listed as components but only four costs are
printed, so the list is a game option."""


@dataclass(frozen=True)
class Pod:
    """A decontamination pod: its happiness level, entry bonus, income (None: no income) and occupant."""

    level: int
    bonus: Reward
    income: Reward | None = None
    survivor: str | None = None


@dataclass(frozen=True)
class ShelterCard:
    name: str
    pods: tuple[Pod, ...]

    @property
    def survivors(self) -> tuple[str, ...]:
        return tuple(p.survivor for p in self.pods if p.survivor is not None)

    @property
    def full(self) -> bool:
        return all(p.survivor is not None for p in self.pods)


@dataclass(frozen=True)
class Colony:
    """Cards beside the happiness track, bottom first; closed cards per column (a fourth column comes with
    the character that adds it, as does one more scoring area); shelter discs built so far."""

    cards: tuple[ShelterCard, ...]
    columns: tuple[int, ...] = (0,) * COLUMNS
    discs_built: int = 0
    disc_costs: tuple[int, ...] = DISC_COSTS_AS_PRINTED


@dataclass(frozen=True)
class ColonyStep:
    """The three values after an applied step; `returned` is a replaced card for the bottom of the pile."""

    board: PlayerBoard
    colony: Colony
    bag: Bag
    events: tuple[str, ...] = ()
    returned: ShelterCard | None = None


def _refused(code: str, message: str, rule: str) -> list[Violation]:
    return [Violation(code, message, rule)]


def _lose(board: PlayerBoard, n: int, why: str) -> tuple[PlayerBoard, tuple[str, ...]]:
    if not n:
        return board, ()
    lost = board.apply_lose_happiness(n)
    return lost.board, (f"{n} survivor(s) {why}: -{n} happiness.", *lost.events)


def _take_reward(board: PlayerBoard, reward: Reward) -> tuple[PlayerBoard, tuple[str, ...]]:
    """Rewards are taken whole, declining any cube that has no room."""
    kept, declined = board.fitting(reward)
    taken = board.apply_reward(kept)
    return taken.board, declined + taken.events


def apply_add_card(board: PlayerBoard, colony: Colony, bag: Bag, card: ShelterCard) -> ColonyStep:
    """A card beyond the third replaces the top one, whose survivors go to the bag at 1 happiness each."""
    if len(colony.cards) < CARD_ROOM:
        return ColonyStep(board, replace(colony, cards=(*colony.cards, card)), bag)
    top = colony.cards[-1]
    board, events = _lose(board, len(top.survivors), f"on the replaced {top.name} went back to the bag")
    cards = (*colony.cards[:-1], card)
    return ColonyStep(board, replace(colony, cards=cards), bag.put(top.survivors), events, returned=top)


def next_disc_cost(colony: Colony) -> int | None:
    built = colony.discs_built
    return colony.disc_costs[built] if built < len(colony.disc_costs) else None


def check_build(board: PlayerBoard, colony: Colony) -> list[Violation]:
    cost = next_disc_cost(colony)
    if cost is None:
        return _refused("ashes.build.no_disc", "All your shelter discs are built.", "ashes/actions/build")
    return board.check_pay(Cost(strength=cost))


def apply_build(board: PlayerBoard, colony: Colony, bag: Bag) -> ColonyStep:
    cost = next_disc_cost(colony) or 0
    paid = board.apply_pay(Cost(strength=cost)).board
    built = replace(colony, discs_built=colony.discs_built + 1)
    return ColonyStep(paid, built, bag, (f"Built shelter disc {built.discs_built} for {cost} strength.",))


def _pod(colony: Colony, card: int, pod: int) -> Pod | None:
    if 1 <= card <= len(colony.cards) and 1 <= pod <= len(colony.cards[card - 1].pods):
        return colony.cards[card - 1].pods[pod - 1]
    return None


def _with_pod(colony: Colony, card: int, pod: int, new: Pod) -> Colony:
    old = colony.cards[card - 1]
    pods = (*old.pods[: pod - 1], new, *old.pods[pod:])
    return replace(colony, cards=(*colony.cards[: card - 1], replace(old, pods=pods), *colony.cards[card:]))


def check_decontaminate(
    board: PlayerBoard, colony: Colony, survivor: str, card: int, pod: int
) -> list[Violation]:
    """An entrance survivor of either kind moves into an empty pod; cards count from 1 at the bottom."""
    target = _pod(colony, card, pod)
    if target is None:
        problems = _refused(
            "ashes.decontaminate.no_pod", f"Card {card} has no pod {pod}.", "ashes/actions/decontaminate"
        )
    elif target.survivor is not None:
        problems = _refused(
            "ashes.decontaminate.occupied",
            "That pod already holds a survivor.",
            "ashes/actions/decontaminate",
        )
    else:
        problems = []
    return board.check_open() + board.check_leave((survivor,)) + problems


def apply_decontaminate(
    board: PlayerBoard, colony: Colony, bag: Bag, survivor: str, card: int, pod: int
) -> ColonyStep:
    target = _pod(colony, card, pod)
    if target is None:
        raise TableError(f"card {card} has no pod {pod}; check_decontaminate first")
    board, events = _take_reward(board.apply_leave((survivor,)).board, target.bonus)
    return ColonyStep(board, _with_pod(colony, card, pod, replace(target, survivor=survivor)), bag, events)


def check_close(board: PlayerBoard, colony: Colony, card: int, column: int) -> list[Violation]:
    """A card closes only with every pod filled, into a column that is under the stacking limit."""
    problems = board.check_open()
    if not 1 <= card <= len(colony.cards):
        problems += _refused(
            "ashes.close.no_card", f"You have no card {card}.", "ashes/actions/close-shelters"
        )
    elif not colony.cards[card - 1].full:
        problems += _refused(
            "ashes.close.not_full", "Every pod must hold a survivor first.", "ashes/actions/close-shelters"
        )
    limit = board.caps.stacking
    if not 1 <= column <= len(colony.columns):
        problems += _refused(
            "ashes.close.no_column", f"You have no column {column}.", "ashes/actions/close-shelters"
        )
    elif colony.columns[column - 1] >= limit:
        problems += _refused(
            "ashes.close.column_full",
            f"Column {column} already holds {limit} cards.",
            "ashes/actions/close-shelters",
        )
    return problems


def apply_close(board: PlayerBoard, colony: Colony, bag: Bag, card: int, column: int) -> ColonyStep:
    closed = colony.cards[card - 1]
    columns = list(colony.columns)
    columns[column - 1] += 1
    rest = replace(colony, cards=colony.cards[: card - 1] + colony.cards[card:], columns=tuple(columns))
    events = (f"Closed {closed.name} into column {column}; its survivors went back to the bag.",)
    return ColonyStep(board, rest, bag.put(closed.survivors), events)


def check_recover(
    board: PlayerBoard, recovered: Collection[int], discarded: Sequence[str]
) -> list[Violation]:
    """1 antirad per zone survivor kept; survivors already at a full entrance may make way, and only then."""
    problems = [
        Violation("ashes.recover.empty_zone", f"Zone {z} holds no survivor.", "ashes/protocols/pass")
        for z in sorted(recovered)
        if z not in board.zones_used
    ]
    problems += board.check_pay(Cost(antirad=len(recovered))) + board.check_leave(discarded)
    crowd = len(board.entrance) + len(recovered) - board.caps.entrance
    if len(discarded) > max(0, crowd):
        problems += _refused(
            "ashes.recover.needless_discard",
            f"Only survivors that do not fit may be discarded: {max(0, crowd)} here.",
            "ashes/protocols/pass",
        )
    elif len(discarded) < crowd:
        problems += _refused(
            "ashes.entrance.full",
            f"Your entrance is {crowd - len(discarded)} space(s) short: recover fewer or discard from it.",
            "ashes/colony",
        )
    return problems


def apply_recover(
    board: PlayerBoard, colony: Colony, bag: Bag, recovered: Collection[int], discarded: Sequence[str]
) -> ColonyStep:
    """Kept survivors join the entrance; the rest, and any discarded to make room, cost 1 happiness each."""
    kept = tuple(s for z, s in enumerate(board.zones, 1) if s is not None and z in recovered)
    dropped = tuple(s for z, s in enumerate(board.zones, 1) if s is not None and z not in recovered)
    board = board.apply_pay(Cost(antirad=len(kept))).board
    board = board.apply_leave(discarded).board.apply_enter(kept).board
    board = replace(board, zones=(None,) * len(board.zones))
    board, events = _lose(board, len(dropped) + len(discarded), "went back to the bag")
    return ColonyStep(board, colony, bag.put(dropped + tuple(discarded)), events)


def apply_income(board: PlayerBoard, colony: Colony, bag: Bag, survivor: str | None = ACTIVE) -> ColonyStep:
    """One survivor from the bag first (an active one taken, or by option whatever was drawn; None: the
    bag was empty), then each filled income pod from the lowest level up whose level is at most the
    happiness reached so far, since one pod's income can unlock the next."""
    events: tuple[str, ...] = ()
    if survivor is None or not bag.count(survivor):
        kind = f"{survivor} " if survivor else ""
        events += (f"No {kind}survivor is left in the bag.",)
    elif board.check_enter((survivor,)):
        events += (f"Your entrance is full: the {survivor} survivor stays in the bag.",)
    else:
        board, bag = board.apply_enter((survivor,)).board, bag.take((survivor,))
        events += (f"An {survivor} survivor joined your entrance.",)
    pods = sorted(
        ((p.level, c, i, p) for c, card in enumerate(colony.cards) for i, p in enumerate(card.pods)),
        key=lambda entry: entry[:3],
    )
    for level, c, _, pod in pods:
        if pod.survivor is not None and pod.income is not None and level <= board.happiness:
            board, taken = _take_reward(board, pod.income)
            events += (f"Income from {colony.cards[c].name}, level {level}.", *taken)
    return ColonyStep(board, colony, bag, events)


def scoring_view(board: PlayerBoard, colony: Colony, vp_per_active: int) -> scoring.Colony:
    """What colony scoring reads. The survivor VP upgrade is not tied to a named family, so it is given."""
    return scoring.Colony(
        closed_columns=colony.columns,
        level_ii_materials=board.materials.level_count(2),
        level_iii_materials=board.materials.level_count(3),
        storage=board.upgrade_class(UpgradeFamily.STORAGE),
        vp_per_active=vp_per_active,
        active_at_entrance=board.entrance.count(ACTIVE),
        scoring_areas=board.caps.scoring_areas + len(colony.columns) - COLUMNS,
    )
