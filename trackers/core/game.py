"""The contract every game engine meets, and the setup a table chooses before play.

Views, storage, the CLI and the contract test only ever talk to a game through `GameModule`, so a
new game is a new package that registers one object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Literal, Protocol

from trackers.core.actions import Action, Event
from trackers.core.boundary import has_lone_surrogate
from trackers.core.errors import Violation
from trackers.core.names import name_key
from trackers.core.rules import Rulebook

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One setup choice shown on the New game screen (a variant, a difficulty, a house rule)."""

    key: str
    label: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""
    help: str = ""
    main: bool = False
    """A choice most tables make every game (a difficulty): shown even when the other options are folded."""

    @property
    def kind(self) -> Literal["bool", "int", "choice"]:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice"

    def check(self, value: Any) -> str | None:
        """A plain reason when `value` is not acceptable, else None."""
        kind = self.kind
        if kind == "bool" and not isinstance(value, bool):
            return f"{self.label}: choose yes or no"
        if kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return f"{self.label}: enter a whole number"
            if self.minimum is not None and value < self.minimum:
                return f"{self.label}: at least {self.minimum}"
            if self.maximum is not None and value > self.maximum:
                return f"{self.label}: at most {self.maximum}"
        if kind == "choice" and value not in self.choices:
            return f"{self.label}: choose one of {', '.join(self.choices)}"
        return None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.rule:
            data["rule"] = self.rule
        return data


@dataclass(frozen=True)
class Setup:
    """Who plays and with which options: everything a new game needs besides its seed."""

    players: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...] = ()

    def option(self, key: str) -> OptionValue:
        return dict(self.options)[key]

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "options": dict(self.options)}


@dataclass(frozen=True)
class SetupFix:
    """A set-up only other options allow (alone, Blackout: Hong Kong is only the campaign): the refusal and
    its rule, and the options that make it acceptable, which the New game screen picks by itself when the
    player count asks for them, or offers in one tap (`offer` names that tap) when Start is refused."""

    reason: str
    rule: str
    offer: str
    options: tuple[tuple[str, OptionValue], ...]


@dataclass(frozen=True)
class Score:
    player: str
    points: int


@dataclass(frozen=True)
class Summary:
    """What the status header shows: round, phase, whose turn, scores, and the next thing to do."""

    round: int | None
    phase: str
    turn: str | None
    scores: tuple[Score, ...]
    next_step: str
    score_label: str = ""
    round_label: str = "Round"
    """What the header calls a round: "Year" in Hope City."""

    def to_json(self) -> dict[str, Any]:
        """The round's label only where it is not "Round", so summaries written before it compare equal."""
        data: dict[str, Any] = {"round": self.round}
        if self.round_label != "Round":
            data["round_label"] = self.round_label
        data |= {
            "phase": self.phase,
            "turn": self.turn,
            "scores": {s.player: s.points for s in self.scores},
            "next_step": self.next_step,
        }
        return data


@dataclass(frozen=True)
class Outcome:
    """The result once a game is over: the winners (ties share) and the full ranking.

    A `cooperative` game is won or lost by the whole table together: `winners` is every player or none.
    `breakdown` gives, per name of the ranking, its score's parts as (label, points)."""

    winners: tuple[str, ...]
    ranking: tuple[Score, ...]
    reason: str = ""
    breakdown: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = field(default=())
    cooperative: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": {s.player: s.points for s in self.ranking},
            "reason": self.reason,
        }


Moment = tuple[Hashable, ...]
"""The step the table is at: the stage or phase, the round, whose turn, the question waiting."""


@dataclass(frozen=True)
class TableNote:
    """Something Lantern drew, rolled or played for the table in the latest entry, and what the table does
    with its pieces: shown at the top of the current step, where the player looks, until the next entry."""

    said: str
    todo: str = ""
    rule: str | None = None


def notes_from(events: Sequence[Event], todo: Mapping[str, Callable[[Event], str]]) -> tuple[TableNote, ...]:
    """A note for each event of a kind Lantern produces the outcome of (`todo` maps the kind to what the
    table does then, "" for nothing), linked to the rule the event names; for an entry Lantern drew for
    with no such event, its first event, so nothing Lantern drew or rolled goes untold."""
    notes = []
    for event in events:
        if (says := todo.get(event.kind)) is not None:
            notes.append(TableNote(event.text, says(event), _rule(event)))
    if not notes and events:
        notes.append(TableNote(events[0].text, "", _rule(events[0])))
    return tuple(notes)


def _rule(event: Event) -> str | None:
    rule = dict(event.data).get("rule")
    return rule if isinstance(rule, str) else None


class GameModule(Protocol):
    """A game engine: pure functions over an immutable state, plus the facts the UI lists."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def options(self) -> tuple[Option, ...]: ...
    @property
    def actions(self) -> tuple[type[Action], ...]: ...
    @property
    def content_versions(self) -> Mapping[str, str]: ...
    @property
    def rulebook(self) -> Rulebook[Any]:
        """Where `validate`, `apply` and `describe` come from, and what a screen asks "allowed now?"."""
        ...

    def new_state(self, setup: Setup, seed: int) -> Any: ...
    def validate(self, state: Any, action: Action) -> list[Violation]: ...
    def apply(self, state: Any, action: Action, rng: Random) -> tuple[Any, list[Event]]: ...
    def describe(self, state: Any, action: Action) -> str: ...
    def summary(self, state: Any) -> Summary: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def moment(self, state: Any) -> Moment:
        """The step the table is at: when an entry, an undo or a redo changes it, the game screen brings
        the new step into view."""
        ...

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        """What Lantern drew, rolled or played in an entry, each with what the table does with its pieces
        then: a draw or roll only when Lantern made it (`drew`: where the table entered what it got, it
        knows already), an automated opponent's step whenever it plays one."""
        ...


def setup_fix(module: GameModule, players: Sequence[str], options: Mapping[str, Any]) -> SetupFix | None:
    """What a module's optional `setup_fix(players, options)` says: the options these players need, if any
    (a player count only one variant allows)."""
    own = getattr(module, "setup_fix", None)
    fix: SetupFix | None = own(players, options) if own is not None else None
    return fix


def check_setup(
    module: GameModule, players: tuple[str, ...], options: Mapping[str, Any], *, stored: bool = False
) -> list[str]:
    """Every reason the setup is unacceptable (empty when it is fine), a module's `setup_fix` last.

    Two players are the same when their names share a key (`names.name_key`: case and spaces aside). A
    `stored` setup, read back from a game already begun, is held to the check it was begun under (case and
    the spaces around a name), so a game whose names differ only by the spaces inside them still opens."""
    problems: list[str] = []
    if not module.min_players <= len(players) <= module.max_players:
        problems.append(
            f"{module.title} takes {module.min_players} to {module.max_players} players, not {len(players)}"
        )
    names = [p.strip() for p in players]
    if any(not n for n in names):
        problems.append("every player needs a name")
    if any(has_lone_surrogate(n) for n in names):
        problems.append("a player's name holds a character that is not valid Unicode")
    keys = {n.casefold() for n in names} if stored else {name_key(n) for n in names}
    if len(keys) != len(names):
        problems.append("two players have the same name")
    known = {o.key: o for o in module.options}
    problems.extend(f"unknown option {key!r}" for key in options if key not in known)
    for key, opt in known.items():
        if key in options and (reason := opt.check(options[key])):
            problems.append(reason)
    if not problems and (fix := setup_fix(module, players, options)) is not None:
        problems.append(fix.reason)
    return problems


def make_setup(
    module: GameModule, players: tuple[str, ...], options: Mapping[str, Any], *, stored: bool = False
) -> Setup:
    """A Setup with every option filled in (each name as typed, less the spaces around it); raises
    ValueError listing all problems. `stored`: see `check_setup`."""
    problems = check_setup(module, players, options, stored=stored)
    if problems:
        raise ValueError("; ".join(problems))
    values = tuple((o.key, options.get(o.key, o.default)) for o in module.options)
    return Setup(tuple(p.strip() for p in players), values)
