"""The board picture: every city drawn, routes coloured by type, a plan drawn on top."""

import re

from kit.amazing_journey import load_content
from kit.widgets import board_svg, show_board


def test_board_svg_draws_every_city_and_route_segment():
    graph = load_content("regular").board.graph()
    svg = board_svg(graph)
    assert svg.count("<circle") == graph.number_of_nodes() == 71
    crossing = sum(1 for *_, d in graph.edges(data=True) if d["crosses_edge"])
    assert svg.count("<line") == graph.number_of_edges() + crossing
    assert 'stroke="#1f77b4"' in svg  # ships are blue


def test_a_path_and_marks_are_drawn_on_top():
    graph = load_content("regular").board.graph()
    svg = board_svg(
        graph, path=["London", "Paris", "Madrid"], marks={"London": "day 0"}, labels=["London"]
    )
    assert len(re.findall('stroke="#d62728"', svg)) == 2
    assert ">day 0</text>" in svg and ">London</text>" in svg and ">Paris</text>" not in svg


def test_show_board_is_a_widget():
    widget = show_board(load_content("fast").board.graph(), title="Fast side")
    assert "Fast side" in widget.value
