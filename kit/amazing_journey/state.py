"""A position of The Amazing Journey: its data, what each player sees of it, and its flow as
a decision stack (`kit.core.frames.StackState`).

A player's turn is a series of actions (Travel, Explore, Wait, a Traveller's power) until their
Timeline pawn is furthest ahead (or tied) and they have taken the rules' minimum number of
actions. The turn is a frame on the stack (`frames.Turn`) whose choices are the turn's actions
(`rules`); an action's further steps are frames above it: questions to its player, chance
events and tasks (`frames`). Setup is the same stack, of chance frames only."""

from __future__ import annotations

from typing import Any

from kit.amazing_journey.actions import Action
from kit.amazing_journey.content import ROUTE_TYPES, SYMBOLS, Token, Traveller
from kit.amazing_journey.frames import (
    DealTraveller,
    DrawObjective,
    DrawTicket,
    PlaceToken,
    RemoveSymbol,
    Turn,
)
from kit.amazing_journey.scoring import score_sheet
from kit.amazing_journey.tables import Tables
from kit.core import CHANCE, Game, ScoreSheet
from kit.core.frames import Frame, StackState
from kit.core.words import plural


class JourneyState(StackState):
    """A position of The Amazing Journey. Everything is small lists of ints (cities, tokens,
    Travellers and types by index) so that clone and replay stay cheap; `stack` holds what is
    due (`steps`: what the action under way, or the setup, still has to do)."""

    CACHES = StackState.CACHES | {"tables", "turns"}

    def __init__(self, game: Game, tables: Tables) -> None:
        super().__init__(game)
        self.tables = tables
        content = tables.content
        n = game.num_players
        types = len(tables.experience_types)
        self.player = 0  # whose turn it is
        self.acted = 0  # actions taken this turn
        self.day = [0] * n
        self.pos = [tables.start] * n
        chosen = game.options.get("travellers")
        self.traveller = (
            [[t.name for t in content.travellers].index(name) for name in chosen]
            if chosen
            else [-1] * n
        )
        self.fresh = [True] * n  # the power is fresh (not exhausted)
        self.stage = [0] * n  # checkpoints completed
        self.points = [0] * n  # point tokens of the checkpoints
        self.finish = [-1] * n  # the day the journey ended, or -1
        self.tickets = [[0] * len(ROUTE_TYPES) for _ in range(n)]
        self.hand = [[0] * types for _ in range(n)]  # Objectives in hand, by type
        self.played: list[list[int]] = [[] for _ in range(n)]  # Objectives played, face up
        self.experiences: list[list[int]] = [[] for _ in range(n)]
        self.souvenirs: list[list[int]] = [[] for _ in range(n)]
        self.city_token = [-1] * tables.n_cities
        self.tokens_mask = 0  # the cities holding a Location token
        self.placed = 0  # the tokens placed at setup
        self.boxed: list[int] = []  # tokens removed with their symbol, unseen
        self.discarded: list[int] = []  # tokens given up when an area was full
        self.symbols_removed: list[int] = []
        self.ticket_deck = list(content.tickets)
        self.ticket_discard = [0] * len(ROUTE_TYPES)
        self.objective_deck = list(content.objectives)
        self.objective_discard = [0] * types
        setup: list[Frame] = []
        for p in range(n):
            setup += [DrawTicket(p)] * content.hand_tickets
            setup += [DrawObjective(p)] * content.rules.objectives_in_hand
        setup += [RemoveSymbol()] * content.symbol_removal[n]
        setup += [PlaceToken(c.index) for c in reversed(content.board.cities) if c.tokens]
        if not chosen:
            setup += [DealTraveller(p) for p in reversed(range(n))]
        self.setup_length = len(setup)
        self.turns = tuple(Turn(p) for p in range(n))  # each player's turn, made once
        self.stack = setup
        self._advance()

    # --- the flow -----------------------------------------------------------------------------
    def _stack_empty(self) -> bool:
        """The turn's player chooses their next action, unless every journey has ended."""
        if -1 not in self.finish:
            return False
        self.stack.append(self.turns[self.player])
        return True

    @property
    def steps(self) -> list[Frame]:
        """What the action under way (or the setup) still has to do: the stack, less the turn's
        own question (alone on the stack when it is due)."""
        stack = self.stack
        return [] if stack and type(stack[-1]) is Turn else stack

    def question(self) -> str:
        """Who is asked what: "player 0: which Ticket to discard", "chance: ..."."""
        if not self.stack:
            return "the game is over"
        frame = self.stack[-1]
        who = "chance" if frame.player == CHANCE else f"player {frame.player}"
        return f"{who}: {frame.question(self)}"

    def _refused(self, frame: Frame, action: Any) -> str:
        """The answer or the chance outcome now due comes first."""
        if frame.player == CHANCE:
            return f"not a possible outcome of the chance event due now ({frame.question(self)})"
        return f"player {frame.player} must first answer: {frame.question(self)}"

    def action_called(self, name: str) -> Action | None:
        """The action called `name` among those a game of this board could offer (the action
        book's table), or None."""
        return self.tables.actions.named(name)

    # --- the Travellers ---------------------------------------------------------------------
    def traveller_of(self, player: int) -> Traveller | None:
        index = self.traveller[player]
        return self.tables.content.travellers[index] if index >= 0 else None

    def power(self, player: int) -> Traveller | None:
        """`player`'s Traveller while the power is fresh, else None."""
        index = self.traveller[player]
        if index < 0 or not self.fresh[player]:
            return None
        return self.tables.content.travellers[index]

    def blocked(self) -> int:
        """Cities a Travel must stop at: those with a Location or a Checkpoint token."""
        return self.tokens_mask | self.tables.checkpoint_mask

    # --- the score sheet and what each player sees ------------------------------------------
    def lengths(self) -> list[int]:
        """The day each journey ended, or the day each traveller has reached."""
        return [end if end >= 0 else day for end, day in zip(self.finish, self.day, strict=True)]

    def scores(self) -> list[ScoreSheet]:
        return [self.sheet(p) for p in range(len(self.day))]

    def sheet(self, p: int) -> ScoreSheet:
        """Player `p`'s score sheet (a search values one player's position many times)."""
        traveller = self.traveller_of(p)
        done = self.finish[p] >= 0
        return score_sheet(
            self.tables.content,
            p,
            f"player {p}" + (f" ({traveller.name})" if traveller else ""),
            tokens=self.experiences[p] + self.souvenirs[p],
            checkpoints=self.stage[p],
            checkpoint_points=self.points[p],
            objectives_played=len(self.played[p]),
            days=self.finish[p] if done else self.day[p],
            returned=done,
        )

    def _observation(self, player: int) -> dict[str, Any]:
        """What `player` sees: the phase and the turn; today's departures for the player to
        move; the routes and checkpoints; the backs of the tokens on the map (region letter,
        symbol, curse mark); every pawn and Travel board (tokens face down: their backs, and
        an Experience's type by its space), the Objectives played face up; their own hand and
        tokens, the others' hand sizes; the decks' sizes and the discard piles."""
        tables = self.tables
        content = tables.content
        board = content.board
        rules = content.rules
        types = tables.experience_types
        setup = len(self.history) < self.setup_length
        p = self.player
        today = self.day[p] % tables.length
        return {
            "phase": "setup" if setup else f"day {self.day[p]}",
            "turn": self._turn_words(setup),
            "actions_this_turn": self.acted,
            "minimum_actions": rules.minimum_actions,
            "turn_may_end": not setup
            and not self.is_terminal
            and self.acted + 1 >= rules.minimum_actions,
            "today": {
                "player": p,
                "day": self.day[p],
                "timeline_day": today,
                "departing": list(board.timeline.departures[today]),
            },
            "routes": [
                {
                    "id": r.id,
                    "name": r.name,
                    "type": r.type,
                    "cities": list(r.cities),
                    "branches": [list(b) for b in r.branches],
                    "extra_days": r.extra_days,
                    "crosses_edge": list(r.edge) if r.edge else None,
                }
                for r in board.routes
            ],
            "checkpoints": [
                {
                    "name": cp.name,
                    "city": cp.city,
                    "activation": cp.activation,
                    "bars": [[b.first, b.last, b.points] for b in cp.bars],
                }
                for cp in board.checkpoints
            ],
            "map": {
                board.cities[c].name: _back(content.tokens[t])
                for c, t in enumerate(self.city_token)
                if t >= 0
            },
            "removed_symbols": [SYMBOLS[s] for s in self.symbols_removed],
            "players": [self._player_view(q, q == player) for q in range(len(self.day))],
            "ticket_deck": sum(self.ticket_deck),
            "ticket_discard": dict(zip(ROUTE_TYPES, self.ticket_discard, strict=True)),
            "objective_deck": sum(self.objective_deck),
            "objective_discard": dict(zip(types, self.objective_discard, strict=True)),
        }

    def _turn_words(self, setup: bool) -> str:
        """Whose turn it is and why it goes on, in words."""
        if setup:
            return "setup: chance deals the Travellers, places the tokens and draws the hands"
        if self.is_terminal:
            return "the game is over: every traveller is back"
        p, rules = self.player, self.tables.rules
        taken = f"{plural(self.acted, 'action')} taken"
        rule = (
            f"it goes on until their pawn is furthest ahead (or tied) after at least "
            f"{rules.minimum_actions} actions"
        )
        ahead = [
            q for q in range(len(self.day)) if self.finish[q] < 0 and self.day[q] > self.day[p]
        ]
        if ahead:
            q = max(ahead, key=lambda q: self.day[q])
            why = f"player {q} is ahead (day {self.day[q]} against day {self.day[p]})"
        elif self.acted < rules.minimum_actions:
            more = rules.minimum_actions - self.acted
            why = f"at least {more} more action{'s' if more != 1 else ''} to take"
        else:
            why = "the action under way can end it"
        return f"player {p}'s turn, {taken}: {rule}; {why}"

    def _player_view(self, q: int, mine: bool) -> dict[str, Any]:
        content = self.tables.content
        tokens = content.tokens
        types = self.tables.experience_types
        traveller = self.traveller_of(q)
        view: dict[str, Any] = {
            "player": q,
            "traveller": traveller.name if traveller else None,
            "power_fresh": self.fresh[q],
            "day": self.day[q],
            "city": content.board.cities[self.pos[q]].name,
            "checkpoints": self.stage[q],
            "points": self.points[q],
            "finished_on": self.finish[q] if self.finish[q] >= 0 else None,
            "objectives_played": [types[k] for k in self.played[q]],
            "experiences": [
                {"type": tokens[t].experience, **_back(tokens[t]), **_face(tokens[t], mine)}
                for t in self.experiences[q]
            ],
            "souvenirs": [
                {**_back(tokens[t]), **_face(tokens[t], mine)} for t in self.souvenirs[q]
            ],
        }
        if mine:
            view["tickets"] = dict(zip(ROUTE_TYPES, self.tickets[q], strict=True))
            view["objectives"] = dict(zip(types, self.hand[q], strict=True))
        else:
            view["tickets"] = sum(self.tickets[q])
            view["objectives"] = sum(self.hand[q])
        return view

    def describe(self, player: int | None) -> str:
        """A few lines for the terminal: each traveller's day, city and progress, and the
        private hand of `player` (everyone's when None)."""
        content = self.tables.content
        board = content.board
        tokens = content.tokens
        types = self.tables.experience_types
        rows = []
        for p in range(len(self.day)):
            traveller = self.traveller_of(p)
            name = traveller.name if traveller else "?"
            power = "fresh" if self.fresh[p] else "exhausted"
            end = f", returned on day {self.finish[p]}" if self.finish[p] >= 0 else ""
            rows.append(
                f"player {p} {name} ({power}): day {self.day[p]} in "
                f"{board.cities[self.pos[p]].name}, {self.stage[p]}/{len(board.checkpoints)} "
                f"checkpoints, {self.points[p]} points{end}"
            )
            if player is None or player == p:
                tickets = [
                    f"{n} {t}" for t, n in zip(ROUTE_TYPES, self.tickets[p], strict=True) if n
                ]
                hand = [f"{n} {t}" for t, n in zip(types, self.hand[p], strict=True) if n]
                held = [str(tokens[t]) for t in self.experiences[p] + self.souvenirs[p]]
                rows.append(f"    tickets: {', '.join(tickets) or 'none'}")
                rows.append(f"    objectives: {', '.join(hand) or 'none'}")
                rows.append(f"    tokens: {', '.join(held) or 'none'}")
        if player is not None and self.current_player == player:
            here = self.pos[player]
            day = self.day[player] % self.tables.length
            departing = ", ".join(board.timeline.departures[day])
            token = self.city_token[here]
            mark = ""
            if token >= 0:
                info = tokens[token]
                mark = f"; a token from region {info.region} lies here" + (
                    " (cursed)" if info.cursed else ""
                )
            rows.append(f"today (day {day} of the Timeline) departing: {departing}{mark}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.describe(None)

    # --- speed ------------------------------------------------------------------------------
    def clone(self) -> JourneyState:
        """A copy of the small lists (much cheaper than a deep copy)."""
        new = object.__new__(JourneyState)
        data = self.__dict__.copy()
        for key, value in data.items():
            if type(value) is list:
                data[key] = value.copy()
        for key in PER_PLAYER_LISTS:
            data[key] = [each.copy() for each in data[key]]
        new.__dict__ = data
        return new


PER_PLAYER_LISTS = ("tickets", "hand", "played", "experiences", "souvenirs")
"""The attributes of a state that hold a list for each player (copied one level deeper)."""


def _back(token: Token) -> dict[str, Any]:
    """What the back of a face-down token shows: its region letter, symbol and curse mark."""
    return {"region": token.region, "symbol": token.symbol, "cursed": token.cursed}


def _face(token: Token, mine: bool) -> dict[str, Any]:
    """What only the token's owner knows: its id and, for a Souvenir, its points."""
    if not mine:
        return {}
    if token.souvenir is None:
        return {"token": token.id}
    return {"token": token.id, "value": token.souvenir}
