"""Phase 4: a scouting attempt of the player on turn (the district, the challenge, the team from the hand,
GPS spent and the tile taken), the search total shown as it is entered; a district chosen and left
without a tile; or no scouting. The form asks only what the state leaves open: the team starts as the
volunteers in hand, its search icons as 1 a card (every card but the Doctor shows at least one, and she never
joins: a simple challenge that many meet needs no counting), GPS is asked of a player holding some, a
reward's amount unless probing, and the icons on the tile's back only when the tile goes face down."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Done, Scout, ScoutNoTile
from trackers.blackout_hk.state import DISTRICTS, REWARDS, BlackoutState
from views.catalogue import beside, use_catalogue
from views.forms import Form, form_stepper, rule_link, send_button, stepper
from views.games.blackout_hk.parts import all_done, card_choices, hint, toggle_chips
from views.model import AppModel
from views.widgets import action_button, card, chip_row, line

S = BlackoutState
CHALLENGES = [("simple", "simple"), ("advanced", "advanced"), ("probe", "probe (4)")]
ICONS_LABEL = "Search icons (1+ a card)"


def team_icons(values: dict[str, Any]) -> int:
    """The team's icons the form holds: 1 for each card in the team, and the icons the table added (or took
    off) beyond that, so the count follows the team as cards join or leave it."""
    return max(0, len(values["team"]) + int(values["extra"]))


def _simples(values: dict[str, object]) -> tuple[int, ...]:
    """A probe's tile and the district's lowest simple challenge, when both are entered."""
    tile, lowest = int(str(values["tile"])), int(str(values["lowest"]))
    return (tile, lowest) if values["challenge"] == "probe" and tile and lowest else ()


def tile_text(tile: Any) -> str:
    """A catalogued scout tile on its button: its name, its two challenges and its reward."""
    return (
        f"{tile.name}: simple {tile.simple} ({tile.simple_amount}), "
        f"advanced {tile.advanced} ({tile.advanced_amount}), {tile.reward}"
    )


def tile_values(tile: Any, challenge: str) -> dict[str, Any]:
    """What a catalogued tile fills with `challenge` taken: its value and amount (a probe needs 4 icons and
    gives nothing), its reward and the icons on its back."""
    value, amount = {
        "simple": (tile.simple, tile.simple_amount),
        "advanced": (tile.advanced, tile.advanced_amount),
    }.get(challenge, (4, 0))
    return {"value": value, "amount": amount, "reward": tile.reward, "back": tile.back_icons}


def as_tile(values: dict[str, Any], name: str) -> dict[str, Any] | str:
    """The tile the form describes, as the catalogue holds it (both challenges: the one taken and the other
    one asked for the catalogue), or why it describes none."""
    challenge = values["challenge"]
    if challenge == "probe":
        return "a probe does not read the tile's challenges: save it taken with its simple or advanced one."
    if not values["reward"]:
        return "pick the tile's reward first."
    if values["other"] is None:
        return "enter the tile's other challenge first."
    taken, other = (values["value"], values["amount"]), (values["other"], values["other_amount"])
    (simple, simple_amount), (advanced, advanced_amount) = (
        (taken, other) if challenge == "simple" else (other, taken)
    )
    return {
        "name": name,
        "simple": int(simple),
        "advanced": int(advanced),
        "reward": values["reward"],
        "simple_amount": int(simple_amount),
        "advanced_amount": int(advanced_amount),
        "back_icons": int(values["back"]),
    }


@ft.component
def ScoutForm(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    p = state.player(who)
    form = Form(
        {
            "district": "",
            "challenge": "simple",
            "value": 1,
            "team": tuple(c.id for c in p.hand if c.colour),
            "extra": 0,
            "gps": 0,
            "reward": "",
            "amount": 0,
            "back": 0,
            "tile": 0,
            "lowest": 0,
            "picked": None,
            "other": None,
            "other_amount": 0,
            "change": False,
        }
    )
    v = form.latest.shown
    probe = v["challenge"] == "probe"

    def entry(values: dict[str, object]) -> Scout | None:
        if not values["district"] or not values["reward"] or not values["team"]:
            return None
        return Scout(
            int(str(values["district"])),
            str(values["challenge"]),
            int(str(values["value"])),
            tuple(values["team"]),  # type: ignore[arg-type]
            team_icons(values),
            str(values["reward"]),
            int(str(values["amount"])),
            int(str(values["gps"])),
            int(str(values["back"])),
            simples=_simples(values),
        )

    def pick(tile: Any) -> None:
        form.put_all(picked=tile, change=False, **tile_values(tile, form.now("challenge")))

    def challenge_to(c: str) -> None:
        tile = form.now("picked")
        if tile is not None:
            form.put_all(challenge=c, **tile_values(tile, c))
        else:
            form.put_all(challenge=c, value=4 if c == "probe" else form.now("value"))

    other = "advanced" if v["challenge"] == "simple" else "simple"
    for_catalogue = ft.Column(
        [
            form_stepper(
                form,
                "other",
                f"For the catalogue: the {other} challenge",
                key="bhk-scout-other",
                low=1,
                high=30,
            ),
            form_stepper(form, "other_amount", "... and its reward amount", key="bhk-scout-other-amount"),
        ],
        spacing=4,
    )

    def send() -> None:
        action = entry(form.latest.value)
        if action is not None:
            model.dispatch(action)

    action = entry(v)
    missing = [
        what
        for what, value in (
            ("the district", "district"),
            ("the team", "team"),
            ("the tile's reward", "reward"),
        )
        if not v[value]
    ]
    reasons = hint(f"Pick {_listed(missing)}.") if action is None else model.check(action)
    icons = team_icons(v)

    def more_icons(by: int) -> None:
        """One icon more or fewer than the count shown (never below none)."""
        shown = team_icons(form.latest.value)
        form.put("extra", max(0, min(60, shown + by)) - len(form.now("team")))

    total = queries.search_total(p, icons, int(v["gps"]))
    probing: list[ft.Control] = []
    if probe:
        probing = [
            form_stepper(form, "tile", "Optional: the probed tile's simple challenge", key="bhk-scout-tile"),
            form_stepper(
                form, "lowest", "Optional: the lowest simple challenge here", key="bhk-scout-lowest"
            ),
        ]
    no_tile: list[ft.Control] = []
    if v["district"]:
        declined = ScoutNoTile(int(str(v["district"])))
        no_tile = [
            send_button(
                model,
                f"District {v['district']} chosen, no tile taken",
                declined,
                key="bhk-scout-no-tile",
                blocked=model.check(declined),
            )
        ]
    open_districts = [
        (str(d), str(d))
        for d in range(1, DISTRICTS + 1)
        if state.district_tiles[d - 1] and d not in state.scouted
    ]
    gps: list[ft.Control] = []
    if p.gps or v["gps"]:
        gps = [form_stepper(form, "gps", f"GPS spent (of {p.gps})", key="bhk-scout-gps", high=max(p.gps, 0))]
    reward: list[ft.Control] = []
    if not probe or v["amount"]:
        reward.append(form_stepper(form, "amount", "Reward amount", key="bhk-scout-amount"))
    face_down = bool(v["reward"]) and not queries.keeps_face_up(state, p, str(v["reward"]), probe)
    if face_down or v["back"]:
        reward.append(
            form_stepper(
                form, "back", "The tile goes face down: icons on its back", key="bhk-scout-back", high=3
            )
        )
    # A tile picked from the catalogue filled these: one line says what, "Change" shows them again.
    filled: list[ft.Control] = [
        form_stepper(form, "value", "Challenge value", key="bhk-scout-value", low=1, high=30)
    ]
    rewards = [
        chip_row(
            [(r, r) for r in REWARDS],
            v["reward"] or None,
            partial(form.put, "reward"),
            key="bhk-scout-reward",
            label="Tile's reward:",
        ),
        *reward,
    ]
    if v["picked"] is not None and not v["change"]:
        back = f", {v['back']} icons on its back" if face_down or v["back"] else ""
        summary = f"{v['picked'].name}: {v['challenge']} {v['value']}, {v['reward']} {v['amount']}{back}"
        filled = [
            ft.Row(
                [
                    line("bhk-scout-picked", summary),
                    action_button("Change", lambda: form.put("change", True), key="bhk-scout-change"),
                ],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
        rewards = []
    catalogue = use_catalogue(
        model,
        queries.CATALOGUE_KIND,
        queries.TILES,
        prefix="bhk-scout-catalogue",
        offered=lambda _: True,
        label=tile_text,
        pick=pick,
        typed=lambda name: as_tile(form.latest.value, name),
        extra=for_catalogue,
        name_on_save=True,
    )
    return card(
        catalogue.picker,
        chip_row(
            open_districts,
            v["district"] or None,
            partial(form.put, "district"),
            key="bhk-scout-district",
            label="District:",
        ),
        chip_row(
            CHALLENGES,
            v["challenge"],
            challenge_to,
            key="bhk-scout-challenge",
            label="Challenge:",
        ),
        *filled,
        *probing,
        toggle_chips(
            card_choices([c for c in p.hand if c.specialist != "doctor"]),
            tuple(v["team"]),
            partial(form.flip, "team"),
            key="bhk-scout-team",
            label="Team:",
        ),
        stepper(
            ICONS_LABEL, str(icons), partial(more_icons, -1), partial(more_icons, 1), key="bhk-scout-icons"
        ),
        *gps,
        line("bhk-scout-total", f"Search total: {total} of {v['value']} needed."),
        *rewards,
        beside(
            action_button("Scout", send, key="bhk-scout-go", primary=True, blocked=reasons), catalogue.save
        ),
        *no_tile,
        send_button(model, "No scouting (done)", Done(), key="bhk-scout-done", blocked=model.check(Done())),
        *all_done(model, state, "scouting", key="bhk-scout-all-done"),
        rule_link(model, "blackout-hk/round/scout", key="bhk-rule-scout"),
        key="bhk-scout",
    )


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]
