"""The content of Timeless Journeys, read from `seeds/timeless_journeys/` and checked on load.

Every card, tile and board space becomes a frozen dataclass; effects are parsed from a small
notation ("move + 1$move", "explore / move") into alternatives of step sequences, so rule code
never holds a card's numbers and a user can change the game by editing the TOML files alone."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import networkx as nx

from kit.core.board import board_graph
from kit.core.data import SEEDS_DIR, Reader, load_toml

DATA_DIR = SEEDS_DIR / "timeless_journeys"
EDITIONS = ("en", "ja")
ROMAN = ("I", "II", "III", "IV", "V")

# Step names of the effect notation and the kind of argument each takes.
STEP_ARGS: dict[str, str] = {
    "coins": "int",
    "vp": "int",
    "idea": "genres",
    "idea_any": "count",
    "idea_distinct": "count",
    "exchange": "count",
    "exchange_one": "none",
    "move": "discount",
    "explore": "none",
    "talk": "none",
    "letter": "none",
    "letters": "count",
    "letter_new": "none",
    "write": "none",
    "write_distinct": "count",
    "cafe": "none",
    "cafe_anywhere": "none",
    "buy": "discount",
    "buy_play": "none",
    "flip_move": "none",
    "retire_level1": "none",
    "reuse_tile": "none",
    "colour": "none",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One atomic part of an effect: `name` with its argument, paid for with `coins` or `vp`."""

    name: str
    arg: int | tuple[int, ...] = 0
    coins: int = 0
    vp: int = 0


Steps = tuple[Step, ...]
Effect = tuple[Steps, ...]  # alternatives ("/"), each a sequence of steps ("+")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    level: int  # 0 for Basic cards
    category: str
    vp: int
    effect: Effect
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Cafe:
    cost: tuple[int, ...]  # Idea tokens by genre index
    vp: tuple[int, ...]  # VP of its slots, best first


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    city: str
    reward: Effect


@dataclass(frozen=True, slots=True)
class City:
    name: str
    favour_slot: int
    reward: Effect
    cafes: tuple[Cafe, ...]
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Favour:
    id: str
    back: int
    rewards: tuple[Effect, Effect]  # above the left local, above the right local
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Journal:
    id: str
    stack: str
    ideas: tuple[int, ...]  # genre index of each of the six Idea slots
    city: str


@dataclass(frozen=True, slots=True)
class Column:
    cities: tuple[str, ...]  # the traveller's city in rounds I..V
    rewards: tuple[tuple[Effect, ...], ...]  # per round, per slot


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    slot_players: tuple[int, ...]
    columns: tuple[Column, ...]
    first_column_bonus: Effect | None


@dataclass(frozen=True, slots=True)
class Traveller:
    id: str
    name: str
    set: str
    rule: str
    duel: bool
    text: str


@dataclass(frozen=True, slots=True)
class Edition:
    """The rules on which the English and Japanese rulebooks disagree."""

    name: str
    lebrun_values: tuple[int, ...]
    lebrun_display: str
    lebrun_reveal: tuple[int, ...]
    lebrun_remove_per_type: tuple[int, ...]
    blessington_closest: int
    blessington_farthest: int
    dickens_cost: int
    dickens_per_turn: int
    goethe_needs_city: bool
    goethe_max: int
    addison_trigger: str
    lost_in_admiration: str
    tile_reuse_card: str


@dataclass(frozen=True, slots=True)
class Rules:
    rounds: int
    plays_per_round: int
    hand_limit: int
    genres: tuple[str, ...]
    ideas_per_genre: int
    cafe_markers: int
    letter_markers: int
    face_down_coins: int
    market_cost: tuple[int, ...]
    market_levels_by_categories: tuple[int, ...]
    majority_points: tuple[int, ...]
    majority_places_by_players: tuple[int, ...]
    affinity_each: int
    affinity_together: int
    experience_tokens: tuple[str, ...]
    night_weight: int
    market_display: tuple[int, ...]
    friend_tiles: tuple[int, ...]
    letters_per_city: tuple[int, ...]
    letters_per_local: tuple[int, ...]
    starting_coins: tuple[tuple[int, ...], ...]
    intro_travellers: tuple[str, ...]
    exploration_scores: tuple[int, ...]


@dataclass(frozen=True)
class Content:
    """Everything static about the game, shared by all states of all games."""

    rules: Rules
    editions: dict[str, Edition]
    graph: nx.Graph
    start: str
    cities: dict[str, City]
    tiles: dict[str, Tile]
    favours: dict[str, Favour]
    friends: tuple[str, ...]
    journals: dict[str, Journal]
    journal_scores: tuple[int, ...]
    sides: dict[str, Side]
    travellers: dict[str, Traveller]
    paintings: tuple[tuple[str, int], ...]
    basic: dict[str, Card]
    colours: tuple[tuple[str, Effect], ...]
    advanced: dict[str, Card]
    # derived
    neighbours: dict[str, tuple[tuple[str, int], ...]]
    distance: dict[str, dict[str, int]]
    south: dict[str, int]

    def card(self, card_id: str) -> Card:
        return self.advanced.get(card_id) or self.basic[card_id]

    def genre(self, index: int) -> str:
        return self.rules.genres[index]


# --- the effect notation ------------------------------------------------------------------------
def parse_effect(text: str, genres: tuple[str, ...], where: Reader, key: str) -> Effect:
    """Read "a + b / c" into alternatives of step sequences; an unknown step is a DataError."""
    alternatives = []
    for alternative in text.split("/"):
        steps = tuple(
            _parse_step(part.strip(), genres, where, key) for part in alternative.split("+")
        )
        if steps in alternatives:
            raise where.error(key, f"the alternative {alternative.strip()!r} appears twice")
        alternatives.append(steps)
    return tuple(alternatives)


def _parse_step(text: str, genres: tuple[str, ...], where: Reader, key: str) -> Step:
    coins = vp = 0
    if "$" in text:
        price, _, text = text.partition("$")
        if price.endswith("vp") and price[:-2].isdigit():
            vp = int(price[:-2])
        elif price.isdigit():
            coins = int(price)
        else:
            raise where.error(key, f"bad price {price!r} (expected '2$' or '1vp$')")
    name, _, arg_text = text.partition(":")
    kind = STEP_ARGS.get(name)
    if kind is None:
        raise where.error(key, f"unknown effect {name!r}")
    if kind == "genres":
        names = arg_text.split("|")
        unknown = [n for n in names if n not in genres]
        if unknown or not arg_text:
            raise where.error(key, f"unknown Idea genre {arg_text!r} in {text!r}")
        arg: int | tuple[int, ...] = tuple(genres.index(n) for n in names)
    elif kind == "none":
        if arg_text:
            raise where.error(key, f"effect {name!r} takes no number")
        arg = 0
    else:
        if arg_text and not arg_text.isdigit():
            raise where.error(key, f"effect {name!r} needs a whole number, got {arg_text!r}")
        default = 0 if kind == "discount" else 1
        arg = int(arg_text) if arg_text else default
    return Step(name, arg, coins, vp)


def describe_effect(effect: Effect, genres: tuple[str, ...]) -> str:
    """The notation back from a parsed effect, for labels and the terminal."""

    def step(s: Step) -> str:
        price = f"{s.coins}$" if s.coins else f"{s.vp}vp$" if s.vp else ""
        if isinstance(s.arg, tuple):
            return f"{price}{s.name}:{'|'.join(genres[g] for g in s.arg)}"
        kind = STEP_ARGS[s.name]
        show = kind == "int" or (kind == "count" and s.arg != 1) or (kind == "discount" and s.arg)
        return f"{price}{s.name}:{s.arg}" if show else f"{price}{s.name}"

    return " / ".join(" + ".join(step(s) for s in seq) for seq in effect)


# --- loading ------------------------------------------------------------------------------------
@cache
def load_content(directory: str = str(DATA_DIR)) -> Content:
    """Read and validate every data file once per directory."""
    folder = Path(directory)
    rules = _rules(load_toml(folder / "rules.toml"))
    genres = rules.genres
    board = load_toml(folder / "board.toml")
    graph, south = _board(board)
    start = board.str("start")
    if start not in graph:
        raise board.error("start", f"{start!r} is not a city of the board")
    cities, tiles = _cities(load_toml(folder / "cities.toml"), graph, genres)
    favour_file = load_toml(folder / "favours.toml")
    favours = _favours(favour_file, genres)
    for back in (1, 2):
        slots = sum(1 for city in cities.values() if city.favour_slot == back)
        tiles_ = sum(1 for favour in favours.values() if favour.back == back)
        if tiles_ < slots:
            raise favour_file.error(
                "favour",
                f"{slots} cities take a tile with back {back}, only {tiles_} tiles have it",
            )
    friends = _friends(load_toml(folder / "friends.toml"), cities)
    journals, journal_scores = _journals(load_toml(folder / "journals.toml"), cities, genres)
    sides = _sides(load_toml(folder / "gazette.toml"), cities, genres)
    travellers, paintings = _travellers(load_toml(folder / "travellers.toml"), rules)
    basic, colours, advanced = _cards(load_toml(folder / "cards.toml"), genres)
    editions = _editions(load_toml(folder / "editions.toml"))
    neighbours = {
        node: tuple(sorted((other, graph.edges[node, other]["cost"]) for other in graph[node]))
        for node in graph
    }
    distance = {source: dict(d) for source, d in nx.all_pairs_shortest_path_length(graph)}
    return Content(
        rules,
        editions,
        graph,
        start,
        cities,
        tiles,
        favours,
        friends,
        journals,
        journal_scores,
        sides,
        travellers,
        paintings,
        basic,
        colours,
        advanced,
        neighbours,
        distance,
        south,
    )


def _ints(reader: Reader, key: str) -> tuple[int, ...]:
    return tuple(reader.list(key, of=int))


def _rules(r: Reader) -> Rules:
    r.provenance()
    genres = tuple(r.list("genres", of=str))
    tokens = tuple(r.list("experience_tokens", of=str))
    for index, token in enumerate(tokens):
        if token not in ("duel", "night", "lost", "affinity"):
            raise r.error("experience_tokens", f"[{index}] unknown token {token!r}")
    per_count = (
        "market_display",
        "friend_tiles",
        "letters_per_city",
        "letters_per_local",
        "majority_places_by_players",
    )
    for key in per_count:
        if len(r.list(key)) != 6:
            raise r.error(key, "needs 6 numbers (index = number of players, 0 unused)")
    coins = tuple(tuple(row) for row in r.list("starting_coins", of=list))
    for players, row in enumerate(coins, start=1):
        if len(row) != players:
            raise r.error("starting_coins", f"row for {players} player(s) has {len(row)} values")
    return Rules(
        rounds=r.int("rounds", low=1),
        plays_per_round=r.int("plays_per_round", low=1),
        hand_limit=r.int("hand_limit", low=5),
        genres=genres,
        ideas_per_genre=r.int("ideas_per_genre", low=1),
        cafe_markers=r.int("cafe_markers", low=0),
        letter_markers=r.int("letter_markers", low=0),
        face_down_coins=r.int("face_down_coins", low=0),
        market_cost=_ints(r, "market_cost"),
        market_levels_by_categories=_ints(r, "market_levels_by_categories"),
        majority_points=_ints(r, "majority_points"),
        majority_places_by_players=_ints(r, "majority_places_by_players"),
        affinity_each=r.int("affinity_each"),
        affinity_together=r.int("affinity_together"),
        experience_tokens=tokens,
        night_weight=r.int("night_weight", low=1),
        market_display=_ints(r, "market_display"),
        friend_tiles=_ints(r, "friend_tiles"),
        letters_per_city=_ints(r, "letters_per_city"),
        letters_per_local=_ints(r, "letters_per_local"),
        starting_coins=coins,
        intro_travellers=tuple(r.list("intro_travellers", of=str)),
        exploration_scores=_ints(r, "exploration_scores"),
    )


def _board(r: Reader) -> tuple[nx.Graph, dict[str, int]]:
    r.provenance()
    nodes, south = [], {}
    for kind in ("city", "countryside"):
        for node in r.tables(kind):
            node.provenance()
            name = node.str("name")
            if name in south:
                raise node.error("name", f"{name!r} appears twice on the board")
            pos = node.list("pos", of=int)
            if len(pos) != 2 or not (0 <= pos[0] <= 1000 and 0 <= pos[1] <= 600):
                raise node.error("pos", f"{pos} is not a point of the 1000 x 600 canvas")
            south[name] = node.int("south")
            nodes.append((name, {"kind": kind, "pos": tuple(pos), "south": south[name]}))
    edges = []
    for path in r.tables("path"):
        path.provenance()
        ends = path.list("between", of=str)
        for end in ends:
            if end not in south:
                raise path.error("between", f"{end!r} is not a place of the board")
        if len(ends) != 2 or ends[0] == ends[1]:
            raise path.error("between", "a path joins two different places")
        edges.append((ends[0], ends[1], {"cost": path.int("cost", low=0)}))
    graph = board_graph(nodes, edges, name="Italy")
    if not nx.is_connected(graph):
        raise r.error("path", "the board is not connected")
    return graph, south


def _cities(
    r: Reader, graph: nx.Graph, genres: tuple[str, ...]
) -> tuple[dict[str, City], dict[str, Tile]]:
    cities, tiles = {}, {}
    for city in r.tables("city"):
        city.provenance()
        name = city.str("name")
        if graph.nodes.get(name, {}).get("kind") != "city":
            raise city.error("name", f"{name!r} is not a city of board.toml")
        cafes = []
        for cafe in city.tables("cafe"):
            cafe.provenance()
            cost = cafe.table("cost")
            for genre in cost.data:
                if genre not in genres:
                    raise cost.error(genre, "unknown Idea genre")
            vp = cafe.list("vp", of=int)
            if len(vp) != 2:
                raise cafe.error("vp", f"a discussion holds up to 2 Café markers, got {len(vp)}")
            if vp != sorted(vp, reverse=True):
                raise cafe.error("vp", "needs the slots' VP, best first")
            cafes.append(Cafe(tuple(cost.int(g, 0, low=0) for g in genres), tuple(vp)))
        if len(cafes) != 2:
            raise city.error("cafe", f"a city has 2 café discussions, found {len(cafes)}")
        ids = []
        for tile in city.tables("tile"):
            tile.provenance()
            tile_id = tile.str("id")
            if tile_id in tiles:
                raise tile.error("id", f"tile {tile_id!r} appears twice")
            tiles[tile_id] = Tile(
                tile_id, name, parse_effect(tile.str("reward"), genres, tile, "reward")
            )
            ids.append(tile_id)
        if len(ids) != 6:
            raise city.error("tile", f"a city has 6 Exploration tiles, found {len(ids)}")
        cities[name] = City(
            name,
            city.int("favour_slot", low=1, high=2),
            parse_effect(city.str("reward"), genres, city, "reward"),
            tuple(cafes),
            tuple(ids),
        )
    missing = [n for n, kind in graph.nodes(data="kind") if kind == "city" and n not in cities]
    if missing:
        raise r.error("city", f"no City board for {', '.join(missing)}")
    return cities, tiles


def _favours(r: Reader, genres: tuple[str, ...]) -> dict[str, Favour]:
    favours = {}
    for tile in r.tables("favour"):
        favour_id = tile.str("id")
        left = parse_effect(tile.str("left"), genres, tile, "left")
        right = parse_effect(tile.str("right"), genres, tile, "right")
        favours[favour_id] = Favour(
            favour_id,
            tile.int("back", low=1, high=2),
            (left, right),
            tile.str("text"),
            tile.provenance(),
        )
    return favours


def _friends(r: Reader, cities: dict[str, City]) -> tuple[str, ...]:
    friends = []
    for friend in r.tables("friend"):
        friend.provenance()
        city = friend.str("city", choices=tuple(cities))
        if city in friends:
            raise friend.error("city", f"two Friend tiles for {city}")
        friends.append(city)
    return tuple(friends)


def _journals(
    r: Reader, cities: dict[str, City], genres: tuple[str, ...]
) -> tuple[dict[str, Journal], tuple[int, ...]]:
    r.provenance()
    scores = _ints(r, "scores")
    if len(scores) != 9:
        raise r.error("scores", "needs the VP for 0..8 filled slots")
    journals = {}
    for journal in r.tables("journal"):
        journal.provenance()
        ideas = journal.list("ideas", of=str)
        if len(ideas) != 6 or any(i not in genres for i in ideas):
            raise journal.error("ideas", "needs six Idea genres")
        journal_id = journal.str("id")
        journals[journal_id] = Journal(
            journal_id,
            journal.str("stack", choices=("A", "B")),
            tuple(genres.index(i) for i in ideas),
            journal.str("city", choices=tuple(cities)),
        )
    return journals, scores


def _sides(r: Reader, cities: dict[str, City], genres: tuple[str, ...]) -> dict[str, Side]:
    sides = {}
    for side in r.tables("side"):
        side.provenance()
        slot_players = _ints(side, "slot_players")
        columns = []
        for column in side.tables("column"):
            column.provenance()
            names = column.list("cities", of=str)
            if len(names) != 5 or any(n not in cities for n in names):
                raise column.error("cities", "needs a city of the board for each of 5 rounds")
            rows = column.list("rewards", of=list)
            if len(rows) != 5 or any(len(row) != len(slot_players) for row in rows):
                raise column.error("rewards", f"needs 5 rows of {len(slot_players)} rewards")
            rewards = tuple(
                tuple(parse_effect(text, genres, column, "rewards") for text in row) for row in rows
            )
            columns.append(Column(tuple(names), rewards))
        if len(columns) != 3:
            raise side.error("column", "a Gazette side has 3 traveller columns")
        bonus = side.str("first_column_bonus", "")
        name = side.str("name")
        sides[name] = Side(
            name,
            slot_players,
            tuple(columns),
            parse_effect(bonus, genres, side, "first_column_bonus") if bonus else None,
        )
    return sides


TRAVELLER_RULES = (
    "addison",
    "montagu",
    "montesquieu",
    "craven",
    "goethe",
    "lebrun",
    "byron",
    "keats",
    "shelley",
    "blessington",
    "dickens",
    "twain",
)


def _travellers(
    r: Reader, rules: Rules
) -> tuple[dict[str, Traveller], tuple[tuple[str, int], ...]]:
    travellers = {}
    for t in r.tables("traveller"):
        t.provenance()
        traveller_id = t.str("id")
        travellers[traveller_id] = Traveller(
            traveller_id,
            t.str("name"),
            t.str("set", choices=("A", "B", "C", "D")),
            t.str("rule", choices=TRAVELLER_RULES),
            t.bool("duel"),
            t.str("text"),
        )
    for index, name in enumerate(rules.intro_travellers):
        if name not in travellers:
            raise r.error("traveller", f"introductory traveller [{index}] {name!r} is unknown")
    paintings = []
    for p in r.tables("painting"):
        p.provenance()
        paintings.append((p.str("name"), p.int("copies", low=1)))
    return travellers, tuple(paintings)


def _cards(
    r: Reader, genres: tuple[str, ...]
) -> tuple[dict[str, Card], tuple[tuple[str, Effect], ...], dict[str, Card]]:
    basic = {}
    for card in r.tables("basic"):
        card_id = card.str("id")
        basic[card_id] = Card(
            card_id,
            0,
            card.str("category", choices=CATEGORIES),
            0,
            parse_effect(card.str("effect"), genres, card, "effect"),
            card.str("text"),
            card.provenance(),
        )
    colours = []
    for colour in r.tables("colour"):
        colour.provenance()
        colours.append(
            (colour.str("name"), parse_effect(colour.str("ideas"), genres, colour, "ideas"))
        )
    advanced = {}
    for card in r.tables("advanced"):
        card_id = card.str("id")
        if card_id in advanced or card_id in basic:
            raise card.error("id", f"card {card_id!r} appears twice")
        advanced[card_id] = Card(
            card_id,
            card.int("level", low=1, high=3),
            card.str("category", choices=CATEGORIES),
            card.int("vp", low=0),
            parse_effect(card.str("effect"), genres, card, "effect"),
            card.str("text"),
            card.provenance(),
        )
    return basic, tuple(colours), advanced


CATEGORIES = ("travel", "friendship", "inspiration", "festivities")


def _editions(r: Reader) -> dict[str, Edition]:
    editions = {}
    for name in EDITIONS:
        e = r.table(name)
        e.provenance()
        editions[name] = Edition(
            name=name,
            lebrun_values=_ints(e, "lebrun_values"),
            lebrun_display=e.str("lebrun_display", choices=("revealed", "open")),
            lebrun_reveal=_ints(e, "lebrun_reveal"),
            lebrun_remove_per_type=_ints(e, "lebrun_remove_per_type"),
            blessington_closest=e.int("blessington_closest"),
            blessington_farthest=e.int("blessington_farthest"),
            dickens_cost=e.int("dickens_cost", low=0),
            dickens_per_turn=e.int("dickens_per_turn", low=0),
            goethe_needs_city=e.bool("goethe_needs_city"),
            goethe_max=e.int("goethe_max", low=0),
            addison_trigger=e.str("addison_trigger", choices=("marker_in_city", "action_in_city")),
            lost_in_admiration=e.str("lost_in_admiration", choices=("once", "every_market")),
            tile_reuse_card=e.str("tile_reuse_card"),
        )
    return editions
