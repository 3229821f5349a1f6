from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.errors import TableError
from trackers.core.graph import Edge, Graph


def grid() -> Graph:
    """3x3 grid; node "rc" is row r, column c."""
    nodes = [f"{r}{c}" for r in range(3) for c in range(3)]
    edges = [(f"{r}{c}", f"{r}{c + 1}") for r in range(3) for c in range(2)]
    edges += [(f"{r}{c}", f"{r + 1}{c}") for r in range(2) for c in range(3)]
    return Graph.build(nodes, edges)


def test_build_is_canonical() -> None:
    graph = Graph.build(["b", "a", "c"], [("b", "a"), ("c", "b")])
    assert graph.nodes == ("a", "b", "c")
    assert graph.edges == (("a", "b"), ("b", "c"))
    assert graph == Graph.build(["a", "b", "c"], [("b", "c"), ("a", "b")])


def test_build_refuses_bad_boards() -> None:
    with pytest.raises(TableError, match="unknown node 'z'"):
        Graph.build(["a"], [("a", "z")])
    with pytest.raises(TableError, match="itself"):
        Graph.build(["a"], [("a", "a")])
    with pytest.raises(TableError, match="more than once"):
        Graph.build(["a", "b"], [("a", "b"), ("b", "a")])
    with pytest.raises(TableError, match="more than once"):
        Graph.build(["a", "b"], [("a", "b")], [("b", "a")])
    with pytest.raises(TableError, match="repeats"):
        Graph.build(["a", "a"], [])


def test_grid_distances_and_tied_first_hops() -> None:
    graph = grid()
    assert graph.neighbours("11") == ("01", "10", "12", "21")
    assert graph.shortest_path_length("00", "22") == 4
    assert graph.shortest_first_hops("00", "22") == ("01", "10")
    assert graph.shortest_first_hops("01", "21") == ("11",)
    assert len(graph.shortest_paths("00", "22")) == 6
    assert graph.shortest_paths("00", "22", limit=2) == (
        ("00", "01", "02", "12", "22"),
        ("00", "01", "11", "12", "22"),
    )


def test_barrier_forces_a_detour_with_a_tie() -> None:
    graph = grid().add_barrier("11", "01")
    assert graph.has_barrier("01", "11")
    assert graph.barriers == (("01", "11"),)
    assert not graph.adjacent("01", "11")
    assert "11" not in graph.neighbours("01")
    assert graph.shortest_path_length("01", "21") == 4
    assert graph.shortest_first_hops("01", "21") == ("00", "02")
    assert graph.remove_barrier("01", "11") == grid()
    assert graph.toggle_barrier("01", "11") == grid()
    assert grid().toggle_barrier("01", "11") == graph


def test_barrier_errors() -> None:
    graph = grid().add_barrier("00", "01")
    with pytest.raises(TableError, match="already"):
        graph.add_barrier("01", "00")
    with pytest.raises(TableError, match="no barrier"):
        graph.remove_barrier("10", "11")
    with pytest.raises(TableError, match="no edge"):
        graph.add_barrier("00", "11")


def test_blockers_count_but_never_change_distances() -> None:
    graph = grid().add_blockers("01", "11", 2).add_blockers("11", "01")
    assert graph.blockers("11", "01") == 3
    assert graph.blockers("00", "01") == 0
    assert graph.adjacent("01", "11")
    assert graph.shortest_first_hops("01", "21") == ("11",)
    assert graph.remove_blockers("01", "11", 3) == grid()
    with pytest.raises(TableError, match="has 3"):
        graph.remove_blockers("01", "11", 4)
    with pytest.raises(TableError):
        graph.add_blockers("01", "11", -1)


def test_one_way_link_is_only_crossed_forwards() -> None:
    graph = Graph.build(["attic", "hall", "cellar"], [("attic", "hall"), ("hall", "cellar")])
    graph = graph.add_link("attic", "cellar")
    assert graph.neighbours("attic") == ("cellar", "hall")
    assert graph.neighbours("cellar") == ("hall",)
    assert graph.adjacent("attic", "cellar")
    assert not graph.adjacent("cellar", "attic")
    assert graph.distances_to("cellar") == {"cellar": 0, "attic": 1, "hall": 1}
    assert graph.distances_to("attic") == {"attic": 0, "hall": 1, "cellar": 2}
    assert graph.has_edge("cellar", "attic")
    assert graph.add_barrier("cellar", "attic").barriers == (("attic", "cellar"),)
    assert graph.remove_edge("cellar", "attic") == graph.remove_edge("attic", "cellar")
    assert not graph.remove_edge("attic", "cellar").has_edge("attic", "cellar")
    assert Graph.build(["a", "b"], []).add_link("b", "a", one_way=False).edges == (("a", "b"),)


def test_remove_edge_drops_its_barrier_and_blockers() -> None:
    graph = grid().add_barrier("00", "01").add_blockers("00", "01").remove_edge("01", "00")
    assert (graph.barriers, graph.blocker_counts) == ((), ())
    assert graph.add_edge("00", "01") == grid()


def test_unreachable_and_same_node() -> None:
    graph = Graph.build(["a", "b", "c"], [("a", "b")])
    assert graph.shortest_path_length("a", "c") is None
    assert graph.shortest_first_hops("a", "c") == ()
    assert graph.shortest_paths("a", "c") == ()
    assert graph.shortest_path_length("a", "a") == 0
    assert graph.shortest_first_hops("a", "a") == ()
    assert graph.shortest_paths("a", "a") == (("a",),)


def test_unknown_nodes_are_refused() -> None:
    graph = grid()
    for query in (
        lambda: graph.neighbours("99"),
        lambda: graph.adjacent("00", "99"),
        lambda: graph.distances_to("99"),
        lambda: graph.shortest_path_length("99", "00"),
        lambda: graph.shortest_first_hops("00", "99"),
        lambda: graph.shortest_paths("99", "00"),
        lambda: graph.add_edge("00", "99"),
        lambda: graph.blockers("00", "99"),
    ):
        with pytest.raises(TableError):
            query()


@st.composite
def boards(draw: st.DrawFn) -> Graph:
    """Small random boards: each pair of nodes unjoined, joined both ways, or linked one way."""
    nodes = [f"n{i}" for i in range(draw(st.integers(1, 6)))]
    edges: list[Edge] = []
    links: list[Edge] = []
    for a, b in itertools.combinations(nodes, 2):
        kind = draw(st.sampled_from(["none", "none", "edge", "edge", "forward", "back"]))
        if kind == "edge":
            edges.append((a, b))
        elif kind == "forward":
            links.append((a, b))
        elif kind == "back":
            links.append((b, a))
    graph = Graph.build(nodes, edges, links)
    for a, b in edges + links:
        if draw(st.booleans()):
            graph = graph.add_barrier(a, b)
        graph = graph.add_blockers(a, b, draw(st.integers(0, 2)))
    return graph


def brute_force_shortest_paths(graph: Graph, src: str, dst: str) -> set[tuple[str, ...]]:
    """Every simple path, from the raw edge lists, filtered to the shortest."""
    moves = {(a, b) for a, b in graph.edges if (a, b) not in graph.barriers}
    moves |= {(b, a) for a, b in moves}
    moves |= {link for link in graph.links if link not in graph.barriers}
    paths: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...]) -> None:
        if path[-1] == dst:
            paths.append(path)
            return
        for a, b in moves:
            if a == path[-1] and b not in path:
                walk((*path, b))

    walk((src,))
    best = min((len(path) for path in paths), default=0)
    return {path for path in paths if len(path) == best}


@given(boards(), st.data())
def test_shortest_paths_agree_with_brute_force(graph: Graph, data: st.DataObject) -> None:
    src = data.draw(st.sampled_from(graph.nodes))
    dst = data.draw(st.sampled_from(graph.nodes))
    expected = brute_force_shortest_paths(graph, src, dst)
    hops = tuple(sorted({path[1] for path in expected if len(path) > 1}))
    assert graph.shortest_first_hops(src, dst) == hops
    assert set(graph.shortest_paths(src, dst, limit=10**6)) == expected
    length = len(next(iter(expected))) - 1 if expected else None
    assert graph.shortest_path_length(src, dst) == length
    assert graph.distances_to(dst).get(src) == length


@given(boards())
def test_json_round_trip(graph: Graph) -> None:
    assert Graph.from_json(json.loads(json.dumps(graph.to_json()))) == graph


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"nodes": "ab"},
        {"nodes": ["a", "b"], "edges": [["a"]]},
        {"nodes": ["a", "b"], "edges": [["a", 1]]},
        {"nodes": ["a", "b"], "edges": [["a", "c"]]},
        {"nodes": ["a", "b"], "barriers": [["a", "b"]]},
        {"nodes": ["a", "b"], "edges": [["a", "b"]], "blockers": [["a", "b", -1]]},
        {"nodes": ["a", "b"], "edges": [["a", "b"]], "blockers": [["a", "b", "2"]]},
        [],
    ],
)
def test_malformed_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        Graph.from_json(data)  # type: ignore[arg-type]
