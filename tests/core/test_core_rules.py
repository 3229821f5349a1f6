"""The rules kit's phases: which entries exist now, and in whose words the others are refused."""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import Any, ClassVar

from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.rules import Phase, Rule, Rulebook, refuse


@dataclass(frozen=True)
class State:
    stretch: str = "setup"
    question: bool = False


@dataclass(frozen=True)
class SetUp(Action):
    type: ClassVar[str] = "kit.set_up"


@dataclass(frozen=True)
class Play(Action):
    type: ClassVar[str] = "kit.play"


@dataclass(frozen=True)
class Answer(Action):
    type: ClassVar[str] = "kit.answer"


@dataclass(frozen=True)
class Note(Action):
    type: ClassVar[str] = "kit.note"


def unchanged(state: State, action: Action, rng: Random) -> tuple[State, list[Event]]:
    return state, []


def a_question(state: State) -> list[Violation]:
    if not state.question:
        return refuse("kit.answer.none", "Nothing to answer.", "kit/question")
    return []


RULES: list[Rule[State, Any]] = [
    Rule(SetUp, "Set up", unchanged, lambda s, a: "set up"),
    Rule(Play, "Play", unchanged, lambda s, a: "play"),
    Rule(Answer, "Answer", unchanged, lambda s, a: "answer", gates=(a_question,)),
    Rule(Note, "Note", unchanged, lambda s, a: "note"),
]
SETUP: Phase[State] = Phase(
    "the set-up", lambda s: s.stretch == "setup", frozenset({SetUp, Note}), "kit/setup"
)
QUESTION: Phase[State] = Phase("a question", lambda s: s.question, frozenset({Answer, Note}), "kit/question")
PLAY: Phase[State] = Phase("play", lambda s: s.stretch == "play", frozenset({Play, Answer, Note}), "kit/play")

WORDED: Rulebook[State] = Rulebook(
    "kit",
    RULES,
    phases=(
        replace(SETUP, closed=lambda s: refuse("kit.setup.over", "Play has begun.", "kit/setup")),
        replace(
            QUESTION, refusal=lambda s: refuse("kit.first", "Answer the question first.", "kit/question")
        ),
        replace(PLAY, closed=lambda s: refuse("kit.play.later", "Set up first.", "kit/play")),
    ),
)
PLAIN: Rulebook[State] = Rulebook("kit", RULES, phases=(SETUP, QUESTION, PLAY))


def codes(book: Rulebook[State], state: State) -> dict[str, str]:
    return {kind.__name__: "ok" for kind in book.actions} | {
        kind.__name__: problems[0].code for kind in book.actions if (problems := book.blocked(state, kind))
    }


def test_without_wording_an_entry_outside_the_current_phase_is_not_during_it() -> None:
    assert PLAIN.blocked(State("setup"), Play) == refuse(
        "kit.phase", "Play: not during the set-up.", "kit/setup"
    )
    assert PLAIN.blocked(State("play", question=True), Play) == refuse(
        "kit.phase", "Play: not during a question.", "kit/question"
    )
    assert PLAIN.blocked(State("play"), Answer) == refuse(
        "kit.answer.none", "Nothing to answer.", "kit/question"
    )


def test_a_stretch_over_or_not_begun_refuses_its_own_entries_in_its_words() -> None:
    assert codes(WORDED, State("setup")) == {
        "SetUp": "ok",
        "Play": "kit.play.later",
        "Answer": "kit.play.later",
        "Note": "ok",
    }
    assert codes(WORDED, State("play")) == {
        "SetUp": "kit.setup.over",
        "Play": "ok",
        "Answer": "kit.answer.none",
        "Note": "ok",
    }
    assert WORDED.blocked(State("play"), SetUp) == refuse("kit.setup.over", "Play has begun.", "kit/setup")


def test_a_phase_that_interrupts_an_active_one_refuses_what_it_lacks_in_its_words() -> None:
    state = State("play", question=True)
    current = WORDED.phase(state)
    assert current is not None and current.name == "a question"
    assert codes(WORDED, state) == {
        "SetUp": "kit.setup.over",
        "Play": "kit.first",
        "Answer": "ok",
        "Note": "ok",
    }
    assert WORDED.validate(state, Play()) == refuse("kit.first", "Answer the question first.", "kit/question")
    # The question during the set-up: play is not active, so its entries keep play's own words.
    assert codes(WORDED, State("setup", question=True)) == {
        "SetUp": "ok",
        "Play": "kit.play.later",
        "Answer": "kit.play.later",
        "Note": "ok",
    }
