"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012), the same for every game of the engine contract.

The bot never looks at what its player cannot see. Each iteration starts from a
*determinization*: a copy of the position with everything hidden from the player (face-down
tokens and tiles, the other hands) dealt again at random, consistently with what the player
observes; the game supplies it (`determinize(state, player, rng)`). Chance during the search is
drawn with the bot's own generator, never with the game's seed (which fixes the real future).

One tree serves every determinization: a node is a sequence of action labels from the root (the
labels are unique among the legal actions, and the same action has the same label in every
determinization); chance outcomes are played on the way and are not nodes ("open loop"). A
child is scored by UCB1 with its *availability* (how often it was legal when its parent was
visited) in place of the parent's visits, from the point of view of the player who chooses it.
An iteration selects down the tree, adds one child, plays on with the playout policy for at most
`depth` actions, and scores the position reached with the game's position value. A player's
reward is the logistic, in units of `scale` points, of how much their lead over the best other
player (alone: their value) has grown since the root of the iteration's determinization: a
player far behind still tells a good move from a bad one (a reward of the lead itself saturates
there and the search plays at random), and no one's hidden cards are valued but the world's.
The move played is the root's most visited legal action.

A game may supply a `prior(state, actions)` (probabilities, from its own heuristic): the
search is then PUCT as in AlphaZero, every legal action a child from the first visit, a child
scored by its mean reward scaled to [0, 1] by the lowest and highest rewards of the move, plus
the exploration constant times its prior times the square root of its availability over one
plus its visits. The reward is then the growth of the lead itself, in points (the scaling
replaces the logistic, which saturated where every line loses points, as late in a journey)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

from kit.core import limits
from kit.core.bots import Bot
from kit.core.errors import KitError, shown
from kit.core.rng import rng_for
from kit.core.state import CHANCE, State

Determinize = Callable[[State, int, random.Random], State]
Value = Callable[[State, int], float]
Prior = Callable[[State, Sequence[Any]], Sequence[float]]


class Node:
    """Statistics of one action sequence from the root: visits, availability, the reward summed
    for the player who chose its last action, and its children by action label."""

    __slots__ = ("available", "children", "prior", "reward", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.prior = prior  # the game's prior probability of its last action (with a prior)
        self.children: dict[str, Node] = {}


class ISMCTSBot:
    """ISMCTS for one seat. A game makes its own by setting `determinize` and `value` (and the
    playout bot, depth and scale that suit it); `iterations` or `time_limit` (seconds a move)
    set the effort, `exploration` the UCB constant."""

    determinize: ClassVar[Determinize]
    value: ClassVar[Value]
    playout: ClassVar[Callable[[int | None, int], Bot] | None] = None  # None: uniform random
    depth: ClassVar[int] = 20
    scale: ClassVar[float] = 5.0
    prior: ClassVar[Prior | None] = None
    exploration: float = 0.7

    def __init__(
        self,
        seed: int | None = None,
        player: int = 0,
        *,
        iterations: int = 300,
        time_limit: float | None = None,
        exploration: float | None = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise KitError(
                f"iterations must be a whole number of at least 1, not {shown(iterations)}"
            )
        self.player = player
        self.iterations = iterations
        self.time_limit = None if time_limit is None else limits.time_limit(time_limit)
        if exploration is not None:
            self.exploration = exploration
        self.seed = seed
        self.rng = rng_for(seed, "ismcts-bot", player)
        self.playout_bots: dict[int, Bot] = {}  # the playout policy's bot of each seat
        self.last_root: Node | None = None  # the tree of the last move, for study
        self.low, self.high = math.inf, -math.inf  # the rewards seen this move (with a prior)

    def choose(self, state: State) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = Node()
        self.low, self.high = math.inf, -math.inf  # a new move: no reward seen yet
        me = state.current_player
        start = time.perf_counter()
        for done in range(self.iterations):
            if (
                self.time_limit is not None
                and done
                and time.perf_counter() - start > self.time_limit
            ):
                break
            self._iterate(root, type(self).determinize(state, me, self.rng))
        self.last_root = root
        labels = {str(action): action for action in legal}
        visited = [
            (child.visits, child.prior, label)
            for label, child in root.children.items()
            if label in labels
        ]
        most = max(visited)[:2]
        tied = sorted(label for visits, prior, label in visited if (visits, prior) == most)
        return labels[tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]]

    # --- one iteration ---------------------------------------------------------------------------
    def _iterate(self, root: Node, world: State) -> None:
        path: list[tuple[Node, int]] = []  # each node with the player who chose it
        before = self._margins(world)
        node = root
        guided = type(self).prior is not None
        while True:
            self._resolve_chance(world)
            if world.is_terminal:
                break
            mover = world.current_player
            legal = world.legal_actions()
            labelled = [(str(action), action) for action in legal]
            if guided:
                label, action = self._select_guided(node, world, labelled)
                child = node.children[label]
                world.apply(action)
                path.append((child, mover))
                if not child.visits:
                    break
                node = child
                continue
            untried = [pair for pair in labelled if pair[0] not in node.children]
            for label, _ in labelled:
                tried = node.children.get(label)
                if tried is not None:
                    tried.available += 1
            if untried:
                label, action = untried[self.rng.randrange(len(untried))]
                child = node.children[label] = Node()
                child.available = 1
                world.apply(action)
                path.append((child, mover))
                break
            label, action = max(labelled, key=lambda pair: self._ucb(node.children[pair[0]]))
            node = node.children[label]
            world.apply(action)
            path.append((node, mover))
        self._play_on(world)
        after = self._margins(world)
        if guided:
            for visited, mover in path:
                growth = after[mover] - before[mover]
                self.low, self.high = min(self.low, growth), max(self.high, growth)
                visited.visits += 1
                visited.reward += growth
        else:
            scale = type(self).scale
            for visited, mover in path:
                visited.visits += 1
                visited.reward += _logistic((after[mover] - before[mover]) / scale)
        root.visits += 1

    def _select_guided(
        self, node: Node, world: State, labelled: list[tuple[str, Any]]
    ) -> tuple[str, Any]:
        """PUCT with the game's prior (as AlphaZero): the mean reward, scaled to [0, 1] by the
        lowest and highest rewards seen this move, plus the prior times the exploration
        constant times the square root of the child's availability over its visits plus one.
        An action not seen before at this node gets its prior from this determinization; one
        never tried counts a mean of 0, so the prior orders the first tries."""
        children = node.children
        if any(label not in children for label, _ in labelled):
            prior = cast(Prior, type(self).prior)
            actions = [action for _, action in labelled]
            for (label, _), probability in zip(labelled, prior(world, actions), strict=True):
                if label not in children:
                    children[label] = Node(probability)
        low, spread = self.low, self.high - self.low
        c = self.exploration
        best, chosen, ties = -math.inf, labelled[0], 0
        for pair in labelled:
            child = children[pair[0]]
            child.available += 1
            score = c * child.prior * math.sqrt(child.available) / (1 + child.visits)
            if child.visits and spread > 0:
                score += (child.reward / child.visits - low) / spread
            if score > best:
                best, chosen, ties = score, pair, 1
            elif score == best:  # a tie is drawn: a fixed order could wait for ever
                ties += 1
                if self.rng.randrange(ties) == 0:
                    chosen = pair
        return chosen

    def _ucb(self, child: Node) -> float:
        return child.reward / child.visits + self.exploration * math.sqrt(
            math.log(child.available) / child.visits
        )

    def _resolve_chance(self, world: State) -> None:
        rng = self.rng
        while world.current_player == CHANCE:
            outcomes = world.chance_outcomes()
            pick, total = rng.random(), 0.0
            chosen = outcomes[-1][0]
            for outcome, probability in outcomes:
                total += probability
                if pick < total:
                    chosen = outcome
                    break
            world.apply(chosen)

    def _play_on(self, world: State) -> None:
        """The playout: at most `depth` actions of the playout policy (uniform by default)."""
        make, bots = type(self).playout, self.playout_bots
        for _ in range(type(self).depth):
            self._resolve_chance(world)
            if world.is_terminal:
                return
            mover = world.current_player
            if make is not None:
                if mover not in bots:
                    bots[mover] = make(self.seed, mover)
                world.apply(bots[mover].choose(world))
            else:
                legal = world.legal_actions()
                world.apply(legal[self.rng.randrange(len(legal))])

    def _margins(self, world: State) -> list[float]:
        """Each player's lead in position value over the best other player (alone: the value);
        a finished game counts its final scores."""
        if world.is_terminal:
            values = [float(sheet.total) for sheet in world.scores()]
        else:
            value = type(self).value
            values = [value(world, p) for p in range(world.num_players)]
        if len(values) == 1:
            return values
        return [v - max(w for q, w in enumerate(values) if q != p) for p, v in enumerate(values)]


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
