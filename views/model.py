"""The app's observable model: the open game, the current screen, and the last refusal or error.

Components read it and call its methods; it forwards to the store and the session, and turns every
refusal or failure into a message on screen instead of a traceback.

A component given an observable as an argument re-renders whenever any field of it changes, so what
changes on every entry lives in observables of its own, held by the model, and only the components that
show it are given them: `revision` (the open game changed: the game's header, panel and Undo/Redo
re-render, not the shell), `log` (the history, which follows `revision` a moment later, so the frame that
shows an entry's result carries nothing else) and `notices` (the refusal bar alone). The model's own
fields change when the player goes somewhere else (a tab, a screen, another game), and then the whole
screen is new anyway.

A page from another device (`visitor`) is not `admitted` until it gives the join code
(trackers/services/lan.py): until then the shell shows the join screen alone, and the model has not even
listed the games.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from rules_ref import Reference, reference
from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.game import GameModule, Moment, Outcome, Summary, TableNote, make_setup
from trackers.core.packs import Pack, PackError, dumps, fetch_pack
from trackers.core.registry import get_game
from trackers.services.gamefile import GameFileError
from trackers.services.lan import SETTING, JoinDoor, Listening, network_setting
from trackers.services.live import LiveGames, Watch
from trackers.services.storage import GameChangedElsewhere, GameInfo, StorageError, Store, StoredGame

THEMES = ("system", "light", "dark")
HOST_ONLY = "Only the device Lantern runs on can change this."
HOST_DELETES = "Only the device Lantern runs on can delete a game."
LOG_DELAY_S = 0.04
"""How long after an entry's result the history shows its line: past the frame that shows the result, which
then carries only what the player tapped for (a new line costs the browser as much again)."""


@dataclass(frozen=True)
class Notice:
    """A message pinned above the navigation bar: a refusal (with its rule) or a failure (storage, file)."""

    message: str
    rule: str | None = None
    kind: str = "refusal"


@ft.observable
@dataclass(eq=False)
class Revision:
    """Bumped on every change to the open game: its session mutates in place, unseen. The game screen and
    the Undo/Redo buttons are given it, so an entry re-renders them and leaves the shell alone."""

    number: int = 0


@ft.observable
@dataclass(eq=False)
class Notices:
    """The refusal or failure on show: given to the refusal bar alone."""

    notice: Notice | None = None
    times: int = 1
    """How often in a row the notice on show was given."""


@ft.observable
@dataclass(eq=False)
class Presence:
    """Whom this page plays in the open game (None: the whole table) and whom the other screens on it play:
    given to the header's company line alone."""

    seat: str | None = None
    others: tuple[str | None, ...] = ()


@ft.observable
@dataclass
class AppModel:
    store: Store
    tab: str = "games"
    screen: str = "home"
    game: StoredGame | None = None
    revision: Revision = field(default_factory=Revision)
    log: Revision = field(default_factory=Revision)
    """The history's revision (Undo and Redo follow it too): it catches up with `revision` `LOG_DELAY_S` after
    each change."""
    notices: Notices = field(default_factory=Notices)
    theme: str = "system"
    rules_query: str = ""
    rules_pack: str | None = None
    rules_section: str | None = None
    games_list: list[GameInfo] = field(default_factory=list)
    back_to: str = "home"
    """The screen closing the open game returns to: Home, or the play history it was opened from."""
    confirm_delete: str | None = None
    rule_over_game: bool = False  # a rule opened from the game shows over it; the game stays as it was
    packs_saved: int = 0  # bumped when a pack is saved or imported: the screens that list packs re-render
    run_here: Callable[[Callable[[], None]], None] = field(default=lambda show: show(), repr=False)
    """Runs a change another screen made in this page's own context (the app passes page.run_thread)."""
    later: Callable[[float, Callable[[], None]], None] = field(default=lambda delay, step: step(), repr=False)
    """Runs a step after a delay in seconds, in this page's own context (the app passes a page task)."""
    watching: Watch | None = field(default=None, repr=False)
    presence: Presence = field(default_factory=Presence)
    listening: Listening | None = None
    """Where the server listens; None when this app is no server (a desktop window, a packaged app)."""
    visitor: bool = False
    """The page is another device's: it must give the join code, and it is never shown it."""
    client: str = ""
    """The visiting page's address, which its wrong codes count against."""
    admitted: bool = True
    play_on_network: bool = False
    """The stored setting, which the server reads when it starts."""
    join_codes: int = 0  # bumped when any of the host's tabs draws a new join code: Settings re-render
    _door: Callable[[], None] | None = field(default=None, repr=False)
    """Stops the join door telling this page of new codes."""
    _read: tuple[object, int, Summary, Outcome | None] | None = field(default=None, repr=False)
    """The open game's summary and outcome as of its revision: read once per change, however many parts
    of the screen show them (a field named with `_` changes without telling anyone)."""

    def __post_init__(self) -> None:
        self.theme = self.store.get_setting("theme", "system")
        self.play_on_network = network_setting(self.store)
        self.admitted = not self.visitor
        if self.admitted:
            self.refresh()
        if not self.visitor:
            self._door = JoinDoor.of(self.store).watch(lambda: self.run_here(self._new_code_drawn))

    def join(self, typed: str) -> str | None:
        """A visiting page gives the join code; returns why it was refused (nothing else changes then)."""
        knock = JoinDoor.of(self.store).knock(self.client, typed)
        if knock.refusal is not None:
            return knock.refusal
        self.admitted = True
        self.refresh()
        return None

    @property
    def join_code(self) -> str:
        """The code the host's screen shows, read afresh (each of the host's tabs is told when another draws
        a new one); a visiting page is never given it."""
        return "" if self.visitor else JoinDoor.of(self.store).shown

    def new_join_code(self) -> None:
        if self.visitor:
            self.show_notice(Notice(HOST_ONLY, kind="error"))
            return
        JoinDoor.of(self.store).new_code()  # every host tab is told, this one too
        self.show_notice(Notice("A new join code: devices already in stay in.", kind="info"))

    def set_play_on_network(self, on: bool) -> None:
        """Stored now, used when the server next starts (trackers/services/lan.py `listen_host`)."""
        if self.visitor:
            self.show_notice(Notice(HOST_ONLY, kind="error"))
            return
        try:
            self.store.set_setting(SETTING, "on" if on else "off")
        except (StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Not saved, so nothing changed: {exc}", kind="error"))
            return
        self.play_on_network = on

    def _watch(self, watch: Watch) -> StoredGame:
        """Show a live game shared with every other screen on it; stop showing the one before."""
        if self.watching is not None:
            self.watching.stop()
        self.watching = watch
        self._company_seen()
        return watch.game

    def _live(self, game: StoredGame) -> StoredGame:
        """Show a game just created or imported, as the live game every screen on it shares."""
        return self._watch(LiveGames.of(self.store).watch(game, self._told, self._company))

    def _new_code_drawn(self) -> None:
        self.join_codes += 1

    def stop_watching(self) -> None:
        if self.watching is not None:
            self.watching.stop()
            self.watching = None

    def leave(self) -> None:
        """The page is gone: the open game and the join door stop telling it."""
        self.stop_watching()
        if self._door is not None:
            self._door()
            self._door = None

    def _company(self) -> None:
        self.run_here(self._company_seen)

    def _company_seen(self) -> None:
        watch = self.watching
        self.presence.seat = None if watch is None else watch.seat
        self.presence.others = () if watch is None else watch.others()

    def take_seat(self, seat: str | None) -> None:
        """Play as one of the open game's players, or the whole table (None); the other screens are told."""
        assert self.watching is not None
        try:
            self.watching.take_seat(seat)
        except ValueError as exc:
            self.show_notice(Notice(str(exc), kind="error"))
            return
        self.presence.seat = seat

    def _told(self, game: StoredGame) -> None:
        self.run_here(lambda: self._changed_elsewhere(game))

    def _changed_elsewhere(self, game: StoredGame) -> None:
        if self.game is not None and self.game.id == game.id:
            self.game = game
            self._changed()

    @property
    def reference(self) -> Reference:
        return reference()

    @property
    def notice(self) -> Notice | None:
        return self.notices.notice

    def show_notice(self, notice: Notice | None) -> None:
        """Show a notice (None: none). The same one again, as a repeated refused tap gives, is counted, so
        the bar says it again instead of looking as if nothing happened."""
        if notice is not None and notice == self.notices.notice:
            self.notices.times += 1
            return
        self.notices.times = 1
        self.notices.notice = notice

    def summary(self) -> Summary:
        return self._reading()[2]

    def outcome(self) -> Outcome | None:
        return self._reading()[3]

    def moment(self) -> Moment:
        """The step the open game is at (views/step.py brings it into view when it changes)."""
        assert self.game is not None
        return self.game.session.module.moment(self.game.session.state)

    def table_notes(self) -> tuple[TableNote, ...]:
        """What Lantern drew, rolled or played in the open game's latest step."""
        assert self.game is not None
        return self.game.session.table_notes()

    def _reading(self) -> tuple[object, int, Summary, Outcome | None]:
        assert self.game is not None
        read = self._read
        if read is None or read[0] is not self.game.session or read[1] != self.revision.number:
            module, state = self.game.session.module, self.game.session.state
            read = (self.game.session, self.revision.number, module.summary(state), module.outcome(state))
            self._read = read
        return read

    @property
    def module(self) -> GameModule:
        assert self.game is not None
        return self.game.session.module

    def refresh(self) -> None:
        self.games_list = self.store.list_games()

    @property
    def game_on_screen(self) -> bool:
        return self.game is not None and self.tab == "games" and self.screen == "game"

    @property
    def screen_key(self) -> str:
        """Names what the main view shows; a new name is a new screen, which opens at its top."""
        if self.tab == "rules":
            return f"rules-{self.rules_section or 'search'}"
        if self.tab == "settings":
            return "settings"
        if self.game_on_screen and self.game is not None:
            return f"game-{self.game.id}"
        return self.screen if self.screen in ("new", "plays") else "home"

    def go(self, tab: str, screen: str | None = None) -> None:
        self.tab = tab
        if screen is not None:
            self.screen = screen
        self.show_notice(None)
        self.rule_over_game = False

    def start_game(
        self, game_id: str, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> str | None:
        """Create and open a game; returns the reason when the setup is refused."""
        module = get_game(game_id)
        try:
            setup = make_setup(module, tuple(players), options)
            created = self.store.create_game(module, setup, seed)
        except ValueError as exc:
            return str(exc)
        except (StorageError, sqlite3.Error) as exc:
            return f"Could not save the new game: {exc}"
        self.game = self._live(created)
        self._opened()
        return None

    def open_game(self, game_id: str, *, back_to: str = "home") -> None:
        """Open a saved game (a finished one shows its results on top); closing it returns to `back_to`."""
        try:
            watch = LiveGames.of(self.store).open(game_id, self._told, self._company)
        except (KeyError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Could not open this game: {exc}", kind="error"))
            return
        self.game = self._watch(watch)
        self._opened()
        self.back_to = back_to

    def close_game(self) -> None:
        self.stop_watching()
        self.game = None
        self.screen = self.back_to
        self.back_to = "home"
        self.show_notice(None)
        self.rule_over_game = False
        self.refresh()

    def ask_delete(self, game_id: str | None) -> None:
        if self.visitor and game_id is not None:
            self.show_notice(Notice(HOST_DELETES, kind="error"))
            return
        self.confirm_delete = game_id

    def delete_game(self, game_id: str) -> None:
        """Delete a stored game: on the host device alone, since a visiting phone's slip would take a game
        from the whole table."""
        self.confirm_delete = None
        if self.visitor:
            self.show_notice(Notice(HOST_DELETES, kind="error"))
            return
        try:
            self.store.delete_game(game_id)
        except (KeyError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Could not delete this game: {exc}", kind="error"))
            return
        LiveGames.of(self.store).forget(game_id)
        if self.game is not None and self.game.id == game_id:
            self.game = None
            self.watching = None
            self.screen = "home"
        self.refresh()

    def export_game(self, game_id: str) -> str | None:
        try:
            return self.store.export_game(game_id)
        except (KeyError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Could not export this game: {exc}", kind="error"))
            return None

    def import_game(self, text: str | bytes) -> None:
        try:
            imported = self.store.import_game(text)
        except (GameFileError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"This game file was not imported: {exc}", kind="error"))
            return
        self.game = self._live(imported)
        self._opened()

    def packs(self, kind: str) -> list[Pack]:
        return self.store.list_packs(kind)

    def save_pack(self, pack: Pack, *, replace: bool = False) -> bool:
        """Keep user-entered content (a map, a deck) for later games; a problem is shown, not raised."""
        try:
            self.store.save_pack(pack, replace=replace)
        except (PackError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Not saved: {exc}", kind="error"))
            return False
        self.show_notice(Notice(f"Saved “{pack.name}”.", kind="info"))
        self.packs_saved += 1
        return True

    def import_pack(self, text: str | bytes, kind: str) -> Pack | None:
        try:
            pack = self.store.import_pack(text, expected_kind=kind, replace=True)
        except (PackError, StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Not imported: {exc}", kind="error"))
            return None
        self.show_notice(Notice(f"Imported “{pack.name}”.", kind="info"))
        self.packs_saved += 1
        return pack

    def fetch_pack(self, url: str, kind: str) -> Pack | None:
        try:
            pack = fetch_pack(url.strip(), expected_kind=kind)
        except PackError as exc:
            self.show_notice(Notice(f"Not imported: {exc}", kind="error"))
            return None
        return self.import_pack(dumps(pack), kind)

    def check(self, action: Action) -> list[Violation]:
        """Why the open game would refuse `action` now, recording nothing: a button's disabled reason."""
        return [] if self.game is None else self.game.session.check(action)

    def dispatch(self, *actions: Action) -> bool:
        """Send actions to the open game as one undo step; a refusal or a save failure shows why."""
        assert self.watching is not None
        try:
            result = self.watching.change(lambda game: game.session.dispatch_group(list(actions)))
        except GameChangedElsewhere:
            self._reloaded()
            return False
        except (StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Not saved, so nothing changed: {exc}", kind="error"))
            return False
        if not result.ok:
            first = result.violations[0]
            self.show_notice(Notice(first.message, first.rule))
            return False
        self.show_notice(None)
        self._changed()
        return True

    def undo(self) -> None:
        self._step(back=True)

    def redo(self) -> None:
        self._step(back=False)

    def refuse(self, message: str, rule: str) -> None:
        """An entry a panel could not even turn into an action (not a number, say)."""
        self.show_notice(Notice(message, rule))

    def dismiss(self) -> None:
        self.show_notice(None)

    def show_rule(self, section_id: str) -> None:
        """Open a rules section: over the game when one is on screen (Back returns to it as it was)."""
        self.rules_section = section_id
        if self.game_on_screen:
            self.rule_over_game = True
        else:
            self.tab = "rules"

    def back_to_game(self) -> None:
        self.rule_over_game = False

    def search_rules(self, query: str) -> None:
        self.rules_query = query
        self.rules_section = None

    def filter_rules(self, pack: str | None) -> None:
        self.rules_pack = pack

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}")
        self.theme = theme
        self.store.set_setting("theme", theme)

    def _step(self, *, back: bool) -> None:
        assert self.watching is not None
        try:
            moved = self.watching.change(lambda game: game.session.undo() if back else game.session.redo())
        except GameChangedElsewhere:
            self._reloaded()
            return
        except (StorageError, sqlite3.Error) as exc:
            self.show_notice(Notice(f"Not saved, so nothing changed: {exc}", kind="error"))
            return
        if moved:
            self.show_notice(None)
            self._changed()

    def _changed(self) -> None:
        """The open game changed: its screen follows now, its history a moment later."""
        self.revision.number += 1
        self.later(LOG_DELAY_S, self._log_caught_up)

    def _log_caught_up(self) -> None:
        if self.log.number != self.revision.number:
            self.log.number = self.revision.number

    def _reloaded(self) -> None:
        """Another process changed the game first: show it as stored, and say the entry was not kept."""
        assert self.watching is not None
        self.game = self.watching.game
        self._changed()
        self.show_notice(Notice(GameChangedElsewhere.SCREEN_MESSAGE, kind="error"))

    def _opened(self) -> None:
        if self.module.id in self.reference.packs():  # the Rules tab searches the open game's rules first
            self.rules_pack = self.module.id
        self.back_to = "home"
        self.tab = "games"
        self.screen = "game"
        self.show_notice(None)
        self.rule_over_game = False
        self._changed()
        self.refresh()
