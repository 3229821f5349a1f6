"""ASHES: the main and additional actions of a player's turn, each rarer form opened one at a time."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import rescue_reach
from trackers.ashes.state import AshesState, Seat, Slot
from trackers.core.actions import Action
from trackers.core.errors import Violation
from views.forms import Form, form_stepper, rule_link, toggle
from views.games.ashes.parts import FAMILIES, ROMAN, ROW_NAMES, areas_by_sector, use_form_card
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, choice_row, heading, memo, tagged

FORMS = (
    ("rescue", "Rescue"),
    ("install", "Install"),
    ("scout", "Scout"),
    ("milestone", "Milestone"),
    ("mission", "Mission"),
)


@memo  # with no form open, an entry that changes no reason leaves the whole card as it was
@ft.component
def ActionsFrame(
    model: AppModel,
    name: str,
    earned: int,
    mains: tuple[tuple[str, Action, str, tuple[Violation, ...]], ...],
    free_spaces: tuple[str, ...] | None,
    open_form: str,
    toggled: Callable[[str], None],
    form: tuple[ft.Control, ...],
) -> ft.Control:
    """Main actions (Rest and Build in one tap, once one is earned; `free_spaces`: the board's construction
    spaces still free, None without such spaces) and a button per additional action's form (`form`: the one
    open)."""
    controls: list[ft.Control] = [
        heading("Actions"),
        tagged(
            "main-actions-left",
            ft.Text(f"Main actions to take: {earned}" if earned else "No main action earned yet this turn."),
        ),
        rule_link(model, "ashes/tracking", key="tracking-rule", text="What to enter from the table"),
        action_row(
            [Act(label, partial(model.dispatch, action), key, why) for label, action, key, why in mains],
            key="main-actions",
        ),
    ]
    if free_spaces is not None:
        controls.append(
            choice_row(
                "Or build on a free construction space:",
                [(s, s) for s in free_spaces],
                None,
                lambda s: model.dispatch(aa.Build(name, s)),
                key="build-on",
            )
        )
    controls.append(
        ft.Row(
            [
                toggle(text, open_form == which, partial(toggled, which), key=f"open-{which}")
                for which, text in FORMS
            ],
            wrap=True,
        )
    )
    return card(*controls, *form, key="actions-card")


def _mains(name: str, earned: int) -> tuple[tuple[str, Action, str], ...]:
    return (
        ("A reward gives a main action", aa.EarnMainAction(name), "earn-main-action"),
        ("Rest", aa.Rest(name), "rest"),
        ("Build", aa.Build(name), "build"),
        ("Cycle shelters", aa.CycleShelters(name), "cycle-shelters"),
        *([("Skip a main action", aa.SkipMainAction(name), "skip-main-action")] if earned else []),
    )


def _actions_frame(
    model: AppModel, index: int
) -> tuple[str, int, tuple[tuple[str, Action, str, tuple[Violation, ...]], ...], tuple[str, ...] | None]:
    """What the actions card shows with no form open: the seat, its main actions earned, each main action
    with why it is not open now, and the construction spaces still free."""
    assert model.game is not None
    state: AshesState = model.game.session.state
    seat = state.seats[index]
    spaces = state.board.construction_spaces if state.board is not None else ()
    return (
        seat.name,
        seat.main_actions,
        tuple(
            (label, action, key, tuple(model.check(action)))
            for label, action, key in _mains(seat.name, seat.main_actions)
        ),
        tuple(s.id for s in spaces if state.shelter_owner(s.id) is None) if spaces else None,
    )


@ft.component
def ActionsCard(model: AppModel, index: int) -> ft.Control:
    """Main actions (Rest and Build in one tap, once one is earned) and the additional actions, one small
    form at a time. It follows the game by itself: on every entry while a form is open, otherwise when what
    its buttons show changes."""
    form = Form(
        {
            "open": "",
            "area": "",
            "active": 0,
            "essential": 0,
            "level": 1,
            "row": "dark_blue",
            "paying": (),
            "free": False,
            "keep_out": False,
            "table_drew": False,
            "family": "activation",
            "class": "I",
            "count": 0,
            "value": 0,
            "sector": 0,
            "power": "",
        }
    )

    toggled, state, frame = use_form_card(model, form, lambda m: _actions_frame(m, index))
    if state is None or frame is None:
        return ft.Container()
    seat = state.seats[index]
    name = seat.name

    def send(action: Action) -> None:
        if model.dispatch(action):
            form.reset()

    def pay_from(slot: int) -> None:
        form.put("paying", (*form.now("paying"), slot))

    def rescue() -> None:
        send(aa.Rescue(name, form.now("area"), form.now("active"), form.now("essential")))

    def scout() -> None:
        drawn: tuple[aa.Kind, ...] = ()
        if form.now("table_drew"):
            drawn = ("active",) * form.now("active") + ("essential",) * form.now("essential")
        send(
            aa.Scout(
                name, form.now("area"), bool(form.now("free")), drawn, essentials_in=not form.now("keep_out")
            )
        )

    def install() -> None:
        send(aa.Install(name, form.now("level"), form.now("row"), tuple(form.now("paying"))))

    def claim() -> None:
        send(
            aa.ClaimMilestone(
                name,
                form.now("row"),
                form.now("family"),
                form.now("class"),
                form.now("count"),
                form.now("value"),
            )
        )

    controls: list[ft.Control] = []
    opened = form["open"]
    if opened in ("rescue", "scout"):
        controls += [
            ft.Text("Which area?"),
            areas_by_sector(state, lambda a: form.put("area", a), form["area"], key=f"{opened}-area"),
        ]
    if opened == "rescue":
        controls += [
            *_rescue_note(state, seat),
            form_stepper(form, "active", "Active survivors", key="rescue-active", high=9),
            form_stepper(form, "essential", "Essential survivors", key="rescue-essential", high=9),
            action_button("Rescue", rescue, key="rescue-go", primary=True),
        ]
    elif opened == "scout":
        drew = bool(form["table_drew"])
        controls.append(
            ft.Row(
                [
                    toggle(
                        "Free (a card waives the cost)",
                        bool(form["free"]),
                        lambda: form.put("free", not form.now("free")),
                        key="scout-free",
                    ),
                    toggle(
                        "Keep drawn essentials out of the entrance",
                        bool(form["keep_out"]),
                        lambda: form.put("keep_out", not form.now("keep_out")),
                        key="scout-keep-out",
                    ),
                    toggle(
                        "We drew from the bag ourselves",
                        drew,
                        lambda: form.put("table_drew", not form.now("table_drew")),
                        key="scout-table-drew",
                    ),
                ],
                wrap=True,
            )
        )
        if drew:
            controls += [
                form_stepper(form, "active", "Active drawn", key="scout-active", high=4),
                form_stepper(form, "essential", "Essential drawn", key="scout-essential", high=4),
            ]
        controls.append(action_button("Scout", scout, key="scout-go", primary=True))
    elif opened == "install":
        level = int(form["level"])
        slots = seat.board.materials.pyramid.slots_per_level[level - 1]
        paying = tuple(form["paying"])
        controls += [
            choice_row(
                "Phoenix Project level:",
                [(str(n), ROMAN[n]) for n in (1, 2, 3)],
                str(level),
                lambda n: form.put_all(level=int(n), paying=()),
                key="install-level",
            ),
            choice_row(
                "Row:", list(ROW_NAMES), str(form["row"]), lambda r: form.put("row", r), key="install-row"
            ),
            ft.Text(f"Pay with level {ROMAN[level]} materials (tap a slot once per cube):"),
            ft.Row(
                [
                    action_button(
                        f"Slot {i} (has {seat.board.materials.count(Slot(level, i))})",
                        partial(pay_from, i),
                        key=f"install-slot-{i}",
                    )
                    for i in range(1, slots + 1)
                ],
                wrap=True,
            ),
            tagged(
                "install-paying",
                ft.Text("Paying: " + (", ".join(f"slot {i}" for i in paying) if paying else "nothing yet")),
            ),
            ft.Row(
                [
                    action_button("Clear", lambda: form.put("paying", ()), key="install-clear"),
                    action_button("Install", install, key="install-go", primary=True),
                ],
                wrap=True,
            ),
        ]
    elif opened == "milestone":
        controls += [
            choice_row(
                "Row:", list(ROW_NAMES), str(form["row"]), lambda r: form.put("row", r), key="milestone-row"
            ),
            choice_row(
                "Upgrade tile placed:",
                [(f, f.capitalize()) for f in FAMILIES],
                str(form["family"]),
                lambda f: form.put("family", f),
                key="milestone-family",
            ),
            choice_row(
                "Class:",
                [("I", "I"), ("II", "II")],
                str(form["class"]),
                lambda c: form.put("class", c),
                key="milestone-class",
            ),
            form_stepper(form, "count", "Times the requirement is met", key="milestone-count"),
            form_stepper(form, "value", "Value at the row's medal", key="milestone-value"),
            action_button("Claim milestone", claim, key="milestone-go", primary=True),
        ]
    elif opened == "mission":
        controls += [
            choice_row(
                "Vehicle sector the mission asks for:",
                [("0", "Other mission"), *[(str(s), f"Sector {s}") for s in (1, 2, 3, 4)]],
                str(form["sector"]),
                lambda s: form.put("sector", int(s)),
                key="mission-sector",
            ),
            choice_row(
                "Shelter the mission powers:",
                [("", "None"), *[(space, space) for space in seat.shelters if space not in seat.powered]],
                str(form["power"]),
                lambda space: form.put("power", space),
                key="mission-power",
            ),
            action_button(
                "Complete mission",
                lambda: send(aa.CompleteMission(name, form.now("sector"), form.now("power"))),
                key="mission-go",
                primary=True,
            ),
        ]
    if opened:
        controls.append(rule_link(model, _FORM_RULES[opened], key=f"{opened}-rule"))
    return ActionsFrame(model, *frame, str(form["open"]), toggled, tuple(controls))


def _rescue_note(state: AshesState, seat: Seat) -> list[ft.Control]:
    """What Lantern knows of the areas next to the player's shelters (9.2), and when it cannot check."""
    reach = rescue_reach(state, seat.name)
    near = ", ".join(a.name for a in state.areas if a.name in reach.near) or "none known"
    lines = [f"Next to your shelters: {near}."]
    if reach.unknown:
        lines.append(
            f"Lantern cannot check {reach.unknown} of your shelters: the board does not say which areas "
            "touch them, so make sure the area is next to one of your shelters."
        )
    return [tagged("rescue-reach", ft.Text(" ".join(lines), size=13))]


_FORM_RULES = {
    "rescue": "ashes/actions/rescue",
    "install": "ashes/actions/install",
    "scout": "ashes/actions/scout",
    "milestone": "ashes/actions/milestone",
    "mission": "ashes/actions/mission",
}
