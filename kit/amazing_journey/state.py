"""The rules of The Amazing Journey: one state class, every rule of the rulebook.

A player's turn is a series of actions (Travel, Explore, Wait, a Traveller power) until their
Timeline pawn is furthest ahead (or tied) and they have taken at least two. An action that needs
further choices (which Ticket to discard, which token to give up, whether to play an Objective)
pushes sub-decisions on a stack; chance (token placement, symbol removal, card draws, the die)
sits on the same stack as chance steps. Each stack entry is a small tuple whose first item names
the step; automatic steps (moving, collecting, ending the action) run as soon as they are on top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

import networkx as nx

from kit.amazing_journey.content import ROUTE_TYPES, SIDES, SYMBOLS, Content, Route, load_content
from kit.core import CHANCE, TERMINAL, Game, KitError, Option, ScoreSheet, State
from kit.core.options import CONTENT, SEED, names, one_of, optional, players_option

CHANCE_STEPS = frozenset({"traveller", "place", "symbol", "ticket", "objective", "roll"})
AUTO_STEPS = frozenset({"move", "collect", "end"})


@dataclass(frozen=True, slots=True)
class Travel:
    """Travel along `route` to city `dest` by `method`: 'depart' (the type departs today),
    'ticket', 'wildcard' (any two Tickets) or 'power' (a Traveller's travel power);
    `through` passes token cities by Hendrika's power."""

    route: int
    dest: int
    method: str
    through: bool
    label: str = field(compare=False)
    place: str = field(compare=False)
    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class Move:
    """Any other choice of a player (Explore, Wait, a power, a sub-decision); `value` is its
    argument (a ticket type, a token, an Objective type) or -1. The label is part of its
    identity: "discard the new token A01" and "discard A01 for the new token" differ."""

    kind: str
    value: int
    label: str
    place: str | None = None

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class Outcome:
    """A chance outcome: a Traveller dealt, a token placed, a symbol removed, a card drawn, a die
    face rolled."""

    event: str
    value: int
    label: str = field(compare=False)
    kind: ClassVar[str] = "chance"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return self.label


class Rules:
    """Tables computed once per board side: where each route leads from each city, and which
    cities lie between (as a bitmask), so that Travel needs no search during play."""

    def __init__(self, content: Content) -> None:
        board = self.board = content.board
        self.content = content
        index = board.index
        self.n_cities = len(board.cities)
        self.start = index[board.starting_city]
        self.checkpoint_city = tuple(index[cp.city] for cp in board.checkpoints)
        self.checkpoint_mask = sum(1 << c for c in set(self.checkpoint_city))
        self.route_type = tuple(ROUTE_TYPES.index(r.type) for r in board.routes)
        self.route_number = {r.id: number for number, r in enumerate(board.routes)}
        self.routes_at: list[list[int]] = [[] for _ in board.cities]
        self.reach: list[dict[int, tuple[tuple[int, int], ...]]] = []
        for number, route in enumerate(board.routes):
            reach = _reach(route, index)
            self.reach.append(reach)
            for city in reach:
                self.routes_at[city].append(number)
        self.departures = tuple(
            frozenset(ROUTE_TYPES.index(t) for t in day) for day in board.timeline.departures
        )
        self.length = board.timeline.length
        distinct = sorted(set(self.departures), key=sorted)
        self.departure_id = tuple(distinct.index(d) for d in self.departures)
        self.experience_types = content.scoring.experience_types
        self.token_type = tuple(
            self.experience_types.index(t.experience) if t.experience else -1
            for t in content.tokens
        )
        self.region_tokens = {
            r.code: tuple(t.index for t in content.tokens if t.region == r.code)
            for r in board.regions
        }
        self.faces: tuple[tuple[int, str, float], ...] = _faces(content)
        self._outcomes(content)
        self.actions: dict[tuple, Travel | Move | Outcome] = {}
        self.route_cache: dict[tuple[int, int], tuple] = {}
        self.power_types = {
            i: frozenset(ROUTE_TYPES.index(t) for t in traveller.route_types)
            for i, traveller in enumerate(content.travellers)
        }
        self.near = [0] * self.n_cities  # the cities whose tokens matter for Travel from a city
        for reach in self.reach:
            for city, ends in reach.items():
                for dest, between in ends:
                    self.near[city] |= between | (1 << dest)

    def travel(self, route: int, dest: int, method: str, through: bool, power: str) -> Travel:
        """The (cached) Travel action; its name says route, method and destination."""
        key = ("travel", route, dest, method, through, power)
        action = self.actions.get(key)
        if action is None:
            r = self.board.routes[route]
            how = {
                "depart": r.type,
                "ticket": f"{r.type} ticket",
                "wildcard": "with 2 tickets",
                "power": f"by {power}'s power",
            }[method]
            label = f"{r.id} {how} to {self.board.cities[dest].name}"
            if through:
                label += " passing tokens (Hendrika's power)"
            place = self.board.cities[dest].name
            action = self.actions[key] = Travel(route, dest, method, through, label, place)
        return action

    def move(self, kind: str, value: int, label: str) -> Move:
        key = ("move", kind, value, label)
        action = self.actions.get(key)
        if action is None:
            action = self.actions[key] = Move(kind, value, label)
        return action

    def _outcomes(self, content: Content) -> None:
        """Every chance outcome, made once: draws, die results, symbols, placements, deals."""
        types = self.experience_types
        self.draw_ticket = tuple(
            Outcome("ticket", t, f"draw a {n} ticket") for t, n in enumerate(ROUTE_TYPES)
        )
        self.draw_objective = tuple(
            Outcome("objective", t, f"draw a {n} objective") for t, n in enumerate(types)
        )
        self.rolls = tuple(
            (Outcome("roll", i, _roll_label(days, effect)), p)
            for i, (days, effect, p) in enumerate(self.faces)
        )
        self.remove = tuple(
            Outcome("symbol", s, f"remove the {n} tokens") for s, n in enumerate(SYMBOLS)
        )
        self.place = {
            (c.index, t): Outcome("place", t, f"{content.tokens[t].id} face down in {c.name}")
            for c in self.board.cities
            for t in self.region_tokens.get(c.region, ())
            if c.tokens
        }
        self.deal = {
            (p, i): Outcome("traveller", i, f"player {p} is {traveller.name}")
            for p in range(4)
            for i, traveller in enumerate(content.travellers)
        }


def _reach(route: Route, index: dict[str, int]) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each city of the route: (destination, mask of the cities passed on the way) pairs."""
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


def _faces(content: Content) -> tuple[tuple[int, str, float], ...]:
    """The die's distinct results (days, effect) with their probabilities, in face order."""
    counts: dict[tuple[int, str], int] = {}
    for face in content.die:
        counts[(face.days, face.effect)] = counts.get((face.days, face.effect), 0) + 1
    return tuple((days, effect, n / len(content.die)) for (days, effect), n in counts.items())


_RULES: dict[tuple[str, str | None], Rules] = {}


def rules_for(side: str, directory: str | None = None) -> Rules:
    key = (side, directory)
    if key not in _RULES:
        _RULES[key] = Rules(load_content(side, directory))
    return _RULES[key]


class AmazingJourney(Game):
    """The Amazing Journey for 1–4 players on the Regular or Fast side of the reference board
    (or of the board in a `content` folder).

    `travellers` (full or first names, one per player) skips the random deal of Travellers."""

    name = "amazing_journey"
    title = "The Amazing Journey"
    OPTIONS = (
        players_option(1, 4),
        SEED,
        Option("side", "regular", "'regular' or 'fast'", one_of(SIDES), choices=SIDES),
        Option(
            "travellers",
            None,
            "the Travellers, one per player (full or first names, separated by commas)",
            optional(names),
        ),
        CONTENT,
    )

    def configure(self) -> None:
        self.rules = rules_for(self.options["side"], self.options["content"])
        players, travellers = self.options["players"], self.options["travellers"]
        if travellers is not None:
            try:
                chosen = [self.rules.content.traveller(name).name for name in travellers]
            except ValueError as error:
                raise KitError(f"option 'travellers': {error}") from None
            if len(chosen) != players or len(set(chosen)) != players:
                raise KitError(
                    f"option 'travellers': give {players} different travellers, got {travellers!r}"
                )
            self.options["travellers"] = chosen

    @property
    def content(self) -> Content:
        return self.rules.content

    def new_game(self) -> JourneyState:
        return JourneyState(self)

    def board(self) -> nx.MultiGraph:
        return self.content.board.graph()


class JourneyState(State):
    """A position of The Amazing Journey. Everything is small lists of ints (cities, tokens and
    Travellers by index) so that clone and replay stay cheap; `steps` is the stack of pending
    sub-decisions and chance events."""

    def __init__(self, game: AmazingJourney) -> None:
        super().__init__(game)
        rules = game.rules
        content = rules.content
        n = game.num_players
        self.player = 0
        self.acted = 0
        self.day = [0] * n
        self.pos = [rules.start] * n
        names = game.options.get("travellers")
        self.traveller = (
            [next(i for i, t in enumerate(content.travellers) if t.name == name) for name in names]
            if names
            else [-1] * n
        )
        self.fresh = [True] * n
        self.stage = [0] * n
        self.points = [0] * n
        self.finish = [-1] * n
        self.tickets = [[0] * len(ROUTE_TYPES) for _ in range(n)]
        self.hand = [[0] * len(rules.experience_types) for _ in range(n)]
        self.played = [0] * n
        self.experiences: list[list[int]] = [[] for _ in range(n)]
        self.souvenirs: list[list[int]] = [[] for _ in range(n)]
        self.city_token = [-1] * rules.n_cities
        self.tokens_mask = 0
        self.placed = 0
        self.boxed: list[int] = []
        self.discarded: list[int] = []
        self.symbols_removed: list[int] = []
        self.ticket_deck = list(content.tickets)
        self.ticket_discard = [0] * len(ROUTE_TYPES)
        self.objective_deck = list(content.objectives)
        self.objective_discard = [0] * len(rules.experience_types)
        steps: list[tuple] = []
        for p in range(n):
            steps += [("ticket", p)] * content.hand_tickets + [
                ("objective", p)
            ] * content.hand_objectives
        steps += [("symbol",)] * content.symbol_removal.get(n, 0)
        steps += [("place", c.index) for c in reversed(rules.board.cities) if c.tokens]
        if not names:
            steps += [("traveller", p) for p in reversed(range(n))]
        self.steps = steps

    # --- whose move -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.steps:
            return CHANCE if self.steps[-1][0] in CHANCE_STEPS else self.player
        if min(self.finish) >= 0:
            return TERMINAL
        return self.player

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def traveller_of(self, player: int):
        index = self.traveller[player]
        return self.rules.content.travellers[index] if index >= 0 else None

    def power(self, player: int) -> str:
        """The effect of `player`'s power if it is fresh, else ''."""
        if not self.fresh[player] or self.traveller[player] < 0:
            return ""
        return self.rules.content.travellers[self.traveller[player]].effect

    def blocked(self) -> int:
        """Cities a Travel must stop at: those with a Location or a Checkpoint token."""
        return self.tokens_mask | self.rules.checkpoint_mask

    # --- chance -----------------------------------------------------------------------------
    def _chance_outcomes(self):
        step = self.steps[-1]
        kind = step[0]
        rules = self.rules
        if kind == "roll":
            return rules.rolls
        if kind == "ticket":
            deck, total = self.ticket_deck, sum(self.ticket_deck)
            return [(rules.draw_ticket[t], n / total) for t, n in enumerate(deck) if n]
        if kind == "objective":
            deck, total = self.objective_deck, sum(self.objective_deck)
            return [(rules.draw_objective[t], n / total) for t, n in enumerate(deck) if n]
        if kind == "place":
            city = rules.board.cities[step[1]]
            left = [t for t in rules.region_tokens[city.region] if not self.placed >> t & 1]
            return [(rules.place[(city.index, t)], 1 / len(left)) for t in left]
        if kind == "symbol":
            left = [s for s in range(len(SYMBOLS)) if s not in self.symbols_removed]
            return [(rules.remove[s], 1 / len(left)) for s in left]
        taken = set(self.traveller)
        left = [i for i in range(len(rules.content.travellers)) if i not in taken]
        return [(rules.deal[(step[1], i)], 1 / len(left)) for i in left]

    # --- legal actions ----------------------------------------------------------------------
    def _legal_actions(self):
        step = self.steps[-1] if self.steps else None
        if step is None:
            return self._turn_actions(self.player)
        return _DECISIONS[step[0]](self, step)

    def _turn_actions(self, p: int) -> list:
        rules = self.rules
        content = rules.content
        power = self.power(p)
        actions: list = []
        here = self.pos[p]
        token = self.city_token[here]
        if token >= 0:
            actions.append(rules.move("explore", -1, "explore"))
            if power == "cursed_explore" and content.tokens[token].cursed:
                name = self.traveller_of(p).short
                actions.append(rules.move("explore_power", -1, f"explore ({name}'s power)"))
        if power == "timeline_back" and self.day[p] >= self.traveller_of(p).days:
            name = self.traveller_of(p).short
            actions.append(rules.move("back", -1, f"move back on the Timeline ({name}'s power)"))
        if token >= 0 and content.tokens[token].cursed:
            return actions  # a forced stop: Explore before anything else
        actions.append(rules.move("refresh", 0, "refresh"))
        actions.append(rules.move("refresh", 1, "refresh and redraw objectives"))
        actions.append(rules.move("plan", -1, "plan"))
        actions += self._travels(p, power)
        return actions

    def _travels(self, p: int, power: str) -> list:
        """Travel actions from the player's city: by departure, Ticket, two Tickets, power."""
        rules = self.rules
        departing = rules.departures[self.day[p] % rules.length]
        tickets = self.tickets[p]
        wildcard = sum(tickets) >= 2
        traveller = self.traveller_of(p)
        power_types = rules.power_types[self.traveller[p]] if power == "travel" else ()
        through = power == "pass_tokens"
        actions: list = []
        for route, kind, by_departure, by_ticket, by_two, clear, passing in self._routes_here(p):
            if kind in departing:
                actions += by_departure
            if tickets[kind]:
                actions += by_ticket
            if wildcard:
                actions += by_two
            if kind in power_types:
                for dest in clear:
                    if not (traveller.stop_empty and self.city_token[dest] >= 0):
                        actions.append(rules.travel(route, dest, "power", False, traveller.short))
            if through and passing:
                methods = ("depart",) * (kind in departing) + ("ticket",) * (tickets[kind] > 0)
                for method in (*methods, "wildcard") if wildcard else methods:
                    for dest in passing:
                        actions.append(rules.travel(route, dest, method, True, ""))
        return actions

    def _routes_here(self, p: int) -> tuple:
        """For each route through the player's city: its type, the Travel actions by departure,
        by Ticket and by two Tickets to the cities it reaches without passing a token city, and
        the cities beyond such a city. Cached by city and the tokens that matter there."""
        rules = self.rules
        here = self.pos[p]
        key = (here, self.tokens_mask & rules.near[here])
        entry = rules.route_cache.get(key)
        if entry is None:
            blocked = self.blocked()
            entry = []
            for route in rules.routes_at[here]:
                ends = rules.reach[route][here]
                clear = tuple(dest for dest, between in ends if not between & blocked)
                passing = tuple(dest for dest, between in ends if between & blocked)
                kind = rules.route_type[route]
                entry.append(
                    (
                        route,
                        kind,
                        tuple(rules.travel(route, d, "depart", False, "") for d in clear),
                        tuple(rules.travel(route, d, "ticket", False, "") for d in clear),
                        tuple(rules.travel(route, d, "wildcard", False, "") for d in clear),
                        clear,
                        passing,
                    )
                )
            if len(rules.route_cache) > 200_000:
                rules.route_cache.clear()
            entry = rules.route_cache[key] = tuple(entry)
        return entry

    def _why_illegal(self, action) -> str:
        if self.current_player == TERMINAL:
            return "the game is over"
        if self.steps and self.current_player >= 0:
            return f"player {self.player} must first answer: {_QUESTIONS[self.steps[-1][0]]}"
        if self.current_player == CHANCE:
            return (
                "not a possible outcome of the chance event due now (a placement, a draw, the die)"
            )
        p = self.player
        token = self.city_token[self.pos[p]]
        if token >= 0 and self.rules.content.tokens[token].cursed:
            return "a Cursed Souvenir is a forced stop: Explore first"
        name = str(action)
        if name.startswith("explore") and token < 0:
            return "there is no Location token here to Explore"
        owner = _POWER_NAME.search(name)
        if owner:
            why = self._why_no_power(p, owner.group(1), name, token)
            if why:
                return why
        travel = _TRAVEL_NAME.match(name)
        if travel:
            return self._why_no_travel(p, *travel.groups()) or "that Travel is not possible now"
        return "it is not among the legal actions in this state"

    def _why_no_power(self, p: int, owner: str, name: str, token: int) -> str:
        """Why a power cannot be used now ('' if the reason lies in the Travel itself)."""
        traveller = self.traveller_of(p)
        if traveller is None or traveller.short != owner:
            return "that is not your Traveller's power"
        if not self.fresh[p]:
            return f"{owner}'s power is exhausted until the next Checkpoint"
        if name.startswith("explore") and not self.rules.content.tokens[token].cursed:
            return f"{owner}'s power is only for a Cursed Souvenir"
        if name.startswith("move back"):
            return "the Timeline pawn cannot move back before day 0"
        return ""

    def _why_no_travel(self, p: int, route_id: str, how: str, dest: str, through) -> str:
        """Why a Travel named '<route> <how> to <city>' cannot be taken from here now."""
        rules, here = self.rules, self.pos[p]
        cities = rules.board.cities
        number = rules.route_number.get(route_id)
        if number is None:
            return f"there is no route {route_id} on this side of the board"
        if here not in rules.reach[number]:
            return f"route {route_id} does not pass through {cities[here].name}"
        ends = dict(rules.reach[number][here])
        target = rules.board.index.get(dest)
        if target not in ends:
            return f"route {route_id} does not reach {dest} from {cities[here].name}"
        stops = ends[target] & self.blocked()
        if stops and not (through and self.power(p) == "pass_tokens"):
            names = ", ".join(c.name for c in cities if stops >> c.index & 1)
            return f"it must stop at {names} on the way (a Location or Checkpoint token)"
        kind = rules.route_type[number]
        route_type = ROUTE_TYPES[kind]
        if how == route_type and kind not in rules.departures[self.day[p] % rules.length]:
            return f"no {route_type} departs on day {self.day[p] % rules.length} of the Timeline"
        if how == f"{route_type} ticket" and not self.tickets[p][kind]:
            return f"no {route_type} Ticket in hand"
        if how == "with 2 tickets" and sum(self.tickets[p]) < 2:
            return "two Tickets are needed (any two)"
        traveller = self.traveller_of(p)
        if how.startswith("by ") and traveller is not None:
            if kind not in rules.power_types.get(self.traveller[p], ()):
                return f"{traveller.short}'s power does not take {route_type} routes"
            if traveller.stop_empty and self.city_token[target] >= 0:
                return f"{traveller.short}'s power must stop at an empty city"
        return ""

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action) -> None:
        if isinstance(action, Outcome):
            step = self.steps.pop()
            _OUTCOMES[action.event](self, step, action.value)
        elif self.steps:
            step = self.steps.pop()
            _ANSWERS[step[0]](self, step, action)
        elif isinstance(action, Travel):
            self.steps.append(("end",))
            self._travel(self.player, action)
        else:
            if action.kind != "back":
                self.steps.append(("end",))
            _TURN[action.kind](self, self.player, action.value)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision, a chance event or the end of the action."""
        steps = self.steps
        while steps:
            step = steps[-1]
            kind = step[0]
            if kind in AUTO_STEPS:
                steps.pop()
                if kind == "move":
                    self._arrive(step[1], step[2], step[3])
                elif kind == "collect":
                    self._collect(step[1], step[2])
                else:
                    self._end_action()
            elif kind == "ticket":
                if sum(self.ticket_deck):
                    return
                if sum(self.ticket_discard):
                    self.ticket_deck, self.ticket_discard = (
                        self.ticket_discard,
                        [0] * len(ROUTE_TYPES),
                    )
                    return
                steps.pop()  # every Ticket is in a hand: nothing to draw
            elif kind == "objective":
                if sum(self.objective_deck):
                    return
                if sum(self.objective_discard):
                    self.objective_deck = self.objective_discard
                    self.objective_discard = [0] * len(self.objective_deck)
                    return
                steps.pop()
            elif kind == "discard_ticket" and not sum(self.tickets[step[1]]):
                steps.pop()  # the die asks for a Ticket the player does not have
            elif kind == "play_objective" and not self.hand[step[1]][step[2]]:
                steps.pop()  # no Objective matches the new Experience
            elif kind == "lisette" and not _ask_lisette(self, step):
                steps[-1] = ("collect", step[1], False)
            else:
                return

    def _travel(self, p: int, action: Travel) -> None:
        rules = self.rules
        route = rules.board.routes[action.route]
        kind = rules.route_type[action.route]
        traveller = self.traveller_of(p)
        if action.through or action.method == "power":
            self.fresh[p] = False
        if action.method == "depart":
            days = 2
        elif action.method == "ticket":
            self.tickets[p][kind] -= 1
            self.ticket_discard[kind] += 1
            days = 1
        elif action.method == "power":
            days = traveller.days
        else:  # two Tickets of the player's choice, asked next
            self.steps += [("move", p, action.dest, 1 + route.extra_days)]
            self.steps += [("discard_ticket", p), ("discard_ticket", p)]
            return
        self._arrive(p, action.dest, days + route.extra_days)

    def _arrive(self, p: int, dest: int, days: int) -> None:
        self.pos[p] = dest
        self.day[p] += days

    def _end_action(self) -> None:
        """After an action: checkpoints, then the turn passes if this player leads and has acted
        twice (finished players are ignored; the last one still travelling plays on)."""
        p = self.player
        self._checkpoints(p)
        self.acted += 1
        active = [q for q in range(len(self.day)) if self.finish[q] < 0]
        if not active:
            return
        if self.finish[p] >= 0 or (
            self.acted >= 2 and self.day[p] >= max(self.day[q] for q in active)
        ):
            q = (p + 1) % len(self.day)
            while self.finish[q] >= 0:
                q = (q + 1) % len(self.day)
            self.player, self.acted = q, 0

    def _checkpoints(self, p: int) -> None:
        """Complete the next checkpoints in order if the traveller is there on or after their
        activation day: points by bar, power refreshed; the Final one ends the journey."""
        rules = self.rules
        while self.stage[p] < len(rules.checkpoint_city):
            checkpoint = rules.board.checkpoints[self.stage[p]]
            if (
                self.pos[p] != rules.checkpoint_city[self.stage[p]]
                or self.day[p] < checkpoint.activation
            ):
                return
            self.points[p] += checkpoint.points(self.day[p])
            self.stage[p] += 1
            self.fresh[p] = True
            if self.stage[p] == len(rules.checkpoint_city):
                self.finish[p] = self.day[p]

    def _collect(self, p: int, doubled: bool) -> None:
        """Take the token of the player's city: Experiences to their area (discard choice when
        full) with the chance to play an Objective; Souvenirs to the rows, with their Tickets."""
        rules = self.rules
        here = self.pos[p]
        token = self.city_token[here]
        self.city_token[here] = -1
        self.tokens_mask &= ~(1 << here)
        info = rules.content.tokens[token]
        scoring = rules.content.scoring
        if info.experience is not None:
            kind = rules.token_type[token]
            self.steps.append(("play_objective", p, kind))
            same = [t for t in self.experiences[p] if rules.token_type[t] == kind]
            if len(same) < scoring.experience_spaces:
                self.experiences[p].append(token)
            else:
                self.steps.append(("experience_full", p, token))
            return
        self.steps += [("ticket", p)] * (info.tickets * (2 if doubled else 1))
        if len(self.souvenirs[p]) < scoring.souvenir_rows * scoring.souvenir_row_length:
            self.souvenirs[p].append(token)
        else:
            self.steps.append(("souvenir_full", p, token))

    # --- the score sheet --------------------------------------------------------------------
    def scores(self) -> list[ScoreSheet]:
        from kit.amazing_journey.scoring import score_sheet

        return [score_sheet(self, p) for p in range(len(self.day))]

    def _observation(self, player: int) -> dict:
        from kit.amazing_journey.scoring import observation

        seen = observation(self, player)
        setup = self.placed != (1 << len(self.rules.content.tokens)) - 1
        seen["phase"] = "setup" if setup else f"day {self.day[self.player]}"
        seen["turn"] = f"player {self.player}: {self.acted} actions taken this turn"
        return seen

    def describe(self, player: int) -> str:
        from kit.amazing_journey.scoring import describe

        return describe(self, player)

    def __str__(self) -> str:
        from kit.amazing_journey.scoring import describe

        return describe(self, None)

    # --- speed ------------------------------------------------------------------------------
    def clone(self) -> JourneyState:
        """A copy of the small lists (much cheaper than a deep copy)."""
        new = object.__new__(JourneyState)
        data = dict(self.__dict__)
        for key, value in data.items():
            if isinstance(value, list):
                data[key] = [list(v) if isinstance(v, list) else v for v in value]
        new.__dict__ = data
        return new


# --- turn actions: one small function each ------------------------------------------------
def _explore(state: JourneyState, p: int, _: int) -> None:
    """Roll the die (a chance step), then collect the token."""
    state.steps.append(("roll", p))


def _explore_power(state: JourneyState, p: int, _: int) -> None:
    """Carlo: collect a Cursed Souvenir without rolling, in the power's number of days."""
    state.fresh[p] = False
    state.day[p] += state.traveller_of(p).days
    state.steps.append(("lisette", p))


def _refresh(state: JourneyState, p: int, redraw: int) -> None:
    """Wait 1 day; optionally discard both Objectives and draw two new ones (a full hand even
    if an empty deck had left it short)."""
    state.day[p] += 1
    if redraw:
        hand = state.hand[p]
        for kind, n in enumerate(hand):
            state.objective_discard[kind] += n
        state.hand[p] = [0] * len(hand)
        state.steps += [("objective", p)] * state.rules.content.hand_objectives


def _plan(state: JourneyState, p: int, _: int) -> None:
    """Wait 2 days and draw a Ticket."""
    state.day[p] += 2
    state.steps.append(("ticket", p))


def _back(state: JourneyState, p: int, _: int) -> None:
    """Yuki: the Timeline pawn moves back; not an action."""
    state.fresh[p] = False
    state.day[p] -= state.traveller_of(p).days


_TURN = {
    "explore": _explore,
    "explore_power": _explore_power,
    "refresh": _refresh,
    "plan": _plan,
    "back": _back,
}


# --- chance outcomes ----------------------------------------------------------------------
def _dealt(state: JourneyState, step: tuple, traveller: int) -> None:
    state.traveller[step[1]] = traveller


def _placed(state: JourneyState, step: tuple, token: int) -> None:
    state.city_token[step[1]] = token
    state.tokens_mask |= 1 << step[1]
    state.placed |= 1 << token


def _symbol(state: JourneyState, _: tuple, symbol: int) -> None:
    """Remove every token showing the symbol from the map, unseen, into the box."""
    state.symbols_removed.append(symbol)
    name = SYMBOLS[symbol]
    tokens = state.rules.content.tokens
    for city, token in enumerate(state.city_token):
        if token >= 0 and tokens[token].symbol == name:
            state.boxed.append(token)
            state.city_token[city] = -1
            state.tokens_mask &= ~(1 << city)


def _ticket(state: JourneyState, step: tuple, kind: int) -> None:
    state.ticket_deck[kind] -= 1
    state.tickets[step[1]][kind] += 1


def _objective(state: JourneyState, step: tuple, kind: int) -> None:
    state.objective_deck[kind] -= 1
    state.hand[step[1]][kind] += 1


def _rolled(state: JourneyState, step: tuple, face: int) -> None:
    """The die sets the Explore's days and its extra effect; then the token is collected."""
    p = step[1]
    days, effect, _ = state.rules.faces[face]
    state.day[p] += days
    state.steps.append(("lisette", p))
    if effect == "draw_ticket":
        state.steps.append(("ticket", p))
    elif effect == "discard_ticket":
        state.steps.append(("discard_ticket", p))


_OUTCOMES = {
    "traveller": _dealt,
    "place": _placed,
    "symbol": _symbol,
    "ticket": _ticket,
    "objective": _objective,
    "roll": _rolled,
}


# --- sub-decisions: the choices offered, and applying the answer --------------------------
def _ask_discard_ticket(state: JourneyState, step: tuple) -> list:
    rules = state.rules
    return [
        rules.move("discard_ticket", t, f"discard a {ROUTE_TYPES[t]} ticket")
        for t, n in enumerate(state.tickets[step[1]])
        if n
    ]


def _discard_ticket(state: JourneyState, step: tuple, action: Move) -> None:
    state.tickets[step[1]][action.value] -= 1
    state.ticket_discard[action.value] += 1


def _ask_full(state: JourneyState, step: tuple) -> list:
    """Give up the new token or one already on the board of the same kind."""
    rules = state.rules
    p, new = step[1], step[2]
    tokens = rules.content.tokens
    if step[0] == "experience_full":
        kept = [t for t in state.experiences[p] if rules.token_type[t] == rules.token_type[new]]
    else:
        kept = state.souvenirs[p]
    return [rules.move(step[0], new, f"discard the new token {tokens[new].id}")] + [
        rules.move(step[0], t, f"discard {tokens[t].id} for the new token") for t in kept
    ]


def _full(state: JourneyState, step: tuple, action: Move) -> None:
    p, new, out = step[1], step[2], action.value
    state.discarded.append(out)
    if out != new:
        area = state.experiences[p] if step[0] == "experience_full" else state.souvenirs[p]
        area[area.index(out)] = new


def _ask_objective(state: JourneyState, step: tuple) -> list:
    rules = state.rules
    p, kind = step[1], step[2]
    if not state.hand[p][kind]:
        return []
    name = rules.experience_types[kind]
    return [
        rules.move("play_objective", kind, f"play a {name} objective"),
        rules.move("play_objective", -1, "keep the objectives"),
    ]


def _play_objective(state: JourneyState, step: tuple, action: Move) -> None:
    if action.value >= 0:
        p = step[1]
        state.hand[p][action.value] -= 1
        state.played[p] += 1
        state.steps.append(("objective", p))


def _ask_lisette(state: JourneyState, step: tuple) -> list:
    p = step[1]
    token = state.city_token[state.pos[p]]
    if state.power(p) != "double_souvenir_tickets" or not state.rules.content.tokens[token].tickets:
        return []
    name = state.traveller_of(p).short
    rules = state.rules
    return [
        rules.move("lisette", 1, f"double the tickets ({name}'s power)"),
        rules.move("lisette", 0, "keep the power"),
    ]


def _lisette(state: JourneyState, step: tuple, action: Move) -> None:
    if action.value:
        state.fresh[step[1]] = False
    state.steps.append(("collect", step[1], bool(action.value)))


_DECISIONS = {
    "discard_ticket": _ask_discard_ticket,
    "experience_full": _ask_full,
    "souvenir_full": _ask_full,
    "play_objective": _ask_objective,
    "lisette": _ask_lisette,
}
_ANSWERS = {
    "discard_ticket": _discard_ticket,
    "experience_full": _full,
    "souvenir_full": _full,
    "play_objective": _play_objective,
    "lisette": _lisette,
}
_POWER_NAME = re.compile(r"(\w+)'s power")
_TRAVEL_NAME = re.compile(r"^(\S+) (.+) to (.+?)( passing tokens \(Hendrika's power\))?$")
_QUESTIONS = {
    "discard_ticket": "which Ticket to discard",
    "experience_full": "which Experience token to give up",
    "souvenir_full": "which Souvenir token to give up",
    "play_objective": "whether to play a matching Objective",
    "lisette": "whether to use Lisette's power",
}


def _roll_label(days: int, effect: str) -> str:
    extra = {"none": "", "draw_ticket": ", draw a ticket", "discard_ticket": ", discard a ticket"}
    return f"die: {days} days{extra[effect]}"
