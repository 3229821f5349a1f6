"""Phase 4: a scouting attempt of the player on turn (the district, the challenge, the team from the hand,
GPS spent and the tile taken), the search total shown as it is entered; a district chosen and left
without a tile; or no scouting. The form asks only what the state leaves open: the team starts as the
volunteers in hand, GPS is asked of a player holding some, a reward's amount unless probing, and the icons
on the tile's back only when the tile goes face down."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Done, Scout, ScoutNoTile
from trackers.blackout_hk.state import DISTRICTS, REWARDS, BlackoutState
from views.forms import Form, form_stepper, rule_link, send_button
from views.games.blackout_hk.parts import all_done, card_choices, hint, toggle_chips
from views.model import AppModel
from views.widgets import action_button, card, chip_row, line

S = BlackoutState
CHALLENGES = [("simple", "simple"), ("advanced", "advanced"), ("probe", "probe (4)")]


def _simples(values: dict[str, object]) -> tuple[int, ...]:
    """A probe's tile and the district's lowest simple challenge, when both are entered."""
    tile, lowest = int(str(values["tile"])), int(str(values["lowest"]))
    return (tile, lowest) if values["challenge"] == "probe" and tile and lowest else ()


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
            "icons": 0,
            "gps": 0,
            "reward": "",
            "amount": 0,
            "back": 0,
            "tile": 0,
            "lowest": 0,
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
            int(str(values["icons"])),
            str(values["reward"]),
            int(str(values["amount"])),
            int(str(values["gps"])),
            int(str(values["back"])),
            simples=_simples(values),
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
    total = queries.search_total(p, int(v["icons"]), int(v["gps"]))
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
    return card(
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
            lambda c: form.put_all(challenge=c, value=4 if c == "probe" else form.now("value")),
            key="bhk-scout-challenge",
            label="Challenge:",
        ),
        form_stepper(form, "value", "Challenge value", key="bhk-scout-value", low=1, high=30),
        *probing,
        toggle_chips(
            card_choices([c for c in p.hand if c.specialist != "doctor"]),
            tuple(v["team"]),
            partial(form.flip, "team"),
            key="bhk-scout-team",
            label="Team:",
        ),
        form_stepper(form, "icons", "The team's search icons", key="bhk-scout-icons", high=60),
        *gps,
        line("bhk-scout-total", f"Search total: {total} of {v['value']} needed."),
        chip_row(
            [(r, r) for r in REWARDS],
            v["reward"] or None,
            partial(form.put, "reward"),
            key="bhk-scout-reward",
            label="Tile's reward:",
        ),
        *reward,
        action_button("Scout", send, key="bhk-scout-go", primary=True, blocked=reasons),
        *no_tile,
        send_button(model, "No scouting (done)", Done(), key="bhk-scout-done", blocked=model.check(Done())),
        *all_done(model, state, "scouting", key="bhk-scout-all-done"),
        rule_link(model, "blackout-hk/round/scout", key="bhk-rule-scout"),
        key="bhk-scout",
    )


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]
