"""Realistic mid-game questions, per game: at least 95 % must find their answer in the top 3.

The search is run as the Rules screen runs it with that game picked in its filter. Run with `-s`
to see every game's rate; a failure names each question missed and what came up instead.
"""

from __future__ import annotations

import pytest

from rules_ref import reference
from tests.rules_ref.questions import QUESTIONS, Question

TOP = 3
TARGET = 0.95
GAMES_WITH_RULES = ("unsettled", "ashes", "hope-city", "infamous-traffic", "blackout-hk")
MIN_QUESTIONS = 30


def misses(pack: str | None, questions: tuple[Question, ...]) -> list[str]:
    ref = reference()
    missed = []
    for question, answers in questions:
        found = [hit.id for hit in ref.search(question, pack=pack, limit=TOP)]
        if not set(found) & set(answers):
            missed.append(f"{question!r}: wanted {' or '.join(answers)}, got {found or 'nothing'}")
    return missed


def test_every_game_with_rules_has_enough_questions() -> None:
    for pack in GAMES_WITH_RULES:
        assert len(QUESTIONS[pack]) >= MIN_QUESTIONS, pack


def test_every_answer_is_a_section_of_its_game() -> None:
    ref = reference()
    for pack, questions in QUESTIONS.items():
        for question, answers in questions:
            for answer in answers:
                assert ref.exists(answer) and ref.get(answer).pack == pack, (question, answer)


@pytest.mark.parametrize("pack", QUESTIONS)
def test_questions_find_their_answer_in_the_top_3(pack: str) -> None:
    questions = QUESTIONS[pack]
    missed = misses(pack, questions)
    rate = 1 - len(missed) / len(questions)
    everywhere = 1 - len(misses(None, questions)) / len(questions)
    print(
        f"\n{pack}: {len(questions) - len(missed)}/{len(questions)} = {rate:.1%} in the top {TOP} "
        f"(with every game searched: {everywhere:.1%})"
    )
    for miss in missed:
        print(f"  missed {miss}")
    assert rate >= TARGET, f"{pack}: {rate:.1%} in the top {TOP}, under {TARGET:.0%}; missed:\n" + "\n".join(
        missed
    )
