"""Blackout: Hong Kong's screens without a browser: a solo campaign round through all eight phases entered
on the Round screen's controls, a refused placement with its reason and rule, and a two-player single game
whose screens render in every stage."""

from __future__ import annotations

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.blackout_hk import actions as a
from trackers.blackout_hk import queries
from trackers.blackout_hk.catalogue import CardEntry, Goal
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.blackout_hk.state import BlackoutState
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services.storage import Store
from views.app import start
from views.catalogue import MY_CARDS

P1 = "Player 1"


def _sent(store: Store) -> a.Action:
    """The last entry the screen sent."""
    return store.open_game(store.list_games()[0].id).session.entries[-1].action


def _bought(store: Store) -> a.Action:
    """The last purchase the screen sent (the pass it forces may follow it: 4 HK$ spent of 4)."""
    entries = store.open_game(store.list_games()[0].id).session.entries
    return next(e.action for e in reversed(entries) if isinstance(e.action, a.Buy))


def _said_once(page: FakePage) -> bool:
    """The step the table is at shows once on the round screen: no form's heading says it again (#28 point
    3). The game's status header keeps its own line, above the step the screen scrolls to."""
    step = page.identified("bhk-step").rstrip(".")
    said = sum(text.rstrip(".") == step for text in page.texts())
    return said == 1 + (page.identified("next-step").rstrip(".") == step)


def _state(store: Store) -> BlackoutState:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, BlackoutState)
    return state


async def _new_game(page: FakePage, *, solo: bool) -> None:
    await page.fire("new-game")
    await page.fire("pick-blackout-hk")
    if solo:
        await page.fire("players-fewer")
        await page.fire("option-mode-the campaign")
    await page.change("seed", "3")
    await page.fire("start-game")


async def _taps(page: FakePage, *keys: str) -> None:
    for key in keys:
        await page.fire(key)


def test_a_solo_campaign_round_through_all_eight_phases(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page, solo=True)
        assert page.identified("bhk-step") == "Enter the components' data Lantern may use, then start."
        await page.fire("bhk-start")  # plan A beside the board: 3 goals (the stepper's default)
        assert _state(store).public_plans == (("A", 3),)

        await page.change("bhk-start-location", "Mong Kok")
        await page.fire("bhk-start-place")
        assert _state(store).stage == "dice"

        # Phase 1: a roll with a match; only the matching dice are rolled again.
        await _taps(page, "bhk-die-red-food", "bhk-die-yellow-food", "bhk-die-blue-water", "bhk-dice-go")
        assert page.identified("bhk-step") == "Roll again: red and yellow."
        assert _said_once(page), "the dice form does not say the step again"
        assert not page.has("bhk-die-blue-food"), "the blue die stays as it is"
        await page.fire("bhk-die-yellow-tools")
        assert page.identified("bhk-dice-go-blocked") == "Pick what red show."
        await _taps(page, "bhk-die-red-gasoline", "bhk-dice-go")
        assert _state(store).stage == "plan"
        await _taps(page, "bhk-plan-1-red-2", "bhk-plan-2-yellow-2", "bhk-plan-3-scout", "bhk-plan-go")

        # Phase 2: two volunteers procure what their dice show, the cubes each shows tapped; the Scout
        # takes 2 HK$.
        assert _state(store).stage == "deploy"
        await _taps(page, "bhk-card-1-resource-food")
        assert page.identified("bhk-card-1-acts-blocked") == "Pick the transport tokens."
        await _taps(page, "bhk-card-1-resource-gasoline")
        assert not page.has("bhk-card-1-tokens"), "the die's own resource takes no token"
        assert [page.find(f"bhk-card-1-procure-{n}").content for n in (1, 2, 3)] == [
            "Procure 1 gasoline",
            "Procure 2 gasoline",
            "Procure 3 gasoline",
        ]
        await _taps(page, "bhk-card-1-procure-2")
        assert _sent(store) == a.Procure("red-2", 2, "gasoline", 0)
        await _taps(page, "bhk-card-2-procure-2", "bhk-card-3-scout")
        state = _state(store)
        assert state.stage == "objectives" and state.player(P1).hkd == 6
        assert state.player(P1).rondel == (0, 2, 2, 0, 0, 0)

        # Phase 3: a starting volunteer's goal (a cube to place), a goal of plan A, then done.
        await _taps(page, "bhk-goal-card-c1", "bhk-goal-pay-tools", "bhk-goal-colour-red")
        assert not page.has("bhk-goal-no"), "a starting volunteer has one goal"
        await _taps(page, "bhk-goal-place-plus", "bhk-goal-go")
        assert _state(store).to_place == 1
        assert _said_once(page), "the placement form does not say the step again"
        await page.fire("bhk-place-skipped-plus")
        assert page.identified("bhk-place-cost").startswith("Skipping 1 location(s) costs 1 transport")
        await page.change("bhk-place-location", "Mong Kok")
        await page.fire("bhk-place-go")
        assert page.identified("notice-message") == (
            f"{P1} already has a cube on Mong Kok: a location may hold other players' cubes, "
            "never two of yours."
        )
        assert page.has("notice-rule")
        await page.change("bhk-place-location", "Sham Shui Po")
        await page.fire("bhk-place-go")
        assert _state(store).player(P1).map == ("Mong Kok", "Sham Shui Po")
        await _taps(page, "bhk-goal-card-plan-A")
        assert page.has("bhk-goal-no-3") and not page.has("bhk-goal-no-4"), "plan A shows 3 goals"
        await _taps(page, "bhk-goal-no-1", "bhk-goal-pay-gasoline", "bhk-goal-go", "bhk-goals-done")
        assert _state(store).player(P1).public_goals == (("A", 1),)

        # Phase 4: district 3 with the red volunteer; the search total shows as it is entered.
        assert _state(store).stage == "scout"
        team = {c: type(page.find(f"bhk-scout-team-{c}")) for c in ("red-3", "blue-2", "c1", "mechanic")}
        assert team == {
            "red-3": ft.FilledButton,
            "blue-2": ft.FilledButton,
            "c1": ft.FilledButton,
            "mechanic": ft.OutlinedButton,
        }, "the team starts as the volunteers in hand (the starting volunteer c1 joined it as red)"
        assert not page.has("bhk-scout-gps-row"), "no GPS to spend"
        await _taps(
            page,
            "bhk-scout-district-3",
            "bhk-scout-team-blue-2",
            "bhk-scout-team-c1",
        )
        assert page.identified("bhk-scout-total") == "Search total: 1 of 1 needed.", "1 icon a card"
        await page.fire("bhk-scout-icons-plus")
        assert page.identified("bhk-scout-total") == "Search total: 2 of 1 needed."
        await _taps(
            page, "bhk-scout-reward-hkd", "bhk-scout-amount-plus", "bhk-scout-amount-plus", "bhk-scout-go"
        )
        assert _state(store).stage == "buy"

        # Phase 5: a card from row 1, then a pass.
        await _taps(page, "bhk-buy-row-1", "bhk-buy-pass")
        state = _state(store)
        assert state.stage == "cleanup" and len(state.player(P1).objectives) == 2

        # Phases 6 to 8: clean-up as suggested, no district secured, the refresh of the fullest slot.
        assert page.identified("bhk-clean-check") == "Water accounted for: 0 of 0 (adds up)."
        await _taps(page, "bhk-clean-go", "bhk-secure-done")
        assert _state(store).stage == "refresh"
        await page.fire("bhk-refresh-go")
        state = _state(store)
        assert (state.stage, state.round) == ("dice", 2)
        assert page.identified("bhk-where").startswith("Chapter 1 (Hour 48) · round 2")

        await page.fire("bhk-show-players")
        assert page.identified("bhk-player-0-money").startswith("Score 0 · HK$")
        assert "HK$" in page.identified("bhk-buy-battery-0-blocked"), "4 HK$: no battery"
        await page.fire("bhk-buy-transport-0")
        assert (_state(store).player(P1).transport, _state(store).player(P1).score) == (5, -1)
        await page.fire("bhk-show-display")
        assert page.identified("bhk-row-1").startswith("Row 1:")

    run(go())


ORDER = ("food", "tools", "gasoline", "water", "books", "medipack")
TWO_PLAYER: list[tuple[str, a.Action | None]] = [
    ("bhk-setup", a.StartGame(rondel=ORDER)),
    ("bhk-starts-card", a.PlaceStart("Ben", "Central")),
    ("bhk-starts-card", a.PlaceStart("Ada", "Wan Chai")),
    ("bhk-dice", a.Roll("food", "water", "books")),
    ("bhk-plan", a.Plan("Ada", ("red-2", "yellow-2", "blue-2"))),
    ("bhk-plan", a.Plan("Ben", ("scout",))),
    ("bhk-deploy", a.Procure("red-2", 2, "food")),
    ("bhk-deploy", a.Procure("yellow-2", 2, "water")),
    ("bhk-deploy", a.Procure("blue-2", 2, "books")),
    ("bhk-deploy", a.UseScout("scout")),
    ("bhk-objectives", a.Done()),
    ("bhk-objectives", a.Done()),
    ("bhk-scout", a.Done()),
    ("bhk-scout", a.Done()),
    ("bhk-buy", a.Done()),
    ("bhk-buy", a.Done()),
    ("bhk-cleanup", a.CleanUp(pairs=1)),
    ("bhk-cleanup", a.CleanUp()),
    ("bhk-secure", a.Done()),
    ("bhk-refresh", a.Refresh()),
    ("bhk-dice", None),
]
"""A two-player single game's entries, each after the form the Round screen shows before it."""


def test_one_player_picks_the_campaign_and_a_refused_start_offers_it(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-blackout-hk")
        assert page.has("chosen-option-mode-a single game")
        await page.fire("players-fewer")
        assert page.has("chosen-option-mode-the campaign"), "alone, the campaign is picked at once"
        await page.fire("option-mode-a single game")
        await page.fire("start-game")
        assert store.list_games() == []
        assert page.identified("new-game-problem") == "Alone, Blackout: Hong Kong is played as the campaign."
        assert page.find("new-game-rule").content == "Playing alone: solo set-up and rules"
        await page.fire("new-game-fix")
        state = _state(store)
        assert state.settings.campaign and state.chapter == 1 and state.names == (P1,)

    run(go())


def test_a_refused_solo_start_links_its_rule(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-blackout-hk")
        await page.fire("players-fewer")
        await page.fire("option-mode-a single game")
        await page.fire("start-game")
        await page.fire("new-game-rule")
        assert page.identified("section-title") == "Playing alone: solo set-up and rules"

    run(go())


def test_a_two_player_games_screens_render_in_each_stage(store: Store) -> None:
    setup = make_setup(BLACKOUT_HK, ("Ada", "Ben"), {})
    games = []
    entries: list[a.Action] = []
    for form, entry in TWO_PLAYER:
        game = store.create_game(BLACKOUT_HK, setup, 5)
        for done in entries:
            assert game.session.dispatch(done).ok, done
        games.append((form, game))
        if entry is not None:
            entries.append(entry)
    last = games[-1][1].session.state
    assert (last.stage, last.round) == ("dice", 2)

    async def go() -> None:
        page = await open_page(start, store)
        for form, game in games:
            await page.fire(f"resume-{game.id}")
            assert page.has(form), (form, game.session.state.stage)
            assert page.identified("bhk-step") == queries.next_step(game.session.state)
            for screen in ("players", "display"):
                await page.fire(f"bhk-show-{screen}")
                assert page.has(f"bhk-screen-{screen}")
            await page.fire("close-game")

    run(go())


def solo_at_final(store: Store, seed: int = 3, *, won: bool = False) -> str:
    """A solo campaign's chapter 1 played round after round with nothing bought (each round's discards run
    the draw deck out) until final scoring, stored entry by entry: its id. `won`: in round 1 the player
    completes plan A's 3 goals for 70 points in all, enough for the chapter and 1 orchid tree."""
    setup = make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"})
    game = store.create_game(BLACKOUT_HK, setup, seed)
    session = game.session

    def play(entry: a.Action) -> None:
        assert session.dispatch(entry).ok, (entry, session.state.stage)

    play(a.StartGame(plan_goals=(3,)))
    play(a.PlaceStart(P1, "Mong Kok"))
    while session.state.stage != "final":
        state = session.state
        if state.stage == "dice":
            play(a.Roll("food", "tools", "water"))
        elif state.stage == "plan":
            play(a.Plan(P1, ()))
        elif state.stage == "cleanup":
            play(a.CleanUp())
        elif state.stage == "objectives" and won and not state.player(P1).public_goals:
            for goal, points in ((1, 25), (2, 25), (3, 20)):
                play(a.PublicGoal(plan="A", goal=goal, points=points))
        else:
            play(a.Done())
    return game.id


def test_a_chapter_ends_and_the_next_starts_with_the_log(store: Store) -> None:
    game_id = solo_at_final(store)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.identified("bhk-step") == f"Count the cards' points: {P1}."
        await _taps(page, "bhk-final-cards-plus", "bhk-final-scout-plus", "bhk-final-go")
        state = _state(store)
        assert state.stage == "chapter" and len(state.campaign) == 1
        assert page.has("bhk-screen-end"), "the final sheet opens by itself"
        assert page.identified("bhk-rank-0").startswith(f"1. {P1}: ")
        assert page.identified("bhk-campaign-0").startswith("Chapter 1: ")
        await _taps(page, "bhk-show-round", "bhk-next-chapter")
        state = _state(store)
        assert (state.chapter, state.losses, state.stage) == (1, 1, "setup")
        assert state.player(P1).hkd == 6, "a lost chapter again, with 2 HK$ more"
        await page.fire("bhk-show-end")
        assert page.identified("bhk-campaign-0").startswith("Chapter 1: ")
        assert "Orchid trees so far" in page.identified("bhk-campaign-1")

    run(go())


def test_a_chapter_won_leads_to_the_next_with_its_orchid_trees(store: Store) -> None:
    game_id = solo_at_final(store, won=True)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        await _taps(page, "bhk-final-go")
        state = _state(store)
        assert state.campaign[-1].winners == (P1,) and state.campaign[-1].trees == ((P1, 1),)
        await _taps(page, "bhk-show-round", "bhk-next-chapter")
        state = _state(store)
        assert (state.chapter, state.losses, state.stage, state.player(P1).hkd) == (2, 0, "setup", 4)
        assert state.reserve == 48 and state.draw == 15, "chapter 2's solo decks"
        await page.fire("bhk-show-end")
        assert page.identified("bhk-campaign-0").startswith(f"Chapter 1: {P1} ")
        assert page.identified("bhk-campaign-1") == f"Orchid trees so far: {P1} 1."

    run(go())


def test_a_contingency_plan_check_mark_action_takes_what_its_card_gives(store: Store) -> None:
    """After a refresh that returned cards, a plan in the check-mark area offers its action with the effect
    entered as the card reads (here +3 HK$), and the board's locked actions stay off the list."""
    setup = make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"})
    game = store.create_game(BLACKOUT_HK, setup, 3)
    session = game.session
    entries: list[a.Action] = [
        a.StartGame(plan_goals=(3,)),
        a.PlaceStart(P1, "Mong Kok"),
        a.Roll("food", "tools", "water"),
        a.Plan(P1, ("red-2", "yellow-2", "scout")),
        a.Done(),
        a.CompleteGoal(card="c1", to="checkmarks"),
        a.Done(),
        a.Done(),
        a.Done(),
        a.CleanUp(),
        a.Done(),
        a.Refresh(),
    ]
    for entry in entries:
        assert session.dispatch(entry).ok, entry
    assert session.state.window == ("c1",)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert not page.has("bhk-checkmark-1"), "board actions stay locked under their markers"
        await _taps(
            page, "bhk-checkmark-c1-hkd-plus", "bhk-checkmark-c1-hkd-plus", "bhk-checkmark-c1-hkd-plus"
        )
        await page.fire("bhk-checkmark-c1-go")
        state = _state(store)
        assert state.player(P1).hkd == 4 + 3 and state.window_uses == 0
        assert state.stage == "dice" and state.round == 2

    run(go())


def test_a_saved_components_pack_sets_the_game_up(store: Store) -> None:
    """The pack picked on the set-up screen goes into the first entry whole: Lantern then rolls, and a
    starting location must be one of the map's."""
    from tests.blackout_hk.made_up_components import COMPONENTS
    from trackers.core.packs import Pack

    store.save_pack(Pack("blackout-hk.components", "Our box", 1, COMPONENTS))

    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page, solo=False)
        await page.fire("bhk-pack-Our box")
        about = page.identified("bhk-pack-about")
        assert about.startswith("Holds the rondel's order, the dice's faces (Lantern can roll)")
        assert "the map (25 locations with links)" in about
        assert not page.has("bhk-rondel-entered"), "the pack's rondel replaces the chips"
        await page.fire("bhk-start")
        state = _state(store)
        assert (
            state.components.rondel == tuple(COMPONENTS["rondel"]) and len(state.components.districts) == 16
        )
        await page.change("bhk-start-location", "Nowhere")
        await page.fire("bhk-start-place")
        assert _state(store).stage == "starts", "a location off the map is refused"

    run(go())


def test_with_the_map_phase_7_offers_only_the_districts_secured_and_fills_their_counts(store: Store) -> None:
    from tests.blackout_hk.made_up_components import COMPONENTS
    from trackers.blackout_hk.queries import start_from

    setup = make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"})
    game = store.create_game(BLACKOUT_HK, setup, 3)
    session = game.session
    entries: list[a.Action] = [
        start_from(COMPONENTS, (3,)),
        a.PlaceStart(P1, "L00"),
        a.Roll("food", "tools", "water"),
        a.Plan(P1, ()),
        a.CompleteGoal(card="c1", place=3),
        a.PlaceCube("L01"),
        a.PlaceCube("L10"),
        a.PlaceCube("L11"),
        a.Done(),
        a.Done(),
        a.Done(),
        a.CleanUp(),
    ]
    for entry in entries:
        assert session.dispatch(entry).ok, (entry, session.state.stage)
    assert session.state.stage == "secure"

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert page.has("bhk-secure-district-1") and not page.has("bhk-secure-district-2")
        await _taps(page, "bhk-secure-district-1", "bhk-secure-unlock-0-3", "bhk-secure-go")
        state = _state(store)
        assert state.secured == (1,) and state.player(P1).unlocked == (3,) and state.player(P1).score == 5

    run(go())


def test_with_the_map_s_links_a_placement_names_its_colour_and_lantern_counts_the_skips(store: Store) -> None:
    """Made-up map: from L00, yellow L03 lies past L01 and L02, 2 transport tokens."""
    from tests.blackout_hk.made_up_components import COMPONENTS
    from trackers.blackout_hk.queries import start_from

    setup = make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"})
    game = store.create_game(BLACKOUT_HK, setup, 3)
    for entry in (
        start_from(COMPONENTS, (3,)),
        a.PlaceStart(P1, "L00"),
        a.Roll("food", "tools", "water"),
        a.Plan(P1, ()),
        a.CompleteGoal(card="c1", place=1),
    ):
        assert game.session.dispatch(entry).ok, entry

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert not page.has("bhk-place-skipped"), "Lantern counts the skips itself"
        await page.change("bhk-place-location", "L03")
        await _taps(page, "bhk-place-colour-green", "bhk-place-go")
        assert page.identified("notice-message").startswith("L03 is yellow; the effect asks for green")
        await _taps(page, "bhk-place-colour-yellow", "bhk-place-go")
        ada = _state(store).player(P1)
        assert ada.map == ("L00", "L03") and ada.transport == 3

    run(go())


def test_a_correction_on_the_players_screen_is_one_tap_a_step(store: Store) -> None:
    setup = make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"})
    game = store.create_game(BLACKOUT_HK, setup, 3)
    for entry in (a.StartGame(plan_goals=(3,)), a.PlaceStart(P1, "Mong Kok")):
        assert game.session.dispatch(entry).ok

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await _taps(page, "bhk-show-players", "bhk-correct-0-plus", "bhk-correct-0-plus")
        assert _state(store).player(P1).score == 2
        await _taps(page, "bhk-correct-0-what-tools")
        assert (
            page.identified("bhk-correct-0-minus-blocked")
            == f"{P1} has 0 tools on the rondel, not the 1 to pay."
        )
        await page.fire("bhk-correct-0-plus")
        assert _state(store).player(P1).held("tools") == 1

    run(go())


def test_phases_3_and_4_end_for_everyone_left_in_one_tap_each(store: Store) -> None:
    game = store.create_game(BLACKOUT_HK, make_setup(BLACKOUT_HK, ("Ada", "Ben"), {}), 5)
    for _, entry in TWO_PLAYER[:10]:  # up to phase 3
        assert entry is not None and game.session.dispatch(entry).ok, entry

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert _state(store).stage == "objectives"
        button = page.find("bhk-goals-all-done")
        assert button.content == "Ada and Ben: all done with goals"  # from Ada, the starting player
        await page.fire("bhk-goals-all-done")
        assert (_state(store).stage, _state(store).turn) == ("scout", 0), "both Dones, and not one more"
        await page.fire("bhk-scout-done")  # one player scouts nothing: the other is the last to go
        assert not page.has("bhk-scout-all-done"), "one player left: the player's own Done is enough"
        await page.fire("undo")
        await page.fire("bhk-scout-all-done")
        assert _state(store).stage == "buy"
        await page.fire("undo")
        await page.fire("undo")
        assert (_state(store).stage, _state(store).turn) == ("objectives", 0), "each one tap was one entry"

    run(go())


def test_a_plan_finished_on_the_phone_keeps_its_lasting_effect_and_search_icons(store: Store) -> None:
    """The emergency plan finished from the goal form: the form starts it towards the check-mark area, and
    the entry it sends carries the lasting effect and the search icons entered, so the plan's water trade
    and its icon work later (#29 point 1)."""
    setup = make_setup(BLACKOUT_HK, ("Ada", "Ben"), {})
    game = store.create_game(BLACKOUT_HK, setup, 3)
    session = game.session
    for entry in (a.StartGame(), a.PlaceStart("Ben", "Central"), a.PlaceStart("Ada", "Wan Chai")):
        assert session.dispatch(entry).ok, entry
    for entry in (a.Roll("food", "tools", "water"), a.Plan("Ada"), a.Plan("Ben")):
        assert session.dispatch(entry).ok, entry
    state = session.state
    assert state.stage == "objectives" and state.on_turn == "Ada"
    plan = state.player("Ada").emergency
    assert plan is not None

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await _taps(page, f"bhk-goal-card-{plan.id}", "bhk-goal-no-1")
        assert page.has("bhk-goal-perk-water"), "a plan's form starts at the check-mark area"
        await _taps(page, "bhk-goal-perk-water", "bhk-goal-icons-plus", "bhk-goal-go")
        sent = store.open_game(game.id).session.entries[-1].action
        assert sent == a.CompleteGoal(card=plan.id, goal=1, to="checkmarks", perk="water", icons=1)
        ada = _state(store).player("Ada")
        assert [(o.id, o.perk, o.icons) for o in ada.checkmarks] == [(plan.id, "water", 1)]
        assert ada.perks == ("water",) and ada.search_bonus == 1

    run(go())


def test_a_district_chosen_without_a_tile_is_entered_from_the_scout_form(store: Store) -> None:
    """Ada picks district 4 and takes no tile: the entry names it, and district 4 is no longer offered to
    Ben (#29 point 5)."""
    game = store.create_game(BLACKOUT_HK, make_setup(BLACKOUT_HK, ("Ada", "Ben"), {}), 5)
    for _, entry in TWO_PLAYER[:10]:  # up to phase 3
        assert entry is not None and game.session.dispatch(entry).ok, entry
    assert game.session.dispatch(a.Done()).ok and game.session.dispatch(a.Done()).ok

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        state = _state(store)
        assert (state.stage, state.on_turn) == ("scout", "Ada")
        assert not page.has("bhk-scout-no-tile"), "the button waits for a district"
        await _taps(page, "bhk-scout-district-4", "bhk-scout-no-tile")
        assert store.open_game(game.id).session.entries[-1].action == a.ScoutNoTile(4)
        state = _state(store)
        assert (state.on_turn, state.scouted) == ("Ben", (4,))
        assert not page.has("bhk-scout-district-4") and page.has("bhk-scout-district-5")

    run(go())


def _solo(store: Store, *entries: a.Action) -> str:
    """A solo campaign (plan A with 3 goals) played entry by entry: its id."""
    game = store.create_game(BLACKOUT_HK, make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"}), 3)
    for entry in (a.StartGame(plan_goals=(3,)), a.PlaceStart(P1, "Mong Kok"), *entries):
        assert game.session.dispatch(entry).ok, (entry, game.session.state.stage)
    return game.id


def test_a_volunteer_procures_what_its_die_shows_in_one_tap(store: Store) -> None:
    """Round 2: the yellow volunteer procured 3 cubes in round 1 (back in hand with the refresh) and the
    yellow die shows gasoline, so its form starts there and Procure alone sends the entry (#28 point 3)."""
    planned = a.Plan(P1, ("red-2", "yellow-2", "blue-2"))
    procured = (a.Procure("red-2", 2, "food", 0), a.Procure("yellow-2", 3, "tools", 0))
    round_1 = (a.Roll("food", "tools", "water"), planned, *procured, a.Procure("blue-2", 2, "water", 0))
    rest = (a.Done(), a.Done(), a.Done(), a.CleanUp(pairs=1), a.Done(), a.Refresh())
    game_id = _solo(store, *round_1, *rest, a.Roll("food", "gasoline", "water"), a.Plan(P1, ("yellow-2",)))

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        procure = [page.find(f"bhk-card-1-procure-{n}") for n in (1, 2, 3)]
        assert [type(b) for b in procure] == [ft.OutlinedButton, ft.OutlinedButton, ft.FilledButton]
        assert procure[2].content == "Procure 3 gasoline"
        await page.fire("bhk-card-1-procure-3")
        assert _sent(store) == a.Procure("yellow-2", 3, "gasoline", 0)
        assert _state(store).player(P1).held("gasoline") == 3

    run(go())


def test_the_goal_form_offers_a_cards_own_goals_and_none_for_a_single_goal_card(store: Store) -> None:
    """A plan bought with 3 goals offers goals 1 to 3, then only those left; a starting volunteer (one goal)
    asks for no goal number and whether it leaves (#28 point 3)."""
    round_1 = (a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done(), a.Done())
    rest = (a.Buy(1, "Harbour plan", goals=3), a.Done(), a.CleanUp(), a.Done())
    game_id = _solo(store, *round_1, *rest, a.Roll("food", "tools", "water"), a.Plan(P1, ()))
    plan = _state(store).player(P1).objectives[-1]
    assert (plan.name, plan.goals) == ("Harbour plan", 3)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert _state(store).stage == "objectives"
        await page.fire(f"bhk-goal-card-{plan.id}")
        assert [page.has(f"bhk-goal-no-{g}") for g in (1, 2, 3, 4)] == [True, True, True, False]
        await _taps(page, "bhk-goal-no-2", "bhk-goal-finish", "bhk-goal-go")
        assert _sent(store) == a.CompleteGoal(card=plan.id, goal=2, finish=False, to="checkmarks")
        await page.fire(f"bhk-goal-card-{plan.id}")
        assert [page.has(f"bhk-goal-no-{g}") for g in (1, 2, 3)] == [True, False, True]
        await page.fire("bhk-goal-card-c1")
        assert not page.has("bhk-goal-no") and not page.has("bhk-goal-finish")
        assert not page.has("bhk-goal-gps-row") and not page.has("bhk-goal-slot"), "rare fields wait"
        await page.fire("bhk-goal-more")
        assert page.has("bhk-goal-gps-row") and page.has("bhk-goal-slot")
        await _taps(page, "bhk-goal-colour-yellow", "bhk-goal-points-plus", "bhk-goal-go")
        assert _sent(store) == a.CompleteGoal(card="c1", goal=1, colour="yellow", points=1)
        assert _state(store).player(P1).hand[-1].colour == "yellow"

    run(go())


def test_a_card_is_named_when_bought(store: Store) -> None:
    """Row 1 costs 4 HK$: a blue volunteer picked is named for its kind and price and joins the objective
    area with its colour and one goal; a typed name stands as typed, with the goals picked (#28 point 3)."""
    game_id = _solo(store, a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done(), a.Done())

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        await _taps(page, "bhk-buy-kind-blue", "bhk-buy-row-1")
        assert _bought(store) == a.Buy(1, "Blue volunteer (4 HK$)", goals=1, colour="blue")
        await page.fire("undo")
        await _taps(page, "bhk-buy-kind-plan", "bhk-buy-goals-3")
        await page.change("bhk-buy-name", "Harbour plan")
        await page.fire("bhk-buy-row-2")
        assert _bought(store) == a.Buy(2, "Harbour plan", goals=3)
        await page.fire("undo")
        await page.fire("bhk-buy-row-3")
        assert _bought(store) == a.Buy(3, "Card from row 3 (4 HK$)")
        assert [o.name for o in _state(store).player(P1).objectives][-1] == "Card from row 3 (4 HK$)"

    run(go())


def test_the_scout_form_asks_the_back_icons_only_of_a_tile_going_face_down(store: Store) -> None:
    """Round 2, the player holds an HK$ tile: another HK$ tile goes face down, so its back's icons are asked
    (they count for later teams); a first points tile goes face up and they are not; a probe gives no
    reward, so no amount, and goes face down (#28 point 3). No GPS held: none to spend is asked."""
    round_1 = (a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done())
    scouted = a.Scout(3, "simple", 1, ("red-3",), 1, "hkd", 2)
    rest = (a.Done(), a.CleanUp(), a.Done(), a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done())
    game_id = _solo(store, *round_1, scouted, *rest)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert _state(store).stage == "scout" and not page.has("bhk-scout-gps-row")
        await _taps(page, "bhk-scout-district-4", "bhk-scout-reward-points")
        assert page.has("bhk-scout-amount-row") and not page.has("bhk-scout-back-row")
        await page.fire("bhk-scout-reward-hkd")
        assert page.has("bhk-scout-back-row")
        await _taps(page, "bhk-scout-back-plus", "bhk-scout-amount-plus", "bhk-scout-go")
        team = ("yellow-2", "red-2", "blue-2")  # red-3 is in the hospital since round 1
        assert _sent(store) == a.Scout(4, "simple", 1, team, 3, "hkd", 1, back_icons=1), "1 icon a card"
        tile = _state(store).player(P1).tiles[-1]
        assert (tile.reward, tile.face_up, tile.back_icons) == ("hkd", False, 1)
        await page.fire("undo")
        await _taps(page, "bhk-scout-district-4", "bhk-scout-challenge-probe", "bhk-scout-reward-points")
        assert not page.has("bhk-scout-amount-row") and page.has("bhk-scout-back-row")

    run(go())


WAY = (
    *("bhk-die-red-gasoline", "bhk-die-yellow-tools", "bhk-die-blue-water", "bhk-dice-go"),
    *("bhk-plan-1-red-2", "bhk-plan-2-yellow-2", "bhk-plan-3-scout", "bhk-plan-go"),
    *("bhk-card-1-procure-2", "bhk-card-2-procure-2", "bhk-card-3-scout"),
    *("bhk-goal-card-c1", "bhk-goal-pay-tools", "bhk-goal-colour-red", "bhk-goal-place-plus", "bhk-goal-go"),
    ("bhk-place-location", "Sham Shui Po"),
    "bhk-place-go",
    *("bhk-goal-card-plan-A", "bhk-goal-pay-gasoline", "bhk-goal-go", "bhk-goals-done"),
    *("bhk-scout-district-3", "bhk-scout-reward-hkd"),
    *("bhk-scout-amount-plus", "bhk-scout-amount-plus", "bhk-scout-go"),
    *("bhk-buy-kind-blue", "bhk-buy-row-1", "bhk-buy-pass"),
    *("bhk-clean-go", "bhk-secure-done", "bhk-refresh-go"),
)
"""A solo round entered by someone who knows the way: each tap, or a field typed in with its text."""


def test_a_solo_round_takes_32_taps_and_one_typed_field(store: Store) -> None:
    """The round of the first test without its detours, the card bought named by its kind: 33 entries on
    the screen. The same round took 43 before the forms started from what the state knows (a volunteer's
    resource and tokens, a single-goal card's goal number, the plan beside the board as one chip; #28
    point 3), 38 while a volunteer's cubes were a chip before its Procure (now the Procure button of
    that count, 2 taps fewer) and the search team was picked from nothing (now the volunteers in hand, 1
    fewer), and 35 while plan A's goal number and the team's search icons were asked (now its first open
    goal, and 1 icon a card: #32): dice 4, planning 4, deploying 3, goals and the cube placed 11, scouting
    5, buying 3, clean-up, securing and refresh 3."""
    game_id = _solo(store)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        for step in WAY:
            if isinstance(step, tuple):
                await page.change(*step)
            else:
                await page.fire(step)
        state = _state(store)
        assert (state.stage, state.round) == ("dice", 2)
        ada = state.player(P1)
        assert ada.map == ("Mong Kok", "Sham Shui Po") and ada.public_goals == (("A", 1),)
        assert [o.name for o in ada.objectives] == ["Starting volunteer", "Blue volunteer (4 HK$)"]
        entries = store.open_game(game_id).session.entries
        scouted = [e.action for e in entries if isinstance(e.action, a.Scout)]
        assert [s.team for s in scouted] == [("red-3", "blue-2", "c1")], "the team: the volunteers in hand"
        assert (len(WAY), sum(isinstance(step, tuple) for step in WAY)) == (33, 1)

    run(go())


def test_the_emergency_plans_goals_entered_at_set_up_are_the_only_ones_offered(store: Store) -> None:
    """A single game: set-up takes the goals each emergency plan shows (Ada's 3, Ben's 1); the goal form then
    offers Ada's plan goals 1 to 3 alone and asks no goal number of Ben's single-goal plan (#28)."""
    game = store.create_game(BLACKOUT_HK, make_setup(BLACKOUT_HK, ("Ada", "Ben"), {}), 5)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await _taps(
            page, *(f"bhk-rondel-{r}" for r in ORDER), "bhk-emergency-goals-0-3", "bhk-emergency-goals-1-1"
        )
        await page.fire("bhk-start")
        assert _sent(store) == a.StartGame(rondel=ORDER, emergency_goals=(3, 1))
        await page.fire("close-game")
        session = store.open_game(game.id).session
        for _, entry in TWO_PLAYER[1:10]:
            assert entry is not None and session.dispatch(entry).ok, entry
        assert session.state.stage == "objectives"
        plans = {p.name: p.emergency for p in session.state.players}
        await page.fire(f"resume-{game.id}")
        for name, offered in (("Ada", [True, True, True, False]), ("Ben", [False] * 4)):
            plan = plans[name]
            assert plan is not None and _state(store).on_turn == name
            await page.fire(f"bhk-goal-card-{plan.id}")
            assert [page.has(f"bhk-goal-no-{g}") for g in (1, 2, 3, 4)] == offered
            await page.fire("bhk-goals-done")

    run(go())


CATALOGUED = (
    CardEntry("Starting volunteer", (Goal(pay=("tools",), place=1),), "red", 2),
    CardEntry("Emergency plan A", (Goal(pay=("gasoline",)), Goal(pay=("books",), points=3), Goal())),
)
PROCURED = (
    a.Roll("gasoline", "tools", "water"),
    a.Plan(P1, ("red-2", "yellow-2")),
    a.Procure("red-2", 2, "gasoline", 0),
    a.Procure("yellow-2", 2, "tools", 0),
)
"""Round 1 of a solo campaign to its goals: 2 gasoline and 2 tools procured."""


def _session(store: Store, game_id: str) -> Session:
    return store.open_game(game_id).session


def _latest(store: Store, game_id: str) -> list[a.Action]:
    """The entries of the game's last step (one undo takes them all back)."""
    return [e.action for e in _session(store, game_id).latest]


def test_a_goal_the_catalogue_prints_is_one_tap_sending_what_the_form_sends(store: Store) -> None:
    """#32: with the starting volunteer and plan A catalogued, each goal that leaves nothing to choose is one
    button saying what it pays and gives: the entry is the one the form sends once the card is picked, and
    the engine checks it as it checks the form's (plan A's goal 2 wants books Ada has not: its reason shows
    under the row)."""
    store.save_pack(queries.catalogue_pack(MY_CARDS, cards=CATALOGUED))
    game_id = _solo(store, *PROCURED)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert _state(store).stage == "objectives"
        assert [page.find(f"bhk-goal-known-{i}").content for i in (1, 2, 3)] == [
            "Complete Starting volunteer (c1): pay 1 tools, place 1 cube, to the hand as red",
            "Complete Starting volunteer (c2): pay 1 tools, place 1 cube, to the hand as red",
            "Complete Plan A, goal 1: pay 1 gasoline",
        ]
        await _taps(page, "bhk-goal-card-c1", "bhk-goal-go")
        typed = _sent(store)
        await page.fire("undo")
        await page.fire("bhk-goal-known-1")
        assert _sent(store) == typed == queries.goal_from(CATALOGUED[0], "c1")
        assert _state(store).to_place == 1
        await _taps(page, "undo", "bhk-goal-known-3")
        assert _sent(store) == a.PublicGoal(plan="A", goal=1, pay=("gasoline",))
        assert page.find("bhk-goal-known-3").content == "Complete Plan A, goal 2: pay 1 books, +3 points"
        assert page.find("bhk-goal-known-3").disabled
        goal_2 = a.PublicGoal(plan="A", goal=2, pay=("books",), points=3)
        (reason, *_) = _session(store, game_id).check(goal_2)
        assert page.identified("bhk-goal-known-blocked") == reason.message

    run(go())


def test_a_plan_beside_the_board_starts_at_its_first_open_goal_and_is_saved_to_the_catalogue(
    store: Store,
) -> None:
    """#32: picking plan A fills its first goal not yet completed (goal 1, then goal 2), so its goal number
    is no tap; its goal's payment is kept in the catalogue as "Emergency plan A" with the 3 goals it shows,
    and the next game offers that goal as one tap."""
    first = _solo(store, *PROCURED)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{first}")
        assert not page.has("bhk-goal-known"), "nothing catalogued: no goal is one tap"
        await _taps(page, "bhk-goal-card-plan-A", "bhk-goal-pay-gasoline", "bhk-goal-catalogue-save")
        assert page.identified("notice-message") == "Goal 1 of “Emergency plan A” saved to the catalogue."
        await page.fire("bhk-goal-go")
        assert _sent(store) == a.PublicGoal(plan="A", goal=1, pay=("gasoline",))
        await page.fire("bhk-goal-card-plan-A")
        assert isinstance(page.find("bhk-goal-no-2"), ft.FilledButton), "goal 2 is the first one open"
        (mine,) = store.list_packs(queries.CATALOGUE_KIND)
        kept = CardEntry("Emergency plan A", (Goal(pay=("gasoline",)), Goal(), Goal()))
        assert queries.cards_in(mine) == (kept,)
        await page.fire("close-game")

        second = _solo(store, *PROCURED)
        page = await open_page(start, store)
        await page.fire(f"resume-{second}")
        assert page.find("bhk-goal-known-1").content == "Complete Plan A, goal 1: pay 1 gasoline"

    run(go())


def test_the_search_team_counts_1_icon_a_card_until_the_table_adds_more(store: Store) -> None:
    """#32: every card but the Doctor shows at least one search icon, so the team's count starts at its
    cards (4, the volunteers in hand) and follows the team; the table's + and - go on from the count shown.
    A simple challenge of 1 is met with no counting."""
    game_id = _solo(store, a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done())

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.identified("bhk-scout-icons") == "4"
        await _taps(page, "bhk-scout-team-red-3", "bhk-scout-team-blue-2")
        assert page.identified("bhk-scout-icons") == "2"
        assert page.identified("bhk-scout-total") == "Search total: 2 of 1 needed."
        await _taps(page, "bhk-scout-icons-plus", "bhk-scout-team-mechanic")
        assert page.identified("bhk-scout-icons") == "4", "one more than the team's 3 cards"
        await _taps(
            page, "bhk-scout-district-3", "bhk-scout-reward-hkd", "bhk-scout-amount-plus", "bhk-scout-go"
        )
        assert _sent(store) == a.Scout(3, "simple", 1, ("yellow-2", "red-2", "mechanic"), 4, "hkd", 1)
        await page.fire("undo")
        await _taps(page, *["bhk-scout-icons-minus"] * 5)
        assert page.identified("bhk-scout-icons") == "0", "never below none"

    run(go())


def test_cards_whose_actions_are_all_known_turn_up_in_one_tap(store: Store) -> None:
    """#32: round 2, the yellow volunteer procured 3 cubes in round 1 (back in hand with the refresh): with
    the Mechanic planned beside it, one button turns both up with their usual actions, the same entries
    their own buttons send, as one step to undo. A volunteer whose cubes are not known yet keeps it away."""
    planned = a.Plan(P1, ("red-2", "yellow-2", "blue-2"))
    procured = (a.Procure("red-2", 2, "food", 0), a.Procure("yellow-2", 3, "tools", 0))
    round_1 = (a.Roll("food", "tools", "water"), planned, *procured, a.Procure("blue-2", 2, "water", 0))
    rest = (a.Done(), a.Done(), a.Done(), a.CleanUp(pairs=1), a.Done(), a.Refresh())
    dice = a.Roll("food", "gasoline", "water")
    other = _solo(store, *round_1, *rest, dice, a.Plan(P1, ("yellow-2", "red-1")))

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{other}")
        assert _session(store, other).state.stage == "deploy"
        assert not page.has("bhk-deploy-all"), "red-1's cubes are not known yet"
        await page.fire("close-game")

        game_id = _solo(store, *round_1, *rest, dice, a.Plan(P1, ("yellow-2", "mechanic")))
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.find("bhk-deploy-all").content == "Turn up all 2: 3 gasoline, Mechanic +3 HK$"
        hkd = _session(store, game_id).state.player(P1).hkd
        await page.fire("bhk-deploy-all")
        procured_now = a.Procure("yellow-2", 3, "gasoline", 0)
        assert _latest(store, game_id) == [procured_now, a.UseMechanic("mechanic")]
        state = _session(store, game_id).state
        assert state.stage == "objectives" and state.player(P1).hkd == hkd + 3
        await page.fire("undo")
        state = _session(store, game_id).state
        assert state.stage == "deploy" and state.player(P1).hkd == hkd

    run(go())


def test_a_purchase_that_leaves_no_card_to_buy_passes_with_it(store: Store) -> None:
    """#32: solo, 4 HK$ and 2 objectives: row 1's card (4 HK$) fills the objective area, so the pass the
    rules then force comes with the purchase, the button says so, and one undo takes both back. With money
    left and a spot free the purchase stays alone."""
    game_id = _solo(store, a.Roll("food", "tools", "water"), a.Plan(P1, ()), a.Done(), a.Done())

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert (
            page.find("bhk-buy-row-1").content == "Row 1: 4 HK$, then pass (the objective area holds 3 cards)"
        )
        await page.fire("bhk-buy-row-1")
        assert _latest(store, game_id) == [a.Buy(1, "Card from row 1 (4 HK$)"), a.Done()]
        assert _session(store, game_id).state.stage == "cleanup"
        await page.fire("undo")
        state = _session(store, game_id).state
        assert state.stage == "buy" and len(state.player(P1).objectives) == 2
        await page.fire("close-game")

        deployed = (
            a.Plan(P1, ("yellow-2", "scout", "mechanic")),
            a.Procure("yellow-2", 2, "tools", 0),
            a.UseScout("scout"),
            a.UseMechanic("mechanic"),
        )
        goal = a.CompleteGoal(card="c1", pay=("tools",), colour="red")
        richer = _solo(store, a.Roll("food", "tools", "water"), *deployed, goal, a.Done(), a.Done())
        page = await open_page(start, store)
        await page.fire(f"resume-{richer}")
        assert page.find("bhk-buy-row-1").content == "Row 1: 4 HK$", "5 HK$ and a spot left after it"
        await page.fire("bhk-buy-row-1")
        assert _latest(store, richer) == [a.Buy(1, "Card from row 1 (4 HK$)")]

    run(go())
