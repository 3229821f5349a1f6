"""One authority per game in a process: every screen showing a game shares its one live session, changes
go through it one at a time, and the other screens hear of each change (issue 9, point 1)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import trackers  # noqa: F401  (registers the games)
from tests.wasm import no_threads
from trackers.core.game import make_setup
from trackers.scorepad.actions import AddPoints
from trackers.scorepad.game import SCOREPAD
from trackers.services.live import LiveGames
from trackers.services.storage import GameChangedElsewhere, Store, StoredGame


class Screen:
    """What a screen does when told of a change: it shows the game it was given."""

    def __init__(self) -> None:
        self.told: list[StoredGame] = []

    def __call__(self, game: StoredGame) -> None:
        self.told.append(game)


def new_game(store: Store) -> StoredGame:
    return store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob"), {}), 7)


def scores(game: StoredGame) -> tuple[int, ...]:
    return tuple(game.session.state.scores)


def test_two_screens_share_one_session_and_hear_of_each_others_entries(store: Store) -> None:
    live = LiveGames(store)
    screen_a, screen_b = Screen(), Screen()
    a = live.watch(new_game(store), screen_a)
    b = live.open(a.game.id, screen_b)
    assert b.game is a.game

    a.change(lambda game: game.session.play(AddPoints("Ann", 5)))
    assert (screen_a.told, [scores(g) for g in screen_b.told]) == ([], [(5, 0)])
    b.change(lambda game: game.session.play(AddPoints("Ann", 1)))
    assert scores(a.game) == (6, 0)
    assert len(screen_a.told) == 1

    assert b.change(lambda game: game.session.undo()) is True
    assert scores(a.game) == (5, 0)
    assert scores(store.open_game(a.game.id)) == (5, 0)


def test_a_game_no_screen_shows_is_let_go_and_read_again(store: Store) -> None:
    live = LiveGames(store)
    a = live.watch(new_game(store), Screen())
    game_id = a.game.id
    b = live.open(game_id, Screen())
    a.stop()
    assert live.is_open(game_id)
    b.stop()
    assert not live.is_open(game_id)
    again = live.open(game_id, Screen())
    assert again.game is not a.game
    assert again.game.session.entries == a.game.session.entries


def test_a_change_from_another_process_reloads_every_screen(store: Store, database: Path) -> None:
    live = LiveGames(store)
    screen_a, screen_b = Screen(), Screen()
    a = live.watch(new_game(store), screen_a)
    b = live.open(a.game.id, screen_b)
    with Store(database) as other_process:
        other_process.open_game(a.game.id).session.play(AddPoints("Bob", 3))

    with pytest.raises(GameChangedElsewhere):
        a.change(lambda game: game.session.play(AddPoints("Ann", 9)))
    assert [scores(g) for g in screen_a.told] == [(0, 3)]
    assert [scores(g) for g in screen_b.told] == [(0, 3)]
    assert a.game is b.game
    a.change(lambda game: game.session.play(AddPoints("Ann", 2)))
    assert scores(store.open_game(a.game.id)) == (2, 3)


@no_threads
def test_entries_from_many_threads_go_through_one_at_a_time(store: Store) -> None:
    """Flet runs each page's handlers on worker threads: two screens tapping at once lose nothing."""
    live = LiveGames(store)
    first = live.watch(new_game(store), Screen())
    watches = [first] + [live.open(first.game.id, Screen()) for _ in range(3)]
    taps = 60

    def tap(index: int) -> None:
        for _ in range(taps):
            watches[index].change(lambda game: game.session.play(AddPoints("Ann", 1)))

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(watches))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = (taps * len(watches), 0)
    assert scores(first.game) == expected
    assert scores(store.open_game(first.game.id)) == expected


def test_a_deleted_game_is_forgotten(store: Store) -> None:
    live = LiveGames(store)
    a = live.watch(new_game(store), Screen())
    store.delete_game(a.game.id)
    live.forget(a.game.id)
    assert not live.is_open(a.game.id)
    with pytest.raises(KeyError):
        live.open(a.game.id, Screen())


class Company:
    """What a screen does when told that the company on its game changed: it counts."""

    def __init__(self) -> None:
        self.told = 0

    def __call__(self) -> None:
        self.told += 1


def test_each_screen_sees_whom_the_others_play_and_hears_when_it_changes(store: Store) -> None:
    live = LiveGames(store)
    company_a, company_b = Company(), Company()
    a = live.watch(new_game(store), Screen(), company_a)
    assert a.seat is None and a.others() == ()
    b = live.open(a.game.id, Screen(), company_b)
    assert (company_a.told, company_b.told) == (1, 0)  # a screen came
    assert a.others() == (None,) and b.others() == (None,)

    b.take_seat("Bob")
    assert (company_a.told, company_b.told) == (2, 0)
    assert a.others() == ("Bob",) and b.others() == (None,)
    a.take_seat("Ann")
    assert b.others() == ("Ann",)
    a.take_seat(None)  # back to the whole table
    assert b.others() == (None,)

    with pytest.raises(ValueError, match="'Cy' does not play this game: pick one of Ann, Bob"):
        b.take_seat("Cy")
    assert a.others() == ("Bob",)

    told = company_a.told
    b.stop()
    assert company_a.told == told + 1 and a.others() == ()
