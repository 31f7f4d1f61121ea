"""The actions of The Amazing Journey: small frozen values whose `str()` is a plain English label.

Every action has a `kind`, the word a panel groups buttons by, and a `place`, the city of the map
it concerns (or None):

- "travel", `Travel`: a Travel by departure, Ticket, any Tickets or a Traveller's power; its
  place is the destination;
- "explore", `Explore`: collect the token of the city (the die, or Carlo's power); the city;
- "wait", `Wait`: Refresh (perhaps redrawing the Objectives) or Plan; the player's city;
- "power", `StepBack`: Yuki's move back on the Timeline (not an action of the turn); None;
- "answer", `Answer`: an answer to a question asked during an action; None;
- "chance", `Outcome`: a Traveller dealt, a token placed (its city), a symbol removed, a card
  drawn, the die (None).

Labels follow one style: a player's action is an imperative ("take the T1 train to Paris with a
train ticket", "discard an airship ticket"); a chance outcome says what happens to whom ("player 1
draws a ship ticket", "the die shows 3 days for player 0", "player 0 is Paulo Papagaio").
`ActionBook` makes every action once per content: legal actions are shared objects, and two
actions are equal when they are the same object (as fast as a comparison can be)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kit.amazing_journey import travellers
from kit.amazing_journey.content import ROUTE_TYPES, SYMBOLS, Content, Traveller
from kit.core.words import article, counted, plural

DEPART, TICKET, WILDCARD, POWER = "depart", "ticket", "wildcard", "power"
METHODS = (DEPART, TICKET, WILDCARD, POWER)
"""How a Travel is paid: the type departs today, Tickets of the route's type, any Tickets as a
wildcard, or a Traveller's power."""

REFRESH, REDRAW, PLAN = "refresh", "redraw", "plan"


class Labelled:
    """An action whose label is written once, when the content's actions are made (labels need
    the board's names): `str(action)` is that label."""

    __slots__ = ()
    label: str

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True, eq=False)
class Travel(Labelled):
    """Travel along `route` (its number on the board) to city `dest` by `method` (`METHODS`);
    `through` passes token cities by Hendrika's power; `owner` is the first name of the
    Traveller whose power it uses, else ""."""

    route: int
    dest: int
    method: str
    through: bool
    owner: str
    label: str
    place: str
    kind: ClassVar[str] = "travel"


@dataclass(frozen=True, slots=True, eq=False)
class Explore(Labelled):
    """Collect the token of `city`: roll the die, or use Carlo's power on a Cursed Souvenir
    (`owner`: his first name, else "")."""

    city: int
    by_power: bool
    owner: str
    label: str
    place: str
    kind: ClassVar[str] = "explore"


@dataclass(frozen=True, slots=True, eq=False)
class Wait(Labelled):
    """A Wait action in `city`: REFRESH, REDRAW (Refresh and redraw the Objectives) or PLAN."""

    city: int
    what: str
    label: str
    place: str
    kind: ClassVar[str] = "wait"


@dataclass(frozen=True, slots=True, eq=False)
class StepBack(Labelled):
    """Yuki's power (`owner`, her first name): the Timeline pawn moves back `days`; not an
    action of the turn."""

    days: int
    owner: str
    label: str
    kind: ClassVar[str] = "power"
    place: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True, eq=False)
class Answer(Labelled):
    """An answer to the question of a sub-decision: `question` names it ("discard_ticket",
    "make_room", "play_objective", "double_tickets"), `value` is a ticket type, a token or an
    Experience type (-1 or 0 for "no"); "discard the new token A01" and "discard A01 for the
    new token" are two answers."""

    question: str
    value: int
    label: str
    kind: ClassVar[str] = "answer"
    place: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True, eq=False)
class Outcome(Labelled):
    """A chance outcome: `event` is "traveller", "place", "symbol", "ticket", "objective" or
    "roll"; `target` the player (or the city of a placement, -1 for a symbol removed); `value`
    the Traveller, token, symbol, card type or die result."""

    event: str
    target: int
    value: int
    label: str
    place: str | None = None
    kind: ClassVar[str] = "chance"


Action = Travel | Explore | Wait | StepBack | Answer | Outcome
"""Every action of The Amazing Journey."""


class ActionBook:
    """Every action of one content, each made once (actions compare by identity). Travel,
    Carlo's Explore, Yuki's step back and the answers naming tokens or Travellers are made
    when first asked for."""

    def __init__(self, content: Content) -> None:
        self.content = content
        board = content.board
        rules = content.rules
        players = range(rules.most_players)
        types = content.scoring.experience_types
        self._travels: dict[tuple[int, int, str, bool, str], Travel] = {}
        self._powers: dict[tuple[int, str], Explore] = {}
        self._answers: dict[tuple[str, int, int], Answer] = {}
        self._steps_back: dict[str, StepBack] = {}
        self._named: dict[str, Action] | None = None
        self.explore = [
            Explore(c.index, False, "", f"explore {c.name}", c.name) for c in board.cities
        ]
        self.refresh = [Wait(c.index, REFRESH, "refresh", c.name) for c in board.cities]
        self.redraw = [
            Wait(c.index, REDRAW, "refresh and redraw the objectives", c.name) for c in board.cities
        ]
        self.plan = [Wait(c.index, PLAN, "plan", c.name) for c in board.cities]
        self.waits = [
            (self.refresh[c], self.redraw[c], self.plan[c]) for c in range(len(board.cities))
        ]
        self.discard_ticket = [
            Answer("discard_ticket", t, f"discard {article(name)} ticket")
            for t, name in enumerate(ROUTE_TYPES)
        ]
        self.play_objective = [
            Answer("play_objective", k, f"play {article(name)} objective")
            for k, name in enumerate(types)
        ]
        self.no_objective = Answer("play_objective", -1, "play no objective")
        self.draw_ticket = [
            [
                Outcome("ticket", p, t, f"player {p} draws {article(n)} ticket")
                for t, n in enumerate(ROUTE_TYPES)
            ]
            for p in players
        ]
        self.draw_objective = [
            [
                Outcome("objective", p, k, f"player {p} draws {article(n)} objective")
                for k, n in enumerate(types)
            ]
            for p in players
        ]
        self.rolls = [
            [Outcome("roll", p, i, _roll(p, r.days, r.draw_tickets, r.discard_tickets))
             for i, r in enumerate(rules.explore)]
            for p in players
        ]  # fmt: skip
        self.remove = [
            Outcome("symbol", -1, s, f"the {n} tokens are removed") for s, n in enumerate(SYMBOLS)
        ]
        self.deal = [
            [
                Outcome("traveller", p, i, f"player {p} is {t.name}")
                for i, t in enumerate(content.travellers)
            ]
            for p in players
        ]
        self.placements = {
            (c.index, t.index): Outcome(
                "place", c.index, t.index, f"{t.id} lies face down in {c.name}", c.name
            )
            for c in board.cities
            if c.tokens
            for t in content.tokens
            if t.region == c.region
        }

    def named(self, name: str) -> Action | None:
        """The action called `name` among every action a game of this content could offer
        (`every_action`), or None: how a refused name is read by its fields, never parsed. A
        Wait's label names no city: "refresh" is the first city's."""
        if self._named is None:
            self._named = {}
            for action in self.every_action():
                self._named.setdefault(action.label, action)
        return self._named.get(name)

    def every_action(self) -> list[Action]:
        """Every turn's action of the content (each Travel along each route to each of its
        cities by each way to pay, with each Traveller's power that may take it), then the
        answers and outcomes made with the book."""
        content = self.content
        cursed = next((t for t in content.tokens if t.cursed), None)
        actions: list[Action] = [*self.explore, *self.refresh, *self.redraw, *self.plan]
        for traveller in content.travellers:
            if cursed is not None and travellers.explores_cursed(traveller, cursed):
                actions += [self.explore_by_power(c, traveller) for c in range(len(self.explore))]
            if travellers.steps_back(traveller, traveller.days):
                actions.append(self.step_back(traveller))
        for route in range(len(content.board.routes)):
            actions += self._travels_along(route)
        actions += [*self.discard_ticket, *self.play_objective, self.no_objective]
        for outcomes in (self.draw_ticket, self.draw_objective, self.rolls, self.deal):
            actions += [outcome for each in outcomes for outcome in each]
        return actions + [*self.remove, *self.placements.values()]

    def _travels_along(self, number: int) -> list[Travel]:
        """Every Travel along route `number`: to each of its cities by departure, Ticket or any
        Tickets, by each power that takes its type, and passing tokens by each power that may."""
        route = self.content.board.routes[number]
        cities = sorted({self.content.board.index[c] for pair in route.segments() for c in pair})
        paid = (DEPART, TICKET, WILDCARD)
        actions = [self.travel(number, c, how, False, "") for c in cities for how in paid]
        for traveller in self.content.travellers:
            owner = traveller.short
            if route.type in travellers.travel_types(traveller):
                actions += [self.travel(number, c, POWER, False, owner) for c in cities]
            if travellers.passes_tokens(traveller):
                actions += [
                    self.travel(number, c, how, True, owner) for c in cities for how in paid
                ]
        return actions

    def travel(self, route: int, dest: int, method: str, through: bool, owner: str) -> Travel:
        """The Travel along `route` to `dest` by `method`; `owner` is the first name of the
        Traveller whose power it uses (Hendrika for `through`), else ""."""
        key = (route, dest, method, through, owner)
        action = self._travels.get(key)
        if action is None:
            action = self._travels[key] = self._make_travel(*key)
        return action

    def _make_travel(self, route: int, dest: int, method: str, through: bool, owner: str) -> Travel:
        board, rules = self.content.board, self.content.rules
        r = board.routes[route]
        city = board.cities[dest].name
        label = f"take {r.name} to {city}"
        if method == TICKET:
            label += f" with {counted(rules.ticket_cost, f'{r.type} ticket')}"
        elif method == WILDCARD:
            label += f" with any {rules.wildcard_cost} tickets"
        elif method == POWER:
            label += f" by {owner}'s power"
        if through:
            label += f", passing the tokens by {owner}'s power"
        return Travel(route, dest, method, through, owner, label, city)

    def explore_by_power(self, city: int, traveller: Traveller) -> Explore:
        """Carlo's Explore of a Cursed Souvenir without the die."""
        key = (city, traveller.short)
        action = self._powers.get(key)
        if action is None:
            name = self.content.board.cities[city].name
            label = f"explore {name} by {traveller.short}'s power"
            action = self._powers[key] = Explore(city, True, traveller.short, label, name)
        return action

    def step_back(self, traveller: Traveller) -> StepBack:
        action = self._steps_back.get(traveller.id)
        if action is None:
            label = f"move back {plural(traveller.days, 'day')} by {traveller.short}'s power"
            action = self._steps_back[traveller.id] = StepBack(
                traveller.days, traveller.short, label
            )
        return action

    def make_room(self, new: int, out: int) -> Answer:
        """Giving up `out` (the new token itself, or one held) when the area is full."""
        key = ("make_room", new, out)
        action = self._answers.get(key)
        if action is None:
            tokens = self.content.tokens
            if out == new:
                label = f"discard the new token {tokens[new].id}"
            else:
                label = f"discard {tokens[out].id} for the new token"
            action = self._answers[key] = Answer("make_room", out, label)
        return action

    def double_tickets(self, traveller: Traveller, double: bool) -> Answer:
        """Lisette's answer: use the power on this Souvenir's Tickets, or keep it."""
        key = ("double_tickets", self.content.travellers.index(traveller), int(double))
        action = self._answers.get(key)
        if action is None:
            if double:
                label = f"double the tickets by {traveller.short}'s power"
            else:
                label = f"keep {traveller.short}'s power"
            action = self._answers[key] = Answer("double_tickets", int(double), label)
        return action


def _roll(player: int, n: int, draw: int, discard: int) -> str:
    effects = [f"draw {counted(draw, 'ticket')}"] * bool(draw)
    effects += [f"discard {counted(discard, 'ticket')}"] * bool(discard)
    effect = f": {' and '.join(effects)}" if effects else ""
    return f"the die shows {plural(n, 'day')} for player {player}{effect}"
