"""The geographic boards sit on their land: positions are real longitude and latitude in the land
outline's projection, every place lies on land (or on its coast), and Timeless Journeys' paths
never run over one another."""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

import pytest

import kit
from kit.widgets.picture import DATA

# Longitude and latitude of real cities (public facts, to two decimals).
Point = tuple[float, float]

WORLD_CITIES = {
    "London": (-0.13, 51.51),
    "Mumbai": (72.88, 19.08),
    "San Francisco": (-122.42, 37.77),
    "Honolulu": (-157.86, 21.31),
    "Auckland": (174.76, -36.85),
    "Anchorage": (-149.90, 61.22),
    "Cape Town": (18.42, -33.92),
    "Santiago": (-70.67, -33.45),
    "Tokyo": (139.69, 35.69),
    "Moscow": (37.62, 55.76),
}
ITALIAN_CITIES = {
    "Torino": (7.69, 45.07),
    "Milano": (9.19, 45.46),
    "Venezia": (12.32, 45.44),
    "Genova": (8.93, 44.41),
    "Bologna": (11.34, 44.49),
    "Firenze": (11.26, 43.77),
    "Roma": (12.50, 41.90),
    "Napoli": (14.27, 40.85),
}


def outline(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return data


def project(data: dict[str, Any], lon: float, lat: float) -> tuple[float, float]:
    p = data["projection"]
    return (
        data["width"] / 2 + (lon - p["lon0"]) * p["x_scale"],
        data["height"] / 2 - (lat - p["lat0"]) * p["y_scale"],
    )


def land(d: str) -> list[list[tuple[float, float]]]:
    """The rings of an outline path: `M x y l dx dy dx dy ... z`."""
    result = []
    for x, y, steps in re.findall(r"M(-?\d+) (-?\d+)l([^zM]*)z", d):
        point = (float(x), float(y))
        ring = [point]
        numbers = [float(n) for n in steps.split()]
        for dx, dy in zip(numbers[::2], numbers[1::2], strict=True):
            point = (point[0] + dx, point[1] + dy)
            ring.append(point)
        result.append(ring)
    return result


def on_land(point: Point, shapes: list[list[Point]]) -> bool:
    """Even-odd rule over every ring."""
    x, y = point
    inside = False
    for ring in shapes:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
    return inside


def to_coast(point: Point, shapes: list[list[Point]]) -> float:
    return min(
        distance(point, a, b)
        for ring in shapes
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = (
        0.0
        if not length
        else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    )
    return math.hypot(ax + t * (bx - ax) - px, ay + t * (by - ay) - py)


@pytest.mark.parametrize(
    ("game", "name", "cities"),
    [("amazing_journey", "world", WORLD_CITIES), ("timeless_journeys", "italy", ITALIAN_CITIES)],
)
def test_cities_are_at_their_longitude_and_latitude(
    game: str, name: str, cities: dict[str, Point]
) -> None:
    graph, data = kit.load(game).board(), outline(name)
    for city, (lon, lat) in cities.items():
        x, y = project(data, lon, lat)
        px, py = graph.nodes[city]["pos"]
        assert abs(px - x) <= 1.5 and abs(py - y) <= 1.5, (city, (px, py), (x, y))


@pytest.mark.parametrize(
    ("game", "name"),
    [("amazing_journey", "world"), ("timeless_journeys", "italy"), ("four_weeks", "europe")],
)
def test_every_place_lies_on_land_or_its_coast(game: str, name: str) -> None:
    shapes = land(outline(name)["d"])
    assert len(shapes) > 10
    for place, pos in kit.load(game).board().nodes(data="pos"):
        if place == "Honolulu":  # Oahu is below the 1:110m outline's detail: Hawaii is beside
            assert 5 < to_coast(pos, shapes) < 8
        else:
            assert on_land(pos, shapes) or to_coast(pos, shapes) <= 1.5, place


def test_no_two_timeless_journeys_paths_overlap_or_pass_over_a_place() -> None:
    graph = kit.load("timeless_journeys").board()
    pos = dict(graph.nodes(data="pos"))

    def bearing(a: str, b: str) -> float:
        return math.degrees(math.atan2(pos[b][1] - pos[a][1], pos[b][0] - pos[a][0]))

    def crosses(e: tuple[str, str], f: tuple[str, str]) -> bool:
        def side(a: str, b: str, c: str) -> float:
            (ax, ay), (bx, by), (cx, cy) = pos[a], pos[b], pos[c]
            return float((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))

        (a, b), (c, d) = e, f
        return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0

    for e, f in itertools.combinations(graph.edges, 2):
        shared = set(e) & set(f)
        if shared:
            (at,) = shared
            (a,), (b,) = set(e) - shared, set(f) - shared
            angle = abs((bearing(at, a) - bearing(at, b) + 180) % 360 - 180)
            assert angle >= 15, (e, f, angle)
        else:
            assert not crosses(e, f), (e, f)
    for u, v in graph.edges:
        for place in graph.nodes:
            if place not in (u, v):
                assert distance(pos[place], pos[u], pos[v]) >= 14, (place, u, v)


def test_timeless_journeys_south_order_is_distinct_and_follows_the_map() -> None:
    graph = kit.load("timeless_journeys").board()
    south = dict(graph.nodes(data="south"))
    assert sorted(south.values()) == list(range(1, len(south) + 1))
    by_rank = sorted(south, key=lambda place: south[place])
    assert [graph.nodes[p]["pos"][1] for p in by_rank] == sorted(
        graph.nodes[p]["pos"][1] for p in by_rank
    )
    assert by_rank[0] == "Verona Road" and by_rank[-1] == "Napoli"
