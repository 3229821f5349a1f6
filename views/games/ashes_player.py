"""ASHES: one player's board on the phone: steppers first, then the turn, then the rarer forms one at a time.

Also the small pieces every ASHES screen shares: a form's values, a stepper row and a link to a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.materials import Slot
from trackers.ashes.player import TECH_SLOTS
from trackers.ashes.rounds import free_positions
from trackers.ashes.scoring import vp_display
from trackers.ashes.state import AshesState, Seat
from views.model import AppModel
from views.widgets import TOUCH, Entry, Latest, action_button, card, choice_row, heading, icon_action, tagged

KINDS = ("active", "essential")
ROW_NAMES: tuple[tuple[aa.RowName, str], ...] = (
    ("dark_blue", "Dark blue"),
    ("light_blue", "Light blue"),
    ("pink", "Pink"),
)
ROMAN = {1: "I", 2: "II", 3: "III"}
COUNTED: tuple[tuple[aa.Counted, str], ...] = (
    ("vp", "VP"),
    ("happiness", "Happiness"),
    ("fuel", "Fuel"),
    ("data", "Data"),
    ("antirad", "Antirad"),
    ("strength", "Strength"),
)
PRODUCED: tuple[aa.Produced, ...] = ("fuel", "data", "strength")
FAMILIES: tuple[aa.Family, ...] = ("activation", "stacking", "storage", "vehicle", "colony scoring", "scout")
COLONY_AREAS: tuple[aa.ColonyAreaName, ...] = (
    "column 1",
    "column 2",
    "column 3",
    "column 4",
    "materials",
    "survivors",
)
PLAIN = {" → ": " to ", "→": " to ", " × ": " x ", "×": "x", "–": "-", "—": "-", "“": '"', "”": '"'}


def plain(text: str) -> str:
    """Engine text without the arrows and signs that render as empty boxes on an offline phone."""
    for glyph, words in PLAIN.items():
        text = text.replace(glyph, words)
    return text


class Form:
    """A form's values in one dict that handlers read at once (see `Latest`), re-rendered on each change."""

    def __init__(self, initial: dict[str, Any]) -> None:
        self.latest = Latest(initial)
        self.initial = initial

    def __getitem__(self, name: str) -> Any:
        return self.latest.shown[name]

    def now(self, name: str) -> Any:
        return self.latest.value[name]

    def put(self, name: str, value: Any) -> None:
        self.latest.set({**self.latest.value, name: value})

    def put_all(self, **values: Any) -> None:
        self.latest.set({**self.latest.value, **values})

    def bump(self, name: str, delta: int, low: int = 0, high: int = 99) -> None:
        """A value not entered yet (None) starts at `low` on the first tap."""
        now = self.now(name)
        self.put(name, low if now is None else min(high, max(low, int(now) + delta)))

    def flip(self, name: str, item: Any) -> None:
        """Add `item` to the tuple under `name`, or take it out again."""
        held = tuple(self.now(name))
        self.put(name, tuple(i for i in held if i != item) if item in held else (*held, item))

    def reset(self) -> None:
        self.latest.set(self.initial)


def stepper(
    label: str, shown: str, minus: Callable[[], Any], plus: Callable[[], Any], *, key: str
) -> ft.Control:
    """A value with - and + beside it: the one-tap change a player makes with a piece in the other hand."""
    return ft.Row(
        [
            ft.Text(label, expand=True, size=16),
            icon_action(ft.Icons.REMOVE, f"{label} minus one", minus, key=f"{key}-minus"),
            ft.Container(
                tagged(key, ft.Text(shown, size=20, weight=ft.FontWeight.BOLD)),
                width=120,
                alignment=ft.Alignment.CENTER,
            ),
            icon_action(ft.Icons.ADD, f"{label} plus one", plus, key=f"{key}-plus"),
        ],
        key=f"{key}-row",
    )


def form_stepper(form: Form, name: str, label: str, *, key: str, low: int = 0, high: int = 99) -> ft.Control:
    """A stepper over a value of a form (nothing is sent until the form's button)."""
    return stepper(
        label,
        "not set" if form[name] is None else str(form[name]),
        lambda: form.bump(name, -1, low, high),
        lambda: form.bump(name, 1, low, high),
        key=key,
    )


def toggle(label: str, on: bool, flip: Callable[[], Any], *, key: str) -> ft.Control:
    """A big button that shows its state by being filled: easier to hit than a checkbox."""
    return action_button(label, flip, key=key, primary=on, icon=ft.Icons.CHECK if on else None)


def rule_link(model: AppModel, rule: str, *, key: str, text: str | None = None) -> ft.Control:
    if not model.reference.exists(rule):
        return ft.Container()
    return ft.TextButton(
        text or model.reference.get(rule).title,
        icon=ft.Icons.MENU_BOOK,
        key=key,
        on_click=lambda _: model.show_rule(rule),
    )


def vp_text(vp: int) -> str:
    lap, _ = vp_display(vp)
    return f"{vp} (lap +{lap})" if lap else str(vp)


def _counted(seat: Seat, resource: aa.Counted) -> str:
    board = seat.board
    if resource == "vp":
        return vp_text(board.vp)
    value = int(getattr(board, resource))
    return f"{value} of 9" if resource == "happiness" else str(value)


@ft.component
def Steppers(model: AppModel, seat: Seat) -> ft.Control:
    name = seat.name
    return card(
        ft.Row(
            [
                heading(name),
                tagged("vehicle", ft.Text(f"Vehicle: {seat.vehicle or 'not placed'}")),
            ],
            wrap=True,
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        ),
        *[
            stepper(
                label,
                _counted(seat, resource),
                lambda r=resource: model.dispatch(aa.Adjust(name, r, -1)),
                lambda r=resource: model.dispatch(aa.Adjust(name, r, 1)),
                key=f"adj-{resource}",
            )
            for resource, label in COUNTED
        ],
        key="steppers",
    )


def _area_names(state: AshesState) -> list[str]:
    shelter = [state.board.shelter] if state.board is not None else []
    return shelter + [a.name for a in state.areas]


def _areas_by_sector(
    state: AshesState,
    pick: Callable[[str], Any],
    selected: str | None,
    *,
    key: str,
    with_shelter: bool = False,
) -> ft.Control:
    """Every area as a button, a row per sector, showing who is there: the board in the palm of a hand."""
    rows: list[ft.Control] = []
    if with_shelter and state.board is not None:
        shelter = state.board.shelter
        rows.append(
            ft.Row([action_button(shelter, lambda: pick(shelter), key=f"{key}-{shelter}")], wrap=True)
        )
    for sector in sorted({a.sector for a in state.areas}):
        buttons: list[ft.Control] = [ft.Text(f"Sector {sector}", width=70)]
        for area in (a for a in state.areas if a.sector == sector):
            people = area.survivors.total
            label = f"{area.name} ({people})" if people else area.name
            buttons.append(
                action_button(
                    label,
                    lambda n=area.name: pick(n),
                    key=f"{key}-{area.name}",
                    primary=area.name == selected,
                )
            )
        rows.append(ft.Row(buttons, wrap=True))
    return ft.Column(rows, spacing=4, key=key)


def _cargo_controls(
    form: Form, state: AshesState, seat: Seat, add_lot: Callable[[], Any]
) -> list[ft.Control]:
    """Survivors the vehicle takes along: each lot boards in one area of the way and leaves in a later one."""
    way = [n for n in (seat.vehicle, *form["path"]) if state.area(n) is not None]
    lots = [f"{a + e} from {o} to {d}" for o, d, a, e in form["carried"]]
    return [
        ft.Text("Survivors carried (optional):"),
        choice_row(
            "Picked up in",
            [(n, n) for n in dict.fromkeys(way)],
            form["pick"],
            lambda n: form.put("pick", n),
            key="cargo-pick",
        ),
        choice_row(
            "Dropped in",
            [(n, n) for n in dict.fromkeys(way)],
            form["drop"],
            lambda n: form.put("drop", n),
            key="cargo-drop",
        ),
        form_stepper(form, "lot_active", "Active carried", key="cargo-active", high=4),
        form_stepper(form, "lot_essential", "Essential carried", key="cargo-essential", high=4),
        ft.Row(
            [
                action_button("Add to the cargo", add_lot, key="cargo-add"),
                action_button("Clear cargo", lambda: form.put("carried", ()), key="cargo-clear"),
            ],
            wrap=True,
        ),
        tagged("cargo", ft.Text("Cargo: " + ("; ".join(lots) if lots else "none"))),
    ]


@ft.component
def TurnCard(model: AppModel, state: AshesState, seat: Seat) -> ft.Control:
    """The protocols: activate in one tap, move and pass behind their short forms, then End turn."""
    name = seat.name
    form = Form(
        {
            "open": "",
            "path": (),
            "happiness": False,
            "recovered": (),
            "active_out": 0,
            "essential_out": 0,
            "carried": (),
            "pick": "",
            "drop": "",
            "lot_active": 0,
            "lot_essential": 0,
        }
    )
    scoring = Latest(tuple[str, ...]())
    position = Latest(0)  # 0: the first free position, which is what most passes take

    def opened(which: str) -> None:
        form.put("open", "" if form.now("open") == which else which)

    def move() -> None:
        action = aa.Move(
            name, tuple(form.now("path")), bool(form.now("happiness")), tuple(form.now("carried"))
        )
        if model.dispatch(action):
            form.reset()

    def add_lot() -> None:
        lot = (form.now("pick"), form.now("drop"), form.now("lot_active"), form.now("lot_essential"))
        form.put_all(carried=(*form.now("carried"), lot), lot_active=0, lot_essential=0)

    def pass_turn() -> None:
        discarded = ("active",) * form.now("active_out") + ("essential",) * form.now("essential_out")
        chosen = tuple(a for a in COLONY_AREAS if a in scoring.value)
        free = free_positions(state.rounds)
        where = position.value or (free[0] if free else 0)
        if model.dispatch(aa.Pass(name, where, tuple(form.now("recovered")), discarded, chosen)):
            form.reset()
            scoring.set(())

    zones = seat.board.zones
    controls: list[ft.Control] = [
        heading("Turn"),
        ft.Row(
            [
                action_button(
                    f"Activate zone {z}" + (f" ({zones[z - 1]})" if zones[z - 1] else ""),
                    lambda z=z: model.dispatch(aa.Activate(name, z)),
                    key=f"activate-{z}",
                )
                for z in TECH_SLOTS
            ],
            wrap=True,
        ),
        ft.Row(
            [
                toggle("Move", form["open"] == "move", lambda: opened("move"), key="open-move"),
                toggle("Pass", form["open"] == "pass", lambda: opened("pass"), key="open-pass"),
                action_button(
                    "End turn",
                    lambda: model.dispatch(aa.EndTurn(name)),
                    key="end-turn",
                    primary=True,
                    icon=ft.Icons.DONE,
                ),
            ],
            wrap=True,
        ),
    ]
    if form["open"] == "move":
        path = tuple(form["path"])
        controls += [
            ft.Text("Tap the areas entered, one per step."),
            _areas_by_sector(
                state,
                lambda a: form.put("path", (*form.now("path"), a)),
                None,
                key="move-area",
                with_shelter=True,
            ),
            tagged("move-path", ft.Text("Path: " + (", ".join(path) if path else "none yet"))),
            *(_cargo_controls(form, state, seat, add_lot) if path else []),
            ft.Row(
                [
                    toggle(
                        "Pay 4 happiness instead of 2 fuel",
                        bool(form["happiness"]),
                        lambda: form.put("happiness", not form.now("happiness")),
                        key="move-happiness",
                    ),
                    action_button(
                        "Remove last", lambda: form.put("path", tuple(form.now("path"))[:-1]), key="move-back"
                    ),
                    action_button("Move the vehicle", move, key="move-go", primary=True),
                ],
                wrap=True,
            ),
        ]
    if form["open"] == "pass":
        free = free_positions(state.rounds)
        shown = position.shown or (free[0] if free else 0)
        controls += [
            ft.Text("Zone survivors to keep (1 antirad each); the rest go back to the bag:"),
            ft.Row(
                [
                    toggle(
                        f"Zone {z}: {who}",
                        z in form["recovered"],
                        lambda z=z: form.flip("recovered", z),
                        key=f"pass-zone-{z}",
                    )
                    for z, who in zip(TECH_SLOTS, zones, strict=True)
                    if who is not None
                ]
                or [ft.Text("No survivors in your zones.")],
                wrap=True,
            ),
            form_stepper(form, "active_out", "Entrance actives discarded", key="pass-out-active", high=5),
            form_stepper(
                form, "essential_out", "Entrance essentials discarded", key="pass-out-essential", high=5
            ),
            ft.Text("Colony areas to score:"),
            ft.Row(
                [
                    toggle(
                        a.capitalize(),
                        a in scoring.shown,
                        lambda a=a: scoring.set(
                            tuple(x for x in scoring.value if x != a)
                            if a in scoring.value
                            else (*scoring.value, a)
                        ),
                        key=f"pass-area-{a}",
                    )
                    for a in COLONY_AREAS
                    if not a.startswith("column") or int(a[-1]) <= len(seat.colony.columns)
                ],
                wrap=True,
            ),
            choice_row(
                "Vehicle to position (next round's row):",
                [(str(p), str(p)) for p in free],
                str(shown),
                lambda p: position.set(int(p)),
                key="pass-position",
            ),
            action_button("Confirm pass", pass_turn, key="pass-go", primary=True),
            rule_link(model, "ashes/protocols/pass", key="pass-rule"),
        ]
    return card(*controls, key="turn-card")


FORMS = (
    ("rescue", "Rescue"),
    ("install", "Install"),
    ("scout", "Scout"),
    ("milestone", "Milestone"),
    ("mission", "Mission"),
)


@ft.component
def ActionsCard(model: AppModel, state: AshesState, seat: Seat) -> ft.Control:
    """Main actions (Rest and Build in one tap, once one is earned) and the additional actions, one small
    form at a time."""
    name = seat.name
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
            "family": "activation",
            "class": "I",
            "count": 0,
            "value": 0,
            "sector": 0,
            "power": "",
        }
    )

    def send(action: aa.Action) -> None:
        if model.dispatch(action):
            form.reset()

    def rescue() -> None:
        send(aa.Rescue(name, form.now("area"), form.now("active"), form.now("essential")))

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

    spaces = state.board.construction_spaces if state.board is not None else ()
    earned = seat.main_actions
    controls: list[ft.Control] = [
        heading("Actions"),
        tagged(
            "main-actions-left",
            ft.Text(f"Main actions to take: {earned}" if earned else "No main action earned yet this turn."),
        ),
        ft.Row(
            [
                action_button(
                    "A reward gives a main action",
                    lambda: model.dispatch(aa.EarnMainAction(name)),
                    key="earn-main-action",
                ),
                action_button("Rest", lambda: model.dispatch(aa.Rest(name)), key="rest"),
                action_button("Build", lambda: model.dispatch(aa.Build(name)), key="build"),
                action_button(
                    "Cycle shelters", lambda: model.dispatch(aa.CycleShelters(name)), key="cycle-shelters"
                ),
            ],
            wrap=True,
        ),
    ]
    if spaces:
        controls.append(
            choice_row(
                "Or build on a construction space:",
                [(s.id, s.id) for s in spaces],
                None,
                lambda s: model.dispatch(aa.Build(name, s)),
                key="build-on",
            )
        )
    controls.append(
        ft.Row(
            [
                toggle(
                    text,
                    form["open"] == which,
                    lambda w=which: form.put("open", "" if form.now("open") == w else w),
                    key=f"open-{which}",
                )
                for which, text in FORMS
            ],
            wrap=True,
        )
    )
    opened = form["open"]
    if opened in ("rescue", "scout"):
        controls += [
            ft.Text("Which area?"),
            _areas_by_sector(state, lambda a: form.put("area", a), form["area"], key=f"{opened}-area"),
        ]
    if opened == "rescue":
        controls += [
            form_stepper(form, "active", "Active survivors", key="rescue-active", high=9),
            form_stepper(form, "essential", "Essential survivors", key="rescue-essential", high=9),
            action_button("Rescue", rescue, key="rescue-go", primary=True),
        ]
    elif opened == "scout":
        controls.append(
            ft.Row(
                [
                    toggle(
                        "Free (a card waives the cost)",
                        bool(form["free"]),
                        lambda: form.put("free", not form.now("free")),
                        key="scout-free",
                    ),
                    action_button(
                        "Scout",
                        lambda: send(aa.Scout(name, form.now("area"), bool(form.now("free")))),
                        key="scout-go",
                        primary=True,
                    ),
                ],
                wrap=True,
            )
        )
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
                        lambda i=i: form.put("paying", (*form.now("paying"), i)),
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
    return card(*controls, key="actions-card")


_FORM_RULES = {
    "rescue": "ashes/actions/rescue",
    "install": "ashes/actions/install",
    "scout": "ashes/actions/scout",
    "milestone": "ashes/actions/milestone",
    "mission": "ashes/actions/mission",
}


MORE = (
    ("materials", "Materials"),
    ("production", "Production and upgrades"),
    ("technology", "Technology"),
    ("shelters", "Shelters"),
)


@ft.component
def MoreCard(model: AppModel, state: AshesState, seat: Seat) -> ft.Control:
    """The rest of the colony board, behind one button each so the phone screen stays short."""
    shown, set_shown = ft.use_state("")
    body: list[ft.Control] = []
    if shown == "materials":
        body = [Materials(model, seat)]
    elif shown == "production":
        body = [Production(model, seat)]
    elif shown == "technology":
        body = [Technology(model, seat)]
    elif shown == "shelters":
        body = [Shelters(model, seat)]
    return card(
        heading("More"),
        ft.Row(
            [
                toggle(
                    text,
                    shown == which,
                    lambda w=which: set_shown("" if shown == w else w),
                    key=f"more-{which}",
                )
                for which, text in MORE
            ],
            wrap=True,
        ),
        *body,
        key="more-card",
    )


@ft.component
def Materials(model: AppModel, seat: Seat) -> ft.Control:
    """The pyramid top level first, as it stands on the board; a cube in or out per tap."""
    name = seat.name
    materials = seat.board.materials
    pick = Form({"level": 1, "first": 1, "second": 2})
    rows: list[ft.Control] = []
    for level in (3, 2, 1):
        cells: list[ft.Control] = [ft.Text(f"Level {ROMAN[level]}", width=70)]
        for index in range(1, materials.pyramid.slots_per_level[level - 1] + 1):
            slot = Slot(level, index)
            cells += [
                icon_action(
                    ft.Icons.REMOVE,
                    f"Pay a cube from {slot}",
                    lambda lv=level, i=index: model.dispatch(aa.AdjustMaterial(name, lv, i, -1)),
                    key=f"mat-{level}-{index}-minus",
                ),
                tagged(f"mat-{level}-{index}", ft.Text(str(materials.count(slot)), size=18)),
                icon_action(
                    ft.Icons.ADD,
                    f"Gain a cube in {slot}",
                    lambda lv=level, i=index: model.dispatch(aa.AdjustMaterial(name, lv, i, 1)),
                    key=f"mat-{level}-{index}-plus",
                ),
            ]
        rows.append(ft.Row(cells, wrap=True))
    level = int(pick["level"])
    slot_choices = [(str(i), f"Slot {i}") for i in range(1, materials.pyramid.slots_per_level[level - 1] + 1)]
    return ft.Column(
        [
            *rows,
            heading("Manufacture"),
            choice_row(
                "From level:",
                [("1", "I"), ("2", "II")],
                str(level),
                lambda n: pick.put("level", int(n)),
                key="make-level",
            ),
            choice_row(
                "First material:",
                slot_choices,
                str(pick["first"]),
                lambda i: pick.put("first", int(i)),
                key="make-first",
            ),
            choice_row(
                "Second material:",
                slot_choices,
                str(pick["second"]),
                lambda i: pick.put("second", int(i)),
                key="make-second",
            ),
            action_button(
                "Manufacture",
                lambda: model.dispatch(
                    aa.Manufacture(name, pick.now("level"), pick.now("first"), pick.now("second"))
                ),
                key="make-go",
                primary=True,
            ),
            rule_link(model, "ashes/actions/manufacture", key="make-rule"),
        ],
        key="materials",
    )


@ft.component
def Production(model: AppModel, seat: Seat) -> ft.Control:
    name = seat.name
    board = seat.board
    tracks = [
        ft.Row(
            [
                tagged(
                    f"production-{track}",
                    ft.Text(f"{track.capitalize()}: {height} of {top}", expand=True, size=16),
                ),
                action_button(
                    "Raise",
                    lambda t=track: model.dispatch(aa.RaiseProduction(name, t)),
                    key=f"raise-{track}",
                ),
            ]
        )
        for track, height, top in zip(PRODUCED, board.production, board.production_tops, strict=True)
    ]
    taken = {(family.value, ROMAN[cls.value]) for family, cls in board.upgrades}
    upgrades = [
        ft.Row(
            [
                ft.Text(family.capitalize(), width=130),
                *[
                    toggle(
                        f"Class {c}",
                        (family, c) in taken,
                        lambda f=family, c=c: model.dispatch(aa.TakeUpgrade(name, f, c)),
                        key=f"upgrade-{family}-{c}",
                    )
                    for c in ("I", "II")
                ],
            ],
            wrap=True,
        )
        for family in FAMILIES
    ]
    return ft.Column(
        [
            *tracks,
            rule_link(model, "ashes/production", key="production-rule"),
            heading("Upgrades taken off the colony board"),
            *upgrades,
            rule_link(model, "ashes/upgrades", key="upgrades-rule"),
        ],
        key="production",
    )


@ft.component
def Technology(model: AppModel, seat: Seat) -> ft.Control:
    name = seat.name
    tile = Entry()
    cover, set_cover = ft.use_state(False)

    def place(slot: int) -> None:
        if not tile.value.strip():
            model.refuse("Type the technology tile's name first.", "ashes/technology")
        elif model.dispatch(aa.PlaceTechnology(name, tile.value.strip(), slot, cover)):
            tile.clear()

    stacks = [
        tagged(f"tech-{slot}", ft.Text(f"Slot {slot}: " + (", ".join(stack) if stack else "empty")))
        for slot, stack in zip(TECH_SLOTS, seat.board.tech, strict=True)
    ]
    return ft.Column(
        [
            *stacks,
            tile.field("Technology tile", key="tech-tile", height=TOUCH + 8),
            toggle("Cover the top tile", cover, lambda: set_cover(not cover), key="tech-cover"),
            ft.Row(
                [
                    action_button(f"Place on slot {s}", lambda s=s: place(s), key=f"tech-place-{s}")
                    for s in TECH_SLOTS
                ],
                wrap=True,
            ),
            rule_link(model, "ashes/technology", key="tech-rule"),
        ],
        key="technology",
    )


POD_ROWS = 4


@ft.component
def Shelters(model: AppModel, seat: Seat) -> ft.Control:
    """Entrance, zones and shelter cards; pods fill with a tap once the survivor kind is picked."""
    name = seat.name
    board = seat.board
    colony = seat.colony
    kind, set_kind = ft.use_state("active")
    new_card = Entry()
    pods = Form({"count": 3, **{f"level{i}": i + 1 for i in range(POD_ROWS)}})
    bonuses = [Entry() for _ in range(POD_ROWS)]
    incomes = [Entry() for _ in range(POD_ROWS)]

    def add_card() -> None:
        entered = tuple(
            (int(pods.now(f"level{i}")), bonuses[i].value.strip(), incomes[i].value.strip())
            for i in range(int(pods.now("count")))
        )
        if model.dispatch(aa.AddShelterCard(name, new_card.value.strip(), entered)):
            new_card.clear()
            for entry in (*bonuses, *incomes):
                entry.clear()

    entrance = ", ".join(board.entrance) or "empty"
    zones = ", ".join(f"{z}: {who or 'empty'}" for z, who in zip(TECH_SLOTS, board.zones, strict=True))
    cards: list[ft.Control] = []
    for c, shelter in enumerate(colony.cards, 1):
        cards.append(ft.Text(f"Card {c}: {shelter.name}", weight=ft.FontWeight.BOLD))
        cards.append(
            ft.Row(
                [
                    action_button(
                        f"Pod {p} (level {pod.level}): {pod.survivor or 'empty'}",
                        lambda c=c, p=p: model.dispatch(aa.Decontaminate(name, kind, c, p)),
                        key=f"pod-{c}-{p}",
                    )
                    for p, pod in enumerate(shelter.pods, 1)
                ],
                wrap=True,
            )
        )
        cards.append(
            ft.Row(
                [
                    action_button(
                        f"Close into column {col}",
                        lambda c=c, col=col: model.dispatch(aa.CloseShelter(name, c, col)),
                        key=f"close-{c}-{col}",
                    )
                    for col in range(1, len(colony.columns) + 1)
                ],
                wrap=True,
            )
        )
    pod_rows: list[ft.Control] = []
    for i in range(int(pods["count"])):
        pod_rows += [
            form_stepper(pods, f"level{i}", f"Pod {i + 1} level", key=f"new-pod-{i}-level", high=9),
            ft.Row(
                [
                    bonuses[i].field(
                        f"Pod {i + 1} bonus (like fuel 1, vp 2)", key=f"new-pod-{i}-bonus", width=220
                    ),
                    incomes[i].field(
                        f"Pod {i + 1} income (empty: none)", key=f"new-pod-{i}-income", width=220
                    ),
                ],
                wrap=True,
            ),
        ]
    return ft.Column(
        [
            tagged("entrance", ft.Text(f"Entrance: {entrance}")),
            tagged("zones", ft.Text(f"Zones {zones}")),
            tagged("columns", ft.Text("Closed cards per column: " + ", ".join(map(str, colony.columns)))),
            choice_row(
                "Survivor to decontaminate:",
                [(k, k.capitalize()) for k in KINDS],
                kind,
                set_kind,
                key="pod-kind",
            ),
            *cards,
            heading("New shelter card"),
            new_card.field("Card name", key="new-card-name", height=TOUCH + 8),
            form_stepper(pods, "count", "Pods", key="new-card-pods", low=1, high=POD_ROWS),
            *pod_rows,
            action_button("Add shelter card", add_card, key="new-card-go", primary=True),
            rule_link(model, "ashes/shelter-cards", key="shelters-rule"),
        ],
        key="shelters",
    )


@ft.component
def PlayerScreen(model: AppModel, state: AshesState, seat: Seat) -> ft.Control:
    return ft.Column(
        [
            Steppers(model, seat),
            TurnCard(model, state, seat, key=f"turn-{seat.name}"),
            ActionsCard(model, state, seat, key=f"actions-{seat.name}"),
            MoreCard(model, state, seat, key=f"more-{seat.name}"),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
