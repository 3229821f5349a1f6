"""Typed names are matched without regard to case or the spaces around and inside them."""

from hypothesis import given
from hypothesis import strategies as st

from trackers.core.names import known_as, name_key, same_name


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
