"""Greedy journeys: the kit's greedy bot playing the puzzle, the yardstick every plan is
measured against and a source of quick first journeys.

`greedy_score(puzzle)` is the bot's final score with every Explore taking the assumed days (the
bot sees the types of the Tickets it draws, which a plan does not count on). `greedy_game(...,
planned=True)` holds the bot to the plan's assumptions (no drawn Ticket spent by its type, no
redraw), and its journey comes back as planned actions (`Arc`s of no network) that the replay
and the network understand."""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import (
    REDRAW,
    TICKET,
    WILDCARD,
    Action,
    Answer,
    Explore,
    StepBack,
    Travel,
    Wait,
)
from kit.amazing_journey.bots import GreedyBot
from kit.amazing_journey.frames import RollDie
from kit.amazing_journey.state import JourneyState
from kit.core import CHANCE
from kit.solve.amazing_journey.network import EXPLORE, NOWHERE, TRAVEL, Arc, Node
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.replay import value_of

SLACKS = (0.0, 0.25, 0.5)
"""How far below the best value (in the greedy bot's days) the randomised bots may pick an
action, in turn: a little randomness finds better journeys than the bot's ties alone."""


@dataclass
class Move:
    """One action of a greedy journey: the node it starts from, whether Yuki stepped back
    first, the action, the answers to its questions and (an Explore) the die's days."""

    node: Node
    back: bool
    action: Action
    answers: list[Action] = field(default_factory=list)
    days: int = 0


@dataclass(frozen=True)
class GreedyJourney:
    """A greedy bot's game on a puzzle: the final state and the bot's moves."""

    final: JourneyState
    moves: tuple[Move, ...]

    @property
    def score(self) -> int:
        return self.final.scores()[self.final.player].total

    def steps(self, puzzle: Puzzle) -> list[Arc] | None:
        """The journey as planned actions, or None if it holds one no plan makes (a redraw)."""
        steps = [_step(move, puzzle) for move in self.moves]
        return None if any(step is None for step in steps) else [s for s in steps if s]


def greedy_score(puzzle: Puzzle, seed: int = 1) -> int:
    """The greedy bot's final score on the puzzle, every Explore taking the assumed days."""
    return greedy_game(puzzle, seed).final.scores()[puzzle.player].total


def greedy_game(
    puzzle: Puzzle, seed: int = 1, planned: bool = False, slack: float = 0.0
) -> GreedyJourney:
    """The greedy bot's game on the puzzle (every Explore taking the assumed days, other chance
    as the engine samples it). `planned` holds the bot to the plan's assumption on Tickets: a
    Ticket travel only with the starting hand's Tickets (the types of drawn ones are unknown
    when planning); it then picks at random among the actions valued within `slack` of the
    best (a wider search)."""
    state, p = puzzle.state(), puzzle.player
    tables = state.tables
    explore = puzzle.durations
    bot = GreedyBot(seed, p)
    typed = list(state.tickets[p]) if planned else None
    hidden = puzzle.hidden_cities
    unknown = 0  # Tickets in hand that a face-down token gave: the plan cannot count on them
    explored = 0
    moves: list[Move] = []
    back: Node | None = None
    for _ in range(10_000):
        if state.finish[p] >= 0:
            break
        if state.current_player == CHANCE:
            if isinstance(state.steps[-1], RollDie):
                days = explore[min(explored, len(explore) - 1)]
                explored += 1
                moves[-1].days = days
                outcomes: tuple[Action, ...] = state.legal_actions()
                state.apply(
                    next(a for a in outcomes if tables.rules.explore[value_of(a)].days == days)
                )
            else:
                state.apply(state.sample_chance())
            continue
        if typed is None:
            action = bot.choose(state)
        else:
            action = _held_to_hand(bot, state, typed, unknown, slack)
        if planned and isinstance(action, Explore) and state.pos[p] in hidden:
            token = tables.content.tokens[state.city_token[state.pos[p]]]
            unknown += travellers.lisettes_tickets(token.tickets)  # the most it can give
        if state.steps:
            moves[-1].answers.append(action)
        elif isinstance(action, StepBack):
            back = Node(state.pos[p], state.day[p], state.stage[p])
        else:
            node = back or Node(state.pos[p], state.day[p], state.stage[p])
            moves.append(Move(node, back is not None, action))
            back = None
        state.apply(action)
        if typed is not None:  # a discard or a wildcard may have spent a starting Ticket
            typed[:] = [min(n, held) for n, held in zip(typed, state.tickets[p], strict=True)]
            unknown = min(unknown, sum(state.tickets[p]))
    return GreedyJourney(state, tuple(moves))


def _step(move: Move, puzzle: Puzzle) -> Arc | None:
    """The planned action of a greedy move, or None for one no plan makes (a redraw)."""
    node, action = move.node, move.action
    start, stage, back = node.day, node.stage, move.back
    if isinstance(action, Travel):
        return Arc(
            NOWHERE, NOWHERE, start, start, TRAVEL, stage, action.route, action.dest,
            action.method, action.through, back,
        )  # fmt: skip
    if isinstance(action, Explore):
        traveller = puzzle.traveller
        if action.by_power and traveller is not None:
            return Arc(
                NOWHERE, NOWHERE, start, start, EXPLORE, stage, method="power", back=back,
                city=action.city, duration=traveller.days,
            )  # fmt: skip
        doubled = any(
            isinstance(a, Answer) and a.question == "double_tickets" and a.value
            for a in move.answers
        )
        return Arc(
            NOWHERE, NOWHERE, start, start, EXPLORE, stage, back=back, city=action.city,
            duration=move.days, doubled=doubled,
        )  # fmt: skip
    if isinstance(action, Wait) and action.what != REDRAW:
        return Arc(NOWHERE, NOWHERE, start, start, action.what, stage, back=back)
    return None


def _held_to_hand(
    bot: GreedyBot, state: JourneyState, typed: list[int], unknown: int, slack: float
) -> Action:
    """The greedy bot's choice among the actions a plan can make: no drawn Ticket spent by its
    type (`typed` counts the starting hand's Tickets still unspent), no Ticket spent that a
    face-down token gave (`unknown` of them are in hand), no redraw of Objectives. It never
    steps back on the Timeline (the plan folds a step back into a later action, which the bot
    does not plan)."""
    tables = state.tables
    rules = tables.rules
    kinds = tables.route_type
    spendable = sum(state.tickets[state.player]) - unknown

    def plannable(action: Action) -> bool:
        if isinstance(action, Travel) and action.method == TICKET:
            return typed[kinds[action.route]] >= rules.ticket_cost
        if isinstance(action, Travel) and action.method == WILDCARD:
            return spendable >= rules.wildcard_cost
        if isinstance(action, Wait):
            return action.what != REDRAW
        return not isinstance(action, StepBack)

    actions = [a for a in state.legal_actions() if plannable(a)]
    if state.steps or len(actions) == 1:
        action = bot.choose(state) if state.steps else actions[0]
    else:
        bot._estimates = {}
        values = [bot._value(state, a) for a in actions]
        best = max(values)
        action = bot.rng.choice(
            [a for a, v in zip(actions, values, strict=True) if v >= best - slack]
        )
    if isinstance(action, Travel) and action.method == TICKET:
        typed[kinds[action.route]] -= rules.ticket_cost
    return action
