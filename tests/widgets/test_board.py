"""The board widget and picture, headless: every game's map drawn from its data, a click coming
back as `selected`, pieces and a highlighted plan drawn in small updates, labels that never
overlap, a legend that tells the transport types apart without colour."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import traitlets

import kit
from kit.core import KitError
from kit.widgets import SVG, Board, Piece, Route, board_layout, board_svg
from kit.widgets.highlight import CURRENT, compact, highlight_svg
from kit.widgets.picture import MARGIN, ROUTE_STYLES, spots_svg
from kit.widgets.sizes import SIZES
from kit.widgets.views import view_for
from tests.checks import shown_svg

SVG_NS = "{http://www.w3.org/2000/svg}"
BOARDS = {
    "amazing_journey (regular)": lambda: kit.load("amazing_journey").board(),
    "amazing_journey (fast)": lambda: kit.load("amazing_journey", side="fast").board(),
    "timeless_journeys": lambda: kit.load("timeless_journeys").board(),
    "four_weeks": lambda: kit.load("four_weeks").board(),
}


@pytest.fixture(params=list(BOARDS), scope="module")
def graph(request: pytest.FixtureRequest) -> nx.Graph:
    return BOARDS[request.param]()


def parse(svg: str) -> ET.Element:
    """The picture as XML (it must be well-formed to show as `image/svg+xml`)."""
    return ET.fromstring(svg)


def attr(element: ET.Element | None, name: str) -> str:
    """An attribute the picture must have."""
    assert element is not None and element.get(name) is not None, (element, name)
    return str(element.get(name))


def text_of(element: ET.Element | None) -> str:
    """The text an element of the picture must have."""
    assert element is not None and element.text is not None, element
    return element.text


def click(board: Board, place: str) -> None:
    """What the browser sends when a place is clicked."""
    state = {"selected": place}
    board._handle_msg(
        {
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        }
    )


def sent_by(board: Board) -> list[dict[str, Any]]:
    """Record the comm messages the widget sends to the browser from now on."""
    messages: list[dict[str, Any]] = []
    board.comm.send = lambda data=None, buffers=None, **_: messages.append(data)
    return messages


def test_every_place_is_drawn_once_with_its_data_node(graph: nx.Graph) -> None:
    root = parse(Board(graph)._picture)
    places = [attr(g, "data-node") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"]
    assert sorted(places) == sorted(str(n) for n in graph.nodes)


def test_every_route_segment_is_drawn_and_map_edge_crossings_in_two_pieces(graph: nx.Graph) -> None:
    root = parse(board_svg(graph))
    routes = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "routes")
    paths = [attr(p, "d") for p in routes.iter(f"{SVG_NS}path")]
    assert len(paths) == graph.number_of_edges()
    crossing = sum(1 for *_, d in graph.edges(data=True) if d.get("crosses_edge"))
    assert sum(d.count("M") == 2 for d in paths) == crossing
    if graph.name.startswith("The Amazing Journey"):
        assert crossing == 5 if "regular" in graph.name else crossing >= 5


SCALES = (0.56, 0.93, 2.0)  # a map beside the buttons, a still picture, zoomed in


@pytest.mark.parametrize("scale", SCALES)
def test_no_two_labels_overlap_nor_cover_another_place(graph: nx.Graph, scale: float) -> None:
    layout = board_layout(graph, scale=scale)
    boxes = {name: label.box for name, label in layout.labels.items()}
    if not graph.name.startswith("The Amazing Journey") or scale >= 2:
        assert set(boxes) == set(layout.places)  # every place is named
    else:  # the whole world drawn small leaves some of Europe's names to a zoom
        assert len(boxes) >= 0.75 * len(layout.places)
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    for name, box in boxes.items():
        assert not box.overlaps(layout.legend_box), name
        assert box.inside(layout.frame), name
        for other, place in layout.places.items():
            r = place.radius
            if other != name:
                mark = type(box)(place.x - r, place.y - r, place.x + r, place.y + r)
                assert not box.overlaps(mark), (name, other)


def test_labels_keep_full_names_where_room_allows() -> None:
    layout = board_layout(kit.load("amazing_journey").board(), scale=1.0)
    shortened = {n: lab.text for n, lab in layout.labels.items() if lab.text != n}
    assert len(shortened) <= 2, shortened
    assert all(layout.labels[n].text == n for n in ("London", "Paris", "Amsterdam", "Berlin"))
    # a crowded city's hover text has its full name
    assert layout.places["Amsterdam"].title == "Amsterdam (region A)"


def text_sizes(svg: str) -> list[tuple[float, bool, str]]:
    """Every text of a picture: its font size in pixels on the screen (the size it inherits,
    times the scale of the transforms around it), whether it names a place, and its words."""
    found: list[tuple[float, bool, str]] = []

    def walk(element: ET.Element, size: float, scale: float, place: bool) -> None:
        size = float(element.get("font-size", size))
        grown = re.search(r"scale\(([\d.]+)\)", element.get("transform", ""))
        scale *= float(grown[1]) if grown else 1.0
        place = place or element.get("class") == "place"
        if element.tag == f"{SVG_NS}text" and (element.text or "").strip():
            found.append((size * scale, place, element.text or ""))
        for child in element:
            walk(child, size, scale, place)

    walk(parse(svg), 16.0, 1.0, False)
    return found


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("scale", SCALES)
def test_every_text_reads_on_a_projector(graph: nx.Graph, scale: float, size: str) -> None:
    """Place names 12 pixels high, every other text 11 (a third more at the large size), at
    every scale: the map with its legend, a game's pieces at the start and a route."""
    game = {"I": "timeless_journeys", "f": "four_weeks"}.get(graph.name[0], "amazing_journey")
    side = {"side": "fast"} if "fast" in graph.name else {}
    state = kit.load(game, players=3, seed=2, **side).new_game()
    state.resolve_chance()
    pieces = view_for(state.game).pieces(state.observation(0))
    route = list(graph.nodes)[:6]
    svg = board_svg(graph, pieces=pieces, path=route, scale=scale, size=size, title="a map")
    wanted = SIZES[size]
    texts = text_sizes(svg)
    names = [s for s, place, _ in texts if place]
    others = [s for s, place, _ in texts if not place]
    assert names and min(names) >= wanted.place, [t for t in texts if t[1] and t[0] < 12]
    assert min(others) >= wanted.text - 0.01, [t for t in texts if not t[1] and t[0] < 11]


@pytest.mark.parametrize("scale", SCALES)
def test_no_piece_covers_a_label_nor_another_places_pieces(graph: nx.Graph, scale: float) -> None:
    """Every piece of a game in progress (three players) stands beside its place; where its row
    had to cover a label, that label is hidden; rows never overlap."""
    game = {"I": "timeless_journeys", "f": "four_weeks"}.get(graph.name[0], "amazing_journey")
    side = {"side": "fast"} if "fast" in graph.name else {}
    state = kit.load(game, players=3, seed=2, **side).new_game()
    state.resolve_chance()
    for action in range(12):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[action % len(state.legal_actions())])
        state.resolve_chance()
    layout = board_layout(graph, scale=scale)
    drawn = spots_svg(layout, view_for(state.game).pieces(state.observation(0)))
    for place, row in drawn.boxes.items():
        for name, label in layout.labels.items():
            assert name in drawn.covered or not row.overlaps(label.box), (place, name)
    for (a, box_a), (b, box_b) in itertools.combinations(drawn.boxes.items(), 2):
        assert not box_a.overlaps(box_b) or scale < 1, (a, b)
    assert len(drawn.covered) <= len(layout.labels) // 10


def test_legend_lists_every_transport_type_with_its_own_dash_pattern() -> None:
    root = parse(board_svg(kit.load("amazing_journey").board()))
    legend = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "legend")
    texts = [t.text for t in legend.iter(f"{SVG_NS}text")]
    samples = [p for p in legend.iter(f"{SVG_NS}path")]
    assert texts[:6] == ["Bus", "Train", "Ship", "Balloon", "Airship", "Secret"]
    dashes = [p.get("stroke-dasharray", "") for p in samples]
    assert dashes == ["", "9 3", "2 3", "7 3 1.5 3", "12 3 2 3 2 3", "1 5"]
    assert len({p.get("stroke") for p in samples}) == 6
    # the routes themselves carry the same pattern as their legend row
    for kind, style in ROUTE_STYLES.items():
        group = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == f"route-{kind}")
        assert (
            group.get("stroke-dasharray", "") == style.dash and group.get("stroke") == style.colour
        )


def test_timeless_journeys_paths_show_their_coin_costs() -> None:
    graph = kit.load("timeless_journeys").board()
    root = parse(board_svg(graph))
    costs = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "costs")
    written = sorted(int(text_of(t)) for t in costs.iter(f"{SVG_NS}text"))
    assert written == sorted(c for *_, c in graph.edges(data="cost") if c)
    assert written.count(1) == 6 and written.count(2) == 3 and written.count(3) == 1
    legend = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "legend")
    assert [t.text for t in legend.iter(f"{SVG_NS}text")] == [
        "Path",
        "City",
        "Countryside",
        "3",
        "cost of the route",
    ]


def test_a_cost_every_route_shares_is_said_once_in_the_legend() -> None:
    root = parse(board_svg(kit.load("four_weeks").board()))
    assert not [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "costs"]
    legend = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "legend")
    assert [t.text for t in legend.iter(f"{SVG_NS}text")] == ["Train", "cost 1 on every route"]
    # regions are labelled by name, and hovering names the code too
    layout = board_layout(kit.load("four_weeks").board())
    assert layout.labels["BRI"].text == "British Isles"
    assert layout.places["BRI"].title == "British Isles (BRI)"


def test_geographic_boards_have_their_land_behind_and_others_none() -> None:
    for game, land_name in (
        ("amazing_journey", "world"),
        ("timeless_journeys", "italy"),
        ("four_weeks", "europe"),
    ):
        outline = board_layout(kit.load(game).board()).outline
        assert outline is not None and outline.name == land_name
    root = parse(board_svg(kit.load("four_weeks").board()))
    land = [p for p in root.iter(f"{SVG_NS}path") if p.get("class") == "land"]
    assert len(land) == 1 and attr(land[0], "d").startswith("M")
    assert board_layout(kit.load("four_weeks").board(), outline=None).outline is None
    with pytest.raises(KitError, match="no land outline 'mars'; the kit has europe, italy, world"):
        board_layout(kit.load("four_weeks").board(), outline="mars")


def test_a_click_sets_selected_and_a_click_on_no_place_is_refused() -> None:
    board = Board(kit.load("amazing_journey").board())
    seen = []
    board.observe(lambda change: seen.append(change["new"]), "selected")
    click(board, "Paris")
    assert board.selected == "Paris" and seen == ["Paris"]
    click(board, "Atlantis")
    assert board.selected == "Paris" and seen == ["Paris"]
    with pytest.raises(traitlets.TraitError, match="'Atlantis' is not a place of this board"):
        board.selected = "Atlantis"
    board.selected = ""
    assert seen == ["Paris", ""]


def test_a_click_sends_back_only_the_small_selected_trait() -> None:
    board = Board(kit.load("amazing_journey").board())
    messages = sent_by(board)
    click(board, "Tokyo")
    assert [m["state"] for m in messages] == [{"selected": "Tokyo"}]


def steps_of_layer(svg: str) -> dict[str, str]:
    """The step badges of a highlight, by place: their words."""
    layer = parse(f'<g xmlns="http://www.w3.org/2000/svg">{svg}</g>')
    steps = next(g for g in layer.iter(f"{SVG_NS}g") if g.get("class") == "steps")
    return {attr(g, "data-node"): text_of(g.find(f"{SVG_NS}text")) for g in steps}


def test_highlight_draws_the_route_with_one_badge_a_place_beside_its_mark() -> None:
    board = Board(kit.load("amazing_journey").board())
    messages = sent_by(board)
    board.highlight = ["London", "Paris", "Rome", "Paris", "Madrid"]
    assert [list(m["state"]) for m in messages if m["method"] == "update"] == [["_highlight_svg"]]
    assert steps_of_layer(board._highlight_svg) == {"Paris": "1, 3", "Rome": "2", "Madrid": "4"}
    layer = parse(f'<g xmlns="http://www.w3.org/2000/svg">{board._highlight_svg}</g>')
    start = next(c for c in layer.iter(f"{SVG_NS}circle"))
    assert (
        start.get("data-node") == "London"
        and text_of(start.find(f"{SVG_NS}title")) == "start: London"
    )
    (line,) = [p for p in layer.iter(f"{SVG_NS}path") if p.get("class") == "leg"]
    assert attr(line, "d").count("M") == 4
    # each badge lies beside its place's mark, never on the place's name nor on a name shown
    layout = board.picture
    hidden = set(board._under_highlight)
    assert (
        messages[-1] == {"method": "custom", "content": {"covered": sorted(hidden)}} or not hidden
    )
    for badge in layer.iter(f"{SVG_NS}g"):
        if badge.get("data-node") and badge.find(f"{SVG_NS}rect") is not None:
            rect = badge.find(f"{SVG_NS}rect")
            x, y = float(attr(rect, "x")), float(attr(rect, "y"))
            box = type(layout.frame)(
                x, y, x + float(attr(rect, "width")), y + float(attr(rect, "height"))
            )
            own = layout.labels.get(attr(badge, "data-node"))
            assert own is None or not box.overlaps(own.box)
            for name, label in layout.labels.items():
                assert name in hidden or not box.overlaps(label.box), name
    assert "1, 3" in board.svg()  # the static picture shows it too


def test_step_numbers_read_as_ranges_never_as_a_pile() -> None:
    assert compact([2, 3, 4, 7]) == "2–4, 7"
    assert compact(list(range(2, 31))) == "2–30"
    assert compact([1, 3, 4, 7, 9, 10, 12]) == "1, 3–4, 7, …, 12"
    # a pawn that stays in one region for a week of steps gets one short badge
    route = Route(("BRI", "FRA", "GER"), (1, 1, 1, 1, 1, 2))
    layout = board_layout(kit.load("four_weeks").board())
    assert steps_of_layer(highlight_svg(layout, route)) == {"FRA": "1–5", "GER": "6"}


def test_the_current_step_stands_out_with_its_place_ringed() -> None:
    layout = board_layout(kit.load("four_weeks").board())
    route = Route(("BRI", "FRA", "GER"), (1, 1, 1, 2), current=2)
    layer = parse(f'<g xmlns="http://www.w3.org/2000/svg">{highlight_svg(layout, route)}</g>')
    (ring,) = [c for c in layer.iter(f"{SVG_NS}circle") if c.get("class") == "current"]
    france = layout.places["FRA"]
    assert (float(attr(ring, "cx")), float(attr(ring, "cy"))) == (france.x, france.y)
    badges = {text_of(g.find(f"{SVG_NS}text")): g.find(f"{SVG_NS}rect") for g in
              next(g for g in layer.iter(f"{SVG_NS}g") if g.get("class") == "steps")}  # fmt: skip
    assert set(badges) == {"2", "1, 3", "4"}
    assert attr(badges["2"], "fill") == CURRENT  # the current step in the darkest ink
    assert attr(badges["4"], "fill") != CURRENT


def test_a_plan_read_in_parts_colours_each_part_and_keys_it() -> None:
    layout = board_layout(kit.load("timeless_journeys").board())
    route = Route(
        ("Torino", "Milano", "Genova", "Milano"),
        (1, 2, 3),
        groups=("round I", "round I", "round II"),
    )
    layer = parse(f'<g xmlns="http://www.w3.org/2000/svg">{highlight_svg(layout, route)}</g>')
    legs = [p for p in layer.iter(f"{SVG_NS}path") if p.get("class") == "leg"]
    assert [attr(p, "d").count("M") for p in legs] == [2, 1]  # round I's two legs, round II's one
    assert len({attr(p, "stroke") for p in legs}) == 2
    key = next(g for g in layer.iter(f"{SVG_NS}g") if g.get("class") == "parts")
    assert [t.text for t in key.iter(f"{SVG_NS}text")] == ["round I", "round II"]


def test_highlight_across_the_map_edge_leaves_by_both_sides() -> None:
    layout = board_layout(kit.load("amazing_journey").board(), scale=1.0)
    layer = parse(
        f'<g xmlns="http://www.w3.org/2000/svg">{highlight_svg(layout, ["Tokyo", "Honolulu"])}</g>'
    )
    line = next(p for p in layer.iter(f"{SVG_NS}path"))
    assert line.get("d") == "M888 181L1061 229M-112 181L61 229"
    # at any scale, the same two pieces, scaled
    half = board_layout(kit.load("amazing_journey").board(), scale=0.5)
    layer = parse(
        f'<g xmlns="http://www.w3.org/2000/svg">{highlight_svg(half, ["Tokyo", "Honolulu"])}</g>'
    )
    assert (
        next(p for p in layer.iter(f"{SVG_NS}path")).get("d")
        == "M444 90.5L530.5 114.5M-56 90.5L30.5 114.5"
    )


def test_a_highlight_through_no_place_is_refused_and_changes_nothing() -> None:
    board = Board(kit.load("timeless_journeys").board(), highlight=["Torino", "Milano"])
    before = board._highlight_svg
    with pytest.raises(traitlets.TraitError, match="'Atlantis' is not a place of this board"):
        board.highlight = ["Torino", "Atlantis"]
    assert board.highlight == ["Torino", "Milano"] and board._highlight_svg == before


def test_pieces_are_drawn_at_their_places_and_listed_on_hover() -> None:
    board = Board(kit.load("amazing_journey").board())
    messages = sent_by(board)
    board.pieces = [
        Piece("London", "pawn", "1", "#e15759", "pawn of player 1"),
        Piece("London", "flag", "50", title="Final checkpoint, from day 50"),
        Piece("Paris", "token", "A"),
        Piece("Tokyo", "traveller", "JV"),
        Piece("Delhi", "disc", "Mo"),
        Piece("Cairo", "marker", "3"),
        Piece("Lima", "note", "12 pts"),
    ]
    # the places, not a trait (and the names their pieces hide, if any)
    assert [m["method"] for m in messages] in (["custom"], ["custom", "custom"])
    assert "spots" in messages[0]["content"]
    assert list(messages[0]["content"]["spots"]) == [
        "London",
        "Paris",
        "Tokyo",
        "Delhi",
        "Cairo",
        "Lima",
    ]
    layer = parse(f'<g xmlns="http://www.w3.org/2000/svg">{board._pieces_svg}</g>')
    drawn = [
        (
            spot.get("data-node"),
            [
                e.get("class")
                for e in spot
                if e.tag != f"{SVG_NS}title" and e.get("class") != "leader"
            ],
        )
        for spot in layer
    ]
    assert drawn == [
        ("London", [None, "pawn", "flag"]),  # the place's invisible spot, then its pieces
        ("Paris", [None, "token"]),
        ("Tokyo", [None, "traveller"]),
        ("Delhi", [None, "disc"]),
        ("Cairo", [None, "marker"]),
        ("Lima", [None, "note"]),
    ]
    spots = {spot.get("data-node"): text_of(spot.find(f"{SVG_NS}title")) for spot in layer}
    assert spots["London"] == "London: pawn of player 1; Final checkpoint, from day 50"
    assert spots["Paris"] == "Paris: face-down token A"
    assert board._picture == Board(kit.load("amazing_journey").board())._picture  # unchanged


def test_bad_pieces_are_refused_with_the_reason() -> None:
    with pytest.raises(
        KitError, match="piece kind 'meeple' is unknown; the board draws pawn, token"
    ):
        Piece("Paris", "meeple")
    board = Board(kit.load("four_weeks").board())
    with pytest.raises(traitlets.TraitError, match="'Paris' is not a place of this board"):
        board.pieces = [Piece("Paris", "pawn")]
    with pytest.raises(traitlets.TraitError, match="pieces must be Piece objects"):
        board.pieces = [("FRA", "pawn")]  # type: ignore[list-item]
    assert board.pieces == [] and board._pieces_svg == ""


def test_updates_are_small_and_the_picture_is_sent_once() -> None:
    board = Board(kit.load("amazing_journey").board())
    tokens = [Piece(str(city), "token", "A") for city in list(board.picture.places)[:70]]
    pawns = [Piece("London", "pawn", str(p)) for p in range(1, 5)]
    messages = sent_by(board)
    board.pieces = tokens + pawns
    board.highlight = ["London", "Paris", "Rome", "Athens", "Cairo", "Mumbai", "Delhi"]
    click(board, "Delhi")
    sizes = [len(json.dumps(m)) for m in messages]
    changes = [m for m in messages if set(m.get("content", {})) != {"covered"}]
    assert len(changes) == 3 and max(sizes) < 30_000  # the pieces, the highlight, the click
    assert all("_picture" not in m.get("state", {}) for m in messages)


def test_only_the_places_whose_pieces_changed_are_sent_and_a_new_view_gets_all() -> None:
    board = Board(kit.load("amazing_journey").board())
    tokens = [Piece(city, "token", "A") for city in ("Paris", "Rome", "Madrid")]
    board.pieces = [*tokens, Piece("London", "pawn", "0")]
    messages = sent_by(board)
    board.pieces = [*tokens, Piece("Paris", "pawn", "0")]  # the pawn goes to Paris
    assert [m["content"]["gone"] for m in messages] == [["London"]]
    assert list(messages[0]["content"]["spots"]) == ["Paris"]
    assert messages[0]["content"]["spots"]["Paris"].count('class="pawn"') == 1
    board.pieces = [*tokens, Piece("Paris", "pawn", "0")]  # nothing changed, nothing sent
    assert len(messages) == 1
    board._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"want": "pieces"}}}, "buffers": []}
    )
    assert messages[-1]["content"]["all"] is True
    assert list(messages[-1]["content"]["spots"]) == ["Paris", "Rome", "Madrid"]
    assert board.svg().count('class="spot"') == 3


def test_the_rich_display_is_static_svg_beside_the_widget() -> None:
    board = Board(kit.load("timeless_journeys").board(), pieces=[Piece("Torino", "pawn", "1")])
    bundle = board._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    picture = parse(shown_svg(data["text/html"]))
    assert picture.tag == f"{SVG_NS}svg"
    pieces = next(g for g in picture.iter(f"{SVG_NS}g") if g.get("class") == "kit-pieces")
    assert [(e.get("class"), e.get("data-node")) for e in pieces] == [("spot", "Torino")]
    assert [e.get("class") for e in pieces.iter(f"{SVG_NS}g")] == ["kit-pieces", "spot", "pawn"]
    svg = board_svg(kit.load("timeless_journeys").board(), title="Italy")
    assert isinstance(svg, SVG) and shown_svg(svg._repr_html_()) == str(svg)
    assert ">Italy</text>" in svg


def test_board_svg_keeps_the_lessons_options() -> None:
    graph = kit.load("amazing_journey").board()
    svg = board_svg(
        graph, path=["London", "Paris", "Madrid"], marks={"London": "day 0"}, labels=["London"]
    )
    root = parse(svg)
    labels = [t.text for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"
              for t in g.iter(f"{SVG_NS}text")]  # fmt: skip
    assert labels == ["London"]
    assert ">day 0</text>" in svg and ">2</text>" in svg
    italy = kit.load("timeless_journeys").board()
    svg = board_svg(
        italy,
        group="kind",
        edge_colour=lambda path: "#8c564b" if path["cost"] else "#bbbbbb",
        edge_label="cost",
    )
    assert 'stroke="#8c564b"' in svg and 'stroke="#bbbbbb"' in svg
    legend = next(g for g in parse(svg).iter(f"{SVG_NS}g") if g.get("class") == "legend")
    assert [t.text for t in legend.iter(f"{SVG_NS}text")][:3] == ["City", "Countryside", "3"]


def test_a_plain_graph_without_land_is_fitted_to_the_canvas() -> None:
    import networkx as nx

    graph = nx.Graph()
    graph.add_node(0, pos=(0, 0))
    graph.add_node(1, pos=(20, 10))
    graph.add_edge(0, 1)
    layout = board_layout(graph, scale=1.0)
    assert layout.outline is None
    assert (layout.places["0"].x, layout.places["0"].y) == (40, 70)
    assert (layout.places["1"].x, layout.places["1"].y) == (960, 530)
    half = board_layout(graph, scale=0.5)  # the canvas at half the size: the points too
    assert (half.width, half.height, half.places["1"].x, half.places["1"].y) == (500, 300, 480, 265)
    board = Board(graph, highlight=[0, 1])
    assert board.highlight == ["0", "1"]
    graph.add_node(2)
    with pytest.raises(KitError, match="need a drawing position 'pos': \\[2\\] have none"):
        board_layout(graph)


def test_a_piece_shows_its_mark_at_its_upper_right_and_the_next_piece_leaves_room() -> None:
    from kit.widgets.labels import text_width
    from kit.widgets.picture import MARK_SIZE, pieces_svg

    layout = board_layout(kit.load("amazing_journey").board())
    cursed = Piece("Paris", "token", "A", "#6a3d9a", "face-down token: region A, cursed", "▲☠")
    layer = parse(
        '<g xmlns="http://www.w3.org/2000/svg">'
        f"{pieces_svg(layout, [cursed, Piece('Paris', 'pawn', '0')])}</g>"
    )
    token, pawn = (g for g in layer.iter(f"{SVG_NS}g") if g.get("class") in ("token", "pawn"))
    texts = [(t.get("class"), t.get("fill"), t.text) for t in token.iter(f"{SVG_NS}text")]
    assert texts == [(None, "#fff", "A"), ("sign", None, "▲☠")]  # white on the dark fill
    x = [float(attr(g, "transform").split("(")[1].split()[0]) for g in (token, pawn)]
    assert x[1] - x[0] >= 10 + text_width("▲☠", MARK_SIZE)


def test_zooming_to_a_region_names_every_place_there_at_the_same_sizes() -> None:
    graph = kit.load("amazing_journey").board()
    board = Board(graph, pieces=[Piece("London", "pawn", "0")])
    europe = [node for node, data in graph.nodes(data=True) if data["region"] == "A"]
    whole = board.picture
    assert whole.width == 600 and whole.scale == 0.6  # as wide as the page (until it says)
    assert not all(city in whole.labels for city in europe)  # crowded on the whole world
    messages = sent_by(board)
    board.zoom_to("Europe")
    assert all(city in board.picture.labels for city in europe)
    assert board.picture.scale > 4 * whole.scale and board.zoom > 4
    box = next(area.box for area in whole.areas if area.name == "Europe")
    assert board._center == [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2]
    assert board.picture.sizes == whole.sizes  # names keep their 12 pixels
    updates = [m["state"] for m in messages if m["method"] == "update"]
    assert any("_picture" in state for state in updates)
    spots = [m["content"] for m in messages if "spots" in m.get("content", {})]
    assert "London" in spots[-1]["spots"]  # the pawn drawn again, at the new scale
    board.zoom_to("all")
    assert board.zoom == 1 and board.picture is whole  # the whole board's layout is kept
    with pytest.raises(KitError, match="no region 'Atlantis' on this board to zoom to; its "):
        board.zoom_to("Atlantis")
    assert board.zoom == 1
    assert [a.name for a in Board(kit.load("four_weeks").board()).picture.areas] == []


def test_the_board_is_drawn_as_wide_as_its_page_and_zooms_from_the_browser() -> None:
    board = Board(kit.load("timeless_journeys").board())
    board._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"_width": 450}, "buffer_paths": []}},
            "buffers": [],
        }
    )
    assert (board.picture.width, board.picture.height) == (450, 270)
    assert board._view["height"] == 270 and board._view["scale"] == 0.45

    def ask(content: dict[str, Any]) -> None:
        board._handle_msg(
            {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        )

    ask({"zoom": "in"})
    assert board.zoom == pytest.approx(1.6) and board.picture.width == 720
    ask({"zoom": "out"})
    ask({"zoom": "out"})  # never below the whole board
    assert board.zoom == 1
    ask({"wheel": [2.0, 500.0, 300.0, 0.0, 0.0]})  # Ctrl and the wheel over the middle
    assert board.zoom == 2 and board._center == [500.0, 300.0]
    ask({"wheel": [float("nan"), 1, 1, 0, 0]})  # nonsense from a page changes nothing
    ask({"zoom": "Mars"})
    assert board.zoom == 2
    with pytest.raises(traitlets.TraitError, match="a zoom is a number from 1"):
        board.zoom = float("inf")


def test_a_board_of_ones_own_has_no_land_behind_it(tmp_path: Any) -> None:
    """A teacher's board (here the Lakes, the 80-day puzzles' small board, with a city added)
    names no land: it is drawn on plain ground and fitted to the picture, not as a cluster in
    a corner of the world."""
    import shutil

    from kit.puzzles import amazing_journey

    folder = tmp_path / "lakes"
    shutil.copytree(Path(amazing_journey.__file__).parent / "lakes", folder)
    graph = kit.load("amazing_journey", content=str(folder)).board()
    layout = board_layout(graph)
    assert layout.outline is None and graph.graph["outline"] == ""
    xs, ys = [p.x for p in layout.places.values()], [p.y for p in layout.places.values()]
    room = 2 * MARGIN * layout.scale  # the board fills the picture but for its margins
    wide, high = (
        (max(xs) - min(xs)) / (layout.width - room),
        (max(ys) - min(ys)) / (layout.height - room),
    )
    assert max(wide, high) == pytest.approx(1, abs=0.01)
    board = (folder / "board.toml").read_text()
    (folder / "board.toml").write_text('outline = "world"\n' + board)
    assert board_layout(kit.load("amazing_journey", content=str(folder)).board()).outline
    (folder / "board.toml").write_text('outline = "mars"\n' + board)
    with pytest.raises(KitError, match="outline"):
        kit.load("amazing_journey", content=str(folder))
