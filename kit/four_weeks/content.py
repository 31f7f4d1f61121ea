"""The game's content read from `seeds/four_weeks/` (or a folder of the same four files) and
validated into frozen dataclasses.

Rule code never hard-codes a card's numbers: the map, the Location deck, the Extras, the Income
track and every number of the rules come from here, so a user with the physical game can replace
the reconstructed values by editing the TOML files alone. A custom folder goes through exactly the
same checks; every mistake is a `DataError` naming the file, the field and the problem."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import networkx as nx

from kit.core.board import OUTLINES, board_graph
from kit.core.data import SEEDS_DIR, Reader, load_toml, resolved, stamps
from kit.four_weeks.effects import EFFECTS, RESOURCES, Effect

DATA_DIR = SEEDS_DIR / "four_weeks"
FILES = ("map.toml", "locations.toml", "extras.toml", "rules.toml")
TAGS = ("culture", "food", "nature", "nightlife")
ACTIVITIES = ("write", "rest", "plan")
# Players: 1 to 4 (the kit's decision, see seeds/four_weeks/README.md); seats are 0 to 3.
MIN_PLAYERS, MAX_PLAYERS = 1, 4


@dataclass(frozen=True, slots=True)
class Region:
    index: int
    code: str
    name: str
    pos: tuple[int, int]
    source: str


@dataclass(frozen=True, slots=True)
class Location:
    """A Location card: visited in its region for `days` days (less Excitement, at least one)."""

    index: int
    id: str
    name: str
    region: int
    days: int
    tags: tuple[int, ...]  # indices in TAGS
    effect: Effect
    bonus_days: frozenset[int]  # weekday numbers, 0 = the first day of the week
    bonus: Effect
    source: str

    @property
    def title(self) -> str:
        """The card as labels and observations show it: 'BRI1 (Borough Market)'."""
        return f"{self.id} ({self.name})"


@dataclass(frozen=True, slots=True)
class LocalTile:
    region: int
    cost: Effect
    reward: Effect
    source: str


@dataclass(frozen=True, slots=True)
class BucketList:
    region: int
    needs: tuple[tuple[int, int], ...]  # (tag index, count) pairs
    points: int
    source: str


@dataclass(frozen=True, slots=True)
class Festival:
    index: int
    region: int
    name: str
    cost: Effect
    reward: Effect
    source: str


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the rules, printed or reconstructed (see `seeds/four_weeks/README.md`)."""

    weeks: int
    days_per_week: int
    weekdays: tuple[str, ...]
    hand_size: int
    plane_coins: int
    train_energy_per_segment: int
    income_base: int
    income_resource: int
    income_track: tuple[Effect, ...]
    start_resources: tuple[int, ...]
    first_player: int
    activities: tuple[Effect, ...]  # by index in ACTIVITIES
    activity_discards: int
    activity_days: int
    skip_days: int
    festivals_per_week: int
    insider_weight: int
    region_places: tuple[int, ...]
    regions_visited: tuple[int, ...]
    resources_per_point: int


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Everything a game reads from its folder; compared and hashed by identity (one object per
    folder version, shared by every game made from it)."""

    regions: tuple[Region, ...]
    graph: nx.Graph
    distance: tuple[tuple[int, ...], ...]  # train segments between regions
    locations: tuple[Location, ...]
    local_tiles: tuple[LocalTile | None, ...]  # by region
    bucket_lists: tuple[BucketList | None, ...]  # by region
    festivals: tuple[Festival, ...]
    rules: Rules

    def region_index(self, code: str) -> int:
        return next(r.index for r in self.regions if r.code == code)


def load_content(directory: Path | str = DATA_DIR) -> Content:
    """Read and check the four files of `directory`; a mistake names file, field and problem.

    The result is cached while the files stay as they are: a file edited on disk (a teacher's
    own board, changed between two runs in a notebook) is read again."""
    folder = resolved(Path(directory))
    return _load(folder, stamps(folder, FILES))


@lru_cache(maxsize=8)
def _load(folder: Path, stamps: tuple[tuple[int, int], ...]) -> Content:
    rules_file = load_toml(folder / "rules.toml")
    rules = _read_rules(rules_file)
    regions, graph = _read_map(load_toml(folder / "map.toml"))
    codes = {region.code: region.index for region in regions}
    scoring = rules_file.table("final_scoring")
    if len(rules.regions_visited) != len(regions) + 1:
        raise scoring.error(
            "regions_visited",
            f"expected {len(regions) + 1} values, one per count of regions 0..{len(regions)}",
        )
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    distance = tuple(tuple(lengths[a.code][b.code] for b in regions) for a in regions)
    locations = _read_locations(load_toml(folder / "locations.toml"), codes, rules)
    extras = load_toml(folder / "extras.toml")
    content = Content(
        regions=regions,
        graph=graph,
        distance=distance,
        locations=locations,
        local_tiles=_by_region(extras, "local_tiles", codes, _read_local_tile),
        bucket_lists=_by_region(extras, "bucket_lists", codes, _read_bucket_list),
        festivals=_read_festivals(extras, codes),
        rules=rules,
    )
    extras.no_other_keys()
    rules_file.no_other_keys()
    return content


# --- the map ------------------------------------------------------------------------------------
def _read_map(data: Reader) -> tuple[tuple[Region, ...], nx.Graph]:
    outline = data.str("outline", "", choices=("", *OUTLINES))
    regions: list[Region] = []
    for index, item in enumerate(data.tables("regions")):
        code = item.str("code")
        if len(code) != 3 or not code.isupper():
            raise item.error("code", f"{code!r} is not a three-letter capital code")
        if any(r.code == code for r in regions):
            raise item.error("code", f"region {code!r} is listed twice")
        pos = item.point("pos")
        regions.append(Region(index, code, item.str("name"), pos, item.provenance()))
        item.no_other_keys()
    if not regions:
        raise data.error("regions", "the map needs at least one region")
    codes = {region.code for region in regions}
    edges: list[tuple[str, str, dict[str, object]]] = []
    joined: set[frozenset[str]] = set()
    for item in data.tables("routes"):
        ends = item.list("between", of=str)
        if len(ends) != 2 or ends[0] == ends[1]:
            raise item.error("between", "a route joins two different regions")
        for end in ends:
            if end not in codes:
                raise item.error("between", f"region {end!r} is not on the map")
        if frozenset(ends) in joined:
            raise item.error("between", f"the route {ends[0]}-{ends[1]} is listed twice")
        joined.add(frozenset(ends))
        item.provenance()
        item.no_other_keys()
        edges.append((ends[0], ends[1], {"kind": "train", "cost": 1}))
    data.no_other_keys()
    nodes = [(r.code, {"pos": r.pos, "name": r.name, "index": r.index}) for r in regions]
    graph = board_graph(nodes, edges, name="four_weeks", outline=outline)
    reached = nx.node_connected_component(graph, regions[0].code)
    if len(reached) < len(regions):
        cut_off = ", ".join(r.code for r in regions if r.code not in reached)
        raise data.error(
            "routes", f"the map is not connected: no train reaches {cut_off} from {regions[0].code}"
        )
    return tuple(regions), graph


# --- cards and Extras ---------------------------------------------------------------------------
def read_effect(item: Reader, key: str) -> Effect:
    """A table of named effects with positive amounts, e.g. `{ pay_coins = 2, points = 5 }`."""
    table = item.table(key)
    effect = []
    names = table.keys()
    for name in names:
        if name not in EFFECTS:
            raise table.error(name, f"unknown effect; known: {', '.join(EFFECTS)}")
        effect.append((name, table.int(name, low=1)))
    return tuple(effect)


def _region(item: Reader, codes: dict[str, int]) -> int:
    code = item.str("region")
    if code not in codes:
        raise item.error("region", f"region {code!r} is not on the map")
    return codes[code]


def _tag(table: Reader, key: str, tag: str) -> int:
    if tag not in TAGS:
        raise table.error(key, f"{tag!r} is not one of {', '.join(TAGS)}")
    return TAGS.index(tag)


def _read_locations(data: Reader, codes: dict[str, int], rules: Rules) -> tuple[Location, ...]:
    cards: list[Location] = []
    weekdays = rules.weekdays
    for index, item in enumerate(data.tables("locations")):
        card_id = item.str("id")
        if any(card.id == card_id for card in cards):
            raise item.error("id", f"card {card_id!r} is listed twice")
        tags = tuple(_tag(item, "tags", tag) for tag in item.list("tags", of=str))
        days = item.list("bonus_days", [], of=str)
        for day in days:
            if day not in weekdays:
                raise item.error("bonus_days", f"{day!r} is not one of {', '.join(weekdays)}")
        bonus = read_effect(item, "bonus") if item.has("bonus") else ()
        if bool(days) != bool(bonus):
            raise item.error("bonus", "a weekday bonus needs both bonus_days and bonus")
        cards.append(
            Location(
                index=index,
                id=card_id,
                name=item.str("name"),
                region=_region(item, codes),
                days=item.int("days", low=1, high=rules.days_per_week),
                tags=tags,
                effect=read_effect(item, "effect"),
                bonus_days=frozenset(weekdays.index(day) for day in days),
                bonus=bonus,
                source=item.provenance(),
            )
        )
        item.no_other_keys()
    if not cards:
        raise data.error("locations", "the Location deck needs at least one card")
    data.no_other_keys()
    return tuple(cards)


T = TypeVar("T", LocalTile, BucketList)


def _by_region(
    data: Reader, key: str, codes: dict[str, int], read: Callable[[Reader, dict[str, int]], T]
) -> tuple[T | None, ...]:
    """One item per region at most, indexed by region."""
    found: list[T | None] = [None] * len(codes)
    for item in data.tables(key):
        value = read(item, codes)
        if found[value.region] is not None:
            raise item.error("region", "this region already has one")
        found[value.region] = value
        item.no_other_keys()
    return tuple(found)


def _read_local_tile(item: Reader, codes: dict[str, int]) -> LocalTile:
    return LocalTile(
        _region(item, codes),
        read_effect(item, "cost"),
        read_effect(item, "reward"),
        item.provenance(),
    )


def _read_bucket_list(item: Reader, codes: dict[str, int]) -> BucketList:
    table = item.table("needs")
    tags = table.keys()
    needs = tuple((_tag(table, tag, tag), table.int(tag, low=1)) for tag in tags)
    if not needs:
        raise item.error("needs", "a Bucket List needs at least one tag")
    return BucketList(_region(item, codes), needs, item.int("points", low=0), item.provenance())


def _read_festivals(data: Reader, codes: dict[str, int]) -> tuple[Festival, ...]:
    festivals: list[Festival] = []
    for index, item in enumerate(data.tables("festivals")):
        name = item.str("name")
        if any(festival.name == name for festival in festivals):
            raise item.error("name", f"the Festival {name!r} is listed twice")
        festivals.append(
            Festival(
                index,
                _region(item, codes),
                name,
                read_effect(item, "cost"),
                read_effect(item, "reward"),
                item.provenance(),
            )
        )
        item.no_other_keys()
    return tuple(festivals)


# --- the numbers of the rules -------------------------------------------------------------------
def _tables(data: Reader, *keys: str) -> Iterator[Reader]:
    """The named tables of rules.toml, each with its provenance."""
    for key in keys:
        table = data.table(key)
        table.provenance()
        yield table


def _read_rules(data: Reader) -> Rules:
    calendar, cost, display, travel, income, resource, start, activities, insider = _tables(
        data,
        "calendar",
        "activity_cost",
        "festival_display",
        "travel",
        "income",
        "income_resource",
        "start",
        "activities",
        "insider_tip",
    )
    skip, places, scoring = _tables(data, "skip_activity", "region_scoring", "final_scoring")
    days = calendar.int("days_per_week", low=1, high=7)
    weekdays = calendar.list("weekdays", of=str)
    if len(weekdays) != days or len(set(weekdays)) != days:
        raise calendar.error("weekdays", f"expected {days} different names, one per day")
    track = []
    for item in data.tables("income_track"):
        item.provenance()
        track.append(read_effect(item, "gain"))
        item.no_other_keys()
    if not track:
        raise data.error("income_track", "the Income track needs at least one position")
    held = start.table("resources")
    start_resources = tuple(held.int(name, low=0) for name in RESOURCES)
    held.no_other_keys()
    rules = Rules(
        weeks=calendar.int("weeks", low=1),
        days_per_week=days,
        weekdays=tuple(weekdays),
        hand_size=calendar.int("hand_size", low=1),
        plane_coins=travel.int("plane_coins", low=0),
        train_energy_per_segment=travel.int("train_energy_per_segment", low=0),
        income_base=income.int("base", low=0),
        income_resource=RESOURCES.index(resource.str("resource", choices=RESOURCES)),
        income_track=tuple(track),
        start_resources=start_resources,
        first_player=start.int("first_player", low=0, high=MAX_PLAYERS - 1),
        activities=tuple(read_effect(activities, name) for name in ACTIVITIES),
        activity_discards=cost.int("discards", low=0),
        activity_days=cost.int("days", low=1, high=days),
        skip_days=skip.int("days", low=1, high=days),
        festivals_per_week=display.int("regions", low=0),
        insider_weight=insider.int("weight", low=1),
        region_places=_places(places),
        regions_visited=_regions_visited(scoring),
        resources_per_point=scoring.int("resources_per_point", low=1),
    )
    for table in (calendar, cost, display, travel, income, resource, start, activities):
        table.no_other_keys()
    for table in (skip, insider, places, scoring):
        table.no_other_keys()
    return rules


def _places(table: Reader) -> tuple[int, ...]:
    """Region scoring's points by place: one value per place from the first, at most one place
    per player, never more points for a lower place."""
    places = table.list("places", of=int)
    if not 1 <= len(places) <= MAX_PLAYERS:
        raise table.error(
            "places", f"expected 1 to {MAX_PLAYERS} values (points of the first place, ...)"
        )
    _never_below(table, "places", places, "points", falling=True)
    return tuple(places)


def _regions_visited(table: Reader) -> tuple[int, ...]:
    visited = table.list("regions_visited", of=int)
    _never_below(table, "regions_visited", visited, "points", falling=False)
    return tuple(visited)


def _never_below(table: Reader, key: str, values: list[int], what: str, *, falling: bool) -> None:
    """No negative value, and the values go only down (`falling`) or only up."""
    for index, value in enumerate(values):
        if value < 0:
            raise table.error(key, f"value {index + 1} is {value}: {what} cannot be negative")
        if index and (value > values[index - 1] if falling else value < values[index - 1]):
            order = "more" if falling else "fewer"
            raise table.error(
                key, f"value {index + 1} ({value}) gives {order} {what} than value {index}"
            )
