"""ASHES: Blackout Protocol as a game module. Each action class has one `Rule` in the `rules` module of its
rulebook section; this module gathers them into the rulebook and sums the state up for the header."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from trackers.ashes import ENTRY, table_notes
from trackers.ashes.colony.materials import Materials
from trackers.ashes.colony.player_board import PlayerBoard
from trackers.ashes.colony.shelters import Colony
from trackers.ashes.names import as_meant
from trackers.ashes.rival.play import must_pass
from trackers.ashes.rounds.turn_order import RIVAL, new_game
from trackers.ashes.rules import (
    additional_actions,
    adjustments,
    game_end,
    main_actions,
    protocols,
    rival_turns,
    round_setup,
)
from trackers.ashes.state import AshesState, Seat, Settings
from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote
from trackers.core.options import options_of, settings_from
from trackers.core.registry import register
from trackers.core.rules import Rulebook, RulebookGame

STARTING_DATA = (0, 1, 2, 3)
"""Data each player starts with by turn-order position (3.2)."""

RULEBOOK: Rulebook[AshesState] = Rulebook(
    "ashes",
    [
        *adjustments.RULES,
        *protocols.RULES,
        *main_actions.RULES,
        *additional_actions.RULES,
        *round_setup.RULES,
        *rival_turns.RULES,
        *game_end.RULES,
    ],
)


def _seat(name: str, position: int, chosen: Settings) -> Seat:
    board = PlayerBoard(
        Materials.empty(),
        production_tops=(1, 1, 1),
        data=STARTING_DATA[position],
        stacking_by_class=chosen.stacking_by_class,
    )
    return Seat(name, board, Colony((), disc_costs=chosen.disc_costs))


class Ashes(RulebookGame[AshesState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 1
    max_players = 4
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> AshesState:
        """One player plays solo against the rival, whose components are entered before round 1.

        Production tracks read (1, 1, 1) as their top until the board entry gives the real ones."""
        chosen = settings_from(Settings, setup)
        solo = len(setup.players) == 1
        seats = tuple(_seat(name, i, chosen) for i, name in enumerate(setup.players))
        return AshesState(new_game(setup.players, solo=solo), seats, chosen)

    def validate(self, state: AshesState, action: Action) -> list[Violation]:
        """Every rule reads the names an entry carries as the table means them (`names.as_meant`)."""
        return self.rulebook.validate(state, as_meant(state, action))

    def apply(self, state: AshesState, action: Action, rng: Random) -> tuple[AshesState, list[Event]]:
        return self.rulebook.apply(state, as_meant(state, action), rng)

    def describe(self, state: AshesState, action: Action) -> str:
        return self.rulebook.describe(state, as_meant(state, action))

    def summary(self, state: AshesState) -> Summary:
        return summary(state)

    def moment(self, state: AshesState) -> Moment:
        """A new round, phase, player on turn or set-up step is a new step."""
        now = summary(state)
        return (now.round, now.phase, now.turn, len(state.rounds.setup_left))

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        return table_notes.notes(events, drew)

    def outcome(self, state: AshesState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        return Outcome(
            (result.winner,),
            tuple(Score(s.name, s.vp) for s in result.ranking),
            result.verdict,
            tuple((s.name, s.breakdown) for s in result.ranking),
        )


def _set_up_next(state: AshesState) -> str | None:
    """The next set-up entry still missing before round 1 can start, if any."""
    if state.board is None:
        return "Enter the board: its areas and the production track tops."
    if state.solo and state.rival is None:
        return "Enter the rival's components from its difficulty card and colony board."
    if round_setup.tiles_due(state):
        return "Lay the achievement tiles: two of the three show 2 spaces."
    return None


def summary(state: AshesState) -> Summary:
    rounds = state.rounds
    scores = [Score(s.name, s.vp) for s in state.seats]
    if state.rival is not None:
        scores.append(Score(RIVAL, state.rival.vp))
    if state.result is not None:
        final_scores = tuple(Score(s.name, s.vp) for s in state.result.ranking)
        return Summary(rounds.round, "Game over", None, final_scores, state.result.verdict)
    if rounds.game_over:
        return Summary(rounds.round, "Final scoring", None, tuple(scores), "Enter the final counts.")
    if state.pending_card is not None:
        return Summary(rounds.round, "Turns", RIVAL, tuple(scores), "Answer the rival card's question.")
    if state.rival is not None and state.rival.bonus_turn_due:
        return Summary(rounds.round, "Turns", RIVAL, tuple(scores), "Reveal the rival's bonus card.")
    if rounds.setup_left:
        step = _set_up_next(state) or rounds.setup_left[0].text
        return Summary(rounds.round, "Round setup", None, tuple(scores), step)
    if rounds.current is None:
        return Summary(rounds.round, "Round over", None, tuple(scores), "Everyone has passed: end the round.")
    step = f"{rounds.current} plays a protocol or passes."
    if rounds.current == RIVAL and state.rival is not None:
        step = "The rival passes." if must_pass(state.rival) else "Reveal the rival's next card."
    return Summary(rounds.round, "Turns", rounds.current, tuple(scores), step)


ASHES = Ashes()
register(ASHES)
