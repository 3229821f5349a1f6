"""The rules slips a read of the rulebook found (issue #29, Hope City's points 9 to 17), one test each, and
the games saved before them still replaying as they were played (edition 1 of Lantern's readings).

Each test asserts the rulebook's outcome in a game begun today (edition 2): what is refused and why, who is
asked next, what the state holds.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from rules_ref import reference
from tests.hope_city.states import (
    applied,
    applied_events,
    chosen,
    citizen,
    cleanup,
    corruption_total,
    done,
    holding,
    legacy,
    on_turn,
    piles,
    playing,
    punks,
    refusal,
    track,
)
from trackers.core.actions import Action, ActionCodec
from trackers.hope_city import actions as a
from trackers.hope_city.game import HOPE_CITY, next_step
from trackers.hope_city.state import HOPE, PUNK, HopeCityState, Objective
from trackers.services.gamefile import load_document

SAVED = Path(__file__).parent / "saved"
CODEC = ActionCodec(HOPE_CITY.actions)
NO_COACH = ("mayor", "engineer", "ranger", "doctor")
"""A table without the Coach: his card is non-active, his talent tokens may be recruited."""


def turn_of(
    cid: str, citizens: tuple[str, ...] = ("mayor", "coach", "engineer", "doctor"), **turn: Any
) -> HopeCityState:
    return on_turn(playing(citizens), cid, **turn)


def coach_with_die(**turn: Any) -> HopeCityState:
    return citizen(turn_of("coach", **turn), "coach", purple_die=True)


def accepted(state: HopeCityState, action: Action) -> bool:
    return HOPE_CITY.validate(state, action) == []


# 9. GANG UP: the purple die joins a roll, comes back after a successful one, and is not taken twice


def test_gang_up_waits_until_the_purple_die_has_come_back() -> None:
    state = coach_with_die()
    violation = refusal(state, a.GangUp(0))
    assert (violation.code, violation.rule) == ("hope-city.purple_held", "hope-city/citizens/temptations")
    assert applied(legacy(state), a.GangUp(0)).citizen("coach").purple_die  # an older game took it again
    assert applied(turn_of("coach"), a.GangUp(0)).citizen("coach").purple_die


def test_the_purple_die_joins_a_resistance_roll_and_comes_back_after_a_success() -> None:
    state = punks(citizen(coach_with_die(), "engineer", talents=0), politics=(PUNK,))
    won = applied(state, a.Innovate("politics", PUNK, 2, gang_up=True, purple=5))
    assert won.city.on("politics") == () and won.city.removed == 1
    assert not won.citizen("coach").purple_die and won.citizen("coach").talents == 1
    lost = applied(state, a.Innovate("politics", PUNK, 2, gang_up=True, purple=4))
    assert lost.city.on("politics") == (PUNK,) and lost.citizen("coach").purple_die
    card = applied(state, a.Resist("politics", PUNK, 1, gang_up=True, purple=6))
    assert card.city.on("politics") == () and not card.citizen("coach").purple_die
    # Only the Coach on turn who holds it adds it; a value without the die is refused too.
    assert refusal(turn_of("coach"), a.Resist("politics", PUNK, 1, gang_up=True)).code == "hope-city.purple"
    assert refusal(turn_of("mayor"), a.Resist("politics", PUNK, 1, gang_up=True)).code == "hope-city.purple"
    assert refusal(state, a.Resist("politics", PUNK, 1, purple=6)).code == "hope-city.purple"


def test_the_purple_die_stands_in_for_the_poorest_attack_die() -> None:
    state = punks(citizen(coach_with_die(moved=True), "coach", space="politics"), politics=(PUNK, PUNK))
    clean = applied(state, a.FaceAttack((1, 4), purple=6, gang_up=True))
    assert clean.citizen("coach").corruption == 0 and not clean.citizen("coach").purple_die
    assert clean.turn is not None and clean.turn.fight_back == (PUNK,)
    hit = applied(state, a.FaceAttack((1, 1), purple=5, gang_up=True))
    assert hit.citizen("coach").corruption == 1 and hit.citizen("coach").purple_die
    low = applied(state, a.FaceAttack((3, 4), purple=1, gang_up=True))
    assert low.citizen("coach").corruption == 0 and not low.citizen("coach").purple_die
    assert (
        refusal(
            replace(state, citizens=citizen(state, "coach", purple_die=False).citizens),
            a.FaceAttack((1, 4), purple=6, gang_up=True),
        ).code
        == "hope-city.purple"
    )


# 10. A turn chooses an objective before it ends


def test_a_turn_ends_only_once_its_objective_is_attempted_or_deferred() -> None:
    state = turn_of("mayor")
    violation = refusal(state, a.EndTurn())
    assert (violation.code, violation.rule) == ("hope-city.choose_first", "hope-city/turn")
    deferred = applied(state, a.ChooseObjective("pile", ("politics",)), a.Defer())
    assert deferred.track.cards == (Objective("politics", ("politics",), source="track"),)
    after = applied(deferred, a.EndTurn())
    assert after.turn is not None and after.turn.citizen == "coach"
    assert accepted(legacy(state), a.EndTurn())  # an older game ended such turns


def test_a_full_track_rolls_and_then_the_turn_may_end() -> None:
    full = tuple(Objective(c, (c,), source="track") for c in ("economics", "society"))
    state = applied(track(turn_of("mayor"), cards=full), a.ChooseObjective("pile", ("politics",)))
    after = applied(state, a.Defer(roll=6))
    assert after.track.cards == full and after.piles.fail[0] == ("regular",)
    assert applied(after, a.EndTurn()).turn.citizen == "coach"  # type: ignore[union-attr]


def test_a_space_with_no_card_to_take_lets_the_turn_end() -> None:
    state = piles(turn_of("mayor"), draw=(0, 8, 8, 8, 8))
    assert accepted(state, a.EndTurn())
    waiting = track(state, cards=(Objective("politics", ("politics",), source="track"),))
    assert refusal(waiting, a.EndTurn()).code == "hope-city.choose_first"


# 11. No card is put back; the Mobster's card she can neither pay nor defer fails


def test_a_chosen_card_is_never_put_back() -> None:
    state = applied(turn_of("mayor"), a.ChooseObjective("pile", ("politics",)))
    violation = refusal(state, a.ReturnObjective())
    assert (violation.code, violation.rule) == ("hope-city.no_return", "hope-city/turn")
    assert refusal(state, a.EndTurn()).code == "hope-city.undecided"


def test_the_mobster_who_cannot_pay_fails_the_card_instead_of_drawing_again() -> None:
    state = chosen(holding(turn_of("mayor"), "mayor"), Objective("politics", ("politics",)))
    state = citizen(state, "mayor", good=False)
    assert refusal(state, a.Attempt(("politics",))).code == "hope-city.no_token"
    assert refusal(state, a.Defer(roll=3)).code == "hope-city.mobster_roll"
    after, events = applied_events(state, a.Defer())
    assert after.track.cards == () and after.piles.fail[0] == ("regular",)
    assert after.turn is not None and after.turn.objective is None and after.turn.objective_done
    assert "consequence" in [e.kind for e in events]
    assert applied(after, a.EndTurn()).turn.citizen == "coach"  # type: ignore[union-attr]


# 12. A complete set is settled before the turn or the year goes on


def test_a_complete_fail_set_is_cashed_before_the_turn_ends() -> None:
    state = done(piles(turn_of("mayor"), fail=(("regular",),) * 5))
    violation = refusal(state, a.EndTurn())
    assert (violation.code, violation.rule) == ("hope-city.set_due", "hope-city/piles")
    assert next_step(state) == "A complete fail set waits: cash it before going on."
    cashed = applied(state, a.CashSet("fail", talent_from="coach"))
    assert cashed.city.blights == 1 and cashed.citizen("coach").talents == 1
    assert applied(cashed, a.EndTurn()).turn.citizen == "coach"  # type: ignore[union-attr]
    assert accepted(legacy(state), a.EndTurn())


def test_two_complete_sets_one_this_turn_the_other_the_next() -> None:
    state = done(piles(turn_of("mayor"), success=(("regular",),) * 5, fail=(("regular",),) * 5))
    site = applied(state, a.CashSet("success", punk_from="politics"), a.PlacePunk("society"))
    nxt = applied(site, a.EndTurn(), a.DrawToken("politics"))
    assert nxt.turn is not None and nxt.turn.citizen == "coach"
    assert refusal(done(nxt), a.EndTurn()).code == "hope-city.set_due"
    assert applied(done(nxt), a.CashSet("fail", talent_from="coach"), a.EndTurn()).turn.citizen == "engineer"  # type: ignore[union-attr]


def test_a_complete_set_is_cashed_before_the_year_ends() -> None:
    state = piles(cleanup(playing()), fail=(("regular",),) * 5)
    assert refusal(state, a.EndYear()).code == "hope-city.set_due"
    after = applied(state, a.CashSet("fail", talent_from="mayor"), a.EndYear())
    assert after.year == 2 and after.city.blights == 1


# 13. A non-active Coach's token buys RECRUIT


def test_a_recruited_coach_token_copies_a_spent_talent() -> None:
    state = citizen(turn_of("mayor", NO_COACH), "engineer", talents=0)
    state = punks(state, politics=(PUNK,))
    after = applied(state, a.Innovate("politics", PUNK, 5, token_from="coach"))
    assert after.city.on("politics") == () and after.citizen("coach").talents == 1
    assert (after.citizen("mayor").talents, after.citizen("engineer").talents) == (2, 0)
    early = turn_of("mayor", NO_COACH)
    assert (
        refusal(early, a.Innovate("politics", PUNK, 5, token_from="coach")).code == "hope-city.recruit_early"
    )
    doctor = citizen(state, "doctor", talents=0)
    assert refusal(doctor, a.Heal("bag", token_from="coach")).code == "hope-city.recruit_doctor"


# 14. The Drug Dealer's two tokens go to two citizens


def test_the_drug_dealers_two_tokens_go_to_two_citizens() -> None:
    state = replace(citizen(turn_of("doctor"), "doctor", good=False), deal_due=True)
    violation = refusal(state, a.Deal(("coach", "coach")))
    assert (violation.code, violation.rule) == ("hope-city.deal_two", "hope-city/citizens/flaws")
    two = applied(state, a.Deal(("coach", "engineer")))
    assert (two.citizen("coach").corruption, two.citizen("engineer").corruption) == (1, 1)
    option = replace(state, settings=replace(state.settings, deal_to_one=True))
    assert applied(option, a.Deal(("coach", "coach"))).citizen("coach").corruption == 2
    assert applied(legacy(state), a.Deal(("coach", "coach"))).citizen("coach").corruption == 2


# 15. SCAM offers two resources; SCAM and INVEST move no Hope token


def entrepreneur(**options: Any) -> HopeCityState:
    citizens = ("mayor", "entrepreneur", "coach", "doctor")
    return holding(on_turn(playing(citizens, **options), "entrepreneur"), "entrepreneur", "economics")


def test_scam_offers_two_resources() -> None:
    state = entrepreneur()
    violation = refusal(state, a.Scam(0, (("politics", "mayor"),)))
    assert (violation.code, violation.rule) == ("hope-city.scam", "hope-city/citizens/temptations")
    two = applied(state, a.Scam(0, (("politics", "mayor"), ("society", "coach"))))
    assert (
        two.citizen("mayor").tokens.count("politics") == state.citizen("mayor").tokens.count("politics") + 1
    )
    assert two.trade == state.trade.take(["politics", "society"])
    assert accepted(legacy(state), a.Scam(0, (("politics", "mayor"),)))


def test_scam_and_invest_move_resources_not_the_hope_token() -> None:
    state = entrepreneur()
    moves = (
        a.Scam(0, ((HOPE, "mayor"), ("society", "coach"))),
        a.InvestResource("economics", "coach", take=HOPE),
    )
    for move in moves:
        violation = refusal(state, move)
        assert (violation.code, violation.rule) == ("hope-city.token", "hope-city/wage")
    gift = refusal(holding(state, "entrepreneur", HOPE), a.InvestResource(HOPE, "coach", take="politics"))
    assert gift.code == "hope-city.token"
    option = entrepreneur(hope_as_resource=True)
    scammed = applied(option, moves[0])
    assert scammed.citizen("mayor").tokens.count(HOPE) == 1 and scammed.trade.count(HOPE) == 0
    assert applied(option, moves[1]).citizen("entrepreneur").tokens.count(HOPE) == 1
    assert accepted(legacy(state), moves[1])


# 16. All or nothing needs every corruption token in play


@pytest.mark.parametrize(
    ("pool", "roll", "good", "corruption", "pool_after"),
    [
        (1, 2, True, 1, 0),  # the Pool holds 1: it is taken, no all or nothing
        (0, 1, False, 0, 0),  # the Pool is empty: the tempted citizen breaks bad at once
        (2, 2, True, 2, 0),
    ],
)
def test_all_or_nothing_waits_for_an_empty_pool(
    pool: int, roll: int, good: bool, corruption: int, pool_after: int
) -> None:
    state = replace(turn_of("coach"), pool=pool)
    after = applied(state, a.GangUp(roll))
    coach = after.citizen("coach")
    assert (coach.good, coach.corruption, after.pool) == (good, corruption, pool_after)
    assert corruption_total(after) == corruption_total(state)


# 17. The reference says what the engine does, and marks Lantern's readings


def test_the_reference_matches_the_engine_and_lists_the_readings() -> None:
    piles_text = reference().get("hope-city/piles").body
    assert "neither its reward nor its consequence" not in piles_text.replace("\n", " ")
    setup = reference().get("hope-city/setup").body
    assert "Lantern's reading" in setup
    readings = reference().get("hope-city/tracking").body
    for words in ("purple die", "Mobster", "two other citizens", "Hope token", "Pool is empty", "cashed"):
        assert words in readings, words


# Older games replay as they were saved


def saved_games() -> list[str]:
    return sorted(p.name.removesuffix(".lantern.json.gz") for p in SAVED.glob("*.lantern.json.gz"))


@pytest.mark.parametrize("name", saved_games())
def test_a_game_saved_before_the_rules_read_replays_as_it_was_saved(name: str) -> None:
    """Files written by the main of 4 December 2026 (commit b14fc6b): every entry is accepted again, gives
    the events it recorded, and the game ends where it ended, by the readings it was played with."""
    text = gzip.decompress((SAVED / f"{name}.lantern.json.gz").read_bytes()).decode("utf-8")
    session = load_document(text).session
    expected = json.loads((SAVED / "summaries.json").read_text(encoding="utf-8"))[name]
    assert HOPE_CITY.summary(session.state).to_json() == expected
    assert session.state.edition == 1


def test_an_old_choice_of_citizens_reads_as_the_legacy_entry() -> None:
    entry = a.ChooseCitizens((("Ann", "mayor"),), 1, 2, 0)
    old = {**entry.to_json(), "type": "hope-city.choose_citizens"}
    assert CODEC.decode(old) == a.LegacyChooseCitizens((("Ann", "mayor"),), 1, 2, 0)
    assert CODEC.decode(entry.to_json()) == entry
    assert playing().edition == 2
