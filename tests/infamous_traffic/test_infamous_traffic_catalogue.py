"""The card catalogue (issue #32): a card read once fills the Inquire or the London Season prize the table
would type, and a game played from the catalogue replays without it.

The rulebook prints no cards: every card here is made-up test data, named so.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.infamous_traffic import play
from trackers.core.packs import PackError, dumps, parse_pack
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic.catalogue import (
    CardEntry,
    card_to_json,
    cards_in,
    catalogue,
    inquire_from,
    prize_from,
)
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC as GAME
from trackers.services.gamefile import dumps as game_dumps
from trackers.services.gamefile import export_document, load_document

NAME = "Test catalogue (made up)"
AGENT = CardEntry("Test agent (made up)", upkeep=1, vp=2, parties=1, locked=True)
BRIDE = CardEntry("Test bride (made up)", upkeep=2, vp=5, prize="marriage", debt=3)


def test_a_catalogued_card_fills_the_entries_the_table_would_type() -> None:
    assert inquire_from(AGENT) == it.Inquire("Test agent (made up)", 1, 2, 1, True)
    assert prize_from(BRIDE) == it.TakePrize("Test bride (made up)", "marriage", 3, 2, 5, 0, True)
    assert prize_from(BRIDE, face_up=False) == it.TakePrize(
        "Test bride (made up)", "marriage", debt=3, upkeep=2, vp=5, face_up=False
    )


def test_a_catalogue_survives_export() -> None:
    pack = parse_pack(dumps(catalogue(NAME, (AGENT, BRIDE))), expected_kind="infamous-traffic.cards")
    assert cards_in(pack) == (AGENT, BRIDE)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"vp": 100}, "'vp' must be a whole number from 0 to 99, not 100"),
        ({"upkeep": True}, "'upkeep' must be a whole number from 0 to 99, not True"),
        ({"locked": 1}, "'locked' must be true or false, not 1"),
        (
            {"prize": "dowry"},
            "'prize' must be one of '', 'wealth', 'marriage', 'family', 'secret', not 'dowry'",
        ),
        ({"deck": "london"}, "'deck' is not a field it has"),
        ({"name": ""}, "'name' must be a name without spaces around it, not ''"),
    ],
)
def test_a_malformed_card_is_refused_with_its_field_named(change: dict[str, object], reason: str) -> None:
    data = {"cards": [{**card_to_json(AGENT), **change}]}
    doc = {
        "format": "lantern-pack",
        "kind": "infamous-traffic.cards",
        "name": NAME,
        "version": 1,
        "data": data,
    }
    with pytest.raises(PackError) as refused:
        parse_pack(json.dumps(doc))
    message = str(refused.value)
    assert message.startswith("This Infamous Traffic card catalogue pack is not valid: card 1")
    assert reason in message


def test_a_game_played_with_a_catalogue_replays_without_it() -> None:
    """Three players keep catalogued cards whenever they inquire, and draft catalogued prizes; the game
    file holds no trace of the catalogue, and reading it back gives the same game."""
    cards = cards_in(catalogue(NAME, (CardEntry("Test clerk (made up)", upkeep=1, vp=1), BRIDE)))
    session = play.started(3, seed=5)
    rng = random.Random(5)
    used: set[str] = set()
    for _ in range(1500):
        state = session.state
        if state.result:
            break
        if state.question is None and state.on_turn is not None:
            entry = prize_from(cards[1]) if state.stage == "season" else inquire_from(cards[0])
            if rng.random() < 0.3 and not GAME.validate(state, entry):
                session.dispatch(entry)
                used.add(type(entry).__name__)
                continue
        if not play.step(session, rng):
            break
    assert used == {"Inquire", "TakePrize"}
    text = game_dumps(export_document(session))
    assert NAME not in text and "infamous-traffic.cards" not in text
    assert load_document(text).session.state == session.state


def test_another_games_catalogue_is_refused_by_its_title() -> None:
    text = dumps(catalogue(NAME, (AGENT,)))
    with pytest.raises(PackError) as refused:
        parse_pack(text, expected_kind="hope-city.cards")
    assert (
        str(refused.value)
        == "This pack holds an Infamous Traffic card catalogue, not a Hope City card catalogue."
    )
