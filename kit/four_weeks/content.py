"""The game's content read from `seeds/four_weeks/` and validated into frozen dataclasses.

Rule code never hard-codes a card's numbers: the map, the Location deck, the Extras, the Income
track and every scoring table come from here, so a user with the physical game can replace the
reconstructed values by editing the TOML files alone."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import networkx as nx

from kit.core.board import board_graph
from kit.core.data import SEEDS_DIR, Reader, load_toml
from kit.four_weeks.effects import EFFECTS, RESOURCES

DATA_DIR = SEEDS_DIR / "four_weeks"
TAGS = ("culture", "food", "nature", "nightlife")

Effect = tuple[tuple[str, int], ...]  # named effects with their amounts, in resolution order


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
    tags: tuple[str, ...]
    effect: Effect
    bonus_days: frozenset[int]  # weekday numbers, 0 = Monday
    bonus: Effect
    source: str


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
    activities: dict[str, Effect]
    activity_discards: int
    activity_days: int
    festivals_per_week: int
    insider_weight: int
    region_places: tuple[int, ...]
    regions_visited: tuple[int, ...]
    resources_per_point: int


@dataclass(frozen=True, slots=True)
class Content:
    regions: tuple[Region, ...]
    graph: nx.Graph
    distance: tuple[tuple[int, ...], ...]  # train segments between regions (-1: no route)
    locations: tuple[Location, ...]
    local_tiles: tuple[LocalTile | None, ...]  # by region
    bucket_lists: tuple[BucketList | None, ...]  # by region
    festivals: tuple[Festival, ...]
    rules: Rules

    def region_index(self, code: str) -> int:
        return next(r.index for r in self.regions if r.code == code)


@lru_cache(maxsize=4)
def load_content(directory: Path = DATA_DIR) -> Content:
    """Read and check the four files of `directory`; a mistake names file, field and problem."""
    regions, graph = _read_map(load_toml(Path(directory) / "map.toml"))
    codes = {region.code: region.index for region in regions}
    distance = tuple(
        tuple(
            nx.shortest_path_length(graph, a.code, b.code)
            if nx.has_path(graph, a.code, b.code)
            else -1
            for b in regions
        )
        for a in regions
    )
    locations = _read_locations(load_toml(Path(directory) / "locations.toml"), codes)
    extras = load_toml(Path(directory) / "extras.toml")
    rules_file = load_toml(Path(directory) / "rules.toml")
    rules = _read_rules(rules_file)
    if len(rules.regions_visited) != len(regions) + 1:
        raise rules_file.table("final_scoring").error(
            "regions_visited",
            f"expected {len(regions) + 1} values, one per count 0..{len(regions)}",
        )
    return Content(
        regions=regions,
        graph=graph,
        distance=distance,
        locations=locations,
        local_tiles=_by_region(extras, "local_tiles", codes, _read_local_tile),
        bucket_lists=_by_region(extras, "bucket_lists", codes, _read_bucket_list),
        festivals=tuple(
            _read_festival(index, item, codes)
            for index, item in enumerate(extras.tables("festivals"))
        ),
        rules=rules,
    )


def _read_map(data: Reader) -> tuple[tuple[Region, ...], nx.Graph]:
    regions: list[Region] = []
    for index, item in enumerate(data.tables("regions")):
        code = item.str("code")
        if len(code) != 3 or not code.isupper():
            raise item.error("code", f"{code!r} is not a three-letter capital code")
        if any(r.code == code for r in regions):
            raise item.error("code", f"region {code!r} is listed twice")
        pos = item.list("pos", of=int)
        if len(pos) != 2:
            raise item.error("pos", "expected [x, y]")
        regions.append(Region(index, code, item.str("name"), (pos[0], pos[1]), item.provenance()))
    codes = {region.code for region in regions}
    edges = []
    for item in data.tables("routes"):
        ends = item.list("between", of=str)
        if len(ends) != 2 or ends[0] == ends[1]:
            raise item.error("between", "a route joins two different regions")
        for end in ends:
            if end not in codes:
                raise item.error("between", f"region {end!r} is not on the map")
        item.provenance()
        edges.append((ends[0], ends[1], {"kind": "train", "cost": 1}))
    nodes = [(r.code, {"pos": r.pos, "name": r.name, "index": r.index}) for r in regions]
    return tuple(regions), board_graph(nodes, edges, name="four_weeks")


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


def _read_locations(data: Reader, codes: dict[str, int]) -> tuple[Location, ...]:
    cards: list[Location] = []
    weekdays = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
    for index, item in enumerate(data.tables("locations")):
        card_id = item.str("id")
        if any(card.id == card_id for card in cards):
            raise item.error("id", f"card {card_id!r} is listed twice")
        tags = item.list("tags", of=str)
        for tag in tags:
            if tag not in TAGS:
                raise item.error("tags", f"{tag!r} is not one of {', '.join(TAGS)}")
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
                days=item.int("days", low=1, high=7),
                tags=tuple(tags),
                effect=read_effect(item, "effect"),
                bonus_days=frozenset(weekdays.index(day) for day in days),
                bonus=bonus,
                source=item.provenance(),
            )
        )
    return tuple(cards)


def _by_region(data: Reader, key: str, codes: dict[str, int], read) -> tuple:
    """One item per region at most, indexed by region."""
    found: list = [None] * len(codes)
    for item in data.tables(key):
        value = read(item, codes)
        if found[value.region] is not None:
            raise item.error("region", "this region already has one")
        found[value.region] = value
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
    needs = []
    tags = table.keys()
    for tag in tags:
        if tag not in TAGS:
            raise table.error(tag, f"{tag!r} is not one of {', '.join(TAGS)}")
        needs.append((TAGS.index(tag), table.int(tag, low=1)))
    return BucketList(
        _region(item, codes), tuple(needs), item.int("points", low=0), item.provenance()
    )


def _read_festival(index: int, item: Reader, codes: dict[str, int]) -> Festival:
    return Festival(
        index,
        _region(item, codes),
        item.str("name"),
        read_effect(item, "cost"),
        read_effect(item, "reward"),
        item.provenance(),
    )


def _read_rules(data: Reader) -> Rules:
    calendar, travel, start = data.table("calendar"), data.table("travel"), data.table("start")
    income, scoring = data.table("income"), data.table("final_scoring")
    activities, places = data.table("activities"), data.table("region_scoring")
    insider, resource = data.table("insider_tip"), data.table("income_resource")
    cost, display = data.table("activity_cost"), data.table("festival_display")
    tables = (calendar, travel, start, income, scoring, activities, places, insider, resource)
    for table in (*tables, cost, display):
        table.provenance()
    weekdays = calendar.list("weekdays", of=str)
    days = calendar.int("days_per_week", low=1, high=7)
    if len(weekdays) != days:
        raise calendar.error("weekdays", f"expected {days} names")
    track = []
    for item in data.tables("income_track"):
        item.provenance()
        track.append(read_effect(item, "gain"))
    if not track:
        raise data.error("income_track", "the Income track needs at least one position")
    resources = start.table("resources")
    visited = scoring.list("regions_visited", of=int)
    return Rules(
        weeks=calendar.int("weeks", low=1),
        days_per_week=days,
        weekdays=tuple(weekdays),
        hand_size=calendar.int("hand_size", low=0),
        plane_coins=travel.int("plane_coins", low=0),
        train_energy_per_segment=travel.int("train_energy_per_segment", low=0),
        income_base=income.int("base", low=0),
        income_resource=RESOURCES.index(resource.str("resource", choices=RESOURCES)),
        income_track=tuple(track),
        start_resources=tuple(resources.int(name, low=0) for name in RESOURCES),
        first_player=start.int("first_player", low=0),
        activities={name: read_effect(activities, name) for name in ("write", "rest", "plan")},
        activity_discards=cost.int("discards", low=0),
        activity_days=cost.int("days", low=1),
        festivals_per_week=display.int("regions", low=0),
        insider_weight=insider.int("weight", low=1),
        region_places=tuple(places.list("places", of=int)),
        regions_visited=tuple(visited),
        resources_per_point=scoring.int("resources_per_point", low=1),
    )
