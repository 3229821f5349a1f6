"""Phase 7: each district secured this round; phase 8: the player on turn refreshes (a slot chosen only when
slots tie) and carries out the check-mark actions it opens; final scoring's count per player; and the next
chapter of a campaign."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Done, FinalCount, NextChapter, Refresh, Secure
from trackers.blackout_hk.state import CHECKMARK_NAMES, DISTRICTS, BlackoutState
from trackers.core.wording import unit
from views.forms import Form, form_stepper, rule_link, send_button
from views.games.blackout_hk.parts import hint
from views.games.blackout_hk.round.deploy import checkmark_row
from views.model import AppModel
from views.widgets import Latest, action_button, card, chip_row, heading, keyed, line

S = BlackoutState


@ft.component
def SecureForm(model: AppModel, state: S) -> ft.Control:
    form = Form(
        {
            "district": "",
            "locations": 4,
            **{f"cubes-{i}": 0 for i in range(state.n)},
            **{f"unlock-{i}": "" for i in range(state.n)},
        }
    )
    v = form.latest.shown
    loc = int(v["locations"])
    securers = [i for i in range(state.n) if int(v[f"cubes-{i}"]) == loc and state.players[i].markers]

    def entry(values: dict[str, object]) -> Secure:
        return Secure(
            int(str(values["district"] or 0)),
            int(str(values["locations"])),
            tuple(int(str(values[f"cubes-{i}"])) for i in range(state.n)),
            tuple(int(str(values[f"unlock-{i}"] or 0)) for i in securers),
        )

    reasons = hint("Pick the district.") if not v["district"] else model.check(entry(v))
    found = queries.newly_secured(state) if state.components.districts else None
    if found is None:
        districts = [(str(d), str(d)) for d in range(1, DISTRICTS + 1) if d not in state.secured]
    else:
        districts = [(str(d.district), str(d.district)) for d in found]

    def pick(district: str) -> None:
        """With the map entered, its counts for the district picked."""
        form.put("district", district)
        for secured in found or ():
            if str(secured.district) == district:
                form.put("locations", secured.locations)
                for i, n in enumerate(secured.cubes):
                    form.put(f"cubes-{i}", n)

    controls: list[ft.Control] = [
        heading("A district secured this round"),
        *(
            [line("bhk-secure-map", "The map shows no district secured now: tap Done.")]
            if found == ()
            else []
        ),
        chip_row(
            districts,
            v["district"] or None,
            pick,
            key="bhk-secure-district",
            label="District:",
        ),
        form_stepper(form, "locations", "Locations around it", key="bhk-secure-locations", low=1, high=12),
    ]
    for i, name in enumerate(state.names):
        controls.append(
            form_stepper(
                form, f"cubes-{i}", f"{name}'s cubes around it", key=f"bhk-secure-cubes-{i}", high=loc
            )
        )
    for i in securers:
        p = state.players[i]
        choices = [(str(n), f"{n}: {CHECKMARK_NAMES[n]}") for n in CHECKMARK_NAMES if n not in p.unlocked]
        controls.append(
            chip_row(
                choices,
                v[f"unlock-{i}"] or None,
                partial(form.put, f"unlock-{i}"),
                key=f"bhk-secure-unlock-{i}",
                label=f"{p.name}'s marker uncovers:",
            )
        )
    controls += [
        action_button(
            "District secured",
            lambda: model.dispatch(entry(form.latest.value)),
            key="bhk-secure-go",
            primary=True,
            blocked=reasons,
        ),
        send_button(
            model, "No more districts (done)", Done(), key="bhk-secure-done", blocked=model.check(Done())
        ),
        rule_link(model, "blackout-hk/round/secure", key="bhk-rule-secure"),
    ]
    return card(*controls, key="bhk-secure")


@ft.component
def RefreshCard(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    p = state.player(who)
    tied = queries.fullest(p)
    picked = Latest[str | None](None)
    controls: list[ft.Control] = [
        heading(
            f"{who}: refresh ({len(p.hand)} {unit(len(p.hand), 'cards')} in hand, up to {p.refresh_limit})"
        )
    ]
    if not state.refreshed:
        if len(tied) > 1:
            controls.append(
                chip_row(
                    [(str(i + 1), f"Slot {i + 1}") for i in tied],
                    picked.shown,
                    picked.set,
                    key="bhk-refresh-slot",
                    label="Slots tie:",
                )
            )
        slot = int(picked.shown or 0) if len(tied) > 1 else 0
        action = Refresh(slot)
        why = hint("Choose one of the tied slots.") if len(tied) > 1 and not slot else model.check(action)
        controls.append(
            action_button(
                f"Refresh (slot {slot or tied[0] + 1})",
                partial(model.dispatch, action),
                key="bhk-refresh-go",
                primary=True,
                blocked=why,
            )
        )
    controls += [
        checkmark_row(model, state),
        send_button(model, "Done", Done(), key="bhk-refresh-done", blocked=model.check(Done())),
        rule_link(model, "blackout-hk/round/refresh", key="bhk-rule-refresh"),
    ]
    return card(*controls, key="bhk-refresh")


@ft.component
def PlayerCount(model: AppModel, state: S, who: str) -> ft.Control:
    table = bool(state.components.scout_table)
    counts = state.chapter in (3, 4)
    form = Form({"cards": 0, "scout": 0, "counted": 0})
    v = form.latest.shown

    def entry(values: dict[str, object]) -> FinalCount:
        return FinalCount(
            who,
            int(str(values["cards"])),
            -1 if table else int(str(values["scout"])),
            int(str(values["counted"])) if counts else 0,
        )

    what = "cubes next to the central district" if state.chapter == 3 else "cubes on red locations"
    return ft.Column(
        [
            heading(f"{who}'s final count"),
            form_stepper(
                form, "cards", "Points on the cards in hand and slots", key="bhk-final-cards", high=200
            ),
            *(
                []
                if table
                else [form_stepper(form, "scout", "Scout-tile table points", key="bhk-final-scout", high=100)]
            ),
            *(
                [
                    form_stepper(
                        form, "counted", f"Chapter {state.chapter}: {what}", key="bhk-final-counted", high=25
                    )
                ]
                if counts
                else []
            ),
            action_button(
                "Enter the count",
                lambda: model.dispatch(entry(form.latest.value)),
                key="bhk-final-go",
                primary=True,
                blocked=model.check(entry(v)),
            ),
        ],
        spacing=8,
    )


@ft.component
def FinalForm(model: AppModel, state: S) -> ft.Control:
    done = {f[0] for f in state.final_points}
    left = [n for n in state.names if n not in done]
    picked = Latest[str | None](None)
    who = picked.shown if picked.shown in left else left[0]
    return card(
        chip_row([(n, n) for n in left], who, picked.set, key="bhk-final-who", label="Who counts:")
        if len(left) > 1
        else ft.Container(),
        keyed(f"bhk-final-form-{who}", PlayerCount, model, state, who),
        rule_link(model, "blackout-hk/final-scoring", key="bhk-rule-final-count"),
        key="bhk-final",
    )


@ft.component
def ChapterCard(model: AppModel, state: S) -> ft.Control:
    last = state.campaign[-1]
    again = state.solo and not last.won
    label = f"Play chapter {last.chapter} again" if again else f"Start chapter {last.chapter + 1}"
    return card(
        heading(f"Chapter {last.chapter} is over"),
        line("bhk-chapter-result", queries.chapter_text(last)),
        send_button(model, label, NextChapter(), key="bhk-next-chapter", blocked=model.check(NextChapter())),
        rule_link(model, "blackout-hk/campaign", key="bhk-rule-chapter"),
        key="bhk-chapter",
    )
