"""The Amazing Journey's content, read from `seeds/amazing_journey/*.toml` and validated.

Everything a rule or a planner needs is here as frozen dataclasses: the board of one side
(cities, regions, routes with their cities and branches, Long-route days, the Timeline with its
departures, checkpoint flags and point bars), the 70 Location tokens, the die, the decks and the
Travellers. `Content.board.graph()` gives the map as a networkx MultiGraph (one edge per route
segment, keyed by route id). Rule code never hard-codes a number that lives in these files."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import networkx as nx

from kit.core.board import board_graph
from kit.core.data import SEEDS_DIR, Reader, load_toml

DIR = SEEDS_DIR / "amazing_journey"
SIDES = ("regular", "fast")
TRANSPORTS = ("bus", "train", "ship", "balloon", "airship")
ROUTE_TYPES = (*TRANSPORTS, "secret")
SYMBOLS = ("triangle", "circle", "square", "star")
DIE_EFFECTS = ("none", "draw_ticket", "discard_ticket")
POWER_EFFECTS = (
    "travel",
    "double_souvenir_tickets",
    "cursed_explore",
    "timeline_back",
    "pass_tokens",
)


@dataclass(frozen=True, slots=True)
class Region:
    """One of the seven regions (A–G); each holds ten token cities."""

    code: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class City:
    """A city space: `index` is its number in `Board.cities`; `tokens` says whether a Location
    token is placed there at setup (every city but the Starting City)."""

    index: int
    name: str
    region: str
    pos: tuple[int, int]
    tokens: bool
    source: str


@dataclass(frozen=True, slots=True)
class Route:
    """A route of one type: the trunk `cities` in order and `branches`, each a path that starts
    at a city already on the route. `extra_days` is added to a Travel along it (a Long route);
    `edge` names the segment drawn across the map's edge (its extra days are paid once)."""

    id: str
    type: str
    cities: tuple[str, ...]
    branches: tuple[tuple[str, ...], ...]
    extra_days: int
    edge: tuple[str, str] | None
    sides: tuple[str, ...]
    source: str

    def paths(self) -> tuple[tuple[str, ...], ...]:
        """The trunk and the branches, each a sequence of consecutive cities."""
        return (self.cities, *self.branches)

    def segments(self) -> list[tuple[str, str]]:
        """Every pair of neighbouring cities along the route."""
        return [(a, b) for path in self.paths() for a, b in zip(path, path[1:], strict=False)]

    def stops(self) -> tuple[str, ...]:
        """Every city on the route, trunk first."""
        seen = dict.fromkeys(self.cities)
        for branch in self.branches:
            seen.update(dict.fromkeys(branch))
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class Bar:
    """A point bar under the Timeline: completing the checkpoint on days first..last scores."""

    first: int
    last: int
    points: int


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A mandatory stop, completed in order from its `activation` day."""

    name: str
    city: str
    activation: int
    bars: tuple[Bar, ...]
    source: str

    def points(self, day: int) -> int:
        """Points for completing it on `day` (0 past the third bar)."""
        for bar in self.bars:
            if bar.first <= day <= bar.last:
                return bar.points
        return 0


@dataclass(frozen=True, slots=True)
class Timeline:
    """The track of `length` days around the board; `departures[d]` are the types leaving on
    day d (all five on the corners). Past the last day the track loops to day 0."""

    length: int
    corners: tuple[int, ...]
    departures: tuple[tuple[str, ...], ...]
    source: str

    def departs(self, kind: str, day: int) -> bool:
        return kind in self.departures[day % self.length]


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the map board with the shared Timeline and checkpoints."""

    side: str
    starting_city: str
    regions: tuple[Region, ...]
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    checkpoints: tuple[Checkpoint, ...]
    timeline: Timeline

    def city(self, name: str) -> City:
        return self.cities[self.index[name]]

    @property
    def index(self) -> dict[str, int]:
        return _city_index(self.cities)

    def graph(self) -> nx.MultiGraph:
        """The map: nodes carry `pos`, `region` and `tokens`; one edge per route segment with
        `kind` (transport type), `route`, `extra_days` and `crosses_edge`."""
        nodes = [
            (c.name, {"pos": c.pos, "region": c.region, "tokens": c.tokens}) for c in self.cities
        ]
        edges = []
        for route in self.routes:
            for a, b in route.segments():
                crosses = route.edge is not None and {a, b} == set(route.edge)
                edges.append(
                    (
                        a,
                        b,
                        {
                            "key": route.id,
                            "kind": route.type,
                            "route": route.id,
                            "extra_days": route.extra_days,
                            "crosses_edge": crosses,
                        },
                    )
                )
        graph = board_graph(nodes, [], multi=True, name=f"The Amazing Journey ({self.side})")
        for a, b, data in edges:
            graph.add_edge(a, b, **data)
        return graph


@cache
def _city_index(cities: tuple[City, ...]) -> dict[str, int]:
    return {city.name: city.index for city in cities}


@dataclass(frozen=True, slots=True)
class Token:
    """A Location token: an Experience (`experience` type) or a Souvenir (`souvenir` points;
    Cursed ones are worth 0 and are forced stops). `symbol` is on its back, or None."""

    index: int
    id: str
    region: str
    experience: str | None
    souvenir: int | None
    cursed: bool
    symbol: str | None
    source: str

    @property
    def tickets(self) -> int:
        """Tickets drawn on collecting it: Souvenirs worth 2 and 1 give 1 and 2, Cursed 2."""
        if self.souvenir is None:
            return 0
        return 2 if self.cursed else max(0, 3 - self.souvenir)

    def __str__(self) -> str:
        what = self.experience or (
            "cursed souvenir" if self.cursed else f"souvenir {self.souvenir}"
        )
        return f"{self.id} ({what})"


@dataclass(frozen=True, slots=True)
class Scoring:
    """Travel-board layout and the point tables of the final scoring."""

    experience_types: tuple[str, ...]
    experience_spaces: int
    souvenir_rows: int
    souvenir_row_length: int
    experience_points: tuple[int, ...]
    all_types_bonus: int
    souvenir_row_points: tuple[int, ...]
    region_points: int
    objective_points: int


@dataclass(frozen=True, slots=True)
class DieFace:
    face: int
    days: int
    effect: str
    source: str


@dataclass(frozen=True, slots=True)
class Traveller:
    """A Traveller and the power on its card; `effect` names a rule of the engine."""

    name: str
    effect: str
    route_types: tuple[str, ...]
    days: int
    stop_empty: bool
    source: str

    @property
    def short(self) -> str:
        return self.name.split()[0]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything of one side: board, tokens, die, decks, hands, Travellers, scoring tables."""

    board: Board
    tokens: tuple[Token, ...]
    symbol_removal: dict[int, int]
    die: tuple[DieFace, ...]
    tickets: tuple[int, ...]  # count per ROUTE_TYPES
    objectives: tuple[int, ...]  # count per experience type
    hand_objectives: int
    hand_tickets: int
    travellers: tuple[Traveller, ...]
    scoring: Scoring

    def traveller(self, name: str) -> Traveller:
        """A Traveller by full or first name (case-insensitive)."""
        key = name.lower()
        for traveller in self.travellers:
            if key in (traveller.name.lower(), traveller.short.lower()):
                return traveller
        names = ", ".join(t.name for t in self.travellers)
        raise ValueError(f"unknown traveller {name!r}; the travellers are {names}")


@cache
def load_content(side: str = "regular", directory: str | None = None) -> Content:
    """Read and validate the content of `side` ('regular' or 'fast') from `directory`."""
    if side not in SIDES:
        raise ValueError(f"side must be 'regular' or 'fast', got {side!r}")
    folder = Path(directory) if directory else DIR
    scoring, tokens, removal = _tokens(load_toml(folder / "tokens.toml"))
    board = _board(load_toml(folder / "board.toml"), load_toml(folder / "routes.toml"), side)
    die, tickets, objectives, hand = _cards(load_toml(folder / "cards.toml"), scoring)
    travellers = _travellers(load_toml(folder / "travellers.toml"))
    by_region = {
        r.code: sum(c.tokens for c in board.cities if c.region == r.code) for r in board.regions
    }
    for region, count in by_region.items():
        held = sum(t.region == region for t in tokens)
        if held != count:
            raise load_toml(folder / "tokens.toml").error(
                "tokens", f"region {region} has {held} tokens for {count} token cities"
            )
    return Content(board, tokens, removal, die, tickets, objectives, *hand, travellers, scoring)


def _board(reader: Reader, routes_reader: Reader, side: str) -> Board:
    regions = tuple(
        Region(r.str("code"), r.str("name"), r.provenance()) for r in reader.tables("regions")
    )
    codes = [r.code for r in regions]
    if len(set(codes)) != len(codes):
        raise reader.error("regions", "region codes must be unique")
    start = reader.str("starting_city")
    cities: list[City] = []
    for index, r in enumerate(reader.tables("cities")):
        pos = r.list("pos", of=int)
        if len(pos) != 2:
            raise r.error("pos", "expected [x, y]")
        name = r.str("name")
        if any(c.name == name for c in cities):
            raise r.error("name", f"city {name!r} is listed twice")
        cities.append(
            City(
                index,
                name,
                r.str("region", choices=codes),
                (pos[0], pos[1]),
                r.bool("tokens"),
                r.provenance(),
            )
        )
    names = {c.name for c in cities}
    if start not in names:
        raise reader.error("starting_city", f"city {start!r} is not on the map")
    if cities[0].name != start or cities[0].tokens:
        raise reader.error("cities[0]", "the Starting City comes first and holds no token")
    checkpoints = []
    for r in reader.tables("checkpoints"):
        city = r.str("city")
        if city not in names:
            raise r.error("city", f"city {city!r} is not on the map")
        bars = []
        for i, bar in enumerate(r.list("bars", of=list)):
            if len(bar) != 3 or not all(isinstance(x, int) for x in bar) or bar[0] > bar[1]:
                raise r.error(f"bars[{i}]", f"expected [first day, last day, points], got {bar!r}")
            bars.append(Bar(*bar))
        checkpoints.append(
            Checkpoint(r.str("name"), city, r.int("activation", low=0), tuple(bars), r.provenance())
        )
    if len(checkpoints) != 3 or checkpoints[-1].city != start:
        raise reader.error(
            "checkpoints", "expected three checkpoints, the last at the Starting City"
        )
    timeline = _timeline(reader.table("timeline"))
    for i, checkpoint in enumerate(checkpoints):
        if len(checkpoint.bars) != 3 or checkpoint.bars[-1].last >= timeline.length:
            raise reader.error(
                f"checkpoints[{i}].bars",
                f"expected three bars within the Timeline's {timeline.length} days "
                "(past the 80th day the Final checkpoint gives no points)",
            )
    routes = []
    for r in routes_reader.tables("routes"):
        route = _route(r, names)
        if side in route.sides:
            routes.append(route)
    ids = [route.id for route in routes]
    if len(set(ids)) != len(ids):
        raise routes_reader.error("routes", "route ids must be unique")
    return Board(side, start, regions, tuple(cities), tuple(routes), tuple(checkpoints), timeline)


def _route(r: Reader, names: set[str]) -> Route:
    trunk = tuple(r.list("cities", of=str))
    branches = tuple(tuple(b) for b in r.list("branches", [], of=list))
    if len(trunk) < 2:
        raise r.error("cities", "a route joins at least two cities")
    seen = set(trunk)
    for i, path in enumerate((trunk, *branches)):
        field = "cities" if i == 0 else f"branches[{i - 1}]"
        for city in path:
            if not isinstance(city, str) or city not in names:
                raise r.error(field, f"city {city!r} is not on the map")
        if i and (len(path) < 2 or path[0] not in seen or seen & set(path[1:])):
            raise r.error(
                field, "a branch starts at a city of the route and then visits new cities"
            )
        seen.update(path)
    if len(seen) != len(trunk) + sum(len(b) - 1 for b in branches):
        raise r.error("cities", "a route visits each city once")
    edge = r.list("edge", [], of=str)
    route = Route(
        r.str("id"),
        r.str("type", choices=ROUTE_TYPES),
        trunk,
        branches,
        r.int("extra_days", 0, low=0),
        (edge[0], edge[1]) if edge else None,
        tuple(r.list("sides", of=str)),
        r.provenance(),
    )
    if edge and (
        len(edge) != 2
        or (edge[0], edge[1]) not in {*route.segments(), *[(b, a) for a, b in route.segments()]}
    ):
        raise r.error("edge", "expected two neighbouring cities of the route")
    for side in route.sides:
        if side not in SIDES:
            raise r.error("sides", f"{side!r} is not one of 'regular', 'fast'")
    return route


def _timeline(r: Reader) -> Timeline:
    length = r.int("length", low=1)
    corners = tuple(r.list("corners", of=int))
    departures = r.list("departures", of=list)
    if len(departures) != length:
        raise r.error("departures", f"expected {length} days, got {len(departures)}")
    for day, types in enumerate(departures):
        bad = [t for t in types if t not in TRANSPORTS]
        if bad:
            raise r.error(f"departures[{day}]", f"{bad[0]!r} is not a transport type")
        wanted = len(TRANSPORTS) if day in corners else None
        if (wanted and len(set(types)) != wanted) or (not wanted and not 1 <= len(set(types)) <= 2):
            raise r.error(
                f"departures[{day}]", "a corner shows all five types, other days one or two"
            )
    return Timeline(length, corners, tuple(tuple(d) for d in departures), r.provenance())


def _tokens(reader: Reader) -> tuple[Scoring, tuple[Token, ...], dict[int, int]]:
    layout, points = reader.table("travel_board"), reader.table("scoring")
    scoring = Scoring(
        tuple(layout.list("experience_types", of=str)),
        layout.int("experience_spaces", low=1),
        layout.int("souvenir_rows", low=1),
        layout.int("souvenir_row_length", low=1),
        tuple(points.list("experience_points", of=int)),
        points.int("all_types_bonus"),
        tuple(points.list("souvenir_row_points", of=int)),
        points.int("region_points"),
        points.int("objective_points"),
    )
    layout.provenance()
    points.provenance()
    if len(scoring.experience_points) != scoring.experience_spaces + 1:
        raise points.error("experience_points", "expected one value per token count 0..spaces")
    if len(scoring.souvenir_row_points) != scoring.souvenir_rows + 1:
        raise points.error("souvenir_row_points", "expected one value per row count 0..rows")
    table = reader.table("symbol_removal")
    table.provenance()
    players, removed = table.list("players", of=int), table.list("removed", of=int)
    if len(players) != len(removed) or any(not 0 <= n <= len(SYMBOLS) for n in removed):
        raise table.error("removed", "expected one count (0..4) per player count")
    tokens = []
    for index, r in enumerate(reader.tables("tokens")):
        experience = r.str("experience", "") or None
        souvenir = r.int("souvenir", -1, low=-1, high=3)
        if (experience is None) == (souvenir < 0):
            raise r.error("experience", "a token is either an Experience or a Souvenir")
        if experience is not None and experience not in scoring.experience_types:
            types = ", ".join(scoring.experience_types)
            raise r.error("experience", f"{experience!r} is not one of {types}")
        cursed = r.bool("cursed", False)
        if cursed != (souvenir == 0):
            raise r.error("cursed", "the Cursed Souvenirs are exactly the 0-point ones")
        symbol = r.str("symbol", "", choices=("", *SYMBOLS)) or None
        tokens.append(
            Token(
                index,
                r.str("id"),
                r.str("region"),
                experience,
                None if souvenir < 0 else souvenir,
                cursed,
                symbol,
                r.provenance(),
            )
        )
    if len({t.id for t in tokens}) != len(tokens):
        raise reader.error("tokens", "token ids must be unique")
    return scoring, tuple(tokens), dict(zip(players, removed, strict=True))


def _cards(reader: Reader, scoring: Scoring):
    die = []
    for r in reader.tables("die"):
        die.append(
            DieFace(
                r.int("face"),
                r.int("days", low=0),
                r.str("effect", choices=DIE_EFFECTS),
                r.provenance(),
            )
        )
    if len(die) != 6:
        raise reader.error("die", f"the die has six faces, got {len(die)}")
    tickets = {}
    for r in reader.tables("tickets"):
        tickets[r.str("type", choices=ROUTE_TYPES)] = r.int("count", low=0)
        r.provenance()
    objectives = {}
    for r in reader.tables("objectives"):
        objectives[r.str("experience", choices=scoring.experience_types)] = r.int("count", low=0)
        r.provenance()
    hand = reader.table("starting_hand")
    hand.provenance()
    return (
        tuple(die),
        tuple(tickets.get(t, 0) for t in ROUTE_TYPES),
        tuple(objectives.get(t, 0) for t in scoring.experience_types),
        (hand.int("objectives", low=0), hand.int("tickets", low=0)),
    )


def _travellers(reader: Reader) -> tuple[Traveller, ...]:
    travellers = []
    for r in reader.tables("travellers"):
        effect = r.str("effect", choices=POWER_EFFECTS)
        types = tuple(r.list("route_types", [], of=str))
        for kind in types:
            if kind not in ROUTE_TYPES:
                raise r.error("route_types", f"{kind!r} is not a route type")
        if effect == "travel" and not types:
            raise r.error("route_types", "a travel power names its route types")
        travellers.append(
            Traveller(
                r.str("name"),
                effect,
                types,
                r.int("days", 0, low=0),
                r.bool("stop_empty", False),
                r.provenance(),
            )
        )
    return tuple(travellers)
