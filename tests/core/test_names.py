"""Typed names are matched without regard to case or the spaces around and inside them."""

from hypothesis import given
from hypothesis import strategies as st

from trackers.core.game import check_setup, make_setup
from trackers.core.names import known_as, meant, name_key, same_name
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints
from trackers.scorepad.game import SCOREPAD
from trackers.services.gamefile import dumps, export_document, load_document


def test_case_and_spaces_do_not_make_another_name() -> None:
    assert same_name("mong kok ", "Mong Kok")
    assert same_name("  Wan   Chai", "wan chai")
    assert not same_name("Wan Chai", "WanChai")
    assert name_key(" Canton ") == "canton"


def test_known_as_returns_the_name_as_first_written() -> None:
    assert known_as("MONG KOK", ["Central", "Mong Kok"]) == "Mong Kok"
    assert known_as("Sham Shui Po", ["Central", "Mong Kok"]) is None


@given(st.text(), st.sampled_from(["", " ", "  ", "\t", "\n "]))
def test_padding_never_changes_the_key(name: str, pad: str) -> None:
    assert name_key(pad + name + pad) == name_key(name)
    assert same_name(pad + name, name + pad)


def test_meant_keeps_an_exact_name_and_else_reads_the_key() -> None:
    assert meant(" mong kok", ["Central", "Mong Kok"]) == "Mong Kok"
    assert meant("mong kok", ["Mong Kok", "mong kok"]) == "mong kok"
    assert meant("Sham Shui Po", ["Mong Kok"]) == "Sham Shui Po"


def test_a_new_game_refuses_two_players_named_alike_in_case_or_spaces() -> None:
    assert "two players have the same name" in check_setup(SCOREPAD, ("Ann Lee", " ann  lee"), {})
    assert check_setup(SCOREPAD, ("Ann Lee", "Ann Leigh"), {}) == []
    assert make_setup(SCOREPAD, (" Ann ", "Bob"), {}).players == ("Ann", "Bob")


def test_a_stored_game_with_players_named_apart_by_inner_spaces_still_opens() -> None:
    """Before #28 only case and the spaces around a name made two names one: such a stored game opens."""
    players = ("Ann Lee", "Ann  Lee")
    assert make_setup(SCOREPAD, players, {}, stored=True).players == players
    assert "two players have the same name" in check_setup(SCOREPAD, ("Ann", " ann"), {}, stored=True)
    session = Session(SCOREPAD, make_setup(SCOREPAD, players, {}, stored=True), seed=3)
    session.play(AddPoints("Ann  Lee", 2))
    assert load_document(dumps(export_document(session))).session.state.scores == (0, 2)
