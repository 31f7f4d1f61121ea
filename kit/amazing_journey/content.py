"""The Amazing Journey's content, read from `seeds/amazing_journey/*.toml` and validated.

Everything a rule or a planner needs is here as frozen dataclasses: the numbers of the rules
(`rules.toml`: days of each Travel and Wait, Ticket costs, the die's results, the Objectives in
hand, ...), the board of one side (cities, regions, routes with their cities and branches,
Long-route days, the Timeline with its departures, checkpoint flags and point bars), the Location
tokens, the die, the decks and the Travellers. `Content.board.graph()` gives the map as a networkx
MultiGraph (one edge per route segment, keyed by route id). Rule code never hard-codes a number
that lives in these files.

A content folder of one's own (`kit.load("amazing_journey", content=DIR)`) is read and checked
by the same code: a mistake is reported with the file, the field and the problem. It holds only
the files that differ from the built-in ones: a board of one's own (`board.toml`, `routes.toml`,
`tokens.toml`) plays by the built-in rules, cards and Travellers."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import networkx as nx

from kit.core.board import OUTLINES, board_graph
from kit.core.data import MAX_COPIES, SEEDS_DIR, Reader, load_toml, path_text, stamps
from kit.core.errors import DataError

DIR = SEEDS_DIR / "amazing_journey"
SIDES = ("regular", "fast")
FILES = ("rules.toml", "tokens.toml", "board.toml", "routes.toml", "cards.toml", "travellers.toml")
TRANSPORTS = ("bus", "train", "ship", "balloon", "airship")
ROUTE_TYPES = (*TRANSPORTS, "secret")
SYMBOLS = ("triangle", "circle", "square", "star")
POWER_EFFECTS = (
    "travel",
    "double_souvenir_tickets",
    "cursed_explore",
    "timeline_back",
    "pass_tokens",
)
FILES = ("rules.toml", "board.toml", "routes.toml", "tokens.toml", "cards.toml", "travellers.toml")


@dataclass(frozen=True, slots=True)
class DieResult:
    """One result of the Exploration die: the Explore's days and the Tickets drawn or discarded."""

    days: int
    draw_tickets: int
    discard_tickets: int


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the rules (`rules.toml`), all printed in the rulebook."""

    most_players: int
    minimum_actions: int
    departure_days: int
    ticket_days: int
    ticket_cost: int
    wildcard_days: int
    wildcard_cost: int
    refresh_days: int
    plan_days: int
    plan_tickets: int
    explore: tuple[DieResult, ...]
    souvenir_tickets: tuple[int, ...]  # by the Souvenir's value in points
    objectives_in_hand: int
    checkpoints: int
    checkpoint_bars: int
    fewest_types: int
    most_types: int
    late_penalty: int


@dataclass(frozen=True, slots=True)
class Region:
    """One of the regions (A–G on the reference board); its token cities hold its tokens."""

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

    @property
    def name(self) -> str:
        """How a player names it: "the T1 train", "the X1 secret route"."""
        return f"the {self.id} {self.type}" + (" route" if self.type == "secret" else "")

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
        """Points for completing it on `day` (0 past the last bar)."""
        for bar in self.bars:
            if bar.first <= day <= bar.last:
                return bar.points
        return 0


@dataclass(frozen=True, slots=True)
class Timeline:
    """The track of `length` days around the board; `departures[d]` are the types leaving on
    day d (all five on the corners). Past the last day the track loops to day 0, and a journey
    that ends later than `length` days is late."""

    length: int
    corners: tuple[int, ...]
    departures: tuple[tuple[str, ...], ...]
    source: str

    def departs(self, kind: str, day: int) -> bool:
        return kind in self.departures[day % self.length]


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the map board with the shared Timeline and checkpoints; `outline` names the
    land drawn behind it ("" for none: a board of one's own)."""

    side: str
    starting_city: str
    regions: tuple[Region, ...]
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    checkpoints: tuple[Checkpoint, ...]
    timeline: Timeline
    outline: str

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
        graph = board_graph(
            nodes, [], multi=True, name=f"The Amazing Journey ({self.side})", outline=self.outline
        )
        graph.graph["regions"] = {region.code: region.name for region in self.regions}
        for route in self.routes:
            for a, b in route.segments():
                crosses = route.edge is not None and {a, b} == set(route.edge)
                graph.add_edge(
                    a,
                    b,
                    key=route.id,
                    kind=route.type,
                    route=route.id,
                    extra_days=route.extra_days,
                    crosses_edge=crosses,
                )
        return graph


@cache
def _city_index(cities: tuple[City, ...]) -> dict[str, int]:
    return {city.name: city.index for city in cities}


@dataclass(frozen=True, slots=True)
class Token:
    """A Location token: an Experience (`experience` type) or a Souvenir (`souvenir` points;
    Cursed ones are worth 0 and are forced stops). `symbol` is on its back, or None; `tickets`
    are drawn on collecting it (a Souvenir's, by its value)."""

    index: int
    id: str
    region: str
    experience: str | None
    souvenir: int | None
    cursed: bool
    symbol: str | None
    tickets: int
    source: str

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
    """A face of the Exploration die and the result it shows."""

    face: int
    days: int
    draw_tickets: int
    discard_tickets: int
    source: str


@dataclass(frozen=True, slots=True)
class Traveller:
    """A Traveller and the power on its card; `effect` names a function of `travellers.py`."""

    id: str
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
    """Everything of one side: rules, board, tokens, die, decks, Travellers, scoring tables."""

    rules: Rules
    board: Board
    tokens: tuple[Token, ...]
    symbol_removal: dict[int, int]
    die: tuple[DieFace, ...]
    tickets: tuple[int, ...]  # count per ROUTE_TYPES
    objectives: tuple[int, ...]  # count per experience type
    hand_tickets: int
    travellers: tuple[Traveller, ...]
    scoring: Scoring

    def traveller(self, name: str) -> Traveller:
        """A Traveller by id, full or first name (any case, accents optional)."""
        key = _plain(name)
        for traveller in self.travellers:
            if key in (traveller.id, _plain(traveller.name), _plain(traveller.short)):
                return traveller
        names = ", ".join(t.name for t in self.travellers)
        raise ValueError(f"unknown traveller {name!r}; the travellers are {names}")

    def token(self, token_id: str) -> Token:
        """A token by its id ("A03")."""
        for token in self.tokens:
            if token.id == token_id:
                return token
        raise ValueError(f"there is no token {token_id!r}")


def _plain(name: str) -> str:
    """`name` in lower case without accents: "Lézard" and "lezard" are the same name."""
    letters = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(c for c in letters if not unicodedata.combining(c))


def load_content(side: str = "regular", directory: str | None = None) -> Content:
    """Read and validate the content of `side` ('regular' or 'fast') from `directory` (the
    built-in `seeds/amazing_journey/` when None): the same checks for any folder. Each of the
    six files (`FILES`) the folder does not hold is the built-in one (`content_files`), so a
    folder holds only what differs; one holding none of them, or a `.toml` file of another
    name (a misspelt one would otherwise be passed over for the built-in file), is refused.
    The result is cached while the files stay as they are: a file edited on disk is read
    again."""
    if side not in SIDES:
        raise ValueError(f"side must be 'regular' or 'fast', got {side!r}")
    folder = Path(directory) if directory else DIR
    return _load(side, folder, stamps(folder, FILES))


@lru_cache(maxsize=8)
def _load(side: str, folder: Path, files: tuple[tuple[int, int], ...]) -> Content:
    found = content_files(None if folder == DIR else str(folder))
    rules = _rules(load_toml(found["rules.toml"]))
    tokens_file = load_toml(found["tokens.toml"])
    scoring, tokens, removal = _tokens(tokens_file, rules)
    board = _board(load_toml(found["board.toml"]), load_toml(found["routes.toml"]), side, rules)
    die, tickets, objectives, hand = _cards(load_toml(found["cards.toml"]), scoring, rules)
    travellers = _travellers(load_toml(found["travellers.toml"]), rules)
    codes = {r.code for r in board.regions}
    for token in tokens:
        if token.region not in codes:
            raise tokens_file.error(f"tokens[{token.index}].region", f"no region {token.region!r}")
    for region in board.regions:
        cities = sum(c.tokens for c in board.cities if c.region == region.code)
        held = sum(t.region == region.code for t in tokens)
        if held != cities:
            raise tokens_file.error(
                "tokens", f"region {region.code} has {held} tokens for {cities} token cities"
            )
    return Content(
        rules, board, tokens, removal, die, tickets, objectives, hand, travellers, scoring
    )


def content_files(directory: str | None = None) -> dict[str, Path]:
    """Where each content file is read from: the folder's own file, else the built-in one
    (all built in when `directory` is None). A folder holding none of `FILES`, or a `.toml`
    file not among them, is a `DataError` naming it."""
    files = {name: DIR / name for name in FILES}
    if not directory:
        return files
    folder = Path(directory)
    try:
        own = sorted(path.name for path in folder.iterdir() if path.suffix == ".toml")
    except OSError as error:
        why = f"cannot be read: {error.strerror or error}"
        raise DataError(path_text(folder), "", why) from None
    listed = ", ".join(FILES)
    for name in own:
        if name not in FILES:
            raise DataError(path_text(folder / name), "", f"not a content file ({listed})")
    if not own:
        raise DataError(path_text(folder), "", f"holds none of the content files ({listed})")
    return files | {name: folder / name for name in own}


def _rules(reader: Reader) -> Rules:
    players, turn, travel = reader.table("players"), reader.table("turn"), reader.table("travel")
    wait, souvenirs = reader.table("wait"), reader.table("souvenirs")
    objectives, checkpoints = reader.table("objectives"), reader.table("checkpoints")
    timeline, late = reader.table("timeline"), reader.table("late")
    explore = []
    for r in reader.tables("explore"):
        explore.append(
            DieResult(
                r.int("days", low=1),
                r.int("draw_tickets", 0, low=0),
                r.int("discard_tickets", 0, low=0),
            )
        )
        _done(r)
    if not explore:
        raise reader.error("explore", "the die needs at least one result")
    if len({result.days for result in explore}) != len(explore):
        raise reader.error("explore", "each result of the die takes a different number of days")
    rules = Rules(
        most_players=players.int("most", low=1),
        minimum_actions=turn.int("minimum_actions", low=1),
        departure_days=travel.int("departure_days", low=0),
        ticket_days=travel.int("ticket_days", low=0),
        ticket_cost=travel.int("ticket_cost", low=1),
        wildcard_days=travel.int("wildcard_days", low=0),
        wildcard_cost=travel.int("wildcard_cost", low=1),
        refresh_days=wait.int("refresh_days", low=1),
        plan_days=wait.int("plan_days", low=1),
        plan_tickets=wait.int("plan_tickets", low=0),
        explore=tuple(explore),
        souvenir_tickets=tuple(souvenirs.list("tickets", of=int)),
        objectives_in_hand=objectives.int("in_hand", low=1),
        checkpoints=checkpoints.int("count", low=1),
        checkpoint_bars=checkpoints.int("bars", low=1),
        fewest_types=timeline.int("fewest_types", low=1),
        most_types=timeline.int("most_types", low=1, high=len(TRANSPORTS)),
        late_penalty=late.int("penalty_per_day", low=0),
    )
    if not rules.souvenir_tickets or min(rules.souvenir_tickets) < 0:
        raise souvenirs.error("tickets", "expected a count of Tickets (0 or more) per value")
    if rules.fewest_types > rules.most_types:
        raise timeline.error("fewest_types", "more than most_types")
    for table in (players, turn, travel, wait, souvenirs, objectives, checkpoints, timeline, late):
        _done(table)
    reader.no_other_keys()
    return rules


def _done(reader: Reader) -> None:
    """The end of a content table: its provenance, and no key that nothing reads."""
    reader.provenance()
    reader.no_other_keys()


def _board(reader: Reader, routes_reader: Reader, side: str, rules: Rules) -> Board:
    regions = []
    for r in reader.tables("regions"):
        regions.append(Region(r.str("code"), r.str("name"), r.provenance()))
        r.no_other_keys()
    codes = [r.code for r in regions]
    if len(set(codes)) != len(codes):
        raise reader.error("regions", "region codes must be unique")
    start = reader.str("starting_city")
    outline = reader.str("outline", "", choices=("", *OUTLINES))
    cities: list[City] = []
    for index, r in enumerate(reader.tables("cities")):
        pos = r.point("pos")
        name = r.str("name")
        if any(c.name == name for c in cities):
            raise r.error("name", f"city {name!r} is listed twice")
        cities.append(
            City(
                index,
                name,
                r.str("region", choices=codes),
                pos,
                r.bool("tokens"),
                r.provenance(),
            )
        )
        r.no_other_keys()
    if not cities:
        raise reader.error("cities", "the map has no cities")
    names = {c.name for c in cities}
    if start not in names:
        raise reader.error("starting_city", f"city {start!r} is not on the map")
    if cities[0].name != start or cities[0].tokens:
        raise reader.error("cities[0]", "the Starting City comes first and holds no token")
    timeline = _timeline(reader.table("timeline"), rules)
    checkpoints = [_checkpoint(r, names, timeline, rules) for r in reader.tables("checkpoints")]
    if len(checkpoints) != rules.checkpoints or checkpoints[-1].city != start:
        raise reader.error(
            "checkpoints",
            f"expected {rules.checkpoints} checkpoints (rules.toml), the last at the Starting City",
        )
    routes = []
    for r in routes_reader.tables("routes"):
        route = _route(r, names)
        if side in route.sides:
            routes.append(route)
    routes_reader.no_other_keys()
    ids = [route.id for route in routes]
    if len(set(ids)) != len(ids):
        raise routes_reader.error("routes", "route ids must be unique")
    reader.no_other_keys()
    board = Board(
        side,
        start,
        tuple(regions),
        tuple(cities),
        tuple(routes),
        tuple(checkpoints),
        timeline,
        outline,
    )
    _connected(board, routes_reader)
    return board


def _checkpoint(r: Reader, names: set[str], timeline: Timeline, rules: Rules) -> Checkpoint:
    city = r.str("city")
    if city not in names:
        raise r.error("city", f"city {city!r} is not on the map")
    bars: list[Bar] = []
    for i, bar in enumerate(r.list("bars", of=list)):
        if len(bar) != 3 or not all(type(x) is int for x in bar) or not 0 <= bar[0] <= bar[1]:
            raise r.error(f"bars[{i}]", f"expected [first day, last day, points], got {bar!r}")
        if bars and bar[0] <= bars[-1].last:
            raise r.error(f"bars[{i}]", "a bar starts after the one before it ends")
        bars.append(Bar(*bar))
    if len(bars) != rules.checkpoint_bars or bars[-1].last >= timeline.length:
        raise r.error(
            "bars",
            f"expected {rules.checkpoint_bars} bars within the Timeline's {timeline.length} "
            "days (past a full loop of the Timeline the Final checkpoint gives no points)",
        )
    checkpoint = Checkpoint(
        r.str("name"), city, r.int("activation", low=0), tuple(bars), r.provenance()
    )
    r.no_other_keys()
    return checkpoint


def _connected(board: Board, routes: Reader) -> None:
    """Every city can be reached by some route from the Starting City."""
    graph = nx.Graph()
    graph.add_nodes_from(c.name for c in board.cities)
    graph.add_edges_from(segment for route in board.routes for segment in route.segments())
    reached = nx.node_connected_component(graph, board.starting_city)
    cut = [c.name for c in board.cities if c.name not in reached]
    if cut:
        raise routes.error(
            "routes",
            f"no route leads from {board.starting_city} to {', '.join(map(repr, cut))} "
            f"on the {board.side} side (the map must be connected)",
        )


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
        (edge[0], edge[1]) if len(edge) == 2 else None,
        tuple(r.list("sides", of=str)),
        r.provenance(),
    )
    r.no_other_keys()
    segments = route.segments()
    if edge and (
        len(edge) != 2 or (edge[0], edge[1]) not in {*segments, *[(b, a) for a, b in segments]}
    ):
        raise r.error("edge", "expected two neighbouring cities of the route")
    if not route.sides:
        raise r.error("sides", "a route lies on at least one side, 'regular' or 'fast'")
    for side in route.sides:
        if side not in SIDES:
            raise r.error("sides", f"{side!r} is not one of 'regular', 'fast'")
    return route


def _timeline(r: Reader, rules: Rules) -> Timeline:
    length = r.int("length", low=1)
    corners = tuple(r.list("corners", of=int))
    if any(not 0 <= day < length for day in corners) or len(set(corners)) != len(corners):
        raise r.error("corners", f"expected different days from 0 to {length - 1}")
    departures = r.list("departures", of=list)
    if len(departures) != length:
        raise r.error("departures", f"expected {length} days, got {len(departures)}")
    fewest, most = rules.fewest_types, rules.most_types
    for day, types in enumerate(departures):
        bad = [t for t in types if t not in TRANSPORTS]
        if bad:
            raise r.error(f"departures[{day}]", f"{bad[0]!r} is not a transport type")
        count = len(set(types))
        if count != len(types):
            raise r.error(f"departures[{day}]", "a type is listed twice")
        if count != len(TRANSPORTS) if day in corners else not fewest <= count <= most:
            raise r.error(
                f"departures[{day}]",
                f"a corner shows all {len(TRANSPORTS)} types, other days {fewest} to {most}",
            )
    timeline = Timeline(length, corners, tuple(tuple(d) for d in departures), r.provenance())
    r.no_other_keys()
    return timeline


def _tokens(reader: Reader, rules: Rules) -> tuple[Scoring, tuple[Token, ...], dict[int, int]]:
    layout, points = reader.table("travel_board"), reader.table("scoring")
    types = tuple(layout.list("experience_types", of=str))
    if not types or len(set(types)) != len(types):
        raise layout.error("experience_types", "expected different names, at least one")
    scoring = Scoring(
        types,
        layout.int("experience_spaces", low=1),
        layout.int("souvenir_rows", low=1),
        layout.int("souvenir_row_length", low=1),
        tuple(points.list("experience_points", of=int)),
        points.int("all_types_bonus"),
        tuple(points.list("souvenir_row_points", of=int)),
        points.int("region_points"),
        points.int("objective_points"),
    )
    _done(layout)
    _done(points)
    if len(scoring.experience_points) != scoring.experience_spaces + 1:
        raise points.error("experience_points", "expected one value per token count 0..spaces")
    if len(scoring.souvenir_row_points) != scoring.souvenir_rows + 1:
        raise points.error("souvenir_row_points", "expected one value per row count 0..rows")
    removal = _symbol_removal(reader.table("symbol_removal"), rules)
    tokens = []
    most_value = len(rules.souvenir_tickets) - 1
    for index, r in enumerate(reader.tables("tokens")):
        experience = r.str("experience", "") or None
        souvenir = r.int("souvenir", -1, low=-1, high=most_value)
        if (experience is None) == (souvenir < 0):
            raise r.error("experience", "a token is either an Experience or a Souvenir")
        if experience is not None and experience not in scoring.experience_types:
            raise r.error("experience", f"{experience!r} is not one of {', '.join(types)}")
        cursed = r.bool("cursed", False)
        if cursed != (souvenir == 0):
            raise r.error("cursed", "the Cursed Souvenirs are exactly the 0-point ones")
        tokens.append(
            Token(
                index,
                r.str("id"),
                r.str("region"),
                experience,
                None if souvenir < 0 else souvenir,
                cursed,
                r.str("symbol", "", choices=("", *SYMBOLS)) or None,
                0 if souvenir < 0 else rules.souvenir_tickets[souvenir],
                r.provenance(),
            )
        )
        r.no_other_keys()
    if len({t.id for t in tokens}) != len(tokens):
        raise reader.error("tokens", "token ids must be unique")
    reader.no_other_keys()
    return scoring, tuple(tokens), removal


def _symbol_removal(table: Reader, rules: Rules) -> dict[int, int]:
    """Symbols removed by player count: one count (0..4) for each count from 1 to the most."""
    players, removed = table.list("players", of=int), table.list("removed", of=int)
    _done(table)
    counts = list(range(1, rules.most_players + 1))
    if players != counts:
        raise table.error("players", f"expected the player counts {counts}, got {players}")
    if len(removed) != len(players) or any(not 0 <= n <= len(SYMBOLS) for n in removed):
        raise table.error(
            "removed", f"expected one count (0..{len(SYMBOLS)}) per player count, got {removed}"
        )
    return dict(zip(players, removed, strict=True))


def _cards(
    reader: Reader, scoring: Scoring, rules: Rules
) -> tuple[tuple[DieFace, ...], tuple[int, ...], tuple[int, ...], int]:
    results = {result.days: result for result in rules.explore}
    die = []
    for r in reader.tables("die"):
        face, days = r.int("face"), r.int("days")
        if days not in results:
            shown = ", ".join(str(d) for d in results)
            raise r.error("days", f"{days} is not a result of the die (rules.toml: {shown} days)")
        result = results[days]
        die.append(DieFace(face, days, result.draw_tickets, result.discard_tickets, r.provenance()))
        r.no_other_keys()
    if not die:
        raise reader.error("die", "the die needs at least one face")
    tickets = _deck(reader, "tickets", "type", ROUTE_TYPES)
    objectives = _deck(reader, "objectives", "experience", scoring.experience_types)
    if sum(objectives) < rules.objectives_in_hand * rules.most_players:
        raise reader.error(
            "objectives",
            f"{sum(objectives)} Objectives cannot fill {rules.most_players} hands of "
            f"{rules.objectives_in_hand}",
        )
    hand = reader.table("starting_hand")
    starting_tickets = hand.int("tickets", low=0)
    _done(hand)
    reader.no_other_keys()
    return tuple(die), tickets, objectives, starting_tickets


def _deck(reader: Reader, key: str, field: str, kinds: Sequence[str]) -> tuple[int, ...]:
    """A deck's count of cards of each kind (a kind not listed has none)."""
    counts: dict[str, int] = {}
    for r in reader.tables(key):
        kind = r.str(field, choices=kinds)
        if kind in counts:
            raise r.error(field, f"{kind!r} is listed twice")
        counts[kind] = r.int("count", low=0, high=MAX_COPIES)
        _done(r)
    return tuple(counts.get(kind, 0) for kind in kinds)


def _travellers(reader: Reader, rules: Rules) -> tuple[Traveller, ...]:
    travellers: list[Traveller] = []
    for r in reader.tables("travellers"):
        effect = r.str("effect", choices=POWER_EFFECTS)
        types = tuple(r.list("route_types", [], of=str))
        for kind in types:
            if kind not in ROUTE_TYPES:
                raise r.error("route_types", f"{kind!r} is not a route type")
        if (effect == "travel") != bool(types):
            raise r.error("route_types", "a travel power, and only a travel power, names them")
        stop_empty = r.bool("stop_empty", False)
        if stop_empty and effect != "travel":
            raise r.error("stop_empty", "only a travel power stops on an empty city")
        traveller = Traveller(
            r.str("id"),
            r.str("name"),
            effect,
            types,
            r.int("days", 0, low=0),
            stop_empty,
            r.provenance(),
        )
        r.no_other_keys()
        known = {k for t in travellers for k in (t.id, _plain(t.name), _plain(t.short))}
        if {traveller.id, _plain(traveller.name), _plain(traveller.short)} & known:
            raise r.error("name", f"{traveller.name!r} shares a name or id with another Traveller")
        travellers.append(traveller)
    if len(travellers) < rules.most_players:
        raise reader.error(
            "travellers", f"expected a Traveller for each of {rules.most_players} players"
        )
    reader.no_other_keys()
    return tuple(travellers)
