"""The city at a glance: the five spaces with their PUNKS and citizens, the tiles, Business Expansion, the
Trade Center, the Future Track, the piles by category, the decks, the monument and the removed PUNKS."""

from __future__ import annotations

import flet as ft

from trackers.hope_city.state import (
    BLIGHT,
    COLOURS,
    MONUMENT_COST,
    SITE,
    TRACK_LETTERS,
    YEARS,
    HopeCityState,
)
from views.forms import rule_link
from views.games.hope_city.parts import HELD_KINDS, bag_text, label, objective_text, punks_text
from views.model import AppModel
from views.widgets import card, heading, line

TILE = {SITE: "City Site", BLIGHT: "Urban Blight", "": "empty"}


def _spaces(state: HopeCityState) -> list[ft.Control]:
    lines = []
    for space in COLOURS:
        people = ", ".join(c.label for c in state.active if c.space == space) or "nobody"
        lines.append(
            line(f"hc-space-{space}", f"{label(space)}: {punks_text(state.city.on(space))}; {people}")
        )
    city = state.city
    punks, big = state.punk_goal
    return [
        *lines,
        line("hc-punk-supply", f"PUNK supply: {city.punk_supply} Punks, {city.big_supply} Big Punks."),
        line(
            "hc-removed",
            f"PUNKS removed toward a City Site: {city.removed} of {punks} Punks, "
            f"{city.removed_big} of {big} Big Punks.",
        ),
    ]


def _tiles(state: HopeCityState) -> list[ft.Control]:
    city = state.city
    tiles = ", ".join(TILE[t] for t in city.tiles)
    return [
        line(
            "hc-tiles", f"City Sites {city.sites}, Urban Blights {city.blights} ({len(city.tiles)} spaces)."
        ),
        line("hc-tile-spaces", f"Tile spaces: {tiles}."),
        line("hc-expansion", f"Business Expansion: level {city.expansion} of 2."),
        line("hc-trade-center", f"Trade Center: {bag_text(state.trade, HELD_KINDS)}."),
    ]


def _track(state: HopeCityState) -> list[ft.Control]:
    track = state.track
    lines = []
    for n, letter in enumerate(TRACK_LETTERS, 1):
        if n == track.chaos_at:
            text = "the chaos card"
        elif n > track.capacity:
            text = "closed"
        elif n <= len(track.cards):
            text = objective_text(track.cards[n - 1])
        else:
            text = "open, empty"
        lines.append(line(f"hc-track-{n}", f"{letter}: {text}"))
    aside = " The chaos card is set aside: the track is fully open." if track.chaos_at == 7 else ""
    used = f"{len(track.cards)} of {track.capacity} slots hold a card.{aside}"
    return [line("hc-track", used), *lines]


def _piles(state: HopeCityState) -> list[ft.Control]:
    piles = state.piles
    lines = []
    for i, space in enumerate(COLOURS):
        success, fail = piles.success[i], piles.fail[i]
        majors = success.count("major") + fail.count("major")
        text = (
            f"{label(space)}: {piles.draw[i]} to draw, {piles.aside[i]} in completed sets; "
            f"Success {len(success)}, Fail {len(fail)}" + (f" ({majors} Major)" if majors else "") + "."
        )
        lines.append(line(f"hc-pile-{space}", text))
    return [*lines, line("hc-majors", f"Major Objectives left: {piles.majors}.")]


def _decks(state: HopeCityState) -> list[ft.Control]:
    chaos = "in play" if state.chaos_in_play and not state.chaos_resolved else "none in play"
    monument = state.monument
    owner = f", claimed by the {state.citizen(monument.owner).name}" if monument.owner else ""
    placed = f", standing since year {monument.placed_in}" if monument.placed_in else ""
    return [
        line("hc-decks", f"Chaos pile: {state.chaos_pile} ({chaos}). Hope deck: {state.hope_deck}."),
        line(
            "hc-monument-state",
            f"Phoenix Monument: {monument.talents} of {MONUMENT_COST} talents{owner}{placed}.",
        ),
    ]


def CityScreen(model: AppModel, state: HopeCityState) -> ft.Control:
    return ft.Column(
        [
            card(
                heading("The city"),
                line("hc-year", f"Year {state.year} of {YEARS}."),
                *_spaces(state),
                rule_link(model, "hope-city/punks", key="hc-rule-city"),
                key="hc-city-spaces",
            ),
            card(heading("Tiles and the Trade Center"), *_tiles(state), key="hc-city-tiles"),
            card(
                heading("The Future Track"),
                *_track(state),
                rule_link(model, "hope-city/future-track", key="hc-rule-track"),
                key="hc-city-track",
            ),
            card(heading("Objective piles"), *_piles(state), key="hc-city-piles"),
            card(heading("Decks and the monument"), *_decks(state), key="hc-city-decks"),
        ],
        spacing=12,
    )
