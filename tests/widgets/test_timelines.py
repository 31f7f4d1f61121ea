"""The timeline views, headless: positions built by each game's scenario builder and real
actions, and what the picture then shows where — a pawn on its day, the flags and bars of the
checkpoints, each day's departures, the Gazette's cities and an Experience token in its slot,
a Day disc on its weekday and a spent day — read back from the SVG the widget sends; then, at
real positions of greedy bots' games, that the picture reads on a classroom screen: every text
at its size, none overlapping another or a piece, each dark or light enough on its ground, the
picture no wider than a notebook's output and its cells large enough to click."""

from __future__ import annotations

import functools
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
import traitlets

import kit
from kit.amazing_journey import AmazingJourney
from kit.amazing_journey import setup as journey_setup
from kit.core import KitError, State
from kit.core.bots import play
from kit.timeless_journeys import TimelessJourneys
from kit.timeless_journeys.content import ROMAN
from kit.widgets.labels import ASCENT, DESCENT, SLACK, Box, text_width
from kit.widgets.picture import ROUTE_STYLES, luminance
from kit.widgets.sizes import NORMAL, PANEL_WIDTH, SIZES, Sizes
from kit.widgets.timelines import (
    CHECKPOINT_COLOURS,
    GazetteRounds,
    JourneyTimeline,
    TimelineView,
    WeekCalendar,
    timeline,
    timeline_svg,
)
from kit.widgets.timelines.drawing import BOLD, MIDDLE, TITLE
from tests.amazing_journey.helpers import around_the_world, journey_around, wait_until
from tests.checks import shown_svg
from tests.four_weeks.helpers import SKIP, deal
from tests.timeless_journeys.helpers import TALK, up
from tests.timeless_journeys.helpers import build as untyped_build

SVG_NS = "{http://www.w3.org/2000/svg}"
MEET_SHELLEY = "meet Mary Shelley in Torino: A Night to Remember in slot 1"
BRITAIN = ("BRI1", "BRI2", "BRI3", "BRI4", "BRI5", "IBE1", "IBE2")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tag(element: ET.Element) -> str:
    return element.tag.removeprefix(SVG_NS)


def attr(element: ET.Element | None, name: str) -> str:
    """An attribute the picture must have."""
    assert element is not None and element.get(name) is not None, (element, name)
    return str(element.get(name))


def number(element: ET.Element | None, name: str) -> float:
    return float(attr(element, name))


def child(element: ET.Element, name: str) -> ET.Element:
    """The first child element of that SVG tag."""
    found = element.find(f"{SVG_NS}{name}")
    assert found is not None, (element, name)
    return found


def words_of(element: ET.Element, name: str) -> str:
    """The text of the first child element of that SVG tag."""
    return "".join(child(element, name).itertext())


def cells(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """Every clickable cell (a day, a round's cell, a calendar day): its box x, y, w, h."""
    found = {}
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class") == "place":
            rect = child(group, "rect")
            x, y, w, h = (number(rect, k) for k in ("x", "y", "width", "height"))
            found[attr(group, "data-node")] = (x, y, w, h)
    return found


def title_of(root: ET.Element, node: str) -> str:
    group = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-node") == node)
    return words_of(group, "title")


def layer(root: ET.Element, name: str) -> ET.Element:
    return next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == f"kit-{name}")


def translate(element: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", attr(element, "transform"))
    assert found, element
    return float(found[1]), float(found[2])


def inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    (px, py), (x, y, w, h) = point, box
    return x <= px <= x + w and y <= py <= y + h


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG_NS}text")]


def sent_by(view: TimelineView) -> list[dict[str, Any]]:
    """The comm messages the widget sends to the browser from now on."""
    messages: list[dict[str, Any]] = []
    view.comm.send = lambda data=None, buffers=None, **_: messages.append(data)
    return messages


def click(view: TimelineView, name: str) -> None:
    """What the browser sends when a cell is clicked."""
    message = {"method": "update", "state": {"selected": name}, "buffer_paths": []}
    view._handle_msg({"content": {"data": message}, "buffers": []})


# --- The Amazing Journey ---------------------------------------------------------------------
def paulo_and_yuki(*actions: str) -> State:
    game = AmazingJourney(players=2, seed=3)
    return journey_setup(game, travellers=["Paulo", "Yuki"], actions=list(actions))


def pawns(root: ET.Element) -> dict[int, tuple[tuple[float, float], str, str]]:
    """Each player's pawn: its centre, the words beside it, and the drawn shape (circle: a
    standing pawn, rect: laid aside)."""
    found = {}
    for group in layer(root, "pieces").iter(f"{SVG_NS}g"):
        if group.get("class") == "pawn":
            player = int(words_of(group, "title").removeprefix("player ").split()[0])
            glyph = child(group, "g")
            words = words_of(group, "text")
            drawn = next(tag(e) for e in glyph.iter() if tag(e) in ("circle", "rect"))
            found[player] = (translate(glyph), words, drawn)
    return found


def on_day(root: ET.Element, point: tuple[float, float]) -> int:
    """The day whose column the point stands in, in the pawn lanes above the day's cell: the
    nearest cell under the point in its column."""
    under = [
        (y, int(name.split()[1]))
        for name, (x, y, w, _) in cells(root).items()
        if x <= point[0] <= x + w and y > point[1]
    ]
    return min(under)[1]


def test_a_pawn_stands_on_its_day_after_a_plan_and_a_travel() -> None:
    """A Plan takes 2 days and a Travel by departure 2 more: Paulo's pawn is on day 2, then
    day 4; Yuki's is still on day 0."""
    state = paulo_and_yuki("plan")
    view = timeline(state)
    root = parse(view.svg())
    assert on_day(root, pawns(root)[0][0]) == 2
    state.apply("take the T1 train to Paris")  # day 2 departs trains
    view.show(state)
    root = parse(view.svg())
    found = pawns(root)
    assert [on_day(root, found[p][0]) for p in (0, 1)] == [4, 0]
    assert [found[p][1] for p in (0, 1)] == ["Paulo", "Yuki"]
    assert found[0][2] == "circle"  # standing: the journey goes on


def test_today_is_the_day_of_the_player_to_move() -> None:
    state = paulo_and_yuki("plan", "take the T1 train to Paris")  # Yuki (player 1) to move
    root = parse(timeline_svg(state))
    frame = child(layer(root, "highlight"), "rect")
    x, y = number(frame, "x"), number(frame, "y")
    assert inside((x + 3, y + 3), cells(root)["day 0"])
    assert words_of(frame, "title") == "today for player 1: bus, train, ship, balloon, " \
        "airship depart"  # fmt: skip


def test_the_flags_stand_on_the_activation_days_of_the_data() -> None:
    game = AmazingJourney(players=1)
    root = parse(timeline_svg(journey_setup(game)))
    checkpoints = game.content.board.checkpoints
    assert [(c.name, c.city, c.activation) for c in checkpoints] == [
        ("First", "Mumbai", 10),
        ("Second", "San Francisco", 30),
        ("Final", "London", 50),
    ]
    flags = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "flags")
    drawn = [(translate(flag), child(child(flag, "g"), "path").get("fill")) for flag in flags]
    assert len(drawn) == len(checkpoints)
    boxes = cells(root)
    for k, (checkpoint, (point, colour)) in enumerate(zip(checkpoints, drawn, strict=True)):
        assert inside(point, boxes[f"day {checkpoint.activation}"])
        assert colour == CHECKPOINT_COLOURS[k]
        assert f"the {checkpoint.name} checkpoint ({checkpoint.city}) opens" in title_of(
            root, f"day {checkpoint.activation}"
        )


def test_the_point_bars_span_their_days_in_their_checkpoint_colour() -> None:
    game = AmazingJourney(players=1)
    root = parse(timeline_svg(journey_setup(game)))
    boxes = cells(root)
    bars = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "bars"]
    for checkpoint, group, colour in zip(
        game.content.board.checkpoints, bars, CHECKPOINT_COLOURS, strict=False
    ):
        assert group.get("fill") == colour
        for bar in checkpoint.bars:
            title = (
                f"the {checkpoint.name} checkpoint ({checkpoint.city}) completed on days "
                f"{bar.first} to {bar.last}: {bar.points} points"
            )
            pieces = [child(g, "rect") for g in group if g.findtext(f"{SVG_NS}title") == title]
            covered = set()
            for rect in pieces:
                x0, width, y = number(rect, "x"), number(rect, "width"), number(rect, "y")
                for name, (x, top, w, h) in boxes.items():
                    if x0 <= x + w / 2 <= x0 + width and top + h < y < top + h + 50:
                        covered.add(int(name.split()[1]))
            assert covered == set(range(bar.first, bar.last + 1)), title
    # the First checkpoint's first bar names it: 3 points from day 10 to 15
    assert "First (Mumbai): 3 points" in texts(bars[0])


def test_the_departures_of_each_day_are_the_data_s_in_the_board_s_route_styles() -> None:
    game = AmazingJourney(players=2)
    root = parse(timeline_svg(journey_setup(game)))
    departures = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "departures")
    drawn: dict[int, list[str]] = {}
    boxes = cells(root)
    kind_of = {style.colour: kind for kind, style in ROUTE_STYLES.items()}
    for path in departures:
        start = re.match(r"M([\d.]+) ([\d.]+)h", attr(path, "d"))
        assert start, path
        x, y = float(start[1]), float(start[2])
        day = next(int(n.split()[1]) for n, box in boxes.items() if inside((x, y), box))
        kind = kind_of[attr(path, "stroke")]
        assert path.get("stroke-dasharray") == (ROUTE_STYLES[kind].dash or None)
        drawn.setdefault(day, []).append(kind)
    timeline_data = game.content.board.timeline
    assert drawn == {day: list(kinds) for day, kinds in enumerate(timeline_data.departures)}
    assert drawn[3] == ["bus", "ship"] and title_of(root, "day 3") == "day 3: bus, ship depart"
    assert len(drawn[20]) == 5 and "a corner" in title_of(root, "day 20")


def test_a_finished_traveller_s_pawn_is_laid_aside_on_its_last_day() -> None:
    """Carlo completes the Final checkpoint in London on day 51 (3 + 4 + 5 points)."""
    state = journey_around("Carlo", "Yuki")
    around_the_world(state)  # Carlo in Amsterdam on day 45
    state.follow(["refresh"] * 6 + ["plan"] * 4)
    state.apply("take the B1 bus to London")
    view = timeline(state, seat=1)
    root = parse(view.svg())
    found = pawns(root)
    point, words, shape = found[0]
    assert (on_day(root, point), words, shape) == (51, "Carlo back on day 51", "rect")
    assert found[1][1:] == ("Yuki (you)", "circle")
    assert "as player 1 sees it" in attr(root, "aria-label")


def test_past_day_79_a_pawn_goes_round_again_and_a_late_return_says_so() -> None:
    state = journey_around("Catalina")
    around_the_world(state)
    wait_until(state, 81)
    view = timeline(state)
    root = parse(view.svg())
    point, words, _ = pawns(root)[0]
    assert (on_day(root, point), words) == (1, "Catalina, lap 2 (day 81)")
    state.apply("take the B1 bus to London")  # the Final checkpoint on day 83
    view.show(state)
    root = parse(view.svg())
    point, words, shape = pawns(root)[0]
    assert (on_day(root, point), words, shape) == (
        3,
        "Catalina back on day 83, 3 days late",
        "rect",
    )
    assert layer(root, "highlight").find(f"{SVG_NS}rect") is None  # the game is over


# --- Timeless Journeys -----------------------------------------------------------------------
def build(players: int, actions: Sequence[str] = ()) -> Any:
    """A Timeless Journeys position of the game tests' own (`tests.timeless_journeys`)."""
    return untyped_build(players=players, actions=actions)  # type: ignore[no-untyped-call]


def city_in(root: ET.Element, node: str) -> str:
    """The city written in a round's cell (its bold line, placed in the picture: a token's
    label is placed by its token)."""
    box = cells(root)[node]
    placed = [t for t in root.iter(f"{SVG_NS}text") if t.get("x") is not None]
    for element in placed:
        if element.get("font-weight") == "bold" and inside(
            (number(element, "x"), number(element, "y")), box
        ):
            return str(element.text)
    raise AssertionError(f"no city written in {node}")


def test_the_travellers_cities_of_rounds_i_and_ii_are_the_gazette_s() -> None:
    """Side A with Mary Shelley, Lady Montagu and Montesquieu in the portraits, left to right:
    Torino, Roma and Genova in round I, Milano, Napoli and Firenze in round II."""
    state = build(players=3)
    root = parse(timeline_svg(state))
    names = ["Mary Shelley", "Lady Montagu", "Montesquieu"]
    shown = [[city_in(root, f"round {r}, {name}") for name in names] for r in ("I", "II")]
    assert shown == [["Torino", "Roma", "Genova"], ["Milano", "Napoli", "Firenze"]]
    side = state.content.sides["A"]
    assert shown == [[column.cities[r] for column in side.columns] for r in (0, 1)]
    assert title_of(root, "round II, Lady Montagu") == "round II, Lady Montagu: in Napoli"
    for rnd in range(state.content.rules.rounds):
        for column, name in zip(side.columns, names, strict=True):
            assert city_in(root, f"round {ROMAN[rnd]}, {name}") == (column.cities[rnd])


def slot_frames(root: ET.Element) -> dict[str, list[tuple[tuple[float, float], str]]]:
    """The slots of each round's cell, from the first slot down: centre and fill."""
    boxes = cells(root)
    found: dict[str, list[tuple[tuple[float, float], str]]] = {}
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class") == "slot":
            point = translate(group)
            [node] = [name for name, box in boxes.items() if inside(point, box)]
            found.setdefault(node, []).append((point, attr(child(group, "rect"), "fill")))
    return {node: sorted(slots) for node, slots in found.items()}


def tokens(root: ET.Element) -> list[tuple[tuple[float, float], str, str, str]]:
    """The Experience tokens placed: centre, label, fill and hover text."""
    found = []
    for group in layer(root, "pieces").iter(f"{SVG_NS}g"):
        if group.get("class") == "token":
            fill = attr(child(group, "rect"), "fill")
            label, title = words_of(group, "text"), words_of(group, "title")
            found.append((translate(group), label, fill, title))
    return found


def test_an_experience_token_appears_in_its_slot_after_meeting_a_famous_traveller() -> None:
    state = build(players=3, actions=up(TALK))
    view = timeline(state)
    assert tokens(parse(view.svg())) == []
    state.apply(MEET_SHELLEY)
    view.show(state)
    root = parse(view.svg())
    [(point, label, fill, words)] = tokens(root)
    first, _ = slot_frames(root)["round I, Mary Shelley"][0]
    assert point == first
    assert label == "N0" and fill == "#d62728"  # seat 0 plays red
    assert words == "player 0: A Night to Remember with Mary Shelley in round I, slot 1"


def test_the_slots_a_player_count_leaves_covered_are_greyed() -> None:
    """Side A's slots open from 1, 3 and 5 players."""
    for players, covered in ((1, 2), (3, 1), (5, 0)):
        root = parse(timeline_svg(build(players=players)))
        slots = slot_frames(root)
        assert len(slots) == 5 * 3  # each round's cell of each traveller
        for node in ("round I, Mary Shelley", "round V, Montesquieu"):
            fills = [fill for _, fill in slots[node]]
            assert fills == ["#fff"] * (3 - covered) + ["#ddd"] * covered
    opens = [words for words in texts(root) if re.fullmatch(r"\d\+", words)]
    assert opens[:3] == ["1+", "3+", "5+"]  # each slot says from how many players it opens


def test_the_current_round_is_framed() -> None:
    state = build(players=1)
    root = parse(timeline_svg(state))
    frame = child(layer(root, "highlight"), "rect")
    assert words_of(frame, "title") == "the Round marker: round I"
    y, h = number(frame, "y"), number(frame, "height")
    assert all(
        y <= cells(root)[f"round I, {n}"][1] < y + h for n in ("Mary Shelley", "Montesquieu")
    )
    assert not y <= cells(root)["round II, Mary Shelley"][1] < y + h


def test_the_gazette_is_drawn_once_setup_has_drawn_it() -> None:
    """Before the setup draws the Gazette side and the travellers the cells wait with a '?';
    once drawn, `show` sends the new still picture with the cities."""
    game = TimelessJourneys(players=2, mode="random", seed=1)
    state = game.new_game()
    view = timeline(state)
    assert "The Gazette side and the Famous Travellers are drawn at setup." in view._picture
    messages = sent_by(view)
    state.follow([])
    view.show(state)
    assert "_picture" in messages[0]["state"]
    travellers = [game.content.travellers[t].name for t in state.travellers]
    root = parse(view.svg())
    side = game.content.sides[state.side]
    assert city_in(root, f"round I, {travellers[0]}") == side.columns[0].cities[0]


# --- the four-week game ----------------------------------------------------------------------
def discs(root: ET.Element) -> dict[tuple[float, float], str]:
    """The Day discs placed: the centre of each region code written on one."""
    pieces = layer(root, "pieces")
    return {
        (number(t, "x"), number(t, "y") - MIDDLE * number(group, "font-size")): str(t.text)
        for group in pieces.iter(f"{SVG_NS}g")
        if group.get("class") == "codes"
        for t in group
    }


def spent(root: ET.Element) -> list[tuple[float, float]]:
    group = next(g for g in layer(root, "pieces").iter(f"{SVG_NS}g") if g.get("class") == "spent")
    return [(number(c, "cx"), number(c, "cy")) for c in group]


def row_of(root: ET.Element, player: int) -> float:
    """The middle height of a player's row (in the first row of weeks), from its label."""
    label = next(
        t for t in root.iter(f"{SVG_NS}text") if (t.text or "").startswith(f"player {player}")
    )
    return number(label, "y") - MIDDLE * number(label, "font-size")


def day_at(root: ET.Element, point: tuple[float, float]) -> str:
    [name] = [name for name, box in cells(root).items() if inside(point, box)]
    return name


def test_a_day_disc_lies_on_its_weekday_in_its_region_after_a_visit() -> None:
    """BRI1 takes 1 day: player 0's Monday disc goes to BRI; BRI2 (2 days) from Tuesday puts
    the Tuesday disc in BRI and spends Wednesday's."""
    state = deal(
        players=1, hands=[BRITAIN], actions=["start in BRI for free", "visit BRI1 (Borough Market)"]
    )
    view = timeline(state, seat=0)
    root = parse(view.svg())
    assert {day_at(root, p): code for p, code in discs(root).items()} == {"week 1, Mon": "BRI"}
    assert all(abs(y - row_of(root, 0)) < 1 for _, y in discs(root))
    state.follow(["stay in BRI", "visit BRI2 (Soho Nights)"])
    view.show(state)
    root = parse(view.svg())
    placed = {day_at(root, p): code for p, code in discs(root).items()}
    assert placed == {"week 1, Mon": "BRI", "week 1, Tue": "BRI"}
    assert [day_at(root, p) for p in spent(root)] == ["week 1, Wed"]
    assert "player 0 (you)" in texts(root)


def test_a_skipped_day_is_spent_without_a_disc() -> None:
    state = deal(players=2, actions=["start in BRI for free", SKIP])
    root = parse(timeline_svg(state))
    assert discs(root) == {}
    [point] = spent(root)
    assert day_at(root, point) == "week 1, Mon" and abs(point[1] - row_of(root, 0)) < 1


def test_today_and_the_current_week_are_marked() -> None:
    state = deal(players=2, actions=["start in BRI for free", "visit BRI1 (Borough Market)"])
    root = parse(timeline_svg(state))  # player 1's turn, on Monday
    week, today = list(layer(root, "highlight"))
    assert week.findtext(f"{SVG_NS}title") == "the current week: week 1"
    point = (number(today, "cx"), number(today, "cy"))
    assert day_at(root, point) == "week 1, Mon" and abs(point[1] - row_of(root, 1)) < 1


def festival_lines(root: ET.Element) -> list[tuple[str, str]]:
    """The Festival lines under the weeks: (the week whose days stand just above it, the words
    of its lines)."""
    boxes = cells(root)
    found = []
    for group in layer(root, "pieces"):
        if tag(group) == "g" and group.findtext(f"{SVG_NS}title"):
            first = child(group, "text")
            x, y = number(first, "x"), number(first, "y")
            _, week = max(
                (by + bh, n.split(",")[0])
                for n, (bx, by, bw, bh) in boxes.items()
                if bx <= x <= bx + bw and by + bh < y
            )
            found.append((week, " ".join(texts(group))))
    return found


def test_each_week_shows_its_festival_regions_once_revealed() -> None:
    """Week 1's Festivals are those of the setup; at the end of week 1 the two revealed are
    week 2's, while week 1's stay with it; weeks 3 and 4 are not revealed yet."""
    state = deal(players=1, hands=[BRITAIN], festivals=("ITA", "GER"))
    root = parse(timeline_svg(state))
    assert festival_lines(root) == [
        ("week 1", "ITA: Venice Carnival"),
        ("week 1", "GER: Oktoberfest"),
    ]
    assert texts(layer(root, "pieces")).count("not revealed yet") == 3
    state.follow(["start in BRI for free", SKIP] + ["stay in BRI", SKIP] * 6)
    assert state.observation(0)["phase"] == "end of week 1: discards"
    root = parse(timeline_svg(state))
    week_two = [f"{f['region']}: {f['name']}" for f in state.observation(0)["festivals"]]
    assert festival_lines(root) == [
        ("week 1", "ITA: Venice Carnival"),
        ("week 1", "GER: Oktoberfest"),
        *(("week 2", words) for words in week_two),
    ]
    assert texts(layer(root, "pieces")).count("not revealed yet") == 2


# --- every timeline --------------------------------------------------------------------------
POSITIONS: dict[str, Callable[[], State]] = {
    "amazing_journey": lambda: paulo_and_yuki("plan"),
    "timeless_journeys": lambda: build(players=3, actions=up(TALK)),
    "four_weeks": lambda: deal(players=2, actions=["start in BRI for free"]),
}
LATER: dict[str, Callable[[State], None]] = {
    "amazing_journey": lambda state: state.apply("take the T1 train to Paris"),
    "timeless_journeys": lambda state: state.apply(MEET_SHELLEY),
    "four_weeks": lambda state: state.apply("visit BRI1 (Borough Market)"),
}


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("amazing_journey", JourneyTimeline),
        ("timeless_journeys", GazetteRounds),
        ("four_weeks", WeekCalendar),
    ],
)
def test_timeline_is_the_game_s_own_view_and_show_redraws_another_position(
    name: str, kind: type[TimelineView]
) -> None:
    state = POSITIONS[name]()
    view = timeline(state)
    assert isinstance(view, kind)
    before = view.svg()
    other = POSITIONS[name]()
    LATER[name](other)
    messages = sent_by(view)
    view.show(other)
    changed = {key for message in messages for key in message.get("state", {})}
    assert changed <= {"_highlight_svg"}  # the still part stays
    layers = [message["content"] for message in messages if message["method"] == "custom"]
    assert [(list(m["spots"]), m["all"]) for m in layers] == [(["timeline"], True)]
    assert sum(len(json.dumps(message)) for message in messages) < 30_000
    assert view.svg() != before and view.state is other
    assert view.svg() == timeline_svg(other)
    view.show(state)
    assert view.svg() == before


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_rich_display_is_the_static_svg_beside_the_widget(name: str) -> None:
    view = timeline(POSITIONS[name]())
    bundle = view._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert shown_svg(data["text/html"]) == view.svg()
    assert shown_svg(timeline_svg(view.state)._repr_html_()) == view.svg()
    parse(view.svg())  # well-formed


@pytest.mark.parametrize(("name", "node"), [("amazing_journey", "day 12"),
                                            ("timeless_journeys", "round III, Montesquieu"),
                                            ("four_weeks", "week 2, Sun")])  # fmt: skip
def test_a_click_on_a_day_or_cell_comes_back_as_selected(name: str, node: str) -> None:
    view = timeline(POSITIONS[name]())
    click(view, node)
    assert view.selected == node
    with pytest.raises(traitlets.TraitError, match="is not a day or cell of this timeline"):
        view.selected = "day 99"
    assert view.selected == node


def test_bad_input_is_refused_with_the_reason_and_changes_nothing() -> None:
    state = POSITIONS["amazing_journey"]()
    with pytest.raises(KitError, match="a timeline shows a game's state, not str"):
        timeline("London")  # type: ignore[arg-type]
    with pytest.raises(KitError, match="is not a player of this game"):
        timeline(state, seat=2)
    with pytest.raises(KitError, match="is not a player of this game"):
        timeline_svg(state, seat=-1)
    view = timeline(state)
    before = view.svg()
    for other in (POSITIONS["four_weeks"](), journey_setup(AmazingJourney(players=3))):
        with pytest.raises(KitError, match="this timeline shows amazing_journey"):
            view.show(other)
    assert view.svg() == before and view.state is state
    with pytest.raises(KitError, match="JourneyTimeline shows amazing_journey, not four_weeks"):
        JourneyTimeline(POSITIONS["four_weeks"]())


def test_another_seed_of_the_same_game_is_shown_by_the_same_timeline() -> None:
    view = timeline(paulo_and_yuki())
    other = journey_setup(AmazingJourney(players=2, seed=11), actions=["plan"])
    view.show(other)
    assert view.state is other


# --- readable on a classroom screen ------------------------------------------------------------
MOST_PLAYERS = {"amazing_journey": 4, "timeless_journeys": 5, "four_weeks": 4}
STAGES = ("dealt", "setup", "middle", "end")
INHERITED = ("fill", "font-size", "font-weight", "text-anchor")
Transform = tuple[float, float, float]  # (a, tx, ty): a point p goes to a * p + t
PATH_ARGUMENTS = {"m": 2, "l": 2, "h": 1, "v": 1, "a": 7}


def played(name: str, players: int, stage: str) -> State:
    """A real position of greedy bots' game (seed 7): `dealt` before setup's chance, `setup`
    at the first decision, `middle` half-way through the game's actions, `end` at its end."""
    game = kit.load(name, players=players, seed=7)
    if stage == "dealt":
        return game.new_game()

    def bots() -> list[Any]:  # new ones for each game: a bot draws from its own generator
        return [kit.game_module(name).BOTS["greedy"](7, p) for p in range(players)]

    length = len(play(game.new_game(), bots()).history)
    stop = {"setup": 0, "middle": length // 2, "end": length + 1}[stage]
    state = play(game.new_game(), bots(), stop=lambda s: len(s.history) >= stop)
    assert state.is_terminal == (stage == "end")
    return state


@functools.cache
def picture(name: str, players: int, stage: str, size: str) -> str:
    return str(timeline_svg(played(name, players, stage), seat=0, size=size))


@dataclass(frozen=True)
class Mark:
    """A text or a shape as the screen shows it: its box, its place in the drawing order and
    its fill; a text's words and size on the screen, and the centre of the empty slot it is
    written in (where a token may come to cover it)."""

    box: Box
    order: int
    fill: str
    words: str = ""
    size: float = 0.0
    slot: tuple[float, float] | None = None


def transform_of(element: ET.Element) -> Transform:
    """An element's own `translate(x y)` and `scale(k)`, composed."""
    a, tx, ty = 1.0, 0.0, 0.0
    for kind, values in re.findall(r"(translate|scale)\(([^)]*)\)", element.get("transform", "")):
        numbers = [float(v) for v in values.replace(",", " ").split()]
        if kind == "translate":
            tx, ty = tx + a * numbers[0], ty + a * numbers[1]
        else:
            a *= numbers[0]
    return a, tx, ty


def compose(outer: Transform, inner: Transform) -> Transform:
    a, tx, ty = outer
    b, ux, uy = inner
    return a * b, a * ux + tx, a * uy + ty


def moved(transform: Transform, x0: float, y0: float, x1: float, y1: float) -> Box:
    a, tx, ty = transform
    return Box(a * x0 + tx, a * y0 + ty, a * x1 + tx, a * y1 + ty)


def subpaths(d: str) -> list[list[tuple[float, float]]]:
    """The points of a path's pieces (an arc counted with its radii around both ends)."""
    tokens = re.findall(r"[MmLlHhVvAaZz]|-?(?:\d+\.?\d*|\.\d+)", d)
    pieces: list[list[tuple[float, float]]] = []
    x = y = 0.0
    command, i = "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
            if command in "Mm":
                pieces.append([])
            continue
        kind, relative = command.lower(), command.islower()
        values = [float(v) for v in tokens[i : i + PATH_ARGUMENTS[kind]]]
        i += len(values)
        if kind in "ml":
            x, y = (x + values[0], y + values[1]) if relative else (values[0], values[1])
            command = "l" if relative else "L"  # coordinates after a move draw lines
        elif kind == "h":
            x = x + values[0] if relative else values[0]
        elif kind == "v":
            y = y + values[0] if relative else values[0]
        else:
            rx, ry = values[0], values[1]
            ends = [(x, y)]
            x, y = (x + values[5], y + values[6]) if relative else (values[5], values[6])
            ends.append((x, y))
            pieces[-1] += [
                (ex + dx, ey + dy) for ex, ey in ends for dx in (-rx, rx) for dy in (-ry, ry)
            ]
        pieces[-1].append((x, y))
    return [points for points in pieces if points]


def marks(root: ET.Element) -> tuple[list[Mark], list[Mark]]:
    """Every text and every shape (rect, circle, each piece of a path) of a picture, with the
    attributes they inherit and their groups' moves applied."""
    texts: list[Mark] = []
    shapes: list[Mark] = []

    def walk(element: ET.Element, outer: Transform, styles: dict[str, str], slot: Any) -> None:
        name = tag(element)
        if name == "title":
            return
        styles = {**styles, **{k: element.get(k, "") for k in INHERITED if element.get(k)}}
        here = compose(outer, transform_of(element))
        if element.get("class") == "slot":
            slot = (here[1], here[2])
        order = len(texts) + len(shapes)
        if name == "text":
            texts.append(text_mark(element, here, styles, order, slot))
        for box in shape_boxes(element, here):
            shapes.append(Mark(box, order, styles.get("fill", "#000")))
        for inner in element:
            walk(inner, here, styles, slot)

    walk(root, (1.0, 0.0, 0.0), {}, None)
    return texts, shapes


def text_mark(
    element: ET.Element, here: Transform, styles: dict[str, str], order: int, slot: Any
) -> Mark:
    """A text's box as a browser boxes it (`kit.widgets.labels`): its width by the font's
    metrics (`text_width`; bold by `BOLD`), the same as the `textLength` it is drawn at, from
    its anchor, with half a pixel of slack either side; ascent and descent around its
    baseline."""
    words = "".join(element.itertext())
    size = float(styles["font-size"])
    width = text_width(words, size) * (BOLD if styles.get("font-weight") == "bold" else 1)
    if element.get("textLength") is not None:
        assert abs(number(element, "textLength") - width) < 0.06, (words, width)
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[styles.get("text-anchor", "start")]
    x, y = float(element.get("x", 0)) - shift * width, float(element.get("y", 0))
    box = moved(here, x - SLACK, y - ASCENT * size, x + width + SLACK, y + DESCENT * size)
    return Mark(box, order, styles.get("fill", "#000"), words, size * here[0], slot)


def shape_boxes(element: ET.Element, here: Transform) -> list[Box]:
    name = tag(element)
    if name == "rect":
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        return [moved(here, x, y, x + number(element, "width"), y + number(element, "height"))]
    if name == "circle":
        x, y, r = (float(element.get(k, 0)) for k in ("cx", "cy", "r"))
        return [moved(here, x - r, y - r, x + r, y + r)]
    if name == "path":
        return [
            moved(here, min(p[0] for p in points), min(p[1] for p in points),
                  max(p[0] for p in points), max(p[1] for p in points))
            for points in subpaths(attr(element, "d"))
        ]  # fmt: skip
    return []


def within(inner: Box, outer: Box) -> bool:
    """Whether `inner` lies in `outer` (a tenth of a pixel spare: coordinates are rounded)."""
    return inner.inside(Box(outer.x0 - 0.1, outer.y0 - 0.1, outer.x1 + 0.1, outer.y1 + 0.1))


def touching(a: Box, b: Box) -> bool:
    """Whether two boxes overlap by more than the rounding of coordinates."""
    return Box(a.x0 + 0.05, a.y0 + 0.05, a.x1 - 0.05, a.y1 - 0.05).overlaps(b)


def near(found: list[Mark]) -> dict[tuple[int, int], list[Mark]]:
    """The marks by the 50-pixel tiles their boxes touch, to compare only neighbours."""
    tiles: dict[tuple[int, int], list[Mark]] = {}
    for mark in found:
        for i in range(int(mark.box.x0 // 50), int(mark.box.x1 // 50) + 1):
            for j in range(int(mark.box.y0 // 50), int(mark.box.y1 // 50) + 1):
                tiles.setdefault((i, j), []).append(mark)
    return tiles


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def unreadable(svg: str, setting: Sizes, places: set[str]) -> list[str]:
    """What keeps a picture from reading on the screen: a text smaller than the setting's (a
    place's name smaller than a place's), two texts overlapping, a text overlapping a shape it
    is not written on (drawn over it, inside it) or covered by one drawn after it, a text
    below 4.5:1 against what is under it. An empty slot's words under the token placed on it
    are hidden, and so not read."""
    root = parse(svg)
    texts, shapes = marks(root)
    covered = {translate(g) for g in root.iter(f"{SVG_NS}g") if g.get("class") == "token"}
    shown = [t for t in texts if t.slot is None or t.slot not in covered]
    named = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(places))) + r")\b")
    found = []
    for mark in shown:
        least = setting.place if named.search(mark.words) else setting.text
        if mark.size < least - 1e-6:
            found.append(f"{mark.words!r} is {mark.size:g} px, less than {least:g}")
    text_tiles, shape_tiles = near(shown), near(shapes)
    for mark in shown:
        tiles = [
            (i, j)
            for i in range(int(mark.box.x0 // 50), int(mark.box.x1 // 50) + 1)
            for j in range(int(mark.box.y0 // 50), int(mark.box.y1 // 50) + 1)
        ]
        others = {id(o): o for tile in tiles for o in text_tiles.get(tile, [])}
        for other in others.values():
            if other.order > mark.order and touching(mark.box, other.box):
                found.append(f"{mark.words!r} overlaps {other.words!r}")
        beneath = {id(o): o for tile in tiles for o in shape_tiles.get(tile, [])}
        for shape in beneath.values():
            # inside a shape drawn under it, or inside a frame or ring (not filled) drawn over it
            on_or_in = shape.order < mark.order or shape.fill == "none"
            written_on = on_or_in and within(mark.box, shape.box)
            if touching(mark.box, shape.box) and not written_on:
                found.append(f"{mark.words!r} overlaps a shape at {shape.box}")
        middle = ((mark.box.x0 + mark.box.x1) / 2, (mark.box.y0 + mark.box.y1) / 2)
        ground = max(
            (s for s in shapes if s.order < mark.order and s.fill.startswith("#")
             and s.box.x0 <= middle[0] <= s.box.x1 and s.box.y0 <= middle[1] <= s.box.y1),
            key=lambda s: s.order,
        )  # fmt: skip
        if contrast(mark.fill, ground.fill) < 4.5:
            found.append(f"{mark.words!r} in {mark.fill} on {ground.fill}")
    return found


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(MOST_PLAYERS))
def test_every_text_is_large_enough_overlaps_nothing_and_reads_on_its_ground(
    name: str, size: str
) -> None:
    """Before setup, at the first decision, half-way and at the end, with 2 players and the
    most the game allows, as player 0 sees it (the longest words: "(you)")."""
    places = {str(node) for node in kit.load(name).board().nodes}
    for players in (2, MOST_PLAYERS[name]):
        for stage in STAGES:
            svg = picture(name, players, stage, size)
            assert unreadable(svg, SIZES[size], places) == [], (players, stage)


def test_the_checks_find_what_does_not_read() -> None:
    """The checks above find a text too small, an overlap, grey on grey, and a place's name
    at the size of other text."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" font-size="11" fill="#222">'
        '<rect width="200" height="100" fill="#f7f5ef"/>'
        '<text x="10" y="20" font-size="9">small</text><text x="60" y="20">Roma</text>'
        '<text x="64" y="24">over</text><circle cx="150" cy="20" r="6" fill="#222"/>'
        '<text x="140" y="24">on a disc</text><text x="10" y="60" fill="#999">grey</text></svg>'
    )
    found = unreadable(svg, NORMAL, {"Roma"})
    assert found == [
        "'small' is 9 px, less than 11",
        "'Roma' is 11 px, less than 12",
        "'Roma' overlaps 'over'",
        "'on a disc' overlaps a shape at Box(x0=144.0, y0=14.0, x1=156.0, y1=26.0)",
        "'grey' in #999 on #f7f5ef",
    ]
    assert round(contrast("#777", "#fff"), 2) == 4.48  # WCAG's own example of a grey too light


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(MOST_PLAYERS))
def test_the_picture_is_no_wider_than_the_panel_and_its_cells_are_targets(
    name: str, size: str
) -> None:
    for players in (2, MOST_PLAYERS[name]):
        for stage in STAGES:
            root = parse(picture(name, players, stage, size))
            width = float(attr(root, "viewBox").split()[2])
            assert width <= PANEL_WIDTH
            assert attr(root, "style") == f"max-width:{width:g}px"  # shown at its width at most
            boxes = cells(root)
            assert boxes
            assert min(min(w, h) for _, _, w, h in boxes.values()) >= SIZES[size].target


@pytest.mark.parametrize("name", list(MOST_PLAYERS))
def test_large_draws_the_same_words_a_third_larger(name: str) -> None:
    """The large picture writes the words of the normal one in the same order (lines may
    break elsewhere), each at the large setting's size for its kind (other text 11 to 14.5 px,
    place names 12 to 16, the title 16 to 21.3), and is still no wider than the panel."""
    drawn = {}
    for name_of_size, setting in SIZES.items():
        svg = picture(name, 2, "middle", name_of_size)
        kinds = {"text": setting.text, "place": setting.place, "title": TITLE * setting.scale}
        drawn[name_of_size] = [
            (next(k for k, size in kinds.items() if abs(mark.size - size) < 0.05), word)
            for mark in marks(parse(svg))[0]
            for word in mark.words.split()
        ]
        assert float(attr(parse(svg), "viewBox").split()[2]) <= PANEL_WIDTH
    assert drawn["normal"] == drawn["large"]
    assert {kind for kind, _ in drawn["large"]} == {"text", "place", "title"}


def test_a_size_there_is_not_is_refused_with_the_sizes_there_are() -> None:
    state = POSITIONS["four_weeks"]()
    before = state.clone()
    for make in (timeline, timeline_svg):
        with pytest.raises(KitError, match="size 'huge' is unknown; the panels draw normal, large"):
            make(state, size="huge")
    assert state == before
    assert isinstance(timeline(state, 0, "large"), WeekCalendar)
