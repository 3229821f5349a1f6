"""ASHES: Blackout Protocol as a game module. Each action class has one `Rule` in the module that owns its
part of the game; this module gathers them, reads the options and sums the state up for the header."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from trackers.ashes import additional, final, main_actions, protocols, rival_turns, round_flow, table
from trackers.ashes.colony import Colony
from trackers.ashes.flow import Rule
from trackers.ashes.materials import Materials
from trackers.ashes.player import PlayerBoard
from trackers.ashes.rival import must_pass
from trackers.ashes.rounds import RIVAL, new_game
from trackers.ashes.state import AshesState, Seat, Settings
from trackers.ashes.terms import Difficulty
from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.game import Option, Outcome, Score, Setup, Summary

DISC_COSTS = {
    "2, 2, 4, 4": (2, 2, 4, 4),
    "2, 2, 3, 3, 4, 4": (2, 2, 3, 3, 4, 4),
    "2, 2, 2, 4, 4, 4": (2, 2, 2, 4, 4, 4),
}
RADIATION_LOSS = ("every survivor sent back", "entered by the table")
MISSION_SECTOR = ("equal to the round", "up to the round")
INCOME = ("an active one taken", "drawn at random")
RIVAL_ACTION_BY = ("vehicle row", "round number")
ROUND3_PASS = ("move and take the reward", "stay put")
FULL_ENTRANCE = ("someone makes room", "it stays in the bag")
STARTING_DATA = (0, 1, 2, 3)
"""Data each player starts with by turn-order position (3.2)."""

OPTIONS = (
    Option(
        "difficulty",
        "Rival difficulty",
        Difficulty.NORMAL.value,
        choices=tuple(d.value for d in Difficulty),
        rule="ashes/solo/difficulty",
        main=True,
    ),
    Option(
        "rival_start_vp",
        "Rival's starting score",
        20,
        minimum=0,
        maximum=99,
        rule="ashes/setup/solo",
        help="The rival's marker starts 'as usual'; Lantern reads that as 20, like a player's.",
    ),
    Option(
        "stacking_class_i",
        "Stacking limit with the class I upgrade",
        2,
        minimum=2,
        maximum=3,
        rule="ashes/upgrades",
        help="As printed, class I keeps the start value of 2.",
    ),
    Option(
        "disc_costs",
        "Strength for each shelter disc",
        next(iter(DISC_COSTS)),
        choices=tuple(DISC_COSTS),
        rule="ashes/actions/build",
        help="Costs are printed for four discs only.",
    ),
    Option(
        "radiation_loss",
        "Happiness lost to radiation",
        RADIATION_LOSS[0],
        choices=RADIATION_LOSS,
        rule="ashes/radiation",
        help="Literal reading: 1 per survivor sent back anywhere. Or enter each player's loss.",
    ),
    Option(
        "lone_survivor",
        "Place a lone last survivor",
        True,
        rule="ashes/rounds/emerge",
        help="When the bag holds 1 survivor for an area that needs 2.",
    ),
    Option(
        "scout_short_bag",
        "Scout with fewer survivors in the bag than you draw",
        True,
        rule="ashes/actions/scout",
        help="Draw what is left instead of being refused.",
    ),
    Option(
        "mission_sector",
        "Vehicle sector for missions",
        MISSION_SECTOR[0],
        choices=MISSION_SECTOR,
        rule="ashes/actions/mission",
    ),
    Option(
        "survivor_vp_upgrade",
        "Upgrade that sets VP per active survivor",
        "colony scoring",
        choices=("activation", "stacking", "storage", "vehicle", "colony scoring", "scout"),
        rule="ashes/colony-scoring",
        help="Colony scoring pays 0, 1 or 2 VP per active survivor; the rulebook names no upgrade for it.",
    ),
    Option(
        "happiness_in_hand",
        "Happiness payments need the happiness on the track",
        False,
        rule="ashes/costs",
        help="The rulebook lets a payment go below 0 at 2 VP a step; the stricter reading refuses it.",
    ),
    Option(
        "income_survivor",
        "Free income survivor",
        INCOME[0],
        choices=INCOME,
        rule="ashes/protocols/pass",
    ),
    Option(
        "round3_pass",
        "Passing in round 3",
        ROUND3_PASS[0],
        choices=ROUND3_PASS,
        rule="ashes/turn-order",
        help="Round 3 has no next round: still move and take the reward (final places break ties), or stay.",
    ),
    Option(
        "income_full_entrance",
        "Income survivor with a full entrance",
        FULL_ENTRANCE[0],
        choices=FULL_ENTRANCE,
        rule="ashes/protocols/pass",
        help="The income survivor always comes; by default someone at the entrance makes room (1 happiness).",
    ),
    Option(
        "rival_action_by",
        "Rival main action chosen by",
        RIVAL_ACTION_BY[0],
        choices=RIVAL_ACTION_BY,
        rule="ashes/solo/rival-turn",
        help="Its vehicle's row, read literally, or the round's number.",
    ),
    Option(
        "rival_bonus_arrow",
        "The rival's bonus turn plays its activator arrow",
        True,
        rule="ashes/solo/rival-pass",
    ),
    Option(
        "rival_marker_resets",
        "A rival marker back on the top step resets for the next round",
        False,
        rule="ashes/solo/rival-pass",
        help="Off: the rival passes at once in the next round, reading the text literally.",
    ),
    Option(
        "rival_installs_count",
        "Rival installs raise your data price",
        True,
        rule="ashes/solo/rival-actions",
    ),
    Option(
        "rival_achievement_upgrades",
        "Rival upgrades on achievement tiles score at the end",
        False,
        rule="ashes/solo/rival-end",
    ),
)

MODULES = (table, protocols, main_actions, additional, round_flow, rival_turns, final)
RULES: Mapping[type[Action], Rule] = {kind: rule for module in MODULES for kind, rule in module.RULES.items()}
ACTIONS: tuple[type[Action], ...] = tuple(RULES)


def settings(setup: Setup) -> Settings:
    class_i = int(setup.option("stacking_class_i"))
    return Settings(
        difficulty=Difficulty(setup.option("difficulty")),
        rival_start_vp=int(setup.option("rival_start_vp")),
        stacking_by_class=(2, class_i, 3),
        disc_costs=DISC_COSTS[str(setup.option("disc_costs"))],
        radiation_manual=setup.option("radiation_loss") == RADIATION_LOSS[1],
        lone_survivor_placed=bool(setup.option("lone_survivor")),
        scout_short_bag=bool(setup.option("scout_short_bag")),
        mission_sector_up_to_round=setup.option("mission_sector") == MISSION_SECTOR[1],
        rival_installs_count=bool(setup.option("rival_installs_count")),
        rival_achievement_upgrades_count=bool(setup.option("rival_achievement_upgrades")),
        survivor_vp_family=str(setup.option("survivor_vp_upgrade")),
        happiness_paid_in_hand=bool(setup.option("happiness_in_hand")),
        rival_action_by_round=setup.option("rival_action_by") == RIVAL_ACTION_BY[1],
        income_drawn_at_random=setup.option("income_survivor") == INCOME[1],
        round3_pass_stays=setup.option("round3_pass") == ROUND3_PASS[1],
        income_makes_room=setup.option("income_full_entrance") == FULL_ENTRANCE[0],
        rival_bonus_arrow=bool(setup.option("rival_bonus_arrow")),
        rival_marker_resets=bool(setup.option("rival_marker_resets")),
    )


def _seat(name: str, position: int, chosen: Settings) -> Seat:
    board = PlayerBoard(
        Materials.empty(),
        production_tops=(1, 1, 1),
        data=STARTING_DATA[position],
        stacking_by_class=chosen.stacking_by_class,
    )
    return Seat(name, board, Colony((), disc_costs=chosen.disc_costs))


class Ashes:
    id = "ashes"
    title = "ASHES: Blackout Protocol"
    min_players = 1
    max_players = 4
    options = OPTIONS
    actions = ACTIONS
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> AshesState:
        """One player plays solo against the rival, whose components are entered before round 1.

        Production tracks read (1, 1, 1) as their top until the board entry gives the real ones."""
        chosen = settings(setup)
        solo = len(setup.players) == 1
        seats = tuple(_seat(name, i, chosen) for i, name in enumerate(setup.players))
        return AshesState(new_game(setup.players, solo=solo), seats, chosen)

    def validate(self, state: AshesState, action: Action) -> list[Violation]:
        """Every refusal carries its code and rules section; the first reason that applies is enough."""
        return RULES[type(action)].check(state, action)

    def apply(self, state: AshesState, action: Action, rng: Random) -> tuple[AshesState, list[Event]]:
        return RULES[type(action)].apply(state, action, rng)

    def describe(self, state: AshesState, action: Action) -> str:
        return RULES[type(action)].describe(state, action)

    def summary(self, state: AshesState) -> Summary:
        return summary(state)

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
