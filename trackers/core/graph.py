"""A board map: rooms joined by edges and one-way links, with barriers that close an edge and blockers on it.

Barriers remove an edge from movement; blockers never change distances, because what crossing them costs
is for each game to decide.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import pairwise
from typing import Any, TypeAlias, TypeVar

from trackers.core.errors import TableError

Edge: TypeAlias = tuple[str, str]
_T = TypeVar("_T", str, Edge)


def _canonical(a: str, b: str) -> Edge:
    """The key of the undirected edge a-b, the same whichever end is named first."""
    return (a, b) if a <= b else (b, a)


def _is_pair(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(end, str) for end in value)


def _check_sorted(values: tuple[_T, ...], what: str) -> None:
    for earlier, later in pairwise(values):
        if earlier >= later:
            raise TableError(f"{what} must be sorted without repeats: {later!r} after {earlier!r}")


def _json_pairs(data: Mapping[str, Any], key: str, size: int) -> list[list[Any]]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple) or not all(
        isinstance(row, list | tuple) and len(row) == size for row in value
    ):
        raise TableError(f"graph JSON {key!r} must be a list of {size}-item lists, got {value!r}")
    return [list(row) for row in value]


@dataclass(frozen=True)
class Graph:
    """Canonical, sorted contents so equal boards compare equal; build with `Graph.build` and the builders.

    `edges` holds undirected edges as sorted pairs, `links` one-way links as (from, to). Two nodes are joined
    by at most one of them. `barriers` and `blocker_counts` are keyed by those same pairs.
    """

    nodes: tuple[str, ...] = ()
    edges: tuple[Edge, ...] = ()
    links: tuple[Edge, ...] = ()
    barriers: tuple[Edge, ...] = ()
    blocker_counts: tuple[tuple[Edge, int], ...] = ()

    def __post_init__(self) -> None:
        if not all(isinstance(node, str) for node in self.nodes):
            raise TableError(f"graph nodes must be strings, got {self.nodes!r}")
        _check_sorted(self.nodes, "graph nodes")
        known = set(self.nodes)
        for kind, pairs in (("edge", self.edges), ("link", self.links)):
            for pair in pairs:
                if not _is_pair(pair):
                    raise TableError(f"a graph {kind} must be a pair of node ids, got {pair!r}")
                for node in pair:
                    if node not in known:
                        raise TableError(f"{kind} {pair[0]}-{pair[1]} names unknown node {node!r}")
                if pair[0] == pair[1]:
                    raise TableError(f"{kind} {pair[0]}-{pair[1]} joins a node to itself")
        for ends, n in Counter(frozenset(pair) for pair in self.edges + self.links).items():
            if n > 1:
                raise TableError(f"nodes {' and '.join(sorted(ends))} are joined more than once")
        if any(a > b for a, b in self.edges):
            raise TableError("graph edges must be sorted pairs; build graphs with Graph.build")
        _check_sorted(self.edges, "graph edges")
        _check_sorted(self.links, "graph links")
        keys = set(self.edges) | set(self.links)
        blocker_keys = tuple(key for key, _ in self.blocker_counts)
        for what, where in (("barrier", self.barriers), ("blockers", blocker_keys)):
            for key in where:
                if key not in keys:
                    raise TableError(f"{what} on {key!r}, which is not an edge or link of this graph")
            _check_sorted(where, f"graph {what}")
        for key, n in self.blocker_counts:
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise TableError(f"blocker count on {key!r} must be a positive int, got {n!r}")

    @classmethod
    def build(cls, nodes: Iterable[str], edges: Iterable[Edge], links: Iterable[Edge] = ()) -> Graph:
        """A graph with undirected `edges` and one-way `links` (from, to), in any order."""
        return cls(
            nodes=tuple(sorted(nodes)),
            edges=tuple(sorted(_canonical(a, b) for a, b in edges)),
            links=tuple(sorted((a, b) for a, b in links)),
        )

    def _require(self, *nodes: str) -> None:
        for node in nodes:
            if node not in self._out:
                raise TableError(f"unknown node {node!r}")

    def _key(self, a: str, b: str) -> Edge:
        """The key of whatever joins a and b: the undirected edge, or the one-way link in either direction."""
        self._require(a, b)
        for key in (_canonical(a, b), (a, b), (b, a)):
            if key in self._keys:
                return key
        raise TableError(f"no edge or link between {a!r} and {b!r}")

    @cached_property
    def _keys(self) -> frozenset[Edge]:
        return frozenset(self.edges) | frozenset(self.links)

    @cached_property
    def _out(self) -> dict[str, tuple[str, ...]]:
        """Crossable moves from each node: open edges both ways, open links forwards."""
        out: dict[str, list[str]] = {node: [] for node in self.nodes}
        closed = set(self.barriers)
        for a, b in self.edges:
            if (a, b) not in closed:
                out[a].append(b)
                out[b].append(a)
        for a, b in self.links:
            if (a, b) not in closed:
                out[a].append(b)
        return {node: tuple(sorted(nexts)) for node, nexts in out.items()}

    @cached_property
    def _into(self) -> dict[str, tuple[str, ...]]:
        """Crossable moves into each node, for searching backwards from a target."""
        into: dict[str, list[str]] = {node: [] for node in self.nodes}
        for node, nexts in self._out.items():
            for nxt in nexts:
                into[nxt].append(node)
        return {node: tuple(sorted(prevs)) for node, prevs in into.items()}

    def add_edge(self, a: str, b: str) -> Graph:
        return replace(self, edges=tuple(sorted((*self.edges, _canonical(a, b)))))

    def add_link(self, a: str, b: str, one_way: bool = True) -> Graph:
        """Join a to b; one way (a laundry chute) unless `one_way` is False, which adds a plain edge."""
        if not one_way:
            return self.add_edge(a, b)
        return replace(self, links=tuple(sorted((*self.links, (a, b)))))

    def remove_edge(self, a: str, b: str) -> Graph:
        """Remove whatever joins a and b, with its barrier and blockers."""
        key = self._key(a, b)
        return replace(
            self,
            edges=tuple(edge for edge in self.edges if edge != key),
            links=tuple(link for link in self.links if link != key),
            barriers=tuple(barrier for barrier in self.barriers if barrier != key),
            blocker_counts=tuple(item for item in self.blocker_counts if item[0] != key),
        )

    def has_edge(self, a: str, b: str) -> bool:
        """Whether a and b are joined at all, by an edge or a link either way, barrier or not."""
        self._require(a, b)
        return any(key in self._keys for key in (_canonical(a, b), (a, b), (b, a)))

    def has_barrier(self, a: str, b: str) -> bool:
        return self._key(a, b) in self.barriers

    def add_barrier(self, a: str, b: str) -> Graph:
        key = self._key(a, b)
        if key in self.barriers:
            raise TableError(f"{a}-{b} already has a barrier")
        return replace(self, barriers=tuple(sorted((*self.barriers, key))))

    def remove_barrier(self, a: str, b: str) -> Graph:
        key = self._key(a, b)
        if key not in self.barriers:
            raise TableError(f"{a}-{b} has no barrier to remove")
        return replace(self, barriers=tuple(barrier for barrier in self.barriers if barrier != key))

    def toggle_barrier(self, a: str, b: str) -> Graph:
        return self.remove_barrier(a, b) if self.has_barrier(a, b) else self.add_barrier(a, b)

    def blockers(self, a: str, b: str) -> int:
        return dict(self.blocker_counts).get(self._key(a, b), 0)

    def add_blockers(self, a: str, b: str, n: int = 1) -> Graph:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise TableError(f"cannot add {n!r} blockers")
        return self._with_blockers(a, b, self.blockers(a, b) + n)

    def remove_blockers(self, a: str, b: str, n: int = 1) -> Graph:
        have = self.blockers(a, b)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= have:
            raise TableError(f"cannot remove {n!r} blockers from {a}-{b}, which has {have}")
        return self._with_blockers(a, b, have - n)

    def _with_blockers(self, a: str, b: str, n: int) -> Graph:
        counts = dict(self.blocker_counts)
        counts[self._key(a, b)] = n
        return replace(self, blocker_counts=tuple(sorted((key, n) for key, n in counts.items() if n)))

    def neighbours(self, node: str) -> tuple[str, ...]:
        """Nodes reachable in one crossing, sorted: open edges and open links leaving `node`."""
        self._require(node)
        return self._out[node]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether b can be reached from a in one crossing."""
        self._require(b)
        return b in self.neighbours(a)

    def distances_to(self, target: str) -> dict[str, int]:
        """Crossings needed to reach `target` from every node that can reach it at all."""
        self._require(target)
        distance = {target: 0}
        queue = deque([target])
        while queue:
            node = queue.popleft()
            for prev in self._into[node]:
                if prev not in distance:
                    distance[prev] = distance[node] + 1
                    queue.append(prev)
        return distance

    def shortest_path_length(self, src: str, dst: str) -> int | None:
        self._require(src)
        return self.distances_to(dst).get(src)

    def shortest_first_hops(self, src: str, dst: str) -> tuple[str, ...]:
        """Every neighbour of src on some shortest path to dst, sorted, so a tie can be put to the player."""
        self._require(src)
        distance = self.distances_to(dst)
        if src == dst or src not in distance:
            return ()
        return self._hops(src, distance)

    def _hops(self, node: str, distance: Mapping[str, int]) -> tuple[str, ...]:
        return tuple(nxt for nxt in self._out[node] if distance.get(nxt) == distance[node] - 1)

    def shortest_paths(self, src: str, dst: str, limit: int = 50) -> tuple[tuple[str, ...], ...]:
        """Up to `limit` shortest paths from src to dst as node tuples, both ends included, sorted."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise TableError(f"path limit must be a non-negative int, got {limit!r}")
        self._require(src)
        distance = self.distances_to(dst)
        if src not in distance:
            return ()
        paths: list[tuple[str, ...]] = []
        stack: list[tuple[str, ...]] = [(src,)]
        while stack and len(paths) < limit:
            path = stack.pop()
            if path[-1] == dst:
                paths.append(path)
            else:
                stack.extend((*path, nxt) for nxt in reversed(self._hops(path[-1], distance)))
        return tuple(paths)

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": list(self.nodes),
            "edges": [list(edge) for edge in self.edges],
            "links": [list(link) for link in self.links],
            "barriers": [list(key) for key in self.barriers],
            "blockers": [[*key, n] for key, n in self.blocker_counts],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Graph:
        if not isinstance(data, Mapping):
            raise TableError(f"graph JSON must be an object, got {data!r}")
        nodes = data.get("nodes")
        if not isinstance(nodes, list | tuple) or not all(isinstance(node, str) for node in nodes):
            raise TableError(f"graph JSON needs a 'nodes' list of strings, got {nodes!r}")
        rows = {
            key: _json_pairs(data, key, size) for key, size in (("edges", 2), ("links", 2), ("barriers", 2))
        }
        blockers = _json_pairs(data, "blockers", 3)
        for row in [*rows["edges"], *rows["links"], *rows["barriers"], *blockers]:
            if not all(isinstance(end, str) for end in row[:2]):
                raise TableError(f"graph JSON names a node that is not a string: {row!r}")
        graph = cls.build(nodes, [(a, b) for a, b in rows["edges"]], [(a, b) for a, b in rows["links"]])
        for a, b in rows["barriers"]:
            graph = graph.add_barrier(a, b)
        for a, b, n in blockers:
            graph = graph.add_blockers(a, b, n)
        return graph
