"""Phase 2: the player on turn turns up each planned card: a volunteer procures cubes (its die moved with
transport tokens), a specialist does its work, any card may be turned up unused; the Leader's check-mark
action while it is open; then done. When every card left has an action known to the last cube, one button
turns them all up with it, as one step to undo."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import (
    Done,
    Flip,
    Procure,
    UseCard,
    UseCheckmark,
    UseDoctor,
    UseLeader,
    UseMechanic,
    UseScout,
)
from trackers.blackout_hk.state import (
    BOARD_CHECKMARKS,
    CHECKMARK_NAMES,
    DICE,
    RESOURCE_NAMES,
    RESOURCES,
    BlackoutState,
    Card,
    Player,
)
from trackers.core.actions import Action
from views.forms import Form, form_stepper, rule_link, toggle
from views.games.blackout_hk.parts import (
    EFFECTS,
    RESOURCE_CHOICES,
    card_choices,
    effects_fields,
    effects_of,
    hint,
)
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, chip_row, heading, keyed, line

S = BlackoutState
CUBE_COUNTS = (1, 2, 3)
"""The cubes a volunteer card shows (top left)."""
TOKEN_CHOICES = [(str(n), str(n)) for n in (1, 2, 3)]
"""Tokens moving a die to another resource (none: the resource it shows)."""


def act(model: AppModel, label: str, action: Action, key: str) -> Act:
    return Act(label, partial(model.dispatch, action), key, model.check(action))


def usual_action(state: S, cid: str, card: Card | None) -> tuple[str, Action] | None:
    """What a planned card's first button sends, when it leaves nothing to choose: a volunteer whose cubes
    are known procures them as its die shows, the Scout and the Mechanic take their HK$ without paying for
    more. None for a card that asks something (a volunteer's cubes not known yet, the Doctor, a card from
    the deck) and for the Leader, whose check-mark action waits on a choice after it."""
    if card is None:
        return None
    if card.colour and card.cubes:
        die = state.dice[DICE.index(card.colour)]
        tokens = -1 if state.components.rondel else 0
        return f"{card.cubes} {RESOURCE_NAMES[die]}", Procure(cid, card.cubes, die, tokens)
    if card.specialist == "scout":
        return "Scout +2 HK$", UseScout(cid)
    if card.specialist == "mechanic":
        return "Mechanic +3 HK$", UseMechanic(cid)
    return None


def turn_up_all(model: AppModel, state: S, p: Player) -> list[ft.Control]:
    """One button for all the cards left, when there are two or more and each has a `usual_action`: the
    same entries their own buttons send, in slot order, as one group (refused as a whole, with the first
    reason, if one of them is)."""
    planned = queries.planned_cards(p)
    usual = [usual_action(state, cid, queries.planned_card(p, cid)) for _, cid, _, _ in planned]
    known = [u for u in usual if u is not None]
    if len(planned) < 2 or len(known) < len(planned):
        return []
    entries = [entry for _, entry in known]
    reasons = next((r for r in map(model.check, entries) if r), [])
    return [
        action_button(
            f"Turn up all {len(entries)}: {', '.join(text for text, _ in known)}",
            partial(model.dispatch, *entries),
            key="bhk-deploy-all",
            primary=True,
            blocked=reasons,
        )
    ]


@ft.component
def VolunteerRow(
    model: AppModel, state: S, slot: int, cid: str, name: str, colour: str, cubes: int
) -> ft.Control:
    """A volunteer starts from what the state knows: the resource its die shows and no transport token.
    The cubes it shows are the Procure button tapped (one for each of 1 to 3, the count it showed last time
    filled), so procuring is one tap even the first time."""
    die = state.dice[DICE.index(colour)]
    form = Form({"resource": die, "tokens": "0"})
    v = form.latest.shown
    known = bool(state.components.rondel)
    k = f"bhk-card-{slot}"

    def entry(values: dict[str, str], count: int) -> Procure:
        tokens = int(values["tokens"]) if values["tokens"] and not known else -1
        return Procure(cid, count, values["resource"], tokens)

    def pick(resource: str) -> None:
        """Another resource than the die's costs tokens: without the rondel's order, the table says how
        many."""
        form.put_all(resource=resource, tokens="0" if resource == die else "")

    def procure(count: int) -> Act:
        waiting = not known and not v["tokens"]
        reasons = hint("Pick the transport tokens.") if waiting else model.check(entry(v, count))
        return Act(
            f"Procure {count} {RESOURCE_NAMES[v['resource']]}",
            lambda: model.dispatch(entry(form.latest.value, count)),
            f"{k}-procure-{count}",
            reasons,
            primary=count == cubes,
        )

    rows: list[ft.Control] = [
        heading(f"Slot {slot}: {name} (the {colour} die shows {RESOURCE_NAMES[die]})"),
        chip_row(RESOURCE_CHOICES, v["resource"], pick, key=f"{k}-resource", label="Resource:"),
    ]
    if known and v["resource"] != die:
        steps = queries.rondel_steps(state, die, v["resource"])
        rows.append(line(f"{k}-cost", f"From {RESOURCE_NAMES[die]}: {steps} transport token(s)."))
    elif v["resource"] != die:
        rows.append(
            chip_row(
                TOKEN_CHOICES,
                v["tokens"] or None,
                partial(form.put, "tokens"),
                key=f"{k}-tokens",
                label="Transport tokens:",
            )
        )
    rows.append(
        action_row(
            [*(procure(n) for n in CUBE_COUNTS), act(model, "Turn up unused", Flip(cid), f"{k}-flip")],
            key=f"{k}-acts",
        )
    )
    return ft.Column(rows, spacing=6)


@ft.component
def DoctorRow(model: AppModel, state: S, slot: int, cid: str) -> ft.Control:
    p = state.player(state.on_turn or "")
    form = Form({"heal": "", "points": 0, "battery": False})
    v = form.latest.shown
    k = f"bhk-card-{slot}"

    def pay() -> str:
        return "battery" if form.now("battery") else "medipack"

    action = UseDoctor(v["heal"], int(v["points"]), card=cid, pay="battery" if v["battery"] else "medipack")
    reasons = hint("Pick the card the Doctor heals.") if not v["heal"] else model.check(action)
    return ft.Column(
        [
            heading(f"Slot {slot}: Doctor (1 medipack heals a card)"),
            chip_row(
                card_choices(p.hospital),
                v["heal"] or None,
                partial(form.put, "heal"),
                key=f"{k}-heal",
                label="Heal:",
            ),
            form_stepper(form, "points", "Points printed on it", key=f"{k}-points"),
            toggle(
                "A battery pays instead of the medipack",
                bool(v["battery"]),
                lambda: form.put("battery", not form.now("battery")),
                key=f"{k}-battery",
            ),
            action_row(
                [
                    Act(
                        "Doctor",
                        lambda: model.dispatch(
                            UseDoctor(form.now("heal"), int(form.now("points")), card=cid, pay=pay())
                        ),
                        f"{k}-doctor",
                        reasons,
                        primary=True,
                    ),
                    act(model, "Turn up unused", Flip(cid), f"{k}-flip"),
                ],
                key=f"{k}-acts",
            ),
        ],
        spacing=6,
    )


@ft.component
def OtherCardRow(model: AppModel, state: S, slot: int, cid: str, name: str) -> ft.Control:
    form = Form(dict(EFFECTS))
    k = f"bhk-card-{slot}"
    action = UseCard(card=cid, **effects_of(form.latest.shown))
    return ft.Column(
        [
            heading(f"Slot {slot}: {name}: enter what it gives"),
            *effects_fields(form, k),
            action_row(
                [
                    Act(
                        "Use it",
                        lambda: model.dispatch(UseCard(card=cid, **effects_of(form.latest.value))),
                        f"{k}-use",
                        model.check(action),
                        primary=True,
                    ),
                    act(model, "Turn up unused", Flip(cid), f"{k}-flip"),
                ],
                key=f"{k}-acts",
            ),
        ],
        spacing=6,
    )


def specialist_row(model: AppModel, state: S, slot: int, cid: str, kind: str) -> ft.Control:
    k = f"bhk-card-{slot}"
    acts: list[Act]
    if kind == "leader":
        acts = [act(model, "Leader: +1 battery", UseLeader(cid), f"{k}-leader")]
    elif kind == "scout":
        acts = [
            act(model, "Scout: +2 HK$", UseScout(cid), f"{k}-scout"),
            act(
                model, "Scout: 1 gasoline for 1 GPS, +2 HK$", UseScout(cid, "gasoline"), f"{k}-scout-gasoline"
            ),
            act(model, "Scout: 1 books for 1 GPS, +2 HK$", UseScout(cid, "books"), f"{k}-scout-books"),
            act(model, "Scout: a battery for 1 GPS, +2 HK$", UseScout(cid, "battery"), f"{k}-scout-battery"),
        ]
    else:
        acts = [
            act(model, "Mechanic: +3 HK$", UseMechanic(cid), f"{k}-mechanic"),
            act(model, "Mechanic: 1 tools for +6 HK$", UseMechanic(cid, True), f"{k}-mechanic-tools"),
            act(
                model,
                "Mechanic: a battery for +6 HK$",
                UseMechanic(cid, True, "battery"),
                f"{k}-mechanic-battery",
            ),
        ]
    acts.append(act(model, "Turn up unused", Flip(cid), f"{k}-flip"))
    return ft.Column(
        [heading(f"Slot {slot}: {kind.capitalize()}"), action_row(acts, key=f"{k}-acts")], spacing=6
    )


@ft.component
def PlanCheckmark(model: AppModel, oid: str, name: str) -> ft.Control:
    """A contingency plan's check-mark action: what it costs and gives, entered as the card reads."""
    form = Form(dict(EFFECTS))
    k = f"bhk-checkmark-{oid}"
    shown = UseCheckmark(action=oid, **effects_of(form.latest.shown))
    return ft.Column(
        [
            heading(f"{name}: enter what its check-mark action gives"),
            *effects_fields(form, k),
            action_button(
                f"Carry out {name}",
                lambda: model.dispatch(UseCheckmark(action=oid, **effects_of(form.latest.value))),
                key=f"{k}-go",
                blocked=model.check(shown),
            ),
        ],
        spacing=6,
    )


def checkmark_row(model: AppModel, state: S) -> ft.Control:
    """The check-mark actions open now (the Leader's, or after a refresh that returned cards): the board's
    five with their known effects, a contingency plan's with the effect its card shows."""
    if not state.window_uses or state.on_turn is None:
        return ft.Container()
    board = [w for w in state.window if w.isdigit()]
    acts = [act(model, CHECKMARK_NAMES[int(w)], UseCheckmark(action=w), f"bhk-checkmark-{w}") for w in board]
    acts += [
        act(
            model,
            f"{CHECKMARK_NAMES[int(w)]}, a battery paying",
            UseCheckmark(action=w, pay=("battery",)),
            f"bhk-checkmark-{w}-battery",
        )
        for w in board
        if BOARD_CHECKMARKS[int(w)][0] in RESOURCES
    ]
    names = {o.id: o.name for o in state.player(state.on_turn).checkmarks}
    plans = [
        keyed(f"bhk-plan-checkmark-{w}", PlanCheckmark, model, w, names.get(w, w))
        for w in state.window
        if not w.isdigit()
    ]
    rows: list[ft.Control] = [heading(f"Check-mark actions ({state.window_uses} left)")]
    if acts:
        rows.append(action_row(acts, key="bhk-checkmarks"))
    return ft.Column(rows + plans, spacing=6)


@ft.component
def DeployCard(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn
    if who is None:
        return card(heading("Nobody is on turn"), key="bhk-deploy")
    p = state.player(who)
    rows: list[ft.Control] = turn_up_all(model, state, p)
    for slot, cid, name, colour in queries.planned_cards(p):
        card_ = queries.planned_card(p, cid)
        kind = card_.specialist if card_ is not None else ""
        if colour:
            cubes = card_.cubes if card_ is not None else 0
            rows.append(
                keyed(
                    f"bhk-volunteer-{slot}-{cid}", VolunteerRow, model, state, slot, cid, name, colour, cubes
                )
            )
        elif kind == "doctor":
            rows.append(keyed(f"bhk-doctor-{slot}", DoctorRow, model, state, slot, cid))
        elif kind in ("leader", "scout", "mechanic"):
            rows.append(specialist_row(model, state, slot, cid, kind))
        else:
            rows.append(keyed(f"bhk-other-{slot}-{cid}", OtherCardRow, model, state, slot, cid, name))
    rows.append(checkmark_row(model, state))
    rows.append(
        action_button(
            "Done", partial(model.dispatch, Done()), key="bhk-deploy-done", blocked=model.check(Done())
        )
    )
    rows.append(rule_link(model, "blackout-hk/round/deploy", key="bhk-rule-deploy"))
    return card(*rows, key="bhk-deploy")
