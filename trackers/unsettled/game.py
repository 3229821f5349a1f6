"""Unsettled: Blackout as a game module. Each action class has one `Rule` beside the appliers of its part
of the game (layout.py, explorers.py, pursuit.py); this module gathers them, reads the options and sums the
state up for the header."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote
from trackers.core.options import options_of, settings_from
from trackers.core.packs import PackKind, register_pack_kind
from trackers.core.registry import register
from trackers.core.rules import Rulebook, RulebookGame
from trackers.unsettled import ENTRY, end, explorers, layout, pursuit, table_notes
from trackers.unsettled.board import example_map, map_problems
from trackers.unsettled.luna import with_rule
from trackers.unsettled.names import as_meant
from trackers.unsettled.rules import PHASES
from trackers.unsettled.state import CARD_NOT_ENTERED, Explorer, Settings, UnsettledState

RULEBOOK: Rulebook[UnsettledState] = Rulebook(
    "unsettled",
    [*layout.RULES, *explorers.RULES, *pursuit.RULES, *end.RULES],
    phases=PHASES,
    always=(end.game_open,),
)
"""Which entries exist in each stretch of the game, and what must be answered first, are the phases of
rules.py; once the table has ended the game, nothing is (end.py)."""


class Unsettled(RulebookGame[UnsettledState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 1
    max_players = 4
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {"example_map": "1"}

    def new_state(self, setup: Setup, seed: int) -> UnsettledState:
        scarab = example_map()
        settings = settings_from(Settings, setup)
        fresh = UnsettledState(
            phase="map",
            scarab=scarab,
            graph=scarab.graph(),
            explorers=tuple(Explorer(name) for name in setup.players),
            settings=settings,
            trap_tray=tuple(f"Trap {n}" for n in range(1, settings.traps + 1)),
            chaos_side=settings.chaos_side,
        )
        return layout.sync_chute(fresh)

    def validate(self, state: UnsettledState, action: Action) -> list[Violation]:
        """Every rule reads the names an entry carries as the table means them (`names.as_meant`)."""
        return self.rulebook.validate(state, as_meant(state, action))

    def apply(self, state: UnsettledState, action: Action, rng: Random) -> tuple[UnsettledState, list[Event]]:
        """Every step the history shows links to the rules section behind it."""
        after, events = self.rulebook.apply(state, as_meant(state, action), rng)
        return after, [with_rule(e) for e in events]

    def describe(self, state: UnsettledState, action: Action) -> str:
        return self.rulebook.describe(state, as_meant(state, action))

    def summary(self, state: UnsettledState) -> Summary:
        scores = tuple(Score(e.name, e.distress) for e in state.explorers)
        if state.survived is not None:
            return Summary(
                None,
                "Game over",
                None,
                scores,
                f"{end.verdict(state.survived)}. Undo to reopen the game.",
                "distress",
            )
        if state.phase == "map":
            return Summary(
                None, "Map", None, scores, "Check the map against your table, then confirm it.", "distress"
            )
        if state.phase == "setup":
            return Summary(
                None, "Setup", None, scores, "Place every explorer and LUNA, then begin.", "distress"
            )
        active = state.active_explorer.name
        if state.pending_checks:
            who, node = state.pending_checks[0]
            step = f"{who} checks for clumsiness in {node}."
        elif state.chaos_pending:
            step = "LUNA causes chaos: roll the discovery die."
        elif state.pursuit:
            step = f"LUNA pursues {state.pursuit}: ire {state.ire} left."
        elif undrawn := [e.name for e in state.explorers if e.incapacitated == CARD_NOT_ENTERED]:
            step = f"Say which incapacitated card {undrawn[0]} drew."
        else:
            step = f"{active} plays, regroups, then LUNA pursues."
        phase = f"Ire {state.ire} · timeline {state.timeline}/{state.settings.chaos_at}"
        return Summary(None, phase, active, scores, step, "distress")

    def moment(self, state: UnsettledState) -> Moment:
        """A new phase, explorer on turn, check, chaos or pursuit is a new step."""
        return (
            state.phase,
            state.active,
            state.pending_checks[:1],
            state.chaos_pending,
            state.pursuit,
            state.survived,
        )

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        return table_notes.notes(events, drew)

    def outcome(self, state: UnsettledState) -> Outcome | None:
        """The survival task and loss come from the base game, so the tracker never ends a game itself: the
        table enters how it ended (`EndGame`). The explorers win or lose together."""
        if state.survived is None:
            return None
        players = tuple(e.name for e in state.explorers)
        return Outcome(
            players if state.survived else (),
            tuple(Score(e.name, e.distress) for e in state.explorers),
            f"{end.verdict(state.survived)}.",
            tuple(
                (e.name, (("Distress", e.distress), ("Discoveries", e.discoveries))) for e in state.explorers
            ),
            cooperative=True,
        )


UNSETTLED = Unsettled()
register_pack_kind(PackKind("unsettled.map", 1, "Scarab map", map_problems))
register(UNSETTLED)
