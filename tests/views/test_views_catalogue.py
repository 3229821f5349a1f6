"""Card catalogues on the forms (issue #32), without a browser: a card typed in and saved under a name, then
picked by name in a new game in at most 2 taps after the form opens, the entry it makes equal to the typed
one; a refused save says why and keeps what was typed; the pack screen edits and deletes a saved card."""

from __future__ import annotations

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from tests.views.test_views_blackout_hk import P1, _sent, _solo
from tests.views.test_views_hope_city import STARTING, _choose_citizens, _filled, _new_game
from tests.views.test_views_hope_city import _failed as _hc_failed
from tests.views.test_views_hope_city import _stored as _hc_stored
from tests.views.test_views_infamous_traffic_board import _file as _it_file
from tests.views.test_views_infamous_traffic_turn import _board as _it_board
from tests.views.test_views_infamous_traffic_turn import _new_game as _it_new_game
from tests.views.test_views_infamous_traffic_turn import _start as _it_start
from tests.views.test_views_infamous_traffic_turn import _to_turns as _it_to_turns
from trackers.blackout_hk import actions as ba
from trackers.blackout_hk.catalogue import CardEntry, Goal, TileEntry
from trackers.blackout_hk.queries import CATALOGUE_KIND as BHK_KIND
from trackers.blackout_hk.queries import cards_in, catalogue_pack, goal_from, scout_from, tiles_in
from trackers.blackout_hk.state import BlackoutState
from trackers.core.actions import Action
from trackers.hope_city import actions as ha
from trackers.hope_city.catalogue import ObjectiveEntry, Step
from trackers.hope_city.queries import CATALOGUE_KIND as HC_KIND
from trackers.hope_city.queries import catalogue_pack as hc_catalogue_pack
from trackers.hope_city.queries import objectives_in
from trackers.hope_city.state import HopeCityState
from trackers.infamous_traffic import actions as ia
from trackers.infamous_traffic.catalogue import CardEntry as ItCard
from trackers.infamous_traffic.queries import CATALOGUE_KIND as IT_KIND
from trackers.infamous_traffic.queries import cards_in as it_cards_in
from trackers.infamous_traffic.queries import catalogue_pack as it_catalogue_pack
from trackers.infamous_traffic.queries import prize_from as it_prize_from
from trackers.services.storage import Store
from views.app import start
from views.catalogue import MY_CARDS


def _state_of(store: Store, game_id: str) -> BlackoutState:
    state = store.open_game(game_id).session.state
    assert isinstance(state, BlackoutState)
    return state


def _newest_entries(store: Store) -> tuple[Action, ...]:
    """The entries of the game played last (game ids are random: the store lists the last played first)."""
    return tuple(e.action for e in store.open_game(store.list_games()[0].id).session.history)


def _hc_state(store: Store) -> HopeCityState:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, HopeCityState)
    return state


async def _hc_to_the_objective(page: FakePage) -> None:
    """A new Hope City game up to the Mayor's objective (he stays on Politics, his starting space)."""
    await _new_game(page)
    await _choose_citizens(page)
    for token in STARTING:
        await page.fire(f"hc-start-token-drew-{token}")
    await page.fire("hc-chaos-in")
    await page.fire("hc-wage-drew-politics")


class Taps:
    """The page's taps counted from when the form is open."""

    def __init__(self, page: FakePage) -> None:
        self.page, self.count = page, 0

    async def __call__(self, key: str) -> None:
        self.count += 1
        await self.page.fire(key)


def test_a_hope_city_objective_typed_saved_and_picked_by_name_in_a_new_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.change("hc-obj-catalogue-name", "Town Hall")
        await page.fire("hc-obj-cost-society")
        await page.fire("hc-obj-catalogue-save")
        assert page.identified("notice-message") == "“Town Hall” saved to the catalogue."
        await page.fire("hc-obj-choose")
        typed = [a for a in _newest_entries(store) if isinstance(a, ha.ChooseObjective)]
        assert typed == [ha.ChooseObjective("pile", ("politics", "society"), name="Town Hall")], (
            "typed as the card saved under the name in the field: the entry carries that name"
        )
        (mine,) = store.list_packs(HC_KIND)
        assert mine.name == MY_CARDS
        assert [(c.name, c.category, c.cost) for c in objectives_in(mine)] == [
            ("Town Hall", "politics", ("politics", "society"))
        ]

        await page.fire("close-game")
        await _hc_to_the_objective(page)
        tap = Taps(page)
        await tap("hc-obj-catalogue-pick-town-hall")
        picked = [a for a in _newest_entries(store) if isinstance(a, ha.ChooseObjective)]
        assert picked == typed, "the entry the catalogued card fills equals the typed one"
        assert page.identified("hc-objective") == (
            "5. Objective: Town Hall (Politics objective, costing Politics, Society), from its pile."
        )
        assert tap.count == 1, "picked is taken: its cost is known, and the engine checks it"

    run(go())


def test_a_hope_city_objective_refused_as_it_is_picked_says_why_and_keeps_the_picks(store: Store) -> None:
    """After LEAD the Fail pile is the source: the Politics one is empty, so the catalogued card is refused
    with the engine's reason, nothing is taken, and the picks it made stay; a cost typed that is not the
    named card's is taken without the name."""
    town_hall = ObjectiveEntry("Town Hall", "politics", ("politics", "society"))
    store.save_pack(hc_catalogue_pack(MY_CARDS, [town_hall]))

    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.fire("hc-open-talent")
        await page.fire("hc-talent-go")  # LEAD
        await page.fire("hc-obj-source-fail")
        await page.fire("hc-obj-catalogue-pick-town-hall")
        assert page.identified("notice-message") == "The politics Fail pile is empty."
        assert not [a for a in _newest_entries(store) if isinstance(a, ha.ChooseObjective)]
        assert (_filled(page, "hc-obj-source"), _filled(page, "hc-obj-cost")) == (["fail"], ["society"])
        await page.fire("hc-obj-source-pile")
        await page.fire("hc-obj-cost-any")
        await page.fire("hc-obj-choose")
        taken = [a for a in _newest_entries(store) if isinstance(a, ha.ChooseObjective)]
        assert taken == [ha.ChooseObjective("pile", ("politics", "any"))], "not Town Hall's cost: no name"

    run(go())


NIGHT_SCHOOL = ObjectiveEntry(
    "Night School",
    "politics",
    ("politics",),
    reward=(Step("expand", step=1), Step("gain_token", token="economics")),
    consequence=(Step("place_blight"), Step("resist")),
)


async def _hc_night_school(page: FakePage, outcome: str) -> None:
    """The Mayor takes Night School by name, pays it, and says how it went."""
    await _hc_to_the_objective(page)
    await page.fire("hc-obj-catalogue-pick-night-school")
    await page.fire("hc-attempt")
    await page.fire(outcome)


def test_a_hope_city_objectives_reward_is_offered_step_by_step_once_it_succeeds(store: Store) -> None:
    """Each step of the reward one tap (who takes the token the one choice asked), sending the generic entry
    with the card's values; a step entered shows done, and an undo offers it again."""
    store.save_pack(hc_catalogue_pack(MY_CARDS, [NIGHT_SCHOOL]))

    async def go() -> None:
        page = await open_page(start, store)
        await _hc_night_school(page, "hc-success")
        assert page.identified("hc-card-steps") == "8. Night School's reward:"
        assert page.find("hc-card-says").content == "Something else the card says"
        await page.fire("hc-card-step-0")
        assert page.identified("hc-card-step-0-done") == "Business Expansion up: entered."
        assert page.has("hc-card-step-1-coach") and page.has("hc-card-step-1-mayor")
        economics = _hc_state(store).citizen("coach").tokens.count("economics")
        await page.fire("hc-card-step-1-coach")
        assert page.identified("hc-card-step-1-done") == "Take an Economics token: entered."
        state = _hc_state(store)
        assert state.city.expansion == 1
        assert state.citizen("coach").tokens.count("economics") == economics + 1
        assert _newest_entries(store)[-2:] == (ha.Expand(1), ha.GainToken("coach", "economics"))
        await page.fire("undo")
        assert page.has("hc-card-step-1-coach") and not page.has("hc-card-step-1-done")
        assert page.identified("hc-card-step-0-done") == "Business Expansion up: entered."

    run(go())


def test_a_hope_city_objectives_consequence_is_offered_once_it_fails(store: Store) -> None:
    """The Urban Blight asks who loses a talent, the resistance roll which PUNK and its die."""
    store.save_pack(hc_catalogue_pack(MY_CARDS, [NIGHT_SCHOOL]))

    async def go() -> None:
        page = await open_page(start, store)
        await _hc_night_school(page, "hc-failure")
        assert page.identified("hc-card-steps") == "8. Night School's consequence:"
        await page.fire("hc-card-step-0-coach")
        assert _hc_state(store).citizen("coach").talents == 1
        await page.fire("hc-card-step-1-punk-politics:0")
        await page.fire("hc-card-step-1-die-5")
        assert _newest_entries(store)[-2:] == (ha.PlaceBlight("coach"), ha.Resist("politics", "punk", 5))
        assert page.identified("hc-card-step-1-done") == "Resistance roll: entered."

    run(go())


def test_a_hope_city_objective_deferred_by_name_shows_it_on_the_future_track(store: Store) -> None:
    store.save_pack(hc_catalogue_pack(MY_CARDS, [NIGHT_SCHOOL]))

    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.fire("hc-obj-catalogue-pick-night-school")
        await page.fire("hc-defer")
        await page.fire("hc-show-city")
        assert page.identified("hc-track-1") == "F: Night School (Politics objective, costing Politics)"

    run(go())


def test_a_hope_city_objective_typed_by_hand_offers_the_generic_entries_only(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.fire("hc-obj-cost-none")
        await page.fire("hc-obj-choose")
        await page.fire("hc-attempt")
        await page.fire("hc-success")
        assert not page.has("hc-card-steps")
        assert page.find("hc-card-says").content == "8. What the card says"

    run(go())


def test_a_refused_save_says_why_and_keeps_the_name_and_the_picks(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.fire("hc-obj-catalogue-save")
        assert page.identified("notice-message") == (
            "Type the objective's name first: the catalogue keeps it under that name."
        )
        await page.change("hc-obj-catalogue-name", "Town Hall")
        await page.fire("hc-obj-catalogue-save")
        assert page.identified("notice-message") == (
            "“Town Hall” was not saved: pick what the card costs first."
        )
        assert page.find("hc-obj-catalogue-name").value == "Town Hall", "the name typed stays"
        await page.change("hc-obj-catalogue-name", "x" * 41)
        await page.fire("hc-obj-cost-any")
        await page.fire("hc-obj-catalogue-save")
        assert page.identified("notice-message") == (
            f"“{'x' * 41}” was not saved: 'name' is longer than 40 characters."
        )
        assert _filled(page, "hc-obj-cost") == ["any"], "the cost picked stays"
        assert store.list_packs(HC_KIND) == []

    run(go())


def test_the_cards_screen_edits_and_deletes_a_saved_objective(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        await page.change("hc-obj-catalogue-name", "Town Hall")
        await page.fire("hc-obj-cost-none")
        await page.fire("hc-obj-catalogue-save")
        await page.fire("hc-show-cards")
        assert page.identified("hc-catalogue-card-objectives-town-hall") == (
            "Town Hall: Politics objective, costing Politics"
        )
        await page.fire("hc-catalogue-edit-objectives-town-hall")
        await page.change(
            "hc-catalogue-editor",
            '{"name": "Old Town Hall", "category": "politics", "cost": ["politics", "any"]}',
        )
        await page.fire("hc-catalogue-editor-save")
        assert not page.has("hc-catalogue-card-objectives-town-hall")
        assert page.identified("hc-catalogue-card-objectives-old-town-hall") == (
            "Old Town Hall: Politics objective, costing Politics, Any"
        )
        await page.fire("hc-catalogue-edit-objectives-old-town-hall")
        await page.change("hc-catalogue-editor", '{"name": "Old Town Hall", "category": "politics"}')
        await page.fire("hc-catalogue-editor-save")
        assert page.identified("notice-message") == "“Old Town Hall” was not saved: 'cost' is missing."
        assert page.has("hc-catalogue-editor"), "the refused edit stays open with what was typed"
        await page.fire("hc-catalogue-editor-cancel")
        await page.fire("hc-catalogue-delete-objectives-old-town-hall")
        await page.fire("hc-catalogue-delete-yes")
        assert not page.has("hc-catalogue-card-objectives-old-town-hall")
        (mine,) = store.list_packs(HC_KIND)
        assert objectives_in(mine) == ()

    run(go())


BEFORE_BUY = (ba.Roll("food", "tools", "water"), ba.Plan(P1, ()), ba.Done(), ba.Done())
"""A solo campaign's first round up to the buy (row 1 costs 4 HK$, rows 2 and 3 as well)."""


def _bought(store: Store) -> ba.Action:
    """The last purchase sent: with 4 HK$ and 2 objectives, the pass it forces follows it (#32)."""
    entries = store.open_game(store.list_games()[0].id).session.entries
    return next(e.action for e in reversed(entries) if isinstance(e.action, ba.Buy))


def test_a_blackout_card_bought_typed_saved_and_picked_by_name_in_a_new_game(store: Store) -> None:
    first = _solo(store, *BEFORE_BUY)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{first}")
        await page.fire("bhk-buy-kind-blue")
        await page.fire("bhk-buy-catalogue-save")
        assert page.identified("notice-message") == (
            "Type the card's name first: the catalogue keeps it under that name."
        )
        await page.change("bhk-buy-name", "Dock Worker")
        await page.fire("bhk-buy-catalogue-save")
        assert page.identified("notice-message") == (
            "“Dock Worker” was not saved: pick the volunteer's printed cubes first."
        )
        await page.fire("bhk-buy-cubes-2")
        await page.fire("bhk-buy-catalogue-save")
        assert page.identified("notice-message") == "“Dock Worker” saved to the catalogue."
        await page.fire("bhk-buy-row-1")
        typed = _bought(store)
        assert typed == ba.Buy(1, "Dock Worker", goals=1, colour="blue")
        (mine,) = store.list_packs(BHK_KIND)
        assert [(c.name, c.colour, c.cubes, len(c.goals)) for c in cards_in(mine)] == [
            ("Dock Worker", "blue", 2, 1)
        ]
        await page.fire("undo")
        await page.fire("bhk-buy-kind-plan")
        await page.fire("bhk-buy-goals-3")
        await page.change("bhk-buy-name", "Harbour plan")
        await page.fire("bhk-buy-catalogue-save")
        await page.fire("bhk-buy-row-2")
        assert _bought(store) == ba.Buy(2, "Harbour plan", goals=3)
        await page.fire("close-game")

        second = _solo(store, *BEFORE_BUY)
        page = await open_page(start, store)
        await page.fire(f"resume-{second}")
        assert page.find("bhk-buy-catalogue-pick-harbour-plan").content == "Harbour plan: plan, 3 goal(s)"
        tap = Taps(page)
        await tap("bhk-buy-catalogue-pick-dock-worker")
        await tap("bhk-buy-row-1")
        assert _bought(store) == typed, "the entry the catalogued card fills equals the typed one"
        assert tap.count == 2
        await page.fire("undo")
        await page.change("bhk-buy-name", "harb")
        assert not page.has("bhk-buy-catalogue-pick-dock-worker"), "the name typed searches the catalogue"
        await page.fire("bhk-buy-catalogue-pick-harbour-plan")
        await page.fire("bhk-buy-row-2")
        assert _bought(store) == ba.Buy(2, "Harbour plan", goals=3)

    run(go())


BEFORE_SCOUT = (ba.Roll("food", "tools", "water"), ba.Plan(P1, ()), ba.Done())
"""A solo campaign's first round up to scouting."""


async def _scout_plays(page: FakePage) -> None:
    """What the table enters of the attempt itself, the tile aside: district 3 (the team's 4 volunteers
    count 4 icons as the form starts: 1 a card)."""
    await page.fire("bhk-scout-district-3")


def test_a_scout_tile_typed_saved_and_picked_by_name_in_a_new_game(store: Store) -> None:
    first = _solo(store, *BEFORE_SCOUT)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{first}")
        await _scout_plays(page)
        for key in ("value", "value", "amount", "amount"):
            await page.fire(f"bhk-scout-{key}-plus")  # simple 3, giving 2
        await page.fire("bhk-scout-reward-hkd")
        assert not page.has("bhk-scout-catalogue-name"), "nothing catalogued: no name asked above the form"
        await page.fire("bhk-scout-catalogue-save")
        assert store.list_packs(BHK_KIND) == [] and page.has("bhk-scout-go"), "the first tap asks the name"
        assert not page.has("bhk-scout-other-row"), "the catalogue's own fields wait for a name"
        await page.change("bhk-scout-catalogue-name", "Night Market")
        await page.fire("bhk-scout-catalogue-save")
        assert page.identified("notice-message") == (
            "“Night Market” was not saved: enter the tile's other challenge first."
        )
        for _ in range(5):
            await page.fire("bhk-scout-other-plus")  # advanced 5 (the first tap sets 1) ...
        for _ in range(3):
            await page.fire("bhk-scout-other-amount-plus")  # ... giving 3
        await page.fire("bhk-scout-catalogue-save")
        assert page.identified("notice-message") == "“Night Market” saved to the catalogue."
        await page.fire("bhk-scout-go")
        typed = _sent(store)
        assert isinstance(typed, ba.Scout)
        assert (typed.district, typed.challenge, typed.value, typed.reward, typed.amount) == (
            3,
            "simple",
            3,
            "hkd",
            2,
        )
        (mine,) = store.list_packs(BHK_KIND)
        (tile,) = tiles_in(mine)
        assert tile == TileEntry("Night Market", 3, 5, "hkd", 2, 3, 0)
        await page.fire("close-game")

        second = _solo(store, *BEFORE_SCOUT)
        page = await open_page(start, store)
        await page.fire(f"resume-{second}")
        tap = Taps(page)
        await tap("bhk-scout-catalogue-pick-night-market")
        assert tap.count == 1, "the tile's printed values: one tap"
        assert page.identified("bhk-scout-picked") == "Night Market: simple 3, hkd 2"
        assert not page.has("bhk-scout-value-row"), "the values the tile filled: one line, not steppers"
        await _scout_plays(page)
        await page.fire("bhk-scout-go")
        assert _sent(store) == typed, "the entry the catalogued tile fills equals the typed one"
        assert typed == scout_from(tile, 3, "simple", typed.team, 4)
        await page.fire("undo")
        await page.fire("bhk-scout-catalogue-pick-night-market")
        await page.fire("bhk-scout-challenge-advanced")
        assert page.identified("bhk-scout-picked") == "Night Market: advanced 5, hkd 3"
        await page.fire("bhk-scout-change")
        assert page.identified("bhk-scout-value") == "5" and page.identified("bhk-scout-amount") == "3"

    run(go())


def test_a_picked_tile_is_one_line_with_change_and_the_other_tiles_step_aside(store: Store) -> None:
    """A tile picked: its values one line (the steppers and rewards it filled hidden until Change), the
    matching tiles collapsed to the chosen one; Change shows what it filled, still editable; the entry the
    same either way."""
    tiles = [TileEntry("Night Market", 1, 5, "hkd", 2, 3), TileEntry("Harbour", 3, 6, "points", 1, 3)]
    store.save_pack(catalogue_pack(MY_CARDS, tiles=tiles))
    game_id = _solo(store, *BEFORE_SCOUT)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.has("bhk-scout-catalogue-pick-harbour") and page.has("bhk-scout-value-row")
        await page.fire("bhk-scout-catalogue-pick-night-market")
        assert page.identified("bhk-scout-picked") == "Night Market: simple 1, hkd 2"
        assert not page.has("bhk-scout-catalogue-pick-harbour"), "the chosen tile alone stays offered"
        assert page.has("bhk-scout-catalogue-pick-night-market")
        for hidden in ("bhk-scout-value-row", "bhk-scout-reward", "bhk-scout-amount-row"):
            assert not page.has(hidden), f"{hidden}: filled by the tile, said in its line"
        await page.fire("bhk-scout-change")
        assert not page.has("bhk-scout-picked")
        assert page.identified("bhk-scout-value") == "1" and page.identified("bhk-scout-amount") == "2"
        assert page.has("chosen-bhk-scout-reward-hkd")
        await page.fire("bhk-scout-amount-plus")
        await _scout_plays(page)
        await page.fire("bhk-scout-go")
        sent = _sent(store)
        assert isinstance(sent, ba.Scout)
        assert (sent.district, sent.challenge, sent.value, sent.reward, sent.amount) == (
            3,
            "simple",
            1,
            "hkd",
            3,
        )

    run(go())


def test_with_nothing_catalogued_the_scout_tile_name_is_asked_on_save_and_kept(store: Store) -> None:
    """No tile catalogued: no name field above the scout form; Save's first tap asks it under the Scout
    button, the name typed stays while the form is filled, and the tile's other challenge is asked with it."""
    game_id = _solo(store, *BEFORE_SCOUT)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert not page.has("bhk-scout-catalogue-name") and page.has("bhk-scout-catalogue-save")
        await page.fire("bhk-scout-catalogue-save")
        assert page.has("bhk-scout-catalogue-name") and not page.has("bhk-scout-other-row")
        assert page.has("no-notice"), "the first tap says nothing and saves nothing"
        await page.change("bhk-scout-catalogue-name", "Harbour")
        assert page.has("bhk-scout-other-row"), "a name typed: the tile's other challenge asked too"
        await _scout_plays(page)
        assert page.find("bhk-scout-catalogue-name").value == "Harbour", "the name typed is kept"
        assert store.list_packs(BHK_KIND) == []

    run(go())


def test_the_blackout_cards_screen_lists_cards_and_tiles_apart_and_deletes_one(store: Store) -> None:
    """A card and a scout tile may share a name: each list keeps its own; deleting one leaves the other."""
    pack = catalogue_pack(
        "My cards",
        cards=[CardEntry("Harbour", (Goal(hkd=2),), "red", 2)],
        tiles=[TileEntry("Harbour", 3, 6, "points", 1, 3)],
    )
    store.save_pack(pack)
    game_id = _solo(store)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        await page.fire("bhk-show-cards")
        assert page.identified("bhk-catalogue-card-cards-harbour") == "Harbour: red volunteer, 2 cubes"
        assert page.identified("bhk-catalogue-card-tiles-harbour") == (
            "Harbour: simple 3 (1), advanced 6 (3), points"
        )
        await page.fire("bhk-catalogue-delete-tiles-harbour")
        await page.fire("bhk-catalogue-delete-yes")
        (mine,) = store.list_packs(BHK_KIND)
        assert ([c.name for c in cards_in(mine)], tiles_in(mine)) == (["Harbour"], ())

    run(go())


def test_the_form_offers_the_newest_cards_of_its_colour_first_and_the_name_typed_searches(
    store: Store,
) -> None:
    """Eight Politics objectives and an Economics one catalogued: on Politics the six saved last are offered,
    newest first, the rest a name away; the Economics one never is; a name typed narrows the list."""
    politics = [ObjectiveEntry(f"Card {n}", "politics", ("politics",)) for n in range(1, 9)]
    economics = ObjectiveEntry("Bank", "economics", ("economics",))
    store.save_pack(hc_catalogue_pack(MY_CARDS, [*politics, economics]))

    async def go() -> None:
        page = await open_page(start, store)
        await _hc_to_the_objective(page)
        offered = [
            str(c.key).removeprefix("hc-obj-catalogue-pick-")
            for c in page.controls()
            if str(getattr(c, "key", "")).startswith("hc-obj-catalogue-pick-")
        ]
        assert offered == ["card-8", "card-7", "card-6", "card-5", "card-4", "card-3"]
        assert page.identified("hc-obj-catalogue-more") == "2 more: type more of the name."
        await page.change("hc-obj-catalogue-name", " CARD  1")
        assert page.has("hc-obj-catalogue-pick-card-1") and not page.has("hc-obj-catalogue-pick-card-8")
        await page.change("hc-obj-catalogue-name", "bank")
        assert not page.has("hc-obj-catalogue-pick-bank"), "an Economics card is no Politics objective"

    run(go())


def _season_file() -> str:
    """A stored three-player game at its London Season's first draft."""
    return _it_file("season")


def _it_sent(store: Store, kind: type[Action]) -> list[Action]:
    return [a for a in _newest_entries(store) if isinstance(a, kind)]


def test_an_infamous_traffic_card_inquired_typed_saved_and_picked_by_name_in_a_new_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _it_to_turns(page, store)
        await page.fire("it-act-inquire")
        await page.change("it-inquire-name", "Clipper")
        for key in ("upkeep", "vp", "vp", "parties"):
            await page.fire(f"it-inquire-{key}-plus")
        await page.fire("it-inquire-lock")
        await page.fire("it-inquire-catalogue-save")
        assert page.identified("notice-message") == "“Clipper” saved to the catalogue."
        await page.fire("it-inquire-keep")
        typed = _it_sent(store, ia.Inquire)
        assert typed == [ia.Inquire("Clipper", 1, 2, 1, True)]
        (mine,) = store.list_packs(IT_KIND)
        assert it_cards_in(mine) == (ItCard("Clipper", 1, 2, 1, True),)
        await page.fire("close-game")

        await _it_new_game(page)
        await _it_board(page)
        await _it_start(page, "london", "ship", "Jardine")
        await _it_start(page, "china", "ship")
        await page.fire("it-act-inquire")
        assert page.find("it-inquire-catalogue-pick-clipper").content == (
            "Clipper: upkeep 1, 2 VP, 1 party, locked"
        )
        tap = Taps(page)
        await tap("it-inquire-catalogue-pick-clipper")
        await tap("it-inquire-keep")
        assert _it_sent(store, ia.Inquire) == typed, (
            "the entry the catalogued card fills equals the typed one"
        )
        assert tap.count == 2
        every = [store.open_game(g.id).session.history for g in store.list_games()]
        assert [[e.action for e in h if isinstance(e.action, ia.Inquire)] for h in every] == [typed, typed]
        await page.fire("it-show-cards")
        assert (
            page.identified("it-catalogue-card-cards-clipper") == "Clipper: upkeep 1, 2 VP, 1 party, locked"
        )

    run(go())


def test_an_infamous_traffic_prize_saved_in_the_season_fills_its_kind_debt_and_numbers(
    store: Store,
) -> None:
    """A prize is offered on the prize form only (a location's card on the Inquire form only); a prize saved
    without its kind says why."""
    store.save_pack(it_catalogue_pack("Imported", [ItCard("Clipper", 1, 2, 1, True)]))
    game = store.import_game(_season_file())

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert not page.has("it-prize-catalogue-pick-clipper"), "a location's card is no prize"
        await page.change("it-prize-name", "Summer palace")
        await page.fire("it-prize-catalogue-save")
        assert page.identified("notice-message") == (
            "“Summer palace” was not saved: pick the prize's kind first."
        )
        await page.fire("it-prize-kind-wealth")
        for key in ("debt", "debt", "vp", "vp", "vp", "parties"):
            await page.fire(f"it-prize-{key}-plus")
        await page.fire("it-prize-catalogue-save")
        assert page.identified("notice-message") == "“Summer palace” saved to the catalogue."
        await page.fire("it-prize-keep")
        typed = _it_sent(store, ia.TakePrize)
        assert typed == [ia.TakePrize("Summer palace", "wealth", 2, 0, 3, 1)]
        await page.fire("undo")
        assert page.find("it-prize-catalogue-pick-summer-palace").content == (
            "Summer palace: wealth prize, debt 2, upkeep 0, 3 VP, 1 party"
        )
        tap = Taps(page)
        await tap("it-prize-catalogue-pick-summer-palace")
        await tap("it-prize-keep")
        assert _it_sent(store, ia.TakePrize) == typed
        assert tap.count == 2
        (mine,) = [p for p in store.list_packs(IT_KIND) if p.name == MY_CARDS]
        assert it_prize_from(it_cards_in(mine)[0]) == typed[0]

    run(go())


HARBOUR_BOUGHT = (
    ba.Roll("food", "tools", "water"),
    ba.Plan(P1, ()),
    ba.Done(),
    ba.Done(),
    ba.Buy(1, "Harbour plan", goals=3),
    ba.Done(),
    ba.CleanUp(),
    ba.Done(),
    ba.Roll("food", "tools", "water"),
    ba.Plan(P1, ()),
)
"""A solo campaign in round 2's goals, holding the plan 'Harbour plan' (3 goals) bought in round 1."""


def test_a_goal_saved_from_the_goal_form_keeps_its_gains_and_fills_it_in_a_new_game(store: Store) -> None:
    """The Buy form saves a card's goals blank: the goal form keeps a goal's payment and gains into the
    card (its other goals as they were), and in a new game the goal picked is filled from the catalogue."""
    blank = CardEntry("Harbour plan", (Goal(), Goal(), Goal()))
    store.save_pack(catalogue_pack(MY_CARDS, cards=[blank]))
    first = _solo(store, *HARBOUR_BOUGHT)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{first}")
        plan = _state_of(store, first).player(P1).objectives[-1]
        await page.fire(f"bhk-goal-card-{plan.id}")
        assert not page.has("bhk-goal-catalogue-save"), "a goal is saved on its card: the goal first"
        await page.fire("bhk-goal-no-2")
        for _ in range(3):
            await page.fire("bhk-goal-hkd-plus")
        await page.fire("bhk-goal-points-plus")
        await page.fire("bhk-goal-catalogue-save")
        assert page.identified("notice-message") == "Goal 2 of “Harbour plan” saved to the catalogue."
        await page.fire("bhk-goal-finish")
        await page.fire("bhk-goal-go")
        typed = _sent(store)
        assert typed == ba.CompleteGoal(card=plan.id, goal=2, finish=False, to="checkmarks", hkd=3, points=1)
        (mine,) = store.list_packs(BHK_KIND)
        (kept,) = cards_in(mine)
        assert kept == CardEntry("Harbour plan", (Goal(), Goal(hkd=3, points=1), Goal()))
        await page.fire("close-game")

        second = _solo(store, *HARBOUR_BOUGHT)
        page = await open_page(start, store)
        await page.fire(f"resume-{second}")
        await page.fire(f"bhk-goal-card-{plan.id}")
        await page.fire("bhk-goal-no-2")
        assert page.identified("bhk-goal-hkd") == "3", "the goal as catalogued"
        await page.fire("bhk-goal-finish")
        await page.fire("bhk-goal-go")
        assert _sent(store) == typed == goal_from(kept, plan.id, 2, finish=False, to="checkmarks")

    run(go())


def test_the_coach_adds_the_purple_die_to_a_cards_resistance_roll(store: Store) -> None:
    """GANG UP's purple die is offered beside a card's resistance roll as beside any other roll."""
    store.save_pack(hc_catalogue_pack(MY_CARDS, [NIGHT_SCHOOL]))
    game = _hc_stored(
        store,
        ha.ChaosIn(),
        *_hc_failed("politics", "economics"),
        ha.EndTurn(),
        ha.DrawToken("politics"),
        ha.GangUp(0),
        ha.Move("politics"),
        ha.FaceAttack((6,)),
    )

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game}")
        await page.fire("hc-obj-catalogue-pick-night-school")
        await page.fire("hc-attempt")
        await page.fire("hc-failure")
        await page.fire("hc-card-step-0-coach")
        await page.fire("hc-card-step-1-punk-politics:0")
        assert not page.has("hc-card-step-1-purple-6"), "kept aside until the Coach adds it"
        await page.fire("hc-card-step-1-gang-up-add")
        await page.fire("hc-card-step-1-purple-6")
        await page.fire("hc-card-step-1-die-1")
        assert _newest_entries(store)[-1] == ha.Resist("politics", "punk", 1, True, 6)
        assert page.identified("hc-card-step-1-done") == "Resistance roll: entered."

    run(go())
