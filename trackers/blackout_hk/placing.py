"""Where a cube may go, once the map and its links are entered: the colour the effect shows (any colour
once the player holds every location of it), next to one of the player's cubes, and the fewest locations
of another colour to skip on the way, 1 transport token each."""

from __future__ import annotations

from collections import deque

from trackers.blackout_hk.state import Components, Player


def neighbours(c: Components) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {name: [] for name, _ in c.locations}
    for a, b in c.links:
        out[a].append(b)
        out[b].append(a)
    return out


def any_colour(c: Components, p: Player, colour: str) -> bool:
    """The player holds every location of the colour, so another colour may be taken."""
    own = set(p.map)
    return all(name in own for name, col in c.locations if col == colour)


def skips(c: Components, p: Player, target: str, colour: str) -> int | None:
    """The fewest locations skipped to reach `target` from the player's cubes (None: out of reach).

    Only locations of another colour than `colour` may be skipped; with any colour allowed, any may."""
    colours = dict(c.locations)
    free = any_colour(c, p, colour) if colour else True
    links = neighbours(c)
    own = set(p.map)
    cost: dict[str, int] = dict.fromkeys(own, -1)
    queue = deque(own)
    while queue:
        here = queue.popleft()
        for there in links.get(here, ()):
            if there == target:
                return cost[here] + 1
            passable = free or colours.get(there) != colour
            if there not in cost and passable and there not in own:
                cost[there] = cost[here] + 1
                queue.append(there)
    return None
