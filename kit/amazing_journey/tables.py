"""Tables computed once per content, so that play needs no search: where each route leads from
each city and which cities lie between (as a bitmask), the departures of each day, the die's
results with their chances, and every action (`ActionBook`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import DEPART, TICKET, WILDCARD, ActionBook, Travel
from kit.amazing_journey.content import (
    DIR,
    FILES,
    ROUTE_TYPES,
    Content,
    DieResult,
    Route,
    load_content,
)
from kit.core.data import stamps

Reach = dict[int, tuple[tuple[int, int], ...]]
"""For each city of a route: (destination, mask of the cities passed on the way) pairs."""

Way = tuple[int, int, Travel, Travel, Travel]
"""Along a route from a city: a destination, the cities passed on the way (a bitmask), and the
Travel there by departure, by Ticket and by any Tickets."""

RouteHere = tuple[
    int,
    int,
    tuple[Travel, ...],
    tuple[Travel, ...],
    tuple[Travel, ...],
    tuple[int, ...],
    tuple[int, ...],
]
"""A route through a city as `rules.routes_here` caches it: its number and type, the
Travel actions by departure, Ticket and any Tickets to the cities it reaches without passing a
token city, those cities, and the cities beyond a token city."""

ROUTE_CACHE_SIZE = 200_000
"""Entries of `Tables.route_cache` kept before it starts afresh (memory stays bounded)."""


class Tables:
    """The tables of one content (a board side): cities, routes and tokens by index."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.rules = content.rules
        board = self.board = content.board
        index = board.index
        self.n_cities = len(board.cities)
        self.start = index[board.starting_city]
        self.checkpoint_city = tuple(index[cp.city] for cp in board.checkpoints)
        self.checkpoint_mask = sum(1 << c for c in set(self.checkpoint_city))
        self.route_type = tuple(ROUTE_TYPES.index(r.type) for r in board.routes)
        self.route_number = {r.id: number for number, r in enumerate(board.routes)}
        self.routes_at: list[list[int]] = [[] for _ in board.cities]
        self.reach: list[Reach] = []
        for number, route in enumerate(board.routes):
            reach = _reach(route, index)
            self.reach.append(reach)
            for city in reach:
                self.routes_at[city].append(number)
        self.length = board.timeline.length
        self.departures = tuple(
            frozenset(ROUTE_TYPES.index(t) for t in day) for day in board.timeline.departures
        )
        self.experience_types = content.scoring.experience_types
        self.token_type = tuple(
            self.experience_types.index(t.experience) if t.experience else -1
            for t in content.tokens
        )
        self.region_tokens = {
            r.code: tuple(t.index for t in content.tokens if t.region == r.code)
            for r in board.regions
        }
        self.faces = _faces(content)
        self.power_types = tuple(
            frozenset(ROUTE_TYPES.index(t) for t in travellers.travel_types(traveller))
            for traveller in content.travellers
        )
        self.near = [0] * self.n_cities  # the cities a Travel from a city may have to pass
        for reach in self.reach:
            for city, ends in reach.items():
                for _, between in ends:
                    self.near[city] |= between
        self.actions = book = ActionBook(content)
        self.rolls = [
            tuple((rolls[number], chance) for number, _, chance in self.faces)
            for rolls in book.rolls
        ]  # each player's die: its outcomes and their chances
        self.ways: list[dict[int, tuple[Way, ...]]] = [
            {city: tuple(_ways(book, route, ends)) for city, ends in reach.items()}
            for route, reach in enumerate(self.reach)
        ]
        self.passes = [
            {city: _union(between for _, between in ends) for city, ends in reach.items()}
            for reach in self.reach
        ]  # for each route and city on it: the cities a Travel along it from there may pass
        self.open_rows = [
            {city: self.route_here(route, city, self.checkpoint_mask) for city in reach}
            for route, reach in enumerate(self.reach)
        ]  # for each route and city on it: the Travels when no Location token is in the way
        self.route_cache: dict[tuple[int, int], tuple[RouteHere, ...]] = {}

    def route_here(self, route: int, city: int, blocked: int) -> RouteHere:
        """`route` from `city` when the cities `blocked` stop a Travel (a bitmask): its number
        and type, the Travels by departure, Ticket and any Tickets to the cities it reaches
        without passing one of them, those cities, and the cities beyond one of them."""
        ways = self.ways[route][city]
        clear = [way for way in ways if not way[1] & blocked]
        return (
            route,
            self.route_type[route],
            tuple([way[2] for way in clear]),
            tuple([way[3] for way in clear]),
            tuple([way[4] for way in clear]),
            tuple([way[0] for way in clear]),
            tuple([way[0] for way in ways if way[1] & blocked]),
        )


def _ways(book: ActionBook, route: int, ends: tuple[tuple[int, int], ...]) -> list[Way]:
    """The ways along `route` from a city to each of its `ends`, with their Travel actions."""
    return [
        (
            dest,
            between,
            book.travel(route, dest, DEPART, False, ""),
            book.travel(route, dest, TICKET, False, ""),
            book.travel(route, dest, WILDCARD, False, ""),
        )
        for dest, between in ends
    ]


def _union(masks: Iterable[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _reach(route: Route, index: dict[str, int]) -> Reach:
    neighbours: dict[int, list[int]] = {}
    for a, b in route.segments():
        neighbours.setdefault(index[a], []).append(index[b])
        neighbours.setdefault(index[b], []).append(index[a])
    reach = {}
    for start in neighbours:
        found, frontier = [], [(start, -1, 0)]
        while frontier:
            city, parent, between = frontier.pop(0)
            for nxt in neighbours[city]:
                if nxt != parent:
                    found.append((nxt, between))
                    frontier.append((nxt, city, between | (1 << nxt)))
        reach[start] = tuple(sorted(found))
    return reach


def _faces(content: Content) -> tuple[tuple[int, DieResult, float], ...]:
    """The die's results (their number in `rules.explore`) with their chances, in the order the
    faces first show them."""
    shown = Counter(face.days for face in content.die)
    number = {result.days: i for i, result in enumerate(content.rules.explore)}
    return tuple(
        (number[d], content.rules.explore[number[d]], n / len(content.die))
        for d, n in shown.items()
    )


def tables_for(side: str, directory: str | None = None) -> Tables:
    """The tables of a side of the board in `directory` (built in when None), made once while
    the folder's files stay as they are."""
    folder = Path(directory) if directory else DIR
    return _tables(side, directory, stamps(folder, FILES))


@lru_cache(maxsize=8)
def _tables(side: str, directory: str | None, files: tuple[tuple[int, int], ...]) -> Tables:
    return Tables(load_content(side, directory))
