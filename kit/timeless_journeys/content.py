"""The content of Timeless Journeys, read from `seeds/timeless_journeys/` and checked on load.

Every card, tile and board space becomes a frozen dataclass; effects are parsed from a small
notation ("move + 1$move", "explore / move", "goto:Venezia|Firenze") into alternatives of step
sequences, and the end-of-game VP conditions of Advanced cards from a like one ("friends",
"coins:3", "city:Roma|Napoli"), so rule code never holds a card's numbers and a user can change
the game by editing the TOML files alone.
A custom folder (`kit.load("timeless_journeys", content=DIR)`) is read and checked by the same
code: every mistake names the file, the field and the problem."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import networkx as nx

from kit.core.board import OUTLINES, board_graph
from kit.core.data import MAX_COPIES, SEEDS_DIR, Reader, load_toml, stamps

DATA_DIR = SEEDS_DIR / "timeless_journeys"
EDITIONS = ("en", "ja")
PLAYERS = (1, 5)  # the players the game is for; tables by player count have an entry for each
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
EXPERIENCE_KINDS = ("duel", "night", "lost", "affinity")  # the tokens the rules know
LOCALS = ("left", "right")  # the two locals of every city

# Step names of the effect notation and the kind of argument each takes.
STEP_ARGS: dict[str, str] = {
    "coins": "int",
    "vp": "int",
    "idea": "genres",
    "idea_any": "count",
    "idea_distinct": "count",
    "exchange": "count",
    "exchange_one": "int",
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
    "flip_move": "count",
    "retire_level1": "none",
    "reuse_tile": "none",
    "colour": "none",
    "goto": "cities",
    "explore_anywhere": "none",
    "talk_anywhere": "none",
    "experience_again": "none",
    "category_coins": "int",
    "category_vp": "int",
}

# End-of-game VP conditions of Advanced cards (`vp_for`) and the argument each takes: "per" a
# number of units counted (default 1), "cities" the cities the marker must end in.
CONDITION_ARGS: dict[str, str] = {
    "friends": "none",
    "letters": "none",
    "tiles": "none",
    "cafes": "none",
    "genres": "none",
    "ideas_written": "per",
    "journal_cities": "none",
    "experience": "none",
    "hand_advanced": "none",
    "hand_categories": "none",
    "coins": "per",
    "city": "cities",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One atomic part of an effect: `name` with its argument (a number or Idea genres, or the
    cities of a direct move in `places`), paid for with `coins` or `vp`."""

    name: str
    arg: int | tuple[int, ...] = 0
    coins: int = 0
    vp: int = 0
    places: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """The step's number (coins, a count, a discount); genre lists count their genres."""
        return self.arg if isinstance(self.arg, int) else len(self.arg)

    @property
    def genres(self) -> tuple[int, ...]:
        return self.arg if isinstance(self.arg, tuple) else ()


Steps = tuple[Step, ...]
Effect = tuple[Steps, ...]  # alternatives ("/"), each a sequence of steps ("+"); () for none


@dataclass(frozen=True, slots=True)
class Condition:
    """The special condition of an Advanced card's end-of-game VP: the card scores its VP once
    for every `per` units of `name` counted (a city condition counts 1 if the marker ends in one
    of `places`)."""

    name: str
    per: int = 1
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A Basic or Advanced card face; one object per face of the content (compared by
    identity). `copies` of it are in the game; `effect` is used when it is played or activated,
    `begin_turn` at the beginning of each of its owner's turns and `end_round` at the end of the
    round while it lies face up in the play area; `vp_for` is the condition of its VP."""

    id: str
    level: int  # 0 for Basic cards
    category: str
    vp: int
    effect: Effect
    text: str
    source: str
    name: str  # for display: "card 12", "Movement card"
    label: str  # in a sentence: "card 12", "the Movement card"
    copies: int = 1
    begin_turn: Effect = ()
    end_round: Effect = ()
    vp_for: Condition | None = None


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
    ideas: tuple[int, ...]  # genre index of each Idea slot
    city: str


@dataclass(frozen=True, slots=True)
class Column:
    cities: tuple[str, ...]  # the traveller's city in each round
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
    rule: str  # the ability, one function in travellers.py
    duel: bool
    text: str


@dataclass(frozen=True, slots=True)
class Edition:
    """The numbers of the travellers' abilities and every rule on which the English and Japanese
    rulebooks disagree."""

    name: str
    addison_vp: int
    addison_trigger: str
    montagu_ideas: int
    montagu_vp: int
    montesquieu_vp: int
    craven_discount: int
    goethe_needs_city: bool
    goethe_max: int
    lebrun_values: tuple[int, ...]
    lebrun_display: str
    lebrun_reveal: tuple[int, ...]
    lebrun_remove_per_type: tuple[int, ...]
    byron_cost: int
    keats_play_vp: int
    keats_round_vp: int
    shelley_vp: int
    blessington_closest: int
    blessington_farthest: int
    dickens_cost: int
    dickens_per_turn: int
    twain_vp: int
    lost_in_admiration: str
    tile_reuse_card: str


@dataclass(frozen=True, slots=True)
class Rules:
    rounds: int
    plays_per_round: int
    hand_limit: int
    travellers: int  # Famous Travellers in play, one per Gazette column
    genres: tuple[str, ...]
    ideas_per_genre: int
    cafe_markers: int
    letter_markers: int
    face_down_coins: int
    market_cost: tuple[int, ...]  # by level; its length is the number of levels
    market_levels_by_categories: tuple[int, ...]
    majority_points: tuple[int, ...]
    majority_places_by_players: tuple[int, ...]
    affinity_each: int
    affinity_together: int
    experience_tokens: tuple[str, ...]
    experience_names: dict[str, str]
    night_weight: int
    duel_rewards: int
    lost_vp: int
    retire_reward: Effect
    retire_keep: int
    market_display: tuple[int, ...]
    friend_tiles: tuple[int, ...]
    letters_per_city: tuple[int, ...]
    letters_per_local: tuple[int, ...]
    starting_coins: tuple[tuple[int, ...], ...]
    intro_travellers: tuple[str, ...]
    exploration_scores: tuple[int, ...]
    tiles_per_city: int
    cafes_per_city: int
    cafe_slots: int
    journal_ideas: int
    advanced_cards: tuple[int, ...]  # Advanced cards of each level, copies included

    @property
    def levels(self) -> int:
        return len(self.market_cost)


@dataclass(frozen=True, eq=False)
class Content:
    """Everything static about the game, shared by all states of all games (compared, and
    hashed, by identity: one per content folder)."""

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
    by_rule: dict[str, Traveller]  # the traveller of each ability
    categories: dict[str, str]  # the category of every card
    begin_turn: dict[str, Effect]  # the cards with a beginning-of-turn effect
    end_round: dict[str, Effect]  # the cards with an end-of-round effect
    decks: tuple[tuple[str, ...], ...]  # each level's cards, copies included, sorted

    def card(self, card_id: str) -> Card:
        return self.advanced.get(card_id) or self.basic[card_id]

    def genre(self, index: int) -> str:
        return self.rules.genres[index]

    def traveller(self, name: str) -> Traveller | None:
        """A traveller by id or display name, in any case ("byron", "Lord Byron")."""
        wanted = name.strip().casefold()
        for traveller in self.travellers.values():
            if wanted in (traveller.id.casefold(), traveller.name.casefold()):
                return traveller
        return None


# --- the effect notation ------------------------------------------------------------------------
def parse_effect(
    text: str,
    genres: tuple[str, ...],
    where: Reader,
    key: str,
    cities: Collection[str] = (),
) -> Effect:
    """Read "a + b / c" into alternatives of step sequences; an unknown step is a DataError.
    `cities`: the cities a direct move ("goto:Roma|Napoli") may name."""
    alternatives: list[Steps] = []
    for alternative in text.split("/"):
        steps = tuple(
            _parse_step(part.strip(), genres, where, key, cities) for part in alternative.split("+")
        )
        if steps in alternatives:
            raise where.error(key, f"the alternative {alternative.strip()!r} appears twice")
        alternatives.append(steps)
    return tuple(alternatives)


def _cities_named(
    text: str, arg_text: str, cities: Collection[str], where: Reader, key: str
) -> tuple[str, ...]:
    names = tuple(arg_text.split("|"))
    unknown = [n for n in names if n not in cities]
    if unknown or not arg_text or len(set(names)) != len(names):
        raise where.error(key, f"{text!r} needs different cities of the board, separated by '|'")
    return names


def _parse_step(
    text: str, genres: tuple[str, ...], where: Reader, key: str, cities: Collection[str]
) -> Step:
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
    if kind == "cities":
        return Step(name, 0, coins, vp, _cities_named(text, arg_text, cities, where, key))
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
        if kind == "count" and arg < 1:
            raise where.error(key, f"effect {name!r} needs a count of at least 1")
    return Step(name, arg, coins, vp)


def describe_effect(effect: Effect, genres: tuple[str, ...]) -> str:
    """The notation back from a parsed effect, for the terminal and for checking data."""

    def step(s: Step) -> str:
        price = f"{s.coins}$" if s.coins else f"{s.vp}vp$" if s.vp else ""
        if s.places:
            return f"{price}{s.name}:{'|'.join(s.places)}"
        if isinstance(s.arg, tuple):
            return f"{price}{s.name}:{'|'.join(genres[g] for g in s.arg)}"
        kind = STEP_ARGS[s.name]
        show = kind == "int" or (kind == "count" and s.arg != 1) or (kind == "discount" and s.arg)
        return f"{price}{s.name}:{s.arg}" if show else f"{price}{s.name}"

    return " / ".join(" + ".join(step(s) for s in seq) for seq in effect)


def parse_condition(text: str, cities: Collection[str], where: Reader, key: str) -> Condition:
    """Read an end-of-game VP condition ("friends", "coins:3", "city:Roma|Napoli")."""
    name, _, arg_text = text.partition(":")
    kind = CONDITION_ARGS.get(name)
    if kind is None:
        raise where.error(key, f"unknown VP condition {name!r}; known: {', '.join(CONDITION_ARGS)}")
    if kind == "cities":
        return Condition(name, 1, _cities_named(text, arg_text, cities, where, key))
    if kind == "none" and arg_text:
        raise where.error(key, f"VP condition {name!r} takes no number")
    if arg_text and (not arg_text.isdigit() or int(arg_text) < 1):
        raise where.error(key, f"VP condition {name!r} needs a whole number of at least 1")
    return Condition(name, int(arg_text) if arg_text else 1)


def describe_condition(condition: Condition) -> str:
    """The notation back from a parsed condition."""
    if condition.places:
        return f"{condition.name}:{'|'.join(condition.places)}"
    return f"{condition.name}:{condition.per}" if condition.per != 1 else condition.name


# --- loading ------------------------------------------------------------------------------------
FILES = (
    "rules.toml",
    "board.toml",
    "cities.toml",
    "favours.toml",
    "friends.toml",
    "journals.toml",
    "gazette.toml",
    "editions.toml",
    "travellers.toml",
    "cards.toml",
)


def load_content(directory: str = str(DATA_DIR)) -> Content:
    """Read and validate every data file of `directory`, cached while the files stay as they
    are: a file edited on disk is read again."""
    folder = Path(directory)
    return _load(folder, stamps(folder, FILES))


@lru_cache(maxsize=8)
def _load(folder: Path, files: tuple[tuple[int, int], ...]) -> Content:
    rules = _rules(load_toml(folder / "rules.toml"))
    genres = rules.genres
    board = load_toml(folder / "board.toml")
    graph, south = _board(board)
    start = board.str("start")
    if graph.nodes.get(start, {}).get("kind") != "city":
        raise board.error("start", f"{start!r} is not a city of the board")
    board.no_other_keys()
    cities, tiles = _cities(load_toml(folder / "cities.toml"), graph, rules)
    favours = _favours(load_toml(folder / "favours.toml"), genres, cities)
    friends = _friends(load_toml(folder / "friends.toml"), cities, rules)
    journals, journal_scores = _journals(load_toml(folder / "journals.toml"), cities, rules)
    sides = _sides(load_toml(folder / "gazette.toml"), cities, rules)
    editions_file = load_toml(folder / "editions.toml")
    editions = _editions(editions_file)
    travellers, paintings = _travellers(load_toml(folder / "travellers.toml"), rules, editions)
    basic, colours, advanced = _cards(load_toml(folder / "cards.toml"), rules, cities)
    _check_tile_reuse(editions_file, editions, advanced)
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
        {traveller.rule: traveller for traveller in travellers.values()},
        {card.id: card.category for card in [*basic.values(), *advanced.values()]},
        {card.id: card.begin_turn for card in advanced.values() if card.begin_turn},
        {card.id: card.end_round for card in advanced.values() if card.end_round},
        _decks(advanced, rules.levels),
    )


def _decks(advanced: dict[str, Card], levels: int) -> tuple[tuple[str, ...], ...]:
    """Each level's deck before it is shuffled: its cards as many times as their copies."""
    return tuple(
        tuple(
            sorted(
                c for c, card in advanced.items() if card.level == level for _ in range(card.copies)
            )
        )
        for level in range(1, levels + 1)
    )


def _ints(reader: Reader, key: str, *, low: int | None = None) -> tuple[int, ...]:
    values = tuple(reader.list(key, of=int))
    for index, value in enumerate(values):
        if low is not None and value < low:
            raise reader.error(key, f"[{index}] is {value}, less than {low}")
    return values


def _by_players(reader: Reader, key: str, *, low: int = 0) -> tuple[int, ...]:
    """A table by player count: index = number of players (index 0 unused)."""
    values = _ints(reader, key, low=0)
    if len(values) != PLAYERS[1] + 1:
        raise reader.error(
            key, f"needs {PLAYERS[1] + 1} numbers (index = number of players, 0 unused)"
        )
    for players, value in enumerate(values[1:], start=1):
        if value < low:
            raise reader.error(key, f"[{players}] is {value}, less than {low}")
    return values


def _provenance(reader: Reader) -> str:
    """The source of a table, and the list of its fields that are reconstructed, if any: each
    entry must name a field of the table ("lebrun_reveal[1]" names `lebrun_reveal`)."""
    source = reader.provenance()
    for index, field in enumerate(reader.list("reconstructed", [], of=str)):
        if field.partition("[")[0] not in reader.data:
            raise reader.error("reconstructed", f"[{index}] {field!r} is not a field of this table")
    return source


def _rules(r: Reader) -> Rules:
    _provenance(r)
    genres = tuple(r.list("genres", of=str))
    if not genres or len(set(genres)) != len(genres):
        raise r.error("genres", "needs one or more different Idea genres")
    tokens = tuple(r.list("experience_tokens", of=str))
    for index, token in enumerate(tokens):
        if token not in EXPERIENCE_KINDS:
            raise r.error("experience_tokens", f"[{index}] unknown token {token!r}")
    names = r.table("experience_names")
    experience_names = {kind: names.str(kind) for kind in sorted(set(tokens))}
    names.no_other_keys()
    market_cost = _ints(r, "market_cost", low=0)
    if not market_cost:
        raise r.error("market_cost", "needs the cost of each market level")
    levels = _ints(r, "market_levels_by_categories", low=0)
    if len(levels) < 2 or max(levels) > len(market_cost) or list(levels) != sorted(levels):
        raise r.error(
            "market_levels_by_categories",
            f"needs, for 0, 1, 2, ... categories played, the best level (0 to {len(market_cost)})"
            ", never falling",
        )
    majority = _ints(r, "majority_points", low=0)
    places = _by_players(r, "majority_places_by_players")
    if not majority or max(places) > len(majority):
        raise r.error(
            "majority_points",
            f"needs points for {max(places)} places (majority_places_by_players), "
            f"has {len(majority)}",
        )
    coins = r.list("starting_coins", of=list)
    if len(coins) != PLAYERS[1]:
        raise r.error("starting_coins", f"needs one row for each of 1 to {PLAYERS[1]} players")
    for players, row in enumerate(coins, start=1):
        if len(row) != players or any(type(c) is not int or c < 0 for c in row):
            raise r.error(
                "starting_coins", f"row for {players} player(s) needs {players} coin counts"
            )
    letters_city = _by_players(r, "letters_per_city", low=1)
    letters_local = _by_players(r, "letters_per_local", low=1)
    retire_keep = r.int("retire_keep", low=0)
    rules = Rules(
        rounds=r.int("rounds", low=1),
        plays_per_round=r.int("plays_per_round", low=1),
        hand_limit=r.int("hand_limit"),
        travellers=r.int("travellers", low=1),
        genres=genres,
        ideas_per_genre=r.int("ideas_per_genre", low=1),
        cafe_markers=r.int("cafe_markers", low=0),
        letter_markers=r.int("letter_markers", low=0),
        face_down_coins=r.int("face_down_coins", low=0),
        market_cost=market_cost,
        market_levels_by_categories=levels,
        majority_points=majority,
        majority_places_by_players=places,
        affinity_each=r.int("affinity_each", low=0),
        affinity_together=r.int("affinity_together", low=0),
        experience_tokens=tokens,
        experience_names=experience_names,
        night_weight=r.int("night_weight", low=1),
        duel_rewards=r.int("duel_rewards", low=1),
        lost_vp=r.int("lost_vp", low=0),
        retire_reward=parse_effect(r.str("retire_reward"), genres, r, "retire_reward"),
        retire_keep=retire_keep,
        market_display=_by_players(r, "market_display", low=1),
        friend_tiles=_by_players(r, "friend_tiles"),
        letters_per_city=letters_city,
        letters_per_local=letters_local,
        starting_coins=tuple(tuple(row) for row in coins),
        intro_travellers=tuple(r.list("intro_travellers", of=str)),
        exploration_scores=_ints(r, "exploration_scores"),
        tiles_per_city=r.int("tiles_per_city", low=1),
        cafes_per_city=r.int("cafes_per_city", low=1),
        cafe_slots=r.int("cafe_slots", low=1),
        journal_ideas=r.int("journal_ideas", low=1),
        advanced_cards=_ints(r, "advanced_cards", low=1),
    )
    if rules.hand_limit < rules.plays_per_round:
        raise r.error(
            "hand_limit", f"a hand of {rules.hand_limit} cannot make {rules.plays_per_round} plays"
        )
    if rules.tiles_per_city < PLAYERS[1]:
        raise r.error(
            "tiles_per_city", f"each city deals as many tiles as players, up to {PLAYERS[1]}"
        )
    if len(rules.advanced_cards) != rules.levels:
        raise r.error(
            "advanced_cards", f"needs the number of cards of each of {rules.levels} levels"
        )
    if len(rules.intro_travellers) != rules.travellers:
        raise r.error("intro_travellers", f"needs {rules.travellers} travellers")
    if any(local > city for local, city in zip(letters_local, letters_city, strict=True)):
        raise r.error("letters_per_local", "a local cannot hold more markers than its city")
    r.str("exploration_scores_source", "rulebook", choices=("rulebook", "reconstructed"))
    r.no_other_keys()
    return rules


def _board(r: Reader) -> tuple[nx.Graph, dict[str, int]]:
    _provenance(r)
    outline = r.str("outline", "", choices=("", *OUTLINES))
    nodes, south = [], {}
    for kind in ("city", "countryside"):
        for node in r.tables(kind) if r.has(kind) or kind == "city" else ():
            node.provenance()
            name = node.str("name")
            if name in south:
                raise node.error("name", f"{name!r} appears twice on the board")
            pos = node.point("pos")
            south[name] = node.int("south")
            node.no_other_keys()
            nodes.append((name, {"kind": kind, "pos": pos, "south": south[name]}))
    if not any(attrs["kind"] == "city" for _, attrs in nodes):
        raise r.error("city", "the board has no city")
    edges, seen = [], set()
    for path in r.tables("path"):
        path.provenance()
        ends = path.list("between", of=str)
        for end in ends:
            if end not in south:
                raise path.error("between", f"{end!r} is not a place of the board")
        if len(ends) != 2 or ends[0] == ends[1]:
            raise path.error("between", "a path joins two different places")
        pair = frozenset(ends)
        if pair in seen:
            raise path.error("between", f"a second path between {ends[0]} and {ends[1]}")
        seen.add(pair)
        edges.append((ends[0], ends[1], {"cost": path.int("cost", low=0)}))
        path.no_other_keys()
    graph = board_graph(nodes, edges, name="Italy", outline=outline)
    if not nx.is_connected(graph):
        parts: list[set[str]] = sorted(nx.connected_components(graph), key=len)
        apart = sorted(parts[0])
        raise r.error("path", f"the board is not connected: no path reaches {', '.join(apart)}")
    return graph, south


def _cities(r: Reader, graph: nx.Graph, rules: Rules) -> tuple[dict[str, City], dict[str, Tile]]:
    genres = rules.genres
    names = [name for name, kind in graph.nodes(data="kind") if kind == "city"]
    cities: dict[str, City] = {}
    tiles: dict[str, Tile] = {}
    for city in r.tables("city"):
        city.provenance()
        name = city.str("name")
        if graph.nodes.get(name, {}).get("kind") != "city":
            raise city.error("name", f"{name!r} is not a city of board.toml")
        if name in cities:
            raise city.error("name", f"a second City board for {name}")
        cafes = []
        for cafe in city.tables("cafe"):
            cafe.provenance()
            cost = cafe.table("cost")
            for genre in cost.data:
                if genre not in genres:
                    raise cost.error(genre, "unknown Idea genre")
            vp = cafe.list("vp", of=int)
            if len(vp) != rules.cafe_slots:
                raise cafe.error(
                    "vp", f"a discussion holds up to {rules.cafe_slots} Café markers, got {len(vp)}"
                )
            if vp != sorted(vp, reverse=True):
                raise cafe.error("vp", "needs the slots' VP, best first")
            price = tuple(cost.int(g, 0, low=0) for g in genres)
            if not any(price):
                raise cafe.error("cost", "a discussion costs at least one Idea token")
            cafes.append(Cafe(price, tuple(vp)))
            cafe.no_other_keys()
        if len(cafes) != rules.cafes_per_city:
            raise city.error(
                "cafe", f"a city has {rules.cafes_per_city} café discussions, found {len(cafes)}"
            )
        ids = []
        for tile in city.tables("tile"):
            tile.provenance()
            tile_id = tile.str("id")
            if tile_id in tiles:
                raise tile.error("id", f"tile {tile_id!r} appears twice")
            tiles[tile_id] = Tile(
                tile_id, name, parse_effect(tile.str("reward"), genres, tile, "reward", names)
            )
            ids.append(tile_id)
            tile.no_other_keys()
        if len(ids) != rules.tiles_per_city:
            raise city.error(
                "tile", f"a city has {rules.tiles_per_city} Exploration tiles, found {len(ids)}"
            )
        cities[name] = City(
            name,
            city.int("favour_slot", low=1, high=2),
            parse_effect(city.str("reward"), genres, city, "reward", names),
            tuple(cafes),
            tuple(ids),
        )
        city.no_other_keys()
    missing = [n for n, kind in graph.nodes(data="kind") if kind == "city" and n not in cities]
    if missing:
        raise r.error("city", f"no City board for {', '.join(missing)}")
    r.no_other_keys()
    return cities, tiles


def _favours(r: Reader, genres: tuple[str, ...], cities: dict[str, City]) -> dict[str, Favour]:
    favours: dict[str, Favour] = {}
    for tile in r.tables("favour"):
        favour_id = tile.str("id")
        if favour_id in favours:
            raise tile.error("id", f"Favour tile {favour_id!r} appears twice")
        left = parse_effect(tile.str("left"), genres, tile, "left", cities)
        right = parse_effect(tile.str("right"), genres, tile, "right", cities)
        favours[favour_id] = Favour(
            favour_id,
            tile.int("back", low=1, high=2),
            (left, right),
            tile.str("text"),
            tile.provenance(),
        )
        tile.no_other_keys()
    for back in (1, 2):
        slots = sum(1 for city in cities.values() if city.favour_slot == back)
        count = sum(1 for favour in favours.values() if favour.back == back)
        if count < slots:
            raise r.error(
                "favour", f"{slots} cities take a tile with back {back}, only {count} tiles have it"
            )
    r.no_other_keys()
    return favours


def _friends(r: Reader, cities: dict[str, City], rules: Rules) -> tuple[str, ...]:
    friends: list[str] = []
    for friend in r.tables("friend"):
        friend.provenance()
        city = friend.str("city", choices=tuple(cities))
        if city in friends:
            raise friend.error("city", f"two Friend tiles for {city}")
        friends.append(city)
        friend.no_other_keys()
    if max(rules.friend_tiles) > len(friends):
        raise r.error(
            "friend",
            f"rules.toml draws up to {max(rules.friend_tiles)} Friend tiles, "
            f"only {len(friends)} exist",
        )
    r.no_other_keys()
    return tuple(friends)


def _journals(
    r: Reader, cities: dict[str, City], rules: Rules
) -> tuple[dict[str, Journal], tuple[int, ...]]:
    _provenance(r)
    genres = rules.genres
    slots = rules.journal_ideas + 2  # the Idea slots, the city and the friend
    scores = _ints(r, "scores", low=0)
    if len(scores) != slots + 1:
        raise r.error("scores", f"needs the VP for 0..{slots} filled slots")
    for index, filled in enumerate(r.list("printed", [], of=int)):
        if not 0 <= filled <= slots:
            raise r.error("printed", f"[{index}] {filled} is not a number of filled slots")
    journals: dict[str, Journal] = {}
    for journal in r.tables("journal"):
        journal.provenance()
        ideas = journal.list("ideas", of=str)
        if len(ideas) != rules.journal_ideas or any(i not in genres for i in ideas):
            raise journal.error("ideas", f"needs {rules.journal_ideas} Idea genres")
        journal_id = journal.str("id")
        if journal_id in journals:
            raise journal.error("id", f"Journal {journal_id!r} appears twice")
        journals[journal_id] = Journal(
            journal_id,
            journal.str("stack", choices=("A", "B")),
            tuple(genres.index(i) for i in ideas),
            journal.str("city", choices=tuple(cities)),
        )
        journal.no_other_keys()
    for stack in ("A", "B"):
        count = sum(1 for j in journals.values() if j.stack == stack)
        if count < PLAYERS[1]:
            raise r.error(
                "journal", f"stack {stack} needs a Journal for each of {PLAYERS[1]} players"
            )
    r.no_other_keys()
    return journals, scores


def _sides(r: Reader, cities: dict[str, City], rules: Rules) -> dict[str, Side]:
    genres = rules.genres
    sides: dict[str, Side] = {}
    for side in r.tables("side"):
        side.provenance()
        slot_players = _ints(side, "slot_players", low=1)
        if not slot_players or slot_players[0] > PLAYERS[0]:
            raise side.error("slot_players", f"the first slot must open with {PLAYERS[0]} player")
        columns = []
        for column in side.tables("column"):
            column.provenance()
            names = column.list("cities", of=str)
            if len(names) != rules.rounds or any(n not in cities for n in names):
                raise column.error(
                    "cities", f"needs a city of the board for each of {rules.rounds} rounds"
                )
            rows = column.list("rewards", of=list)
            if len(rows) != rules.rounds or any(len(row) != len(slot_players) for row in rows):
                raise column.error(
                    "rewards", f"needs {rules.rounds} rows of {len(slot_players)} rewards"
                )
            rewards = tuple(
                tuple(
                    parse_effect(_text(column, "rewards", text), genres, column, "rewards", cities)
                    for text in row
                )
                for row in rows
            )
            columns.append(Column(tuple(names), rewards))
            column.no_other_keys()
        if len(columns) != rules.travellers:
            raise side.error("column", f"a Gazette side has {rules.travellers} traveller columns")
        bonus = side.str("first_column_bonus", "")
        name = side.str("name")
        if name in sides:
            raise side.error("name", f"Gazette side {name!r} appears twice")
        sides[name] = Side(
            name,
            slot_players,
            tuple(columns),
            parse_effect(bonus, genres, side, "first_column_bonus", cities) if bonus else None,
        )
        side.no_other_keys()
    if not sides:
        raise r.error("side", "needs at least one Gazette side")
    r.no_other_keys()
    return sides


def _text(reader: Reader, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise reader.error(key, f"expected effects as strings, got {value!r}")
    return value


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
    r: Reader, rules: Rules, editions: dict[str, Edition]
) -> tuple[dict[str, Traveller], tuple[tuple[str, int], ...]]:
    travellers: dict[str, Traveller] = {}
    abilities: set[str] = set()
    for t in r.tables("traveller"):
        t.provenance()
        traveller_id = t.str("id")
        if traveller_id in travellers:
            raise t.error("id", f"traveller {traveller_id!r} appears twice")
        rule = t.str("rule", choices=TRAVELLER_RULES)
        if rule in abilities:
            raise t.error("rule", f"two travellers have the ability {rule!r}")
        abilities.add(rule)
        travellers[traveller_id] = Traveller(
            traveller_id,
            t.str("name"),
            t.str("set", choices=("A", "B", "C", "D")),
            rule,
            t.bool("duel"),
            t.str("text"),
        )
        t.no_other_keys()
    if len(travellers) < rules.travellers:
        raise r.error("traveller", f"needs at least {rules.travellers} travellers")
    for index, name in enumerate(rules.intro_travellers):
        if name not in travellers:
            raise r.error("traveller", f"introductory traveller [{index}] {name!r} is unknown")
    for period in sorted({t.set for t in travellers.values()}):
        count = sum(1 for t in travellers.values() if t.set == period)
        if count != rules.travellers:
            raise r.error("traveller", f"historical set {period} has {count} travellers")
    paintings: list[tuple[str, int]] = []
    for p in r.tables("painting"):
        p.provenance()
        name = p.str("name")
        if any(name == other for other, _ in paintings):
            raise p.error("name", f"the {name} painting appears twice")
        paintings.append((name, p.int("copies", low=1, high=MAX_COPIES)))
        p.no_other_keys()
    for edition in editions.values():
        if len(edition.lebrun_values) != len(paintings):
            raise r.error(
                "painting",
                f"editions.toml {edition.name}.lebrun_values scores 1..{len(edition.lebrun_values)}"
                f" different paintings, there are {len(paintings)} kinds",
            )
        if any(remove >= min(c for _, c in paintings) for remove in edition.lebrun_remove_per_type):
            raise r.error("painting", f"editions.toml {edition.name} removes every copy of one")
    r.no_other_keys()
    return travellers, tuple(paintings)


CATEGORIES = ("travel", "friendship", "inspiration", "festivities")


def _cards(
    r: Reader, rules: Rules, cities: Collection[str]
) -> tuple[dict[str, Card], tuple[tuple[str, Effect], ...], dict[str, Card]]:
    genres = rules.genres
    basic: dict[str, Card] = {}
    for card in r.tables("basic"):
        card_id = card.str("id")
        if card_id in basic:
            raise card.error("id", f"card {card_id!r} appears twice")
        name = card.str("name")
        basic[card_id] = Card(
            card_id,
            0,
            card.str("category", choices=CATEGORIES),
            0,
            parse_effect(card.str("effect"), genres, card, "effect"),
            card.str("text"),
            card.provenance(),
            f"{name} card",
            f"the {name} card",
        )
        card.no_other_keys()
    if len(basic) < rules.plays_per_round:
        raise r.error(
            "basic", f"a hand of {len(basic)} Basic cards cannot make {rules.plays_per_round} plays"
        )
    colours = []
    for colour in r.tables("colour"):
        colour.provenance()
        colours.append(
            (colour.str("name"), parse_effect(colour.str("ideas"), genres, colour, "ideas"))
        )
        colour.no_other_keys()
    if len(colours) < PLAYERS[1]:
        raise r.error("colour", f"needs a colour for each of {PLAYERS[1]} players")
    advanced: dict[str, Card] = {}
    for card in r.tables("advanced"):
        card_id = card.str("id")
        if card_id in advanced or card_id in basic:
            raise card.error("id", f"card {card_id!r} appears twice")
        now, begin, end = (
            _optional_effect(card, key, genres, cities)
            for key in ("effect", "begin_turn", "end_round")
        )
        if not (now or begin or end):
            raise card.error("effect", "a card needs an effect, a begin_turn or an end_round")
        condition = card.str("vp_for", "")
        advanced[card_id] = Card(
            card_id,
            card.int("level", low=1, high=rules.levels),
            card.str("category", choices=CATEGORIES),
            card.int("vp", low=0),
            now,
            card.str("text"),
            _provenance(card),
            f"card {card_id}",
            f"card {card_id}",
            card.int("copies", 1, low=1, high=MAX_COPIES),
            begin,
            end,
            parse_condition(condition, cities, card, "vp_for") if condition else None,
        )
        card.no_other_keys()
    r.no_other_keys()
    _check_levels(r, rules, advanced)
    return basic, tuple(colours), advanced


def _check_levels(r: Reader, rules: Rules, advanced: dict[str, Card]) -> None:
    """Each level holds as many cards, copies included, as rules.toml's `advanced_cards`."""
    for level, wanted in enumerate(rules.advanced_cards, start=1):
        found = sum(card.copies for card in advanced.values() if card.level == level)
        if found != wanted:
            raise r.error(
                "advanced",
                f"level {level} has {found} cards (copies included); rules.toml's "
                f"advanced_cards says {wanted}",
            )


def _optional_effect(
    reader: Reader, key: str, genres: tuple[str, ...], cities: Collection[str]
) -> Effect:
    """An effect field a card may leave out (no effect: `()`)."""
    text = reader.str(key, "")
    return parse_effect(text, genres, reader, key, cities) if text else ()


def _check_tile_reuse(r: Reader, editions: dict[str, Edition], advanced: dict[str, Card]) -> None:
    """Each edition's tile-reuse card is one of the Advanced cards."""
    for edition in editions.values():
        if edition.tile_reuse_card not in advanced:
            raise r.error(
                f"{edition.name}.tile_reuse_card",
                f"card {edition.tile_reuse_card!r} is not an Advanced card of cards.toml",
            )


def _editions(r: Reader) -> dict[str, Edition]:
    editions = {}
    for name in EDITIONS:
        e = r.table(name)
        _provenance(e)
        lebrun = {key: _by_players(e, key) for key in ("lebrun_reveal", "lebrun_remove_per_type")}
        editions[name] = Edition(
            name=name,
            addison_vp=e.int("addison_vp", low=0),
            addison_trigger=e.str("addison_trigger", choices=("marker_in_city", "action_in_city")),
            montagu_ideas=e.int("montagu_ideas", low=1),
            montagu_vp=e.int("montagu_vp", low=0),
            montesquieu_vp=e.int("montesquieu_vp", low=0),
            craven_discount=e.int("craven_discount", low=0),
            goethe_needs_city=e.bool("goethe_needs_city"),
            goethe_max=e.int("goethe_max", low=0),
            lebrun_values=_ints(e, "lebrun_values", low=0),
            lebrun_display=e.str("lebrun_display", choices=("revealed", "open")),
            lebrun_reveal=lebrun["lebrun_reveal"],
            lebrun_remove_per_type=lebrun["lebrun_remove_per_type"],
            byron_cost=e.int("byron_cost", low=0),
            keats_play_vp=e.int("keats_play_vp", low=0),
            keats_round_vp=e.int("keats_round_vp", low=0),
            shelley_vp=e.int("shelley_vp", low=0),
            blessington_closest=e.int("blessington_closest"),
            blessington_farthest=e.int("blessington_farthest"),
            dickens_cost=e.int("dickens_cost", low=0),
            dickens_per_turn=e.int("dickens_per_turn", low=0),
            twain_vp=e.int("twain_vp", low=0),
            lost_in_admiration=e.str("lost_in_admiration", choices=("once", "every_market")),
            tile_reuse_card=e.str("tile_reuse_card"),
        )
        e.no_other_keys()
    r.no_other_keys()
    return editions


def listing(values: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(values)
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)
