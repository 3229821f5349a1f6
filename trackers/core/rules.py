"""The rules kit: a game declares, per action class, what refuses it, what it does and its history line.

A `Rulebook` derives a game module's `validate`, `apply` and `describe` from those declarations, and
answers "is this kind of entry allowed now, and if not why" from the state alone, without applying
anything (python-chess's `is_legal` beside `push`; boardgame.io's phases deciding which moves exist).

Guards come in two sizes. A *gate* looks at the state only (the game is over, it is the set-up, a card
is waiting to be answered): a screen asks it to grey out a button with its reason before any tap. A
*check* also reads the action's fields (whose turn, can they pay, is the area on the board). Both
return a list of `Violation`s; the first guard with something to say is the answer, so a later guard
may rely on every earlier one having passed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, TypeVar

from trackers.core.actions import Action, Event
from trackers.core.errors import Violation

S = TypeVar("S")
A = TypeVar("A", bound=Action)

Gate = Callable[[S], list[Violation]]
Check = Callable[[S, A], list[Violation]]
Apply = Callable[[S, A, Random], tuple[S, list[Event]]]
Describe = Callable[[S, A], str]


def refuse(code: str, message: str, rule: str) -> list[Violation]:
    """One refusal as a guard returns it: a stable code, a plain reason and the rules section it rests on."""
    return [Violation(code, message, rule)]


@dataclass(frozen=True)
class Rule(Generic[S, A]):
    """How a game handles one action class.

    `label` names the entry on a button or in "not now" reasons ("End the round"). `gates` run on the
    state alone, `checks` on the state and the action, in the order given.
    """

    action: type[A]
    label: str
    apply: Apply[S, A]
    describe: Describe[S, A]
    checks: tuple[Check[S, A], ...] = ()
    gates: tuple[Gate[S], ...] = ()


@dataclass(frozen=True)
class Phase(Generic[S]):
    """A stretch of the game in which only some entries exist (the map set-up, the pursuit, the end).

    The rulebook's current phase is the first whose `active` says so; an action class outside its
    `actions` is refused with `rule` and a reason naming the phase, unless the phase words it itself:

    - `refusal(state)` answers for every entry the phase lacks while it is current (a question that
      must be answered first names what it waits for);
    - `closed(state)` answers for the phase's own entries while no phase with a `closed` that lists
      them is active (the set-up is over, the map is not confirmed yet), whichever phase is current.

    Phases may overlap: one listed earlier (a check to answer) interrupts a later one that is also
    active (play), whose entries it refuses with its `refusal`; an entry of a stretch that is over or
    not begun gets its own stretch's `closed`.
    """

    name: str
    active: Callable[[S], bool]
    actions: frozenset[type[Action]]
    rule: str
    refusal: Gate[S] | None = None
    closed: Gate[S] | None = None


class Rulebook(Generic[S]):
    """A game's rules: every action class once, with optional phases shared by all its rules.

    `game` is the game id, used for the default phase refusal's code (`<game>.phase`). Gates listed in
    `always` run before every rule's own gates (the game is over, a pending question must be answered).
    """

    def __init__(
        self,
        game: str,
        rules: Iterable[Rule[S, Any]],
        *,
        phases: Sequence[Phase[S]] = (),
        always: Sequence[Gate[S]] = (),
    ) -> None:
        self.game = game
        self._rules: dict[type[Action], Rule[S, Any]] = {}
        for rule in rules:
            if rule.action in self._rules:
                raise ValueError(f"{rule.action.__name__} has two rules in {game}")
            if not rule.action.type.startswith(game + "."):
                raise ValueError(
                    f"{rule.action.__name__}'s type {rule.action.type!r} lacks the {game}. prefix"
                )
            self._rules[rule.action] = rule
        self.phases = tuple(phases)
        self.always = tuple(always)
        for phase in self.phases:
            strangers = phase.actions - set(self._rules)
            if strangers:
                names = ", ".join(sorted(kind.__name__ for kind in strangers))
                raise ValueError(f"phase {phase.name!r} of {game} lists actions without a rule: {names}")
        self._homes: dict[type[Action], tuple[Phase[S], ...]] = {
            kind: tuple(p for p in self.phases if p.closed is not None and kind in p.actions)
            for kind in self._rules
        }

    @property
    def actions(self) -> tuple[type[Action], ...]:
        return tuple(self._rules)

    def rule(self, kind: type[Action]) -> Rule[S, Any]:
        try:
            return self._rules[kind]
        except KeyError:
            raise TypeError(f"{self.game} has no rule for {kind.__name__}") from None

    def phase(self, state: S) -> Phase[S] | None:
        for phase in self.phases:
            if phase.active(state):
                return phase
        return None

    # blocked, validate, apply and describe run on every dispatch, replay and undo: each looks its rule up
    # once (self.rule only raises for a stranger), and a game without phases skips the phase search.

    def blocked(self, state: S, kind: type[Action]) -> list[Violation]:
        """Why no entry of this kind can be accepted now, from the state alone; empty when it may be."""
        rule = self._rules.get(kind) or self.rule(kind)
        for gate in self.always:
            if problems := gate(state):
                return problems
        if self.phases and (phase := self.phase(state)) is not None and kind not in phase.actions:
            return self._outside(state, phase, rule)
        for own in rule.gates:
            if problems := own(state):
                return problems
        return []

    def _outside(self, state: S, current: Phase[S], rule: Rule[S, Any]) -> list[Violation]:
        """The refusal of an entry the current phase lacks (see `Phase`)."""
        homes = self._homes[rule.action]
        if homes and (closed := homes[0].closed) and not any(home.active(state) for home in homes):
            return closed(state)
        if current.refusal is not None:
            return current.refusal(state)
        return refuse(f"{self.game}.phase", f"{rule.label}: not during {current.name}.", current.rule)

    def validate(self, state: S, action: Action) -> list[Violation]:
        kind = type(action)
        if problems := self.blocked(state, kind):
            return problems
        for check in self._rules[kind].checks:
            if problems := check(state, action):
                return problems
        return []

    def apply(self, state: S, action: Action, rng: Random) -> tuple[S, list[Event]]:
        kind = type(action)
        return (self._rules.get(kind) or self.rule(kind)).apply(state, action, rng)

    def describe(self, state: S, action: Action) -> str:
        kind = type(action)
        return (self._rules.get(kind) or self.rule(kind)).describe(state, action)


class RulebookGame(Generic[S]):
    """The part of a game module a `Rulebook` provides; a game sets `rulebook` and adds the rest."""

    rulebook: Rulebook[S]

    @property
    def actions(self) -> tuple[type[Action], ...]:
        return self.rulebook.actions

    def validate(self, state: S, action: Action) -> list[Violation]:
        return self.rulebook.validate(state, action)

    def apply(self, state: S, action: Action, rng: Random) -> tuple[S, list[Event]]:
        return self.rulebook.apply(state, action, rng)

    def describe(self, state: S, action: Action) -> str:
        return self.rulebook.describe(state, action)
