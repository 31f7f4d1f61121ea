"""Make the land outlines drawn behind the geographic boards, from Natural Earth's shapes.

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python -m kit.widgets.data.make_outlines package/

Nothing here runs with the kit: the outlines are made once and shipped as small JSON files beside
this script (see README.md for the source and licence). Each board has a frame: an equirectangular
projection onto its 1000 x 600 canvas, `x = width / 2 + (lon - lon0) * x_scale` and
`y = height / 2 - (lat - lat0) * y_scale`. The land is projected, clipped to the canvas, simplified
(Douglas-Peucker, `tolerance` pixels) and written as one SVG path in whole pixels. The script also
prints the canvas position of every place whose longitude and latitude are listed below, which is
how the boards' reconstructed `pos` values were chosen."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from kit.core.files import write_file

Point = tuple[float, float]
Ring = list[Point]

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Frame:
    """One board's projection: the longitude and latitude at the canvas centre, pixels per degree
    of each, and the Natural Earth file (scale) its land comes from."""

    name: str
    source: str
    lon0: float
    lat0: float
    x_scale: float
    y_scale: float
    tolerance: float
    width: int = 1000
    height: int = 600

    def project(self, lon: float, lat: float) -> Point:
        return (
            self.width / 2 + (lon - self.lon0) * self.x_scale,
            self.height / 2 - (lat - self.lat0) * self.y_scale,
        )


FRAMES = (
    # The Amazing Journey's canvas: longitude -180..180 across, latitude 90..-90 down.
    Frame("world", "land-110m.json", 0.0, 0.0, 1000 / 360, 600 / 180, 0.6),
    # Northern and central Italy, true to shape at 44°N.
    Frame("italy", "land-10m.json", 11.0, 43.05, 100 * math.cos(math.radians(44)), 100.0, 0.6),
    # Western and central Europe, true to shape at 50°N.
    Frame("europe", "land-50m.json", 8.0, 48.6, 22 * math.cos(math.radians(50)), 22.0, 0.6),
)

# Longitude and latitude of each board's places. Real cities are where they are; countryside
# spaces and regions are reconstructed: a point of the named area, set off the straight line
# between the cities it joins so that no two paths overlap in the picture.
PLACES = {
    "italy": {
        "Torino": (7.686, 45.070),
        "Milano": (9.190, 45.464),
        "Venezia": (12.316, 45.440),
        "Genova": (8.934, 44.407),
        "Bologna": (11.343, 44.494),
        "Firenze": (11.256, 43.770),
        "Roma": (12.496, 41.903),
        "Napoli": (14.268, 40.852),
        "Piedmont Plain": (8.42, 45.62),
        "Asti Hills": (8.21, 44.80),
        "Verona Road": (10.95, 45.70),
        "Po Valley": (10.15, 44.90),
        "Padua Canals": (11.70, 45.28),
        "Ligurian Coast": (9.83, 44.11),
        "Apennine Pass": (10.85, 44.13),
        "Adriatic Coast": (13.52, 43.62),
        "Tuscan Hills": (11.00, 42.95),
        "Roman Campagna": (13.55, 41.80),
    },
    "europe": {
        "BRI": (-1.8, 52.8),
        "IBE": (-3.7, 40.2),
        "FRA": (2.4, 46.8),
        "BEN": (5.0, 51.3),
        "ALP": (10.5, 47.1),
        "ITA": (12.6, 42.6),
        "GER": (10.3, 51.1),
        "SCA": (15.0, 60.0),
        "POL": (18.0, 51.0),
        "BAL": (21.0, 43.6),
    },
}


def decode_land(path: Path) -> list[Ring]:
    """The rings of a world-atlas TopoJSON file's `land` object, in degrees."""
    topology = json.loads(path.read_text())
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs: list[Ring] = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indices: list[int]) -> Ring:
        points: Ring = []
        for index in indices:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    rings: list[Ring] = []
    for geometry in topology["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            rings.extend(ring(indices) for indices in polygon)
    return rings


def clip(ring: Ring, width: float, height: float) -> Ring:
    """Sutherland-Hodgman: the part of a ring inside the canvas, one side at a time."""
    for axis, bound, below in (
        (0, 0.0, False),
        (0, width, True),
        (1, 0.0, False),
        (1, height, True),
    ):
        ring = _clip_side(ring, axis, bound, below)
    return ring


def _clip_side(ring: Ring, axis: int, bound: float, below: bool) -> Ring:
    """The part of a ring on one side of the line `point[axis] == bound`."""

    def inside(point: Point) -> bool:
        return point[axis] <= bound if below else point[axis] >= bound

    def cut(p: Point, q: Point) -> Point:
        t = (bound - p[axis]) / (q[axis] - p[axis])
        x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
        return (bound, y) if axis == 0 else (x, bound)

    kept: Ring = []
    for i, point in enumerate(ring):
        previous = ring[i - 1]
        if inside(point):
            if not inside(previous):
                kept.append(cut(previous, point))
            kept.append(point)
        elif inside(previous):
            kept.append(cut(previous, point))
    return kept


def simplify(points: Ring, tolerance: float) -> Ring:
    """Douglas-Peucker on an open line: drop points closer than `tolerance` to the chord."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        length = math.hypot(bx - ax, by - ay)
        far, index = 0.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if length:
                distance = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
            else:
                distance = math.hypot(px - ax, py - ay)
            if distance > far:
                far, index = distance, i
        if far > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def area(ring: Ring) -> float:
    return (
        abs(
            sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True)
            )
        )
        / 2
    )


def path_data(rings: list[Ring]) -> str:
    """One SVG path, whole pixels, relative moves after each ring's first point."""
    parts = []
    for ring in rings:
        points = [(round(x), round(y)) for x, y in ring]
        points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        if len(points) < 3:
            continue
        (x0, y0), steps = points[0], []
        for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
            steps.append(f"{x2 - x1} {y2 - y1}")
        parts.append(f"M{x0} {y0}l" + " ".join(steps) + "z")
    return "".join(parts)


def unwrap(ring: Ring) -> Ring:
    """A ring with continuous longitudes (no jump of 360 degrees at the antimeridian); a ring
    around a pole (Antarctica) is closed along the pole's latitude."""
    points = [ring[0]]
    for lon, lat in ring[1:]:
        previous = points[-1][0]
        lon += 360 * round((previous - lon) / 360)
        points.append((lon, lat))
    (first, _), (last, _) = points[0], points[-1]
    if abs(last - first) > 180:
        pole = -90.0 if sum(lat for _, lat in points) < 0 else 90.0
        points += [(last, pole), (first, pole)]
    return points


def outline(frame: Frame, folder: Path) -> dict[str, object]:
    rings = []
    for ring in decode_land(folder / frame.source):
        for shift in (-360, 0, 360):
            points = [frame.project(lon + shift, lat) for lon, lat in unwrap(ring)]
            projected = clip(points, frame.width, frame.height)
            if len(projected) < 3 or area(projected) < 2.0:
                continue
            line = simplify([*projected, projected[0]], frame.tolerance)[:-1]
            if len(line) >= 3:
                rings.append(line)
    return {
        "name": frame.name,
        "source": f"Natural Earth 4.1.0 land ({frame.source} of the world-atlas 2.0.2 package)",
        "licence": "public domain (Natural Earth)",
        "projection": {
            "kind": "equirectangular",
            "lon0": frame.lon0,
            "lat0": frame.lat0,
            "x_scale": round(frame.x_scale, 6),
            "y_scale": round(frame.y_scale, 6),
        },
        "width": frame.width,
        "height": frame.height,
        "tolerance": frame.tolerance,
        "d": path_data(rings),
    }


def main(folder: Path) -> None:
    for frame in FRAMES:
        data = outline(frame, folder)
        target = HERE / f"{frame.name}.json"
        write_file(target, json.dumps(data, indent=1) + "\n")
        print(f"{target.name}: {len(str(data['d'])) / 1000:.1f} KB of path")
        for place, (lon, lat) in PLACES.get(frame.name, {}).items():
            x, y = frame.project(lon, lat)
            print(f"  {place}: pos = [{round(x)}, {round(y)}]")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("package"))
