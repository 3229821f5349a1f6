"""What the contract test checks of one game, as functions that list problems by name.

Kept apart from the test module so a toy game (tests/toy_game) can be held to the same contract with
parts removed, to show that each missing part is named.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_ref import Reference
from trackers.core.actions import Action, ActionCodec
from trackers.core.game import GameModule, check_setup, make_setup
from trackers.core.session import Session

Sampler = Callable[[Any, random.Random], Action]
REFUSERS = {"refuse", "Violation", "Count"}
"""Calls that build a refusal: their rule argument must name a section of the game's own pack."""


@dataclass(frozen=True)
class Parts:
    """Where a game's parts outside its engine package are listed."""

    panels: Mapping[str, object]
    samplers: Mapping[str, Sampler]
    reference: Reference


def package_dir(module: GameModule) -> Path:
    package = importlib.import_module(type(module).__module__.rpartition(".")[0])
    assert package.__file__ is not None
    return Path(package.__file__).parent


def missing_parts(module: GameModule, parts: Parts) -> list[str]:
    """Every part a registered game needs and lacks, each named with where it belongs."""
    gid = module.id
    problems = []
    if gid not in parts.panels:
        problems.append(f"{gid}: no panel (add it to PANELS in views/games/__init__.py)")
    if gid not in parts.samplers:
        problems.append(f"{gid}: no sampler (add it to SAMPLERS in tests/samplers.py)")
    if not parts.reference.exists(f"{gid}/overview"):
        problems.append(f"{gid}: no overview section ({gid}/overview in rules_ref/content/{gid}/)")
    if package_dir(module).name != gid.replace("-", "_"):
        problems.append(f"{gid}: its package must be called {gid.replace('-', '_')}")
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", gid):
        problems.append(f"{gid}: a game id is lowercase words joined by '-'")
    problems += [
        f"{gid}: action type {kind.type!r} must start with {gid + '.'!r}"
        for kind in module.actions
        if not kind.type.startswith(gid + ".")
    ]
    return problems


def screen_files(gid: str) -> list[Path]:
    """The game's own screens: the `views/games/<package>/` folder (or a lone `<package>.py`)."""
    games = Path(__file__).resolve().parent.parent / "views" / "games"
    name = gid.replace("-", "_")
    return sorted({*games.glob(f"{name}.py"), *games.glob(f"{name}/**/*.py")})


def unresolved_rules(module: GameModule, reference: Reference) -> list[str]:
    """Rule ids in the game's engine package and in its screens that the reference lacks."""
    files = sorted(package_dir(module).rglob("*.py")) + screen_files(module.id)
    return unresolved_rules_in(files, module.id, reference)


def unresolved_rules_in(files: Iterable[Path], gid: str, reference: Reference) -> list[str]:
    """Rule ids written anywhere in a game's package that the reference lacks.

    Every string shaped like one of the game's section ids must resolve, whatever helper passes it on;
    a refusal whose rule is a string of another shape, or any rule id put together at run time (which no
    scan could check), is named too.
    """
    shaped = re.compile(rf"{re.escape(gid)}/[a-z0-9][a-z0-9/-]*")
    problems = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if shaped.fullmatch(node.value) and not reference.exists(node.value):
                    problems.append(f"{where}: rule {node.value!r} is not in the reference")
            elif isinstance(node, ast.Call) and _called(node) in REFUSERS:
                rule = _rule_argument(node)
                if isinstance(rule, ast.Constant) and not shaped.fullmatch(str(rule.value)):
                    problems.append(f"{where}: rule {rule.value!r} is not a {gid}/… section id")
                elif isinstance(rule, ast.JoinedStr | ast.BinOp):
                    problems.append(f"{where}: a refusal's rule is built at run time")
            elif isinstance(node, ast.JoinedStr) and _opens_with(node, f"{gid}/"):
                problems.append(f"{where}: a rule id is built at run time")
    return problems


def _opens_with(text: ast.JoinedStr, prefix: str) -> bool:
    head = text.values[0] if text.values else None
    return isinstance(head, ast.Constant) and str(head.value).startswith(prefix)


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _rule_argument(node: ast.Call) -> ast.expr | None:
    keyword = next((k.value for k in node.keywords if k.arg == "rule"), None)
    if keyword is not None or _called(node) == "Count":
        return keyword
    return node.args[2] if len(node.args) > 2 else None


def players_for(module: GameModule) -> tuple[str, ...]:
    count = max(module.min_players, min(2, module.max_players))
    return tuple(f"P{n}" for n in range(1, count + 1))


def kit_problems(module: GameModule, sampler: Sampler, reference: Reference, steps: int = 300) -> list[str]:
    """Play the sampler and hold each answer to the kit's "allowed now" query.

    An entry of a kind the kit calls blocked must be refused; a kind without fields that the kit calls
    allowed must be accepted; every refusal gives a reason and a rule the reference has.
    """
    rulebook = getattr(module, "rulebook", None)
    if rulebook is None:
        return [f"{module.id}: not written on the rules kit (no rulebook)"]
    session = Session(module, make_setup(module, players_for(module), {}), 11)
    rng = random.Random(7)
    problems: list[str] = []
    for _ in range(steps):
        action = sampler(session.state, rng)
        blocked = rulebook.blocked(session.state, type(action))
        result = session.dispatch(action)
        if result.ok and blocked:
            problems.append(f"{action.type} was accepted though the kit said: {blocked[0].message}")
        if not result.ok and not blocked and not dataclasses.fields(action):
            problems.append(f"{action.type} was refused though the kit allowed it")
        problems += [
            f"{action.type}: refusal {v.code} lacks a reason or a known rule ({v.rule!r})"
            for v in result.violations
            if not v.message.strip() or not reference.exists(v.rule)
        ]
        if rng.random() < 0.1:
            session.undo()
    return problems


def setup_problems(module: GameModule, reference: Reference) -> list[str]:
    """Player range, options and a fresh game's summary."""
    gid = module.id
    problems = []
    players = players_for(module)
    if not 1 <= module.min_players <= module.max_players:
        problems.append(f"{gid}: player range {module.min_players}..{module.max_players}")
    if check_setup(module, players, {}):
        problems.append(f"{gid}: the default setup is refused: {check_setup(module, players, {})}")
    if not check_setup(module, tuple(f"P{n}" for n in range(module.max_players + 1)), {}):
        problems.append(f"{gid}: more players than max_players are accepted")
    if not check_setup(module, players, {"no-such-option": 1}):
        problems.append(f"{gid}: an unknown option is accepted")
    for option in module.options:
        if option.check(option.default) is not None:
            problems.append(f"{gid}: option {option.key}'s default is refused")
        if option.rule and not reference.exists(option.rule):
            problems.append(f"{gid}: option {option.key} links a missing rule {option.rule!r}")
    setup = make_setup(module, players, {})
    state = module.new_state(setup, 0)
    if [s.player for s in module.summary(state).scores][: len(players)] != list(players):
        problems.append(f"{gid}: a fresh game's summary does not list the players in seat order")
    if module.outcome(state) is not None:
        problems.append(f"{gid}: a fresh game already has an outcome")
    return problems


def replay_problems(module: GameModule, sampler: Sampler, reference: Reference) -> list[str]:
    """Random legal-or-not entries: refusals link rules, events name known rules, the log replays."""
    setup = make_setup(module, players_for(module), {})
    rng = random.Random(7)
    live = Session(module, setup, 11)
    problems = []
    for _ in range(300):
        result = live.dispatch(sampler(live.state, rng))
        problems += [
            f"{v.code}: rule {v.rule!r} is missing" for v in result.violations if not reference.exists(v.rule)
        ]
        for event in result.events:
            rule = dict(event.data).get("rule")
            if rule is not None and not reference.exists(str(rule)):
                problems.append(f"event {event.kind}: rule {rule!r} is missing")
        problems += moment_problems(module, live, reference)
        if rng.random() < 0.1:
            live.undo()
    replayed = Session.replay(
        module,
        setup,
        11,
        [(e.action, e.group) for e in live.entries],
        recorded=[e.events for e in live.entries],
        cursor=live.cursor,
    )
    if replayed.state != live.state:
        problems.append(f"{module.id}: the log does not replay to the same state")
    codec = ActionCodec(module.actions)
    problems += [
        f"{entry.action.type} does not round-trip through JSON"
        for entry in live.entries
        if codec.decode(entry.action.to_json()) != entry.action
    ]
    return problems


def moment_problems(module: GameModule, session: Session, reference: Reference) -> list[str]:
    """The step the table is at can be compared and kept (the screen follows it), and what Lantern drew
    says something and links only rules the reference has."""
    problems = []
    try:
        hash(module.moment(session.state))
    except TypeError as exc:
        problems.append(f"{module.id}: its moment cannot be compared and kept ({exc})")
    for note in session.table_notes():
        if not note.said.strip():
            problems.append(f"{module.id}: a note of what Lantern drew says nothing")
        if note.rule is not None and not reference.exists(note.rule):
            problems.append(f"{module.id}: a note of what Lantern drew links a missing rule {note.rule!r}")
    return problems


def contract_problems(module: GameModule, parts: Parts) -> list[str]:
    """Everything the contract asks of one game; empty when it meets it."""
    problems = missing_parts(module, parts) + unresolved_rules(module, parts.reference)
    problems += setup_problems(module, parts.reference)
    sampler = parts.samplers.get(module.id)
    if sampler is not None:
        problems += replay_problems(module, sampler, parts.reference)
        problems += kit_problems(module, sampler, parts.reference)
    return problems
