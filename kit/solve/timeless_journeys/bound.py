"""A valid upper bound on the score of every plan of a puzzle: what each source of VP can give
at most, round by round, from the cards the player can hold and play in that round.

Why it is valid. Every VP of a solo game comes from one of the sources below, and each term
bounds its source from above over every plan at once (VP lost, to Lady Blessington, a Favour,
a card or Lost in Admiration, and every coin or Idea price, are never counted: that only raises
the bound). Each term is one function whose docstring says why it cannot be exceeded.

- What one effect gives (`Yields`): for every effect of the game, the most of each of VP,
  coins, Idea tokens, explorations, café discussions, Journal writes, conversations and cards
  bought and used at once that its best alternative gives, each counted on its own, what a
  step triggers included (a conversation's or a letter's Favour reward, the edition's
  travellers' VP for an action or an Idea). A step the bound does not know is refused.
- The cards' plays (`round_most`): in a round the player plays five cards from the hand
  (at most the cards held now and every card the market shows up to that round: the puzzle
  fixes the reveals). A face-up card of a category already shown starts a chain of every
  face-up card of that category, so the q-th of k cards of a category is activated at most
  k - q + 1 times; beginning-of-turn effects come at most once per later turn, end-of-round
  ones once. A dynamic programme over how many of a round's plays go to each category gives
  the most of each quantity (each on its own) the round's plays can activate.
- What the plays lead to, bounded by the counts above: Exploration tiles (each city's best
  tile once, at most one per exploration), meetings with Famous Travellers (the open Gazette
  slots of the rounds left, one per conversation and Experience token; a Lost in Admiration
  reward that is a conversation counts as one more in every round), café discussions
  (the free slots, one per café step and Café marker and as many as the Ideas pay for),
  Journal slots (one per write and per Idea, tile or Friend tile to write), and the Favour
  that removes a Level I card from the game (once per Level I card the player can ever hold).
- Each round's end: the travellers' abilities at most (those that pay only in the traveller's
  city, the travellers of one city at most; Lady Montagu's reward still to choose), and Lost
  in Admiration again.
- Final scoring: the Exploration table, both Journals, the best eight Advanced cards the player
  can hold at the end with their conditions at most, Elective Affinities, first place in every
  column and the Paintings (a Painting still to choose included).

An Experience token leaves the player's supply only in a meeting, so the tokens still held
count (a majority, Elective Affinities, a Lost in Admiration reward) only as far as the
meetings above can place them (`placeable`): none once no conversation is left.

A position within a round (a turn begun, a chain half activated, a round's end half done)
counts what is left of it from the game's stack of what is due: every effect still to resolve
there at its most, the cards already in the play area re-activated by each later chain.

What keeps it loose (448 to 681 on the standard puzzles, against plans of 65 to 153): each
quantity is counted at its most on its own, so the same activations count for a
conversation's VP, the Ideas a café needs, the café and the writes; and it knows neither where
the marker is (Addison's and Twain's VP for actions and Ideas in their city, cafés and
conversations in a city, all eight tiles) nor what coins pay for (paths, cards, Favours).
At round V's end of the first greedy game of the intro, A and B (English), C and D (Japanese)
sets the bound is 48, 33, 33, 53 and 92 against exhaustive optima of 42, 28, 28, 43 and 82 (the
Advanced cards' conditions at their most); one play earlier it is 239, 192, 184, 183 and 236
against 42, 31, 31, 43 and 93: a single play's chain counts every quantity of every
alternative of each card it activates."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cached_property

from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.timeless_journeys import phases
from kit.timeless_journeys.content import Condition, Effect, Step
from kit.timeless_journeys.effects import AutoStep, ChooseEffect, StepQuestion
from kit.timeless_journeys.state import TimelessState
from kit.timeless_journeys.travellers import MontaguReward, PaintingChoice

CATEGORIES = 5
"""Categories a round's plays can show: four of cards, and face down."""


@dataclass(frozen=True)
class Yield:
    """The most of each quantity one effect (or a set of plays) can give, each on its own."""

    vp: int = 0
    coins: int = 0
    ideas: int = 0
    explores: int = 0
    cafes: int = 0
    writes: int = 0
    talks: int = 0
    bought: int = 0
    retires: int = 0

    def __add__(self, other: Yield) -> Yield:
        return Yield(*(a + b for a, b in zip(self.values(), other.values(), strict=True)))

    def times(self, count: int) -> Yield:
        return Yield(*(a * count for a in self.values()))

    def most(self, other: Yield) -> Yield:
        return Yield(*(max(a, b) for a, b in zip(self.values(), other.values(), strict=True)))

    def values(self) -> tuple[int, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))


QUANTITIES = tuple(f.name for f in fields(Yield))


def total(yields: Iterable[Yield]) -> Yield:
    found = Yield()
    for y in yields:
        found = found + y
    return found


class Yields:
    """The most each effect of a position's game can give (see the module's docstring)."""

    def __init__(self, state: TimelessState) -> None:
        self.state = state
        content, edition = state.content, state.edition
        self.content = content
        rules = set(state.where)
        self.addison = edition.addison_vp if "addison" in rules else 0
        self.twain = edition.twain_vp if "twain" in rules else 0
        self._path: list[int] = []

    @cached_property
    def gazette(self) -> Yield:
        """The best Gazette space's reward."""
        side = self.content.sides[self.state.side]
        return self.best(e for column in side.columns for row in column.rewards for e in row)

    @cached_property
    def favours(self) -> list[Yield]:
        """The reward of each local's Favour on the board."""
        favours = [self.content.favours[f] for f in self.state.favour.values()]
        return [self.effect(e) for favour in favours for e in favour.rewards]

    @cached_property
    def favour(self) -> Yield:
        """The best reward of a Favour tile on the board."""
        return self.most(self.favours)

    def letters(self, count: int) -> Yield:
        """The most `count` letters to different locals give: the best `count` locals' Favours
        (each quantity on its own), each with Addison's VP."""
        count = min(count, len(self.favours))
        return Yield(
            *(
                sum(sorted(column, reverse=True)[:count])
                for column in zip(*(f.values() for f in self.favours), strict=True)
            )
        ) + Yield(self.addison * count)

    @cached_property
    def bought(self) -> Yield:
        """The most one card bought and used at once gives (a card that buys and uses another
        at once counts that one among the round's cards bought, `bought`)."""
        return self.best(card.effect for card in self.content.advanced.values())

    @cached_property
    def city(self) -> Yield:
        return self.best(city.reward for city in self.content.cities.values())

    @cached_property
    def tile(self) -> Yield:
        return self.best(tile.reward for tile in self.content.tiles.values())

    def most(self, found: Iterable[Yield]) -> Yield:
        best = Yield()
        for y in found:
            best = best.most(y)
        return best

    def best(self, effects: Iterable[Effect]) -> Yield:
        return self.most(self.effect(effect) for effect in effects)

    def effect(self, effect: Effect) -> Yield:
        """The most an effect's best alternative gives (each quantity at its own best)."""
        if id(effect) in self._path:
            raise ValueError("an effect that can trigger itself: no bound by counting")
        self._path.append(id(effect))
        try:
            return self.most(total(self.step(step) for step in steps) for steps in effect)
        finally:
            self._path.pop()

    def step(self, step: Step) -> Yield:
        """The most one step gives, what it triggers included."""
        name, count = step.name, step.count
        ideas = IDEAS.get(name)
        if ideas is not None:
            gained = count if ideas else 1
            return Yield(self.twain * gained, ideas=gained)
        if name == "vp":
            return Yield(count)
        if name == "coins":
            return Yield(coins=count)
        if name in ZERO:
            return Yield()
        if name in ("cafe", "cafe_anywhere"):
            return Yield(cafes=1)
        if name == "write":
            return Yield(writes=1)
        if name == "write_distinct":
            return Yield(writes=count)
        if name == "category_vp":
            return Yield(count * CATEGORIES)
        if name == "category_coins":
            return Yield(coins=count * CATEGORIES)
        if name == "retire_level1":
            return Yield(retires=1)
        if name == "buy_play":
            return Yield(bought=1)
        return self.triggered(name, count)

    def triggered(self, name: str, count: int) -> Yield:
        """The most a step gives that other gains come with (a talk, a letter, an Explore, a
        tile used again, an experience again)."""
        if name in ("talk", "talk_anywhere"):
            return self.favour + Yield(self.addison, talks=1)
        if name in ("letter", "letter_new"):
            return self.letters(1)
        if name == "letters":
            return self.letters(count)
        if name in ("explore", "explore_anywhere"):
            return self.city + Yield(self.addison, explores=1)
        if name == "reuse_tile":
            return self.tile
        if name == "experience_again":
            return self.gazette
        raise ValueError(f"the bound does not know the step {name!r}")


IDEAS = {
    "idea": False,
    "colour": False,
    "exchange_one": False,
    "idea_any": True,
    "idea_distinct": True,
    "exchange": True,
}
"""The steps that gain Idea tokens: one, or their count (an exchange counts as a gain)."""

ZERO = frozenset({"move", "goto", "flip_move", "buy"})
"""The steps that give none of the quantities counted (a card bought is counted among the
cards the player can hold)."""


@dataclass(frozen=True)
class CardYield:
    """What one card gives: activated, at the beginning of a later turn, at the round's end."""

    category: str
    effect: Yield
    begin: Yield
    end: Yield


def card_yield(state: TimelessState, yields: Yields, card_id: str) -> CardYield:
    card = state.content.card(card_id)
    return CardYield(
        card.category,
        yields.effect(state.card_effect(card_id)),
        yields.effect(card.begin_turn),
        yields.effect(card.end_round),
    )


def chain_most(values: Sequence[int], k: int) -> int:
    """The most k cards of one category played in a round activate, `values` being what each
    candidate gives an activation: the q-th of the k is activated at most k - q + 1 times (by
    its own play and each later chain of the category), so the best k values, the best one
    played first, give the most."""
    best = sorted(values, reverse=True)[:k]
    return sum(v * (k - q) for q, v in enumerate(best))


def begin_most(values: Sequence[int], k: int, plays: int) -> int:
    """The most the beginning-of-turn effects of k cards played in the round's last `plays`
    turns give: a card played in the i-th of them lies face up for at most plays - i later
    turns, so the best k values get plays - 1, plays - 2, ... turns."""
    best = sorted(values, reverse=True)[:k]
    return sum(v * max(0, plays - 1 - q) for q, v in enumerate(best))


def round_most(
    state: TimelessState,
    cards: Sequence[CardYield],
    area: Sequence[CardYield],
    plays: int,
    quantity: str,
) -> int:
    """The most of `quantity` the round's `plays` plays left can activate, with `cards` the
    cards the player can play (the hand at most) and `area` the face-up cards already in the
    play area: a dynamic programme over how many of the plays go to each category (the rest
    face down), each category's best by `chain_most`, `begin_most` and its best end-of-round
    effects (the best of each on its own, which can only count more). The cards in the area
    are activated again by every later play of their category, and give their
    beginning-of-turn effects each later turn and their end-of-round effects once."""
    rules = state.content.rules
    down = rules.face_down_coins if quantity == "coins" else 0
    value = [0] + [-math.inf] * plays  # value[n]: the most with n plays given to categories
    for category in sorted({c.category for c in [*cards, *area]}):
        mine = [c for c in cards if c.category == category]
        again = sum(getattr(c.effect, quantity) for c in area if c.category == category)
        effects = [getattr(c.effect, quantity) for c in mine]
        begins = [getattr(c.begin, quantity) for c in mine]
        ends = [getattr(c.end, quantity) for c in mine]
        options = [
            k * again
            + chain_most(effects, k)
            + begin_most(begins, k, plays)
            + sum(sorted(ends, reverse=True)[:k])
            for k in range(min(plays, len(mine)) + 1)
        ]
        value = [
            max(value[n - k] + options[k] for k in range(min(n, len(options) - 1) + 1))
            for n in range(plays + 1)
        ]
    best = max(value[n] + down * (plays - n) for n in range(plays + 1))
    fixed: int = sum(plays * getattr(c.begin, quantity) + getattr(c.end, quantity) for c in area)
    return int(best) + fixed


@dataclass(frozen=True)
class Rounds:
    """The rounds left of a puzzle: for each, its number, the plays left in it and the most
    its plays can activate (`Yield`, each quantity on its own)."""

    numbers: tuple[int, ...]
    plays: tuple[int, ...]
    activated: tuple[Yield, ...]


def displays(puzzle: Puzzle, state: TimelessState) -> list[list[str]]:
    """The cards the market shows in each round left, the current one first: now, the cards
    on display; later, the puzzle's next reveals of each level (`market_display` a level at
    each Reorganisation still due; past the decks' ends, every card the market can still
    show)."""
    rules = state.content.rules
    shown = rules.market_display[state.num_players]
    pending = any(isinstance(f, phases.Reorganise) for f in state.stack)
    found = [[c for level in state.market for c in level]]
    for later in range(1, rules.rounds - state.round):
        batch = later - 1 + pending
        cards: list[str] = []
        for level, order in enumerate(puzzle.decks):
            drawn = puzzle.start_decks[level] - len(state.deck[level])
            start = drawn + batch * shown
            if start + shown <= len(order):
                cards += order[start : start + shown]
            else:
                cards += [*order[drawn:], *state.bottom[level], *state.market[level]]
        found.append(cards)
    return found


def holdable(puzzle: Puzzle, state: TimelessState) -> list[list[str]]:
    """The cards the player can hold in each round left (copies repeated): the hand, the play
    area and every display shown up to that round (a card reaches the hand only from the
    display, and is played at the earliest in the round it is shown)."""
    have = [*state.hand[0], *(c for c, _ in state.played[0])]
    found = []
    for shown in displays(puzzle, state):
        have = have + shown
        found.append(list(have))
    return found


def plays_left(state: TimelessState) -> int:
    """The cards still to play this round: one per turn still to begin, and the turn begun if
    its card is not played yet."""
    turns = sum(isinstance(f, phases.BeginTurn) for f in state.stack)
    return turns + any(isinstance(f, phases.Turn) and not f.started for f in state.stack)


def turns_left(state: TimelessState) -> int:
    """The turns still to come this round, the one under way included."""
    turns = sum(isinstance(f, phases.BeginTurn) for f in state.stack)
    return turns + any(isinstance(f, phases.Turn) for f in state.stack)


def pending(state: TimelessState, yields: Yields) -> Yield:
    """The most what the stack still holds of the turn under way gives: every effect, step
    and card of a chain still to resolve at its most, and a Lost in Admiration reward due."""
    found = Yield()
    played = state.played[0]
    for frame in state.stack:
        if isinstance(frame, ChooseEffect):
            found = found + yields.effect(frame.effect)
        elif isinstance(frame, AutoStep | StepQuestion):
            found = found + yields.step(frame.step)
        elif isinstance(frame, phases.Chain):
            cards = {played[i][0] for i in frame.cards if played[i][1]}
            found = found + total(yields.effect(state.card_effect(c)) for c in cards)
        elif isinstance(frame, phases.LostInAdmiration):
            found = found + yields.gazette
    return found


def rounds_left(puzzle: Puzzle, state: TimelessState, yields: Yields) -> Rounds:
    """What the plays of each round left can activate (see `round_most`)."""
    rules = state.content.rules
    numbers, plays, activated = [], [], []
    area = [card_yield(state, yields, c) for c, up in state.played[0] if up]
    shown = [c for level in state.market for c in level]
    for offset, cards in enumerate(holdable(puzzle, state)):
        now = offset == 0
        count = plays_left(state) if now else rules.plays_per_round
        playable = [card_yield(state, yields, c) for c in (state.hand[0] + shown if now else cards)]
        here = area if now else []
        got = Yield(*(round_most(state, playable, here, count, q) for q in QUANTITIES))
        numbers.append(state.round + offset)
        plays.append(count)
        activated.append(got + pending(state, yields) if now else got)
    return Rounds(tuple(numbers), tuple(plays), tuple(activated))


def bought_most(state: TimelessState, yields: Yields, buys: int) -> Yield:
    """The most the cards bought and used at once in one round give, `buys` being the most
    buy-and-use steps its plays activate: each takes a card of the market's display, refilled
    only once a round, so at most the display's size (and that many whatever `buys` is when a
    card so bought can buy and use another: the game has two such cards)."""
    content, rules = state.content, state.content.rules
    display = rules.market_display[state.num_players] * rules.levels
    nested = sum(
        card.copies
        for card in content.advanced.values()
        if any(step.name == "buy_play" for steps in card.effect for step in steps)
    )
    count = min(display, buys if nested < 2 or not buys else display)
    return yields.bought.times(count)


def open_slots(state: TimelessState, rnd: int) -> list[tuple[int, int]]:
    """The Gazette slots (column, slot) the player can still take in round `rnd`: those open
    for the players' count, not taken this round, in a column the player has not duelled."""
    side = state.content.sides[state.side]
    found = []
    for column, tokens in enumerate(state.gazette):
        if any(p == 0 and kind == "duel" for _, _, p, kind in tokens):
            continue
        taken = {slot for r, slot, _, _ in tokens if r == rnd}
        for slot, need in enumerate(side.slot_players):
            if need <= state.num_players and slot not in taken:
                found.append((column, slot))
    return found


Meetings = list[tuple[int, list[Yield], list[Yield]]]
"""The meetings each round left can have: how many at most, the rewards of its open slots and
those of its Duel of Honor slots."""


def meeting_rounds(state: TimelessState, yields: Yields, talks: Sequence[int]) -> Meetings:
    """The meetings with Famous Travellers each round left can have, `talks` being the most
    conversations it can have. A meeting takes a conversation and a free open slot of its
    round's row: per round, at most one per conversation and per open slot (all open slots if
    a slot's reward is itself a conversation)."""
    side = state.content.sides[state.side]
    chained = yields.gazette.talks > 0
    rows = []
    for rnd, conversations in zip(
        range(state.round, state.content.rules.rounds), talks, strict=False
    ):
        slots = open_slots(state, rnd)
        cap = 0 if not conversations else len(slots) if chained else min(conversations, len(slots))
        rewards = [yields.effect(side.columns[c].rewards[rnd][s]) for c, s in slots]
        duel = [
            r
            for (c, _), r in zip(slots, rewards, strict=True)
            if state.content.travellers[state.travellers[c]].duel
        ]
        rows.append((cap, rewards, duel if cap else []))
    return rows


def placeable(state: TimelessState, rows: Meetings) -> int:
    """The most Experience tokens the player can still place: one a meeting (the only way a
    token leaves the player's supply), at most the tokens held."""
    return min(len(state.exp[0]), sum(cap for cap, _, _ in rows))


def meetings_most(state: TimelessState, yields: Yields, rows: Meetings) -> Yield:
    """The most meetings with Famous Travellers give (`rows`: see `meeting_rounds`), at most
    one per token left in all. Each gives its slot's reward; a Duel of Honor gives one reward
    once more, and the side's first-column bonus comes once (each quantity's best taken on its
    own)."""
    side = state.content.sides[state.side]
    tokens = state.exp[0]
    found = []
    for quantity in QUANTITIES:
        values: list[int] = []
        for cap, rewards, _ in rows:
            values += sorted((getattr(r, quantity) for r in rewards), reverse=True)[:cap]
        most = sum(sorted(values, reverse=True)[: len(tokens)])
        if "duel" in tokens:
            extra = (state.content.rules.duel_rewards - 1) * max(
                (getattr(r, quantity) for _, _, duel in rows for r in duel), default=0
            )
            most += extra
        found.append(most)
    met = Yield(*found)
    bonus = side.first_column_bonus
    if bonus and 0 not in state.bonus_taken and tokens and any(cap for cap, _, _ in rows):
        met = met + yields.effect(bonus)
    return met


def lost_most(state: TimelessState, yields: Yields, tokens: int) -> Yield:
    """The best Gazette reward once per `lost_times`."""
    return yields.gazette.times(lost_times(state, tokens))


def lost_times(state: TimelessState, tokens: int) -> int:
    """How often Lost in Admiration can give a reward again: once per Lost phase that can find
    the token (English: the round it is placed, so once; Japanese: every round's end once it
    is placed); never for a token still held when no token can be placed any more (`tokens`,
    see `placeable`)."""
    held = "lost" in state.exp[0] and tokens > 0
    placed = [
        rnd for tokens in state.gazette for rnd, _, p, kind in tokens if p == 0 and kind == "lost"
    ]
    if not held and not placed:
        return 0
    due_now = any(isinstance(f, phases.LostPhase) for f in state.stack)
    later = state.content.rules.rounds - state.round - 1
    if state.edition.lost_in_admiration == "once":
        count = 1 if held or (placed and placed[0] == state.round and due_now) else 0
    else:
        count = due_now + later
    return count


def dickens_turns(state: TimelessState, rounds: Rounds) -> int:
    """Charles Dickens's uses left: at most his limit each turn left (an exploration or a
    café discussion in his city, each counted among both)."""
    if "dickens" not in state.where:
        return 0
    turns = turns_left(state) + sum(rounds.plays[1:])
    return state.edition.dickens_per_turn * turns


def tiles_most(state: TimelessState, yields: Yields, explores: int) -> tuple[int, Yield]:
    """The Exploration tiles the player can still take, and the most the tiles not yet used
    give: a tile per exploration, one per city, so at most one new tile per city without one
    and per exploration left, each at most its city's best tile left; each tile is used once
    (again only through a card, counted among the plays)."""
    content = state.content
    mine = state.tiles[0]
    unused = total(yields.effect(content.tiles[t].reward) for t in mine if t not in state.used[0])
    new = [
        [yields.effect(content.tiles[t].reward) for t in state.city_tiles[city]]
        for city in content.cities
        if not state.has_tile_of(0, city) and state.city_tiles[city]
    ]
    count = min(len(new), explores)
    best = [yields.most(tiles) for tiles in new]
    fresh = Yield(
        *(sum(sorted((getattr(b, q) for b in best), reverse=True)[:count]) for q in QUANTITIES)
    )
    return count, unused + fresh


def cafes_most(state: TimelessState, steps: int, ideas: int) -> tuple[int, int]:
    """The café discussions left and the most VP they give: one per café step and per Café
    marker left, and as many as the Ideas gained pay for (the cheapest discussion's price,
    less Lady Craven's discount); each takes the best free slot left of a discussion, with
    Montesquieu's bonus; and no more VP than the Ideas buy at the best VP per Idea."""
    content, edition, where = state.content, state.edition, set(state.where)
    bonus = edition.montesquieu_vp if "montesquieu" in where else 0
    discount = edition.craven_discount if "craven" in where else 0
    slots, prices = [], []
    for city, board in content.cities.items():
        for d, discussion in enumerate(board.cafes):
            price = max(1, sum(discussion.cost) - discount)
            for vp in discussion.vp[len(state.cafes[city][d]) :]:
                slots.append(vp + bonus)
                prices.append((vp + bonus) / price)
    if not slots:
        return 0, 0
    cheapest = min(
        max(1, sum(d.cost) - discount) for board in content.cities.values() for d in board.cafes
    )
    count = min(state.cafe_markers_left(0), steps, ideas // cheapest, len(slots))
    vp = sum(sorted(slots, reverse=True)[:count])
    return count, min(vp, math.floor(max(prices) * ideas))


def journals_most(state: TimelessState, writes: int, pieces: int) -> tuple[int, int]:
    """The Journal slots the player can still fill and the most both Journals then score: one
    slot per write and per piece to write (an Idea gained or held, a tile, a Friend tile), the
    new slots put where the scoring table gives most."""
    table = state.content.journal_scores
    size = len(table) - 1
    filled = [sum(map(bool, slots)) for slots in state.written[0]]
    room = sum(size - f for f in filled)
    new = min(writes, pieces, room)
    if len(filled) == 0:
        return 0, 0
    if len(filled) == 1:
        return new, table[filled[0] + new]
    a, b = filled[0], filled[1]
    score = max(
        table[a + k] + table[b + new - k]
        for k in range(new + 1)
        if a + k <= size and b + new - k <= size
    )
    return new, score


def round_end_most(state: TimelessState, rnd: int, plays: int, written: int, coins: int) -> int:
    """The most the travellers' end-of-round abilities give in round `rnd`: Lady Montagu's VP
    or her Ideas with Twain's VP, Mary Shelley's VP for the Ideas written by then, Goethe's VP
    for the coins at most, Keats's VP for every Advanced card played, Lady Blessington's; in
    the round under way, only the abilities still due. Those that pay only a player in the
    traveller's city (`PRESENCE`) pay at most the travellers of one city: the player's marker
    is in one place at the round's end."""
    edition = state.edition
    twain = edition.twain_vp if "twain" in state.where else 0
    gains = {
        "montagu": max(edition.montagu_vp, edition.montagu_ideas * twain),
        "shelley": edition.shelley_vp * written,
        "goethe": min(edition.goethe_max, coins),
        "keats": edition.keats_round_vp
        * ((state.advanced_played[0] if rnd == state.round else 0) + plays),
        "blessington": max(0, edition.blessington_closest),
    }
    presence = PRESENCE | ({"goethe"} if edition.goethe_needs_city else set())
    columns = state.content.sides[state.side].columns
    anywhere = 0
    here: dict[str, int] = {}
    for column in abilities_due(state, rnd):
        rule = state.content.travellers[state.travellers[column]].rule
        if rule in presence:
            city = columns[column].cities[rnd]
            here[city] = here.get(city, 0) + gains[rule]
        else:
            anywhere += gains.get(rule, 0)
    return anywhere + max(here.values(), default=0)


PRESENCE = frozenset({"montagu", "shelley", "keats"})
"""The end-of-round abilities that pay only a player whose marker is in the traveller's city
(Goethe's too where the edition says so)."""


def abilities_due(state: TimelessState, rnd: int) -> list[int]:
    """The Gazette columns whose traveller's end of round `rnd` is still to come (or, for Lady
    Montagu, whose reward is still to choose)."""
    columns = list(range(len(state.travellers)))
    if rnd > state.round or any(isinstance(f, phases.TravellersPhase) for f in state.stack):
        return columns
    due = [f.column for f in state.stack if isinstance(f, phases.TravellerEnd)]
    if any(isinstance(f, MontaguReward) and f.player == 0 for f in state.stack):
        rules = [state.content.travellers[t].rule for t in state.travellers]
        due.append(rules.index("montagu"))
    return due


def due(state: TimelessState, rnd: int, rule: str) -> bool:
    """Whether the traveller of ability `rule` is still to act at the end of round `rnd`."""
    travellers = state.content.travellers
    return any(travellers[state.travellers[c]].rule == rule for c in abilities_due(state, rnd))


def card_most(state: TimelessState, card_id: str, most: dict[str, int]) -> int:
    """The most an Advanced card in hand scores: its VP times its condition at the most."""
    card = state.content.advanced[card_id]
    condition: Condition | None = card.vp_for
    if condition is None:
        return card.vp
    if condition.name not in most:
        raise ValueError(f"the bound does not know the card condition {condition.name!r}")
    return card.vp * (most[condition.name] // condition.per)


def upper_bound(puzzle: Puzzle) -> float:
    """The most any plan of the puzzle can score (see the module's docstring)."""
    state = puzzle.state()
    if "dickens" in state.where and not state.edition.dickens_per_turn:
        return math.inf  # no limit a turn: a city reward can pay for the next exploration
    return sum(terms(puzzle).values())


def terms(puzzle: Puzzle) -> dict[str, int]:
    """The bound's terms by source of VP (their sum is `upper_bound`)."""
    return counted(puzzle)[0]


def counted(puzzle: Puzzle) -> tuple[dict[str, int], dict[str, int]]:
    """The bound's terms, and the most of each quantity an Advanced card's end-of-game
    condition counts (`card_most`)."""
    state = puzzle.state()
    content, edition, rules = state.content, state.edition, state.content.rules
    yields = Yields(state)
    rounds = rounds_left(puzzle, state, yields)
    per_round = [got + bought_most(state, yields, got.bought) for got in rounds.activated]
    plays = total(per_round)
    talks = [r.talks + r.bought for r in per_round]
    rows = meeting_rounds(state, yields, talks)
    lost = lost_most(state, yields, placeable(state, rows))
    if lost.talks:  # a Lost reward that is a conversation can meet a traveller at a round's end
        rows = meeting_rounds(state, yields, [t + lost.talks for t in talks])
    met = meetings_most(state, yields, rows)
    tokens = placeable(state, rows)
    dickens = dickens_turns(state, rounds)
    montagu = sum(due(state, r, "montagu") for r in rounds.numbers)
    explores = plays.explores + met.explores + lost.explores + dickens
    new_tiles, tiles = tiles_most(state, yields, explores)
    retired = retires_most(puzzle, state, yields, (plays + met + lost).retires)
    gained = plays + met + lost + tiles + retired
    ideas = sum(state.ideas[0]) + gained.ideas + montagu * edition.montagu_ideas
    coins = state.coins[0] + gained.coins
    cafes, cafe_vp = cafes_most(state, gained.cafes + dickens, ideas)
    tiles_held = len(state.tiles[0]) + new_tiles
    pieces = ideas + pieces_to_write(state, new_tiles)
    written, journals = journals_most(state, gained.writes, pieces)
    ideas_written = min(
        rules.journal_ideas * len(state.written[0]), state.ideas_written(0) + written
    )
    most = {
        "friends": min(len(content.friends), len(state.friends[0]) + len(state.friend)),
        "letters": rules.letter_markers,
        "tiles": tiles_held,
        "cafes": rules.cafe_markers - state.cafe_markers_left(0) + cafes,
        "genres": len(rules.genres),
        "ideas_written": ideas_written,
        "journal_cities": len(state.written[0]),
        "experience": len(rules.experience_tokens),
        "hand_advanced": rules.hand_limit,
        "hand_categories": CATEGORIES - 1,
        "coins": coins,
        "city": 1,
    }
    held = [c for c in holdable(puzzle, state)[-1] if c in content.advanced]
    cards = sorted((card_most(state, c, most) for c in held), reverse=True)
    keats = edition.keats_play_vp * sum(rounds.plays) if "keats" in state.where else 0
    return {
        "VP won": state.vp[0],
        "plays": plays.vp,
        "meetings": met.vp + lost.vp,
        "retired cards": retired.vp,
        "tiles": tiles.vp,
        "cafés": cafe_vp,
        "Dickens": dickens * (yields.city.vp + yields.addison),
        "travellers": keats
        + sum(
            round_end_most(state, rnd, count, ideas_written, coins)
            for rnd, count in zip(rounds.numbers, rounds.plays, strict=True)
        ),
        "A. Exploration": rules.exploration_scores[
            min(tiles_held, len(rules.exploration_scores) - 1)
        ],
        "B. Journals": journals,
        "C. Advanced cards": sum(cards[: rules.hand_limit]),
        "D. Affinities": affinities_most(state, tokens),
        "D. Majorities": majorities_most(state, tokens),
        "Paintings": paintings_most(state, explores),
    }, most


def retires_most(puzzle: Puzzle, state: TimelessState, yields: Yields, steps: int) -> Yield:
    """The most Favour rewards that remove a Level I card from the game give: one per such
    step the plays activate, and one per Level I card the player can ever hold (each card so
    removed is gone for good)."""
    level_one = [c for c in holdable(puzzle, state)[-1] if state.content.card(c).level == 1]
    return yields.effect(state.content.rules.retire_reward).times(min(steps, len(level_one)))


def pieces_to_write(state: TimelessState, new_tiles: int) -> int:
    """The tiles and Friend tiles the player has or can still take that are not written yet
    (the Ideas aside)."""
    tiles = sum(1 for t in state.tiles[0] if not state.tile_written(0, t)) + new_tiles
    friends = sum(1 for c in state.friends[0] if not state.friend_written(0, c))
    return tiles + friends + len(state.friend)


def paintings_most(state: TimelessState, explores: int) -> int:
    """The most Le Brun's Paintings score: one more type per exploration (in her city) left
    and per Painting still to choose, at most every type."""
    edition = state.edition
    have = len(set(state.paintings[0]))
    if "lebrun" in state.where:
        choosing = sum(isinstance(f, PaintingChoice) and f.player == 0 for f in state.stack)
        have = min(len(state.content.paintings), have + explores + choosing)
    return edition.lebrun_values[have - 1] if have else 0


def affinities_most(state: TimelessState, tokens: int) -> int:
    """The most Elective Affinities score: the together VP if the player has placed (or can
    still place, `tokens` being the most tokens that can be) two of them, else the VP of
    each."""
    rules = state.content.rules
    placed = sum(
        1 for column in state.gazette for _, _, p, kind in column if p == 0 and kind == "affinity"
    )
    mine = placed + min(tokens, state.exp[0].count("affinity"))
    each = rules.affinity_each * mine
    return max(each, rules.affinity_together) if mine > 1 else each


def majorities_most(state: TimelessState, tokens: int) -> int:
    """The most the majorities give: first place in each column that has one of the
    player's tokens or can still get one (one of the `tokens` that can still be placed a
    column)."""
    rules = state.content.rules
    have = sum(1 for column in state.gazette if any(p == 0 for _, _, p, _ in column))
    columns = min(rules.travellers, have + tokens)
    return rules.majority_points[0] * columns
