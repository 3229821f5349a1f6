"""The command line: list the games, start one, replay or export a game file, list saved games.

It reproduces bug reports (`replay FILE`) and lets scripts drive the engines without the app.
Results are JSON on stdout; a problem is one readable line on stderr, never a traceback.
Exit codes: 0 done, 1 a file or the saved games refused, 2 a usage error.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from trackers.core.actions import parameters
from trackers.core.game import OptionValue, make_setup
from trackers.core.registry import games, get_game
from trackers.services.datadir import DATABASE_NAME
from trackers.services.gamefile import GameFileError, load_document
from trackers.services.storage import StorageError, Store


class UsageError(Exception):
    """The command line asked for something impossible (exit 2, like argparse's own errors)."""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        args.command(args)
    except UsageError as error:
        print(f"lantern: {error}", file=sys.stderr)
        return 2
    except KeyError as error:
        print(f"lantern: {error.args[0]}", file=sys.stderr)
        return 1
    except (GameFileError, StorageError, OSError) as error:
        print(f"lantern: {error}", file=sys.stderr)
        return 1
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m trackers", description="Lantern's game engines.")
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("--data", type=Path, help="folder of the saved games (default: LANTERN_DATA)")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    listing = commands.add_parser("games", help="the games Lantern tracks, their options and actions")
    listing.set_defaults(command=_games)

    new = commands.add_parser("new", parents=[data], help="start a saved game")
    new.add_argument("game", help="game id, as listed by `games`")
    new.add_argument("--players", required=True, help='comma-separated names, e.g. "Ann,Bob"')
    new.add_argument(
        "--option", action="append", default=[], type=_option, metavar="KEY=VALUE", help="a setup option"
    )
    new.add_argument("--seed", type=int, help="random seed (default: a random one)")
    new.set_defaults(command=_new)

    replay = commands.add_parser("replay", help="replay a game file and print where it ends")
    replay.add_argument("file", type=Path)
    replay.set_defaults(command=_replay)

    export = commands.add_parser("export", parents=[data], help="write a saved game as a game file")
    export.add_argument("game_id")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    export.set_defaults(command=_export)

    saved = commands.add_parser("list", parents=[data], help="the saved games, latest first")
    saved.set_defaults(command=_list)
    return parser


def _option(text: str) -> tuple[str, OptionValue]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    value: OptionValue = raw
    if raw in ("true", "false"):
        value = raw == "true"
    elif raw.isdigit():
        value = int(raw)
    return key, value


def _games(args: argparse.Namespace) -> None:
    _emit(
        [
            {
                "id": module.id,
                "title": module.title,
                "players": {"min": module.min_players, "max": module.max_players},
                "options": [option.to_json() for option in module.options],
                "actions": {cls.type: parameters(cls) for cls in module.actions},
            }
            for module in games()
        ]
    )


def _new(args: argparse.Namespace) -> None:
    try:
        module = get_game(args.game)
    except KeyError as error:
        raise UsageError(error.args[0]) from None
    players = tuple(args.players.split(","))
    try:
        setup = make_setup(module, players, dict(args.option))
    except ValueError as error:
        raise UsageError(str(error)) from None
    seed = secrets.randbits(31) if args.seed is None else args.seed
    with _store(args) as store:
        game = store.create_game(module, setup, seed)
    _emit({"id": game.id, "summary": module.summary(game.session.state).to_json()})


def _replay(args: argparse.Namespace) -> None:
    try:
        loaded = load_document(args.file.read_bytes())
    except GameFileError as error:
        raise GameFileError(f"{args.file}: {error}") from None
    state = loaded.session.state
    result: dict[str, Any] = {"summary": loaded.module.summary(state).to_json()}
    outcome = loaded.module.outcome(state)
    if outcome is not None:
        result["outcome"] = outcome.to_json()
    _emit(result)


def _export(args: argparse.Namespace) -> None:
    with _store(args) as store:
        text = store.export_game(args.game_id)
    if args.output is None:
        _write(text)
    else:
        args.output.write_text(text, encoding="utf-8", errors="backslashreplace")


def _list(args: argparse.Namespace) -> None:
    with _store(args) as store:
        _emit([dataclasses.asdict(info) for info in store.list_games()])


def _store(args: argparse.Namespace) -> Store:
    return Store.open_default() if args.data is None else Store(args.data / DATABASE_NAME)


def _emit(value: Any) -> None:
    _write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def _write(text: str) -> None:
    """UTF-8 whatever the console's encoding, so player names never break the output; text that is not
    valid Unicode (a lone surrogate) comes out as its JSON escape rather than an error."""
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
    sys.stdout.flush()
