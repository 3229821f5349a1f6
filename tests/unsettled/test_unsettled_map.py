"""The Scarab map: editing on the grid, the laundry chute, and maps kept as content packs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trackers  # noqa: F401  (registers the map pack kind)
from tests.unsettled.fixtures import refused, run
from trackers.core.game import make_setup
from trackers.core.packs import Pack, PackError, dumps, parse_pack
from trackers.services.storage import Store
from trackers.unsettled import actions as ua
from trackers.unsettled.board import example_map, map_problems
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.state import UnsettledState


def fresh() -> UnsettledState:
    state: UnsettledState = UNSETTLED.new_state(make_setup(UNSETTLED, ("Ann",), {}), 1)
    return state


def test_the_first_game_starts_on_the_example_map_and_asks_for_confirmation() -> None:
    state = fresh()
    assert state.phase == "map"
    assert "Example layout" in state.scarab.name
    assert "confirm" in UNSETTLED.summary(state).next_step
    assert refused(state, ua.Move("Ann", "Navigation")) == "unsettled.phase.play"


def test_adjacency_comes_from_orthogonal_neighbours_and_walls_cut_it() -> None:
    state = fresh()
    assert state.graph.adjacent("Navigation", "Upper Corridor")
    state, _ = run(state, ua.ToggleBarrier("Navigation", "Upper Corridor"))
    assert not state.graph.adjacent("Navigation", "Upper Corridor")
    assert refused(state, ua.ToggleBarrier("Navigation", "Engine Control")) == "unsettled.map.barrier"
    state, _ = run(state, ua.PlaceCard("Navigation", 1, 1))
    assert ("Navigation", "Upper Corridor") not in state.scarab.barriers, "a wall goes with the edge it cut"
    assert state.graph.adjacent("Navigation", "Crew Quarters")
    assert refused(state, ua.PlaceCard("Workshop", 1, 1)) == "unsettled.map.taken"


def test_confirming_needs_every_card() -> None:
    state, _ = run(fresh(), ua.RemoveCard("Workshop"))
    assert refused(state, ua.ConfirmMap()) == "unsettled.map.incomplete"
    state, _ = run(state, ua.PlaceCard("Workshop", 0, 0), ua.ConfirmMap())
    assert state.phase == "setup"


def test_the_laundry_chute_opens_only_with_organic_stowage_powered() -> None:
    state, _ = run(
        fresh(),
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Organic Stowage"),
        ua.PlaceLuna("Outside Front"),
        ua.BeginPlay(),
    )
    assert refused(state, ua.Move("Ann", "Crew Quarters")) == "unsettled.chute"
    state, _ = run(state, ua.SetPower("Organic Stowage", True))
    state, _ = run(state, ua.Move("Ann", "Crew Quarters"))
    assert state.explorer("Ann").node == "Crew Quarters"
    state, _ = run(state, ua.ResolveClumsiness(failed=False))
    assert state.explorer("Ann").node == "Organic Stowage", (
        "an unpowered Crew Quarters drops you down the chute"
    )


def test_a_map_pack_round_trips_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    scarab = example_map()
    pack = Pack("unsettled.map", "Our table", 1, scarab.to_json())
    assert parse_pack(dumps(pack), expected_kind="unsettled.map") == pack
    broken = {**scarab.to_json(), "cells": scarab.to_json()["cells"][:-1]}
    assert map_problems(broken) == ["Workshop is not placed"]
    text = json.dumps({**pack.to_json(), "data": broken})
    with pytest.raises(PackError, match="Workshop is not placed"):
        parse_pack(text, expected_kind="unsettled.map")
    with Store(tmp_path / "packs.sqlite3") as store:
        with pytest.raises(PackError):
            store.import_pack(text, expected_kind="unsettled.map")
        assert store.list_packs("unsettled.map") == []
        store.save_pack(pack)
        loaded = store.get_pack("unsettled.map", "Our table")
    cells = tuple(tuple(c) for c in loaded.data["cells"])
    state, _ = run(fresh(), ua.LoadMap(loaded.name, cells, (), ()))  # type: ignore[arg-type]
    assert state.scarab.name == "Our table"
