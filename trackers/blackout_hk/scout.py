"""Phase 4: one scouting attempt a player, in a district nobody else chose this phase. Lantern adds up the
search icons, keeps the tile face up or face down and sends a random team member to the hospital."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import Scout, ScoutNoTile
from trackers.blackout_hk.guards import BACK, CHALLENGE, DISTRICT, GAIN, ICONS, G, on_turn, supply_holds
from trackers.blackout_hk.state import PROBE, RESOURCES, REWARDS, BlackoutState, Player, Tile
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import refuse

S = BlackoutState
CHALLENGES = ("simple", "advanced", "probe")


def search_total(p: Player, icons: int, gps: int) -> int:
    """The team's icons, the check-mark area's plans and face-down tiles, and each GPS spent."""
    return icons + p.search_bonus + p.gps_value * gps


def check_scout(state: S, action: Scout) -> list[Violation]:
    p = on_turn(state)
    if problems := count_violations(
        (DISTRICT, action.district),
        (CHALLENGE, action.value),
        (ICONS, action.icons),
        (GAIN, action.amount),
        (GAIN, action.gps),
        (BACK, action.back_icons),
        *((CHALLENGE, n) for n in action.simples),
    ):
        return problems
    if problems := chosen(state, p, action.district):
        return problems
    if problems := _tiles_seen(state, action):
        return problems
    return _attempt(p, action)


def chosen(state: S, p: Player, d: int) -> list[Violation]:
    """A district the player may choose: tiles left, nobody else's choice this phase, next to a cube."""
    if state.district_tiles[d - 1] == 0:
        why = "is secured" if d in state.secured else "has no scout tiles left"
        return refuse(f"{G}.no_tiles", f"District {d} {why}.", "blackout-hk/round/scout")
    if d in state.scouted:
        return refuse(
            f"{G}.district_taken",
            f"Another player chose district {d} this phase: choose a different one.",
            "blackout-hk/round/scout",
        )
    around = state.components.around(d)
    if around and not set(around) & set(p.map):
        return refuse(
            f"{G}.not_next_to",
            f"{p.name} has no cube on a location around district {d}.",
            "blackout-hk/round/scout",
        )
    return []


def _tiles_seen(state: S, action: Scout) -> list[Violation]:
    """The district's tiles as entered: no more than lie there, the simple challenge the chosen tile's, and
    a probe only on the tile with the lowest simple challenge."""
    if not action.simples:
        return []
    left = state.district_tiles[action.district - 1]
    if len(action.simples) > left:
        return refuse(
            f"{G}.tiles",
            f"District {action.district} holds {left} scout tile(s), not {len(action.simples)}.",
            "blackout-hk/scout/tiles",
        )
    mine, lowest = action.simples[0], min(action.simples)
    if action.challenge == "simple" and action.value != mine:
        return refuse(
            f"{G}.challenge",
            f"The chosen tile's simple challenge is {mine}, not {action.value}.",
            "blackout-hk/scout/tiles",
        )
    if action.challenge == "probe" and mine > lowest:
        return refuse(
            f"{G}.probe_lowest",
            f"A probe is taken only on the tile with the lowest simple challenge here ({lowest}), not on one "
            f"of {mine}.",
            "blackout-hk/scout/probe",
        )
    return []


def _attempt(p: Player, action: Scout) -> list[Violation]:
    if action.challenge not in CHALLENGES:
        return refuse(
            f"{G}.challenge", "Choose the simple, advanced or probe challenge.", "blackout-hk/scout/tiles"
        )
    if action.challenge == "probe" and action.value != PROBE:
        return refuse(f"{G}.probe", f"A probe needs {PROBE} search icons.", "blackout-hk/scout/probe")
    if action.reward not in REWARDS:
        return refuse(
            f"{G}.reward",
            f"{action.reward!r} is not a reward type: {', '.join(REWARDS)}.",
            "blackout-hk/scout/tiles",
        )
    if problems := _team(p, action):
        return problems
    if action.gps > p.gps:
        return refuse(f"{G}.gps", f"{p.name} has {p.gps} GPS, not {action.gps}.", "blackout-hk/gps")
    total = search_total(p, action.icons, action.gps)
    if total < action.value:
        return refuse(
            f"{G}.short",
            f"The search counts {total} icons, short of the challenge's {action.value}: no tile is taken "
            "(enter it as no tile from the district).",
            "blackout-hk/scout/team",
        )
    if action.challenge != "probe" and action.reward in (*RESOURCES, "battery"):
        return supply_holds(p, p.supply, action.amount)
    return []


def _team(p: Player, action: Scout) -> list[Violation]:
    if not action.team:
        return refuse(
            f"{G}.team", "A search team needs at least one card from the hand.", "blackout-hk/scout/team"
        )
    if len(set(action.team)) < len(action.team):
        return refuse(f"{G}.team", "A card joins the team once.", "blackout-hk/scout/team")
    for cid in action.team:
        card = p.card(cid)
        if card is None:
            return refuse(f"{G}.not_in_hand", f"{cid!r} is not in {p.name}'s hand.", "blackout-hk/scout/team")
        if card.specialist == "doctor":
            return refuse(
                f"{G}.doctor",
                "The Doctor has no search icons and never joins a team.",
                "blackout-hk/scout/team",
            )
    if action.injured and action.injured not in action.team:
        return refuse(f"{G}.injured", "The injured card comes from the team.", "blackout-hk/scout/team")
    return []


def check_no_tile(state: S, action: ScoutNoTile) -> list[Violation]:
    if problems := count_violations((DISTRICT, action.district)):
        return problems
    return chosen(state, on_turn(state), action.district)


def no_tile(state: S, action: ScoutNoTile, rng: Random) -> tuple[S, list[Event]]:
    """Choosing comes before collecting: the district is taken for this phase even without a tile."""
    who = on_turn(state).name
    after = replace(state, scouted=(*state.scouted, action.district), turn=state.turn + 1)
    text = f"{who} chose district {action.district} and took no tile: it stays as it was, chosen this phase."
    return after, [Event.of("scout", text, rule="blackout-hk/round/scout")]


def keeps_face_up(state: S, p: Player, reward: str, probe: bool) -> bool:
    if probe:
        return False
    counted = p.tiles if state.settings.probe_counts else tuple(t for t in p.tiles if not t.probed)
    return not any(t.reward == reward for t in counted)


def scout(state: S, action: Scout, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    probe = action.challenge == "probe"
    up = keeps_face_up(state, p, action.reward, probe)
    p = replace(
        p, gps=p.gps - action.gps, tiles=(*p.tiles, Tile(action.reward, up, action.back_icons, probe))
    )
    reward = ""
    if not probe:
        p, reward = _rewarded(p, action.reward, action.amount)
    injured = action.injured or rng.choice(action.team)
    card = p.card(injured)
    assert card is not None
    p = replace(p, hand=tuple(c for c in p.hand if c.id != injured), hospital=(*p.hospital, card))
    tiles = list(state.district_tiles)
    tiles[action.district - 1] -= 1
    after = replace(
        state.with_player(p),
        district_tiles=tuple(tiles),
        scouted=(*state.scouted, action.district),
        turn=state.turn + 1,
    )
    kept = "face up" if up else "face down"
    total = search_total(state.player(p.name), action.icons, action.gps)
    text = (
        f"{p.name} scouts district {action.district}: {total} icons for the {action.challenge} challenge of "
        f"{action.value}; the tile goes {kept}{reward}. {card.name} goes to the hospital."
    )
    return after, [Event.of("scout", text, rule="blackout-hk/round/scout", injured=injured)]


def _rewarded(p: Player, reward: str, amount: int) -> tuple[Player, str]:
    if reward == "points":
        return replace(p, score=p.score + amount), f", +{amount} points"
    if reward == "hkd":
        return replace(p, hkd=p.hkd + amount), f", +{amount} HK$"
    for _ in range(amount):
        p = p.with_rondel(reward, 1)
    return replace(p, supply=p.supply - amount), f", +{amount} {reward}"
