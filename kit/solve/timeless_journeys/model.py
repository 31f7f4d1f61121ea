"""A CP-SAT relaxation of the solo Grand Tour from a turn's start: CP-SAT's bound on its
optimum is an upper bound on every plan's score, and with two rounds or fewer left it is far
below the count bound (`bound`).

The count bound counts every quantity at its most on its own: one activation of "talk /
explore" counts as a conversation and as an exploration, a conversation counts the best Favour
of the board, and the same Ideas pay for the cafés and fill the Journals. The model makes the
game's choices instead, all at once, and counts each gain from the choices made.

What the model keeps, rule by rule:
- The plays. Each round left has its plays (five, or those left this round), each a card the
  player holds face up or face down. Each category's face-up plays are ranked in their order,
  a card at each rank: the card played k-th of m of its category in the round is activated
  m - k + 1 times at most (its own play and each later chain), a card gained in the round
  m - 1 times at most (it is not played at the round's first turn); a card already face up in
  the play area once per later play of its category; a card whose only effect is timed is not
  activated. A beginning-of-turn effect comes at most once per later turn of the round (the
  card's rank in its category leaves at most that many), an end-of-round effect once.
- Each activation's alternative (the "/" choice): one a time. Each step of it is resolved once
  at most (a step that cannot be carried out, or whose price is not paid, is left) by one of
  its options (`Options`): which local's Favour a conversation or a letter brings, a tile or
  the city reward for an exploration, which genre of Idea, which Gazette reward; each option
  with its price in coins and VP.
- The marker. A conversation with a local, an exploration and its tile, a meeting with a
  Famous Traveller need the marker in that city that round; a letter and a café need a city
  the marker has been in, or a Letter marker; an action "anywhere in Italy" needs none. The
  marker starts a round where it ended the one before (the first where it is now) and walks
  to the cities it is in that round, in some order, each by the map's shortest path from the
  city before it, unless a direct move comes between; the place it ends the round at is as
  far from the start, or from a city a direct move took it to. A direct move goes to one of
  its step's cities, or to Lord Byron's city (once a turn, at his price); a move a tile
  gives counts in some round.
- The hand. The cards held at each round's start: now the hand; later at most the hand
  limit's worth of those held, played or gained the round before. A round gains cards the
  market shows that round: its free Market pick (of a level the categories shown allow), its
  face-down plays that buy (at their level's price) and its buy steps (at the price less the
  best discount). A card gained in a round is played at its second play left at the earliest.
  The Advanced cards' end-of-game VP count the hand limit's worth of the cards held at the end,
  each at its condition's most (`bound.card_most`).
- Coins and Ideas. The coins paid (prices, buys) are at most those held and gained; each
  genre's Ideas paid (a café's, each Idea written, each traded away) are at most those held
  and gained of it, the Ideas of a genre of choice shared out.
- Meetings: an open Gazette slot of the round each, a conversation each (one anywhere where it
  was had anywhere), at most one Experience token each; a Duel of Honor's reward once more,
  the side's first-column bonus once, Lost in Admiration's rewards as `bound.lost_times`.
- Exploration tiles: a new one per exploration that takes one and per city without one, in a
  city the marker has been in; each new or unused tile's reward once. The Favour that removes
  a Level I card, once per such reward and per copy of a Level I card held now or gained,
  which is then not held at the end. Café discussions: the next free slot
  of a discussion each, a café step and a Café marker each. Journal slots: a write each, each
  holding an Idea, a tile or a Friend tile.
- Each round's end: the travellers' abilities, those paid only in the traveller's city where
  the marker ends the round; Lady Montagu's VP or her Ideas (those of the game's last round
  spent only on what comes after her: a café or a write Lost in Admiration gives, or a
  card's end-of-round effect).
- Final scoring by the counts reached: the Exploration table, the Journals
  (`bound.journals_most`), Elective Affinities and the majorities by the tokens placed
  (`bound.affinities_most`, `bound.majorities_most`), the Paintings by the explorations.

What it relaxes, and why the relaxation is valid: every plan, read as the model's choices,
meets every constraint above, so the model's optimum is at least the plan's score, and CP-SAT's
best bound at its time limit is at least the optimum.
- Order within a round across categories, and when coins and Ideas are gained and paid:
  the totals only are held to what is held and gained (a plan never holds less than nothing,
  so not in total either); which cities the marker is in is kept per round, not per play.
- Paths: the walk is the order in which the marker first comes to the cities, not each
  move; a city after a direct move is reached for nothing, wherever the move went; the paths
  cost nothing; a direct move a tile or Lost in Admiration gives goes anywhere.
- Letters: a letter reaches a local of any city the marker is in some round, the same local
  again and again (the letters of one step too), without the Letter marker it needs (one a
  city, three in all, placed by a conversation with that local before the letter). Holding
  the letters to the locals under the player's markers at the round's start (too tight to be
  valid, since markers are placed during the round) brings round V's optimum from the intro/en
  plan's start from 202 to 175, against the plan's 100 (`benchmarks/RESULTS.md`).
- A step's gains otherwise as `bound.Yields` counts them (what a Favour, city or tile reward,
  a card bought and used at once gives at most); the Ideas of a genre of choice, Lady Craven's
  discount and the Journals' Idea slots of any genre.
- The hand limit's discards are chosen freely, and a card removed by a Favour stays in hand
  until the game's end (it may still be played in a later round).

It applies at a turn's start (the player about to play a card); elsewhere (`applies`) the
count bound stands. CP-SAT closes its own search in seconds on round V; on round IV its bound
within 15 s is a third below the count bound, and from the game's start within a minute above
it (see `benchmarks/RESULTS.md`)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ortools.sat.python import cp_model

from kit.solve.plan import run_solver
from kit.solve.timeless_journeys.bound import (
    PRESENCE,
    QUANTITIES,
    Yield,
    Yields,
    abilities_due,
    affinities_most,
    card_most,
    counted,
    displays,
    holdable,
    journals_most,
    lost_times,
    majorities_most,
    open_slots,
    paintings_most,
    pieces_to_write,
    plays_left,
    turns_left,
)
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.timeless_journeys import phases
from kit.timeless_journeys.content import Effect, Step, Steps
from kit.timeless_journeys.state import TimelessState

Linear = Any
"""A CP-SAT linear expression (an int, a variable, or sums and products of them)."""


TALLIES = (
    *("takes", "moves", "jumps", "far_talks", "far_cafes", "far_takes", "buys", "wild", "trades"),
)
"""What an option counts besides its `gives`: tiles taken (`gives.explores` counts every
exploration), moves along a path, direct moves, conversations and cafés and tiles anywhere,
buys, Ideas of a genre of choice, Ideas traded away."""


@dataclass(frozen=True)
class Option:
    """One way to resolve an effect once: what it gives (`takes`: new Exploration tiles taken,
    beside `gives.explores`, every exploration) and what it costs; `here`, the cities the marker
    must be in that round, `known` those it must have been in, `lands` those a direct move
    takes it to (none: anywhere)."""

    gives: Yield
    takes: int = 0
    moves: int = 0
    jumps: int = 0
    far_talks: int = 0
    far_cafes: int = 0
    far_takes: int = 0
    buys: int = 0
    wild: int = 0
    trades: int = 0
    genres: tuple[int, ...] = (0,) * 4
    coins: int = 0
    vp: int = 0
    here: frozenset[str] = frozenset()
    known: frozenset[str] = frozenset()
    lands: frozenset[str] = frozenset()

    def __add__(self, other: Option) -> Option:
        summed = {name: getattr(self, name) + getattr(other, name) for name in TALLIES}
        return Option(
            self.gives + other.gives,
            genres=tuple(a + b for a, b in zip(self.genres, other.genres, strict=True)),
            coins=self.coins + other.coins,
            vp=self.vp + other.vp,
            here=self.here | other.here,
            known=self.known | other.known,
            lands=self.lands | other.lands,
            **summed,
        )

    def tallies(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in TALLIES)

    def counts(self) -> tuple[int, ...]:
        """Every count but the `gives`, in `COUNTS`' order."""
        return (*self.tallies(), *self.genres)

    def covers(self, other: Option) -> bool:
        """Whether this option is at least as good as `other` in every way."""
        return (
            all(a >= b for a, b in zip(self.gives.values(), other.gives.values(), strict=True))
            and all(a >= b for a, b in zip(self.counts(), other.counts(), strict=True))
            and self.coins <= other.coins
            and self.vp <= other.vp
            and self.here <= other.here
            and self.known <= other.known
            and self.lands <= other.lands
        )


def undominated(found: Sequence[Option]) -> list[Option]:
    """The options no other option covers (one of equal ones)."""
    unique = list(dict.fromkeys(found))
    return [
        o for i, o in enumerate(unique)
        if not any(p.covers(o) for j, p in enumerate(unique) if j != i)
    ]  # fmt: skip


class Options:
    """Every way to resolve each effect of a position's game once: an alternative, with any
    of its priced steps left, and for a step whose gain depends on a choice (which local's
    Favour, which city's reward or tile, which Gazette reward), each choice."""

    def __init__(self, yields: Yields) -> None:
        self.yields = yields
        self.content = yields.content
        state = yields.state
        self._path: list[int] = []
        self._known: dict[Effect, list[Option]] = {}
        self.favours = [
            (city, reward)
            for city, f in state.favour.items()
            for reward in self.content.favours[f].rewards
        ]
        self.cities = [(name, city.reward) for name, city in self.content.cities.items()]
        self.tiles = [tile.reward for tile in self.content.tiles.values()]
        side = self.content.sides[state.side]
        self.gazette = [e for column in side.columns for row in column.rewards for e in row]

    def effect(self, effect: Effect) -> list[Option]:
        """The effect's options, worked out once per effect."""
        if effect not in self._known:
            self._known[effect] = self._options(effect)
        return self._known[effect]

    def _options(self, effect: Effect) -> list[Option]:
        if id(effect) in self._path:
            raise ValueError("an effect that can trigger itself: no bound by counting")
        self._path.append(id(effect))
        try:
            found: list[Option] = []
            for steps in effect:
                found += self.sequence(steps)
            return undominated(found)
        finally:
            self._path.pop()

    def sequence(self, steps: Steps) -> list[Option]:
        """A sequence's options: each step's (`repeats` times), any priced step left."""
        found = [Option(Yield())]
        for step in steps:
            mine = self.priced(step)
            if step.coins or step.vp:
                mine = [*mine, Option(Yield())]
            for _ in range(repeats(step)):
                found = undominated([a + b for a in found for b in mine])
        return found

    def priced(self, step: Step) -> list[Option]:
        """A step's options, each with the step's price."""
        price = Option(Yield(), coins=step.coins, vp=step.vp)
        return [o + price for o in self.step(step)]

    def among(self, effects: Sequence[Effect]) -> list[Option]:
        return undominated([o for e in effects for o in self.effect(e)])

    def local(self, effects: Sequence[tuple[str, Effect]], tie: str) -> list[Option]:
        """The options of effects each of a city, tied to it: `here` (the marker there this
        round), `known` (the marker there some round, or a Letter marker), or not at all."""
        found = []
        for city, effect in effects:
            place = frozenset({city})
            tied = {
                "here": Option(Yield(), here=place),
                "known": Option(Yield(), known=place),
                "anywhere": Option(Yield()),
            }[tie]
            found += [o + tied for o in self.effect(effect)]
        return undominated(found)

    def step(self, step: Step) -> list[Option]:
        """One step's options (see `bound.Yields.step` for the steps they do not set apart)."""
        name, yields = step.name, self.yields
        if name in ("talk", "talk_anywhere", "letter", "letter_new", "letters"):
            return self.friendship(step)
        if name in ("explore", "explore_anywhere"):
            return self.explore(name == "explore_anywhere")
        if name == "reuse_tile":
            return self.among(self.tiles)
        if name == "experience_again":
            return self.among(self.gazette)
        if name == "goto" and step.places:
            return [Option(Yield(), jumps=1, lands=frozenset({city})) for city in step.places]
        if name in COUNTED:
            return [COUNTED[name]]
        if name == "flip_move":
            return [Option(Yield(), moves=step.count)]
        if name == "idea":
            twain = Yield(yields.twain, ideas=1)
            return [Option(twain, genres=one_genre(g)) for g in step.genres]
        if name == "exchange_one":
            return [Option(yields.step(step), wild=1, trades=1), Option(Yield(coins=step.count))]
        if name in ("idea_any", "idea_distinct", "exchange", "colour"):
            gives = yields.step(step)
            trades = gives.ideas if name == "exchange" else 0
            return [Option(gives, wild=gives.ideas, trades=trades)]
        return [Option(yields.step(step))]

    def friendship(self, step: Step) -> list[Option]:
        """A conversation (with a local of the marker's city for their Favour, or a meeting
        with a Famous Traveller), a letter to a new local anywhere, or to a local holding a
        Letter marker (placed in a city the marker has been in; one of the `repeats` letters
        to up to `count` different locals, who may be the same in the model)."""
        name = step.name
        addison = Option(Yield(self.yields.addison))
        if name in ("talk", "talk_anywhere"):
            far = name == "talk_anywhere"
            meet = Option(Yield(talks=0 if far else 1), far_talks=int(far))
            favours = self.local(self.favours, "anywhere" if far else "here")
            return [o + addison for o in [*favours, meet]]
        if name == "letter_new":
            return [o + addison for o in self.local(self.favours, "anywhere")]
        return [o + addison for o in self.local(self.favours, "known")]

    def explore(self, far: bool) -> list[Option]:
        """An exploration of the marker's city (or of any city): one of its tiles taken (one
        of `takes`), or its city reward."""
        explored = Option(Yield(self.yields.addison, explores=1))
        taken = [
            Option(Yield(), takes=1, far_takes=int(far), here=frozenset(() if far else {city}))
            for city in self.content.cities
        ]
        rewards = self.local(self.cities, "anywhere" if far else "here")
        return [explored + o for o in undominated([*taken, *rewards])]


COUNTED = {
    "move": Option(Yield(), moves=1),
    "goto": Option(Yield(), jumps=1),
    "cafe_anywhere": Option(Yield(), far_cafes=1),
    "buy": Option(Yield(), buys=1),
}
"""The steps the model only counts, and what they count: a move along a path or a direct one
(see `Relaxation._paths`); a café anywhere, one more café; a buy, one more card."""


def spends(option: Option) -> bool:
    """Whether an option can spend Ideas: a café, a write or a trade."""
    return bool(option.gives.cafes or option.gives.writes or option.far_cafes or option.trades)


def repeats(step: Step) -> int:
    """How many times a step's options are chosen: letters to up to `count` locals, `count`."""
    return step.count if step.name == "letters" else 1


def one_genre(genre: int) -> tuple[int, ...]:
    return tuple(int(genre == g) for g in range(GENRES))


def applies(state: TimelessState) -> bool:
    """Whether the model can start from `state`: the player is about to play a card (in a
    game of the rules' four Idea genres)."""
    if state.is_terminal or state.phase != "Action" or not state.stack:
        return False
    if len(state.content.rules.genres) != GENRES:
        return False
    top = state.stack[-1]
    return isinstance(top, phases.Turn) and not top.started


@dataclass(frozen=True)
class ModelBound:
    """What the model proved: `bound` on every plan's score; `optimal` when CP-SAT closed its
    own search (the model's optimum is then `bound`); `objective` its best solution."""

    bound: int
    optimal: bool
    objective: int


GENRES = 4
"""Idea genres the model keeps apart (the rules' four)."""

COUNTS = (*QUANTITIES, *TALLIES, *(f"genre {g}" for g in range(GENRES)))
"""What the model totals a round: the count bound's quantities and the `Option` counts."""


class Relaxation:
    """The model of a puzzle's position (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle) -> None:
        state = puzzle.state()
        if not applies(state):
            raise ValueError("the model starts at a turn's start")
        self.puzzle, self.state = puzzle, state
        content, rules = state.content, state.content.rules
        self.yields = Yields(state)
        self.options = Options(self.yields)
        self.model = cp_model.CpModel()
        self.count, self.count_most = counted(puzzle)
        self.prices: list[Linear] = []  # coins paid
        self.lost_vp: list[Linear] = []  # VP paid
        self.rounds = list(range(state.round, rules.rounds))
        self.plays = [plays_left(state)] + [rules.plays_per_round] * (len(self.rounds) - 1)
        # the cities the marker is in, round by round, and those it is in some round
        self.visits = [
            {c: self.model.new_bool_var(f"r{i} in {c}") for c in content.cities}
            for i in range(len(self.rounds))
        ]
        # where the marker ends each round: a city, or a place on a path between cities
        self.ends = [
            {p: self.model.new_bool_var(f"r{i} ends at {p}") for p in content.neighbours}
            for i in range(len(self.rounds))
        ]
        for ends, visits in zip(self.ends, self.visits, strict=True):
            self.model.add_exactly_one(ends.values())
            for city, visit in visits.items():
                self.model.add(ends[city] <= visit)
        self.known = {c: self.model.new_bool_var(f"known {c}") for c in content.cities}
        for city, var in self.known.items():
            marked = any(p == 0 for p, _ in state.letters.get(city, ()))
            self.model.add(var <= sum(v[city] for v in self.visits) + int(marked))
        # moves from tiles and meetings, along paths and direct, round by round
        self.others: list[Any] = []
        self.other_jumps: list[Any] = []
        # each round's moves along paths and direct moves, and where the direct ones go
        self.road: list[list[Linear]] = [[] for _ in self.rounds]
        self.jumps: list[list[Linear]] = [[] for _ in self.rounds]
        self.landings: list[dict[str | None, list[Linear]]] = [{} for _ in self.rounds]
        self.held = self._hand()
        per_round = [self._round(i) for i in range(len(self.rounds))]
        self.parts = self._score(per_round)
        self.model.maximize(sum(self.parts.values()))

    # --- the hand -------------------------------------------------------------------------
    def _hand(self) -> list[dict[str, Linear]]:
        """The copies of each card the player holds at each round's start: now, the hand;
        later, at most the hand limit's worth of the cards held the round before, played in
        it or gained in it (the others discarded to the box for good). A card gained (see
        `_gains`) is one the market shows in the round it is gained; within the round it may
        be played from the second play left on (the Market pick at the round's end is not
        played before the next round: letting it be only lets more in)."""
        state, content, m = self.state, self.state.content, self.model
        levels, limit = content.rules.levels, content.rules.hand_limit
        shown = [Counter(d) for d in displays(self.puzzle, state)]
        self.gained: list[dict[int, Linear]] = []
        self.fresh: list[dict[str, Any]] = []  # the cards gained in each round
        held: list[dict[str, Linear]] = [dict(Counter(state.hand[0]))]
        back = Counter(c for c, _ in state.played[0])  # the cards played come back
        for i, display in enumerate(shown):
            per_level: dict[int, list[Linear]] = {level: [] for level in range(levels)}
            fresh = {}
            for card, copies in display.items():
                g = m.new_int_var(0, copies, f"r{i} gains {card}")
                fresh[card] = g
                per_level[content.card(card).level - 1].append(g)
            self.fresh.append(fresh)
            self.gained.append({level: sum(gs) for level, gs in per_level.items()})
            if i + 1 == len(shown):
                break
            before = held[-1]
            kept = {}
            for card in sorted(set(before) | set(fresh) | set(back if i == 0 else ())):
                could = before.get(card, 0) + fresh.get(card, 0) + (back[card] if i == 0 else 0)
                keep = m.new_int_var(0, self.ever_held[card], f"r{i + 1} holds {card}")
                m.add(keep <= could)
                kept[card] = keep
            m.add(sum(kept.values()) <= limit)
            held.append(kept)
        return held

    # --- the plays ------------------------------------------------------------------------
    def _round(self, i: int) -> dict[str, Linear]:
        """Round i's plays: the totals of every count they activate (`COUNTS`); the cities
        their options are tied to must be visited, one more city per move.

        Each category's face-up plays of the round are ranked in their order: the card
        played at rank j of m is activated at most m - j times (its own play and each later
        play of its category), the cards held at the round's start at any rank, a card
        gained this round not at the round's first turn (so m - 1 times at most); a card
        played at two ranks is activated at each. A card already face up in the play area
        is activated once per play of its category. A card played face up at rank j gives
        its beginning-of-turn effect at most once per later turn (j plays of its category
        came before it), its end-of-round effect once."""
        state, content, m = self.state, self.state.content, self.model
        plays = self.plays[i]
        held, fresh = self.held[i], self.fresh[i]
        cards = sorted(set(held) | set(fresh))
        played_fresh = []
        sums: dict[str, list[Linear]] = {q: [] for q in COUNTS}
        area = [c for c, up in state.played[0] if up] if i == 0 else []
        most = plays * (plays + 1) // 2 + plays * len(area)
        faces_up: list[Linear] = []
        shown_categories: list[Linear] = []
        for category in sorted({content.categories[c] for c in [*cards, *area]}):
            mine = sorted({c for c in cards if content.categories[c] == category})
            # rank j: the category's (j+1)-th face-up play of the round, if there is one
            ranks = [m.new_bool_var(f"r{i} {category} play{j}") for j in range(plays)]
            for j in range(1, plays):
                m.add(ranks[j] <= ranks[j - 1])
            at = {
                c: [m.new_bool_var(f"r{i} {category} play{j} {c}") for j in range(plays)]
                for c in mine
            }
            for j in range(plays):
                m.add(sum(at[c][j] for c in mine) == ranks[j])
            up = {c: m.new_int_var(0, plays, f"r{i} up {c}") for c in mine}
            for c in mine:
                m.add(up[c] == sum(at[c]))
                if c in fresh:  # a card gained this round is played at a later turn of it
                    new = m.new_int_var(0, plays, f"r{i} up {c} gained")
                    m.add(new <= fresh[c])
                    played_fresh.append(new)
                    m.add(up[c] <= held.get(c, 0) + new)
                else:
                    m.add(up[c] <= held[c])
            count = m.new_int_var(0, plays, f"r{i} up {category}")
            m.add(count == sum(ranks))
            faces_up.append(count)
            shows = m.new_bool_var(f"r{i} shows {category}")
            m.add(shows <= count + sum(1 for c in area if content.categories[c] == category))
            shown_categories.append(shows)
            shares: dict[str, list[Linear]] = {}  # each card's activations at each rank
            for card in mine:
                timed = content.card(card)
                first = plays if card in held else plays - 1  # not at the round's first turn
                shares[card] = []
                for j in range(plays):
                    top = min(plays - j, first)
                    share = m.new_int_var(0, top, f"r{i} {category} play{j} {card} activations")
                    m.add(share <= top * at[card][j])
                    shares[card].append(share)
                used = m.new_int_var(0, most, f"r{i} activations {card}")
                m.add(used == sum(shares[card]))
                self._uses(i, sums, f"r{i} {card}", state.card_effect(card), used, most)
                begin = sum((plays - 1 - j) * at[card][j] for j in range(plays))
                self._uses(i, sums, f"r{i} {card} begin", timed.begin_turn, begin, most)
                self._uses(i, sums, f"r{i} {card} end", timed.end_round, up[card], plays)
            for j in range(plays):  # once at its own play, once per later play of the category
                m.add(sum(shares[c][j] for c in mine) <= sum(ranks[j:]))
            # implied by the ranks, these totals let CP-SAT close its search far sooner: m
            # plays of a category activate its cards m(m+1)/2 times, a copy m times at most
            chained = self._table(
                f"r{i} chained {category}", count, [k * (k + 1) // 2 for k in range(plays + 1)]
            )
            m.add(sum(sum(found) for found in shares.values()) <= chained)
            for card in mine:
                m.add(sum(shares[card]) <= min(plays, self.ever_held[card]) * count)
            for j, card in enumerate(c for c in area if content.categories[c] == category):
                name, timed = f"r{i} area{j} {card}", content.card(card)
                self._uses(i, sums, name, state.card_effect(card), count, most)
                self._uses(i, sums, name + " begin", timed.begin_turn, plays, most)
                self._uses(i, sums, name + " end", timed.end_round, 1, most)
        down = m.new_int_var(0, plays, f"r{i} down")
        m.add(down + sum(faces_up) == plays)
        m.add(sum(played_fresh) <= plays - 1)
        down_coins = m.new_int_var(0, plays, f"r{i} down for coins")
        down_moves = m.new_int_var(0, plays, f"r{i} down to move")
        m.add(down_coins + down_moves <= down)
        sums["coins"].append(content.rules.face_down_coins * down_coins)
        self.road[i].append(down_moves)
        totals = {q: sum(found) for q, found in sums.items()}
        shows_down = m.new_bool_var(f"r{i} shows face down")
        m.add(shows_down <= down + any(not up for _, up in state.played[0]) * (i == 0))
        self._gains(i, down - down_coins - down_moves, [*shown_categories, shows_down], totals)
        return totals

    def _paths(self, i: int) -> None:
        """Where the marker can be in round i. It starts where it is now (the first round) or
        where it ended the round before. Its walk to the cities it is in takes the moves
        along paths `walk` counts; the place it ends the round at is at least the map's
        shortest path (`Content.distance`) away from the start or from a city a direct move
        took it to. The moves are those of the round's plays and meetings (`_moves`), Lord
        Byron's (to his city, at his price, once a turn before its card) and a share of those
        the tiles and Lost in Admiration give (the model does not tie them to a round, and
        lets their direct moves go anywhere). Each city but the one it starts in takes a move
        of either kind."""
        state, content, m = self.state, self.state.content, self.model
        extra = self._var(f"r{i} other moves", 10 * len(content.cities))
        extra_jumps = self._var(f"r{i} other direct moves", 10 * len(content.cities))
        self.others.append(extra)
        self.other_jumps.append(extra_jumps)
        road, jumps = sum(self.road[i]) + extra, sum(self.jumps[i]) + extra_jumps
        start: dict[str, Linear] = {state.loc[0]: 1} if i == 0 else dict(self.ends[i - 1])
        for city, at in start.items():
            if city in self.visits[i]:
                m.add(self.visits[i][city] >= at)
        landings = {city: list(found) for city, found in self.landings[i].items()}
        if "byron" in state.where:
            byron = self._var(f"r{i} with Byron", self.plays[i])
            self.prices.append(state.edition.byron_cost * byron)
            jumps = jumps + byron
            landings.setdefault(self.byron_city(i), []).append(byron)
        m.add(
            sum(self.visits[i].values())
            <= sum(start.get(c, 0) for c in content.cities) + road + jumps
        )
        anywhere: Linear = extra_jumps + sum(landings.pop(None, []))
        sources, landed = dict(start), []
        for place, found in landings.items():
            assert place is not None  # (popped)
            lands = m.new_bool_var(f"r{i} moves directly to {place}")
            m.add(lands <= sum(found))
            sources[place] = sources.get(place, 0) + lands
            landed.append(lands)
        hops = content.distance
        farthest = max(max(row.values()) for row in hops.values())
        for b, at_b in self.ends[i].items():
            for k in range(1, farthest + 1):
                near = [at for a, at in sources.items() if hops[a][b] < k]
                if any(isinstance(at, int) for at in near):  # from where it is now
                    break
                m.add(road + farthest * anywhere >= k * (at_b - sum(near)))
        m.add(road >= self.walk(i, start, jumps))
        if i == 0:  # without a direct move, a city it is in comes before where it ends
            free = 2 * farthest * (anywhere + sum(landed))
            for one, at_one in self.visits[i].items():
                for b, at_b in self.ends[i].items():
                    need = hops[state.loc[0]][one] + hops[one][b]
                    m.add(road + free >= need * (at_one + at_b - 1))

    def walk(self, i: int, start: dict[str, Linear], jumps: Linear) -> Linear:
        """The moves along paths the marker's walk in round i takes at least: the cities it
        is in, in the order it first comes to them, each from the city before it (or from
        the start) by the map's shortest path, or after a direct move (`jumps` of them)."""
        m, hops = self.model, self.state.content.distance
        visits = self.visits[i]
        cities = list(visits)
        length: list[Linear] = []
        first = {c: m.new_bool_var(f"r{i} walks first to {c}") for c in cities}
        m.add(sum(first.values()) <= 1)
        for c, arc in first.items():
            way = self._var(f"r{i} walks from the start to {c}", max(hops[a][c] for a in start))
            for a, at_a in start.items():
                m.add(way >= hops[a][c] * (at_a + arc - 1))
            length.append(way)
        arcs = {
            (u, c): m.new_bool_var(f"r{i} walks from {u} to {c}")
            for u in cities
            for c in cities
            if u != c
        }
        landing = {c: m.new_bool_var(f"r{i} walks to {c} after a direct move") for c in cities}
        m.add(sum(landing.values()) <= jumps)
        order = {c: self._var(f"r{i} walks to {c} as", len(cities)) for c in cities}
        for c in cities:
            came = [arcs[u, c] for u in cities if u != c]
            m.add(first[c] + sum(came) + landing[c] == visits[c])
            m.add(sum(arcs[c, w] for w in cities if w != c) <= visits[c])
            for u in cities:
                if u != c:
                    m.add(order[c] >= order[u] + 1).only_enforce_if(arcs[u, c])
        length += [hops[u][c] * arc for (u, c), arc in arcs.items()]
        return sum(length)

    def byron_city(self, i: int) -> str:
        """Lord Byron's city in round i."""
        state = self.state
        columns = self.state.content.sides[state.side].columns
        rules = [state.content.travellers[t].rule for t in state.travellers]
        return columns[rules.index("byron")].cities[self.rounds[i]]

    @cached_property
    def discount(self) -> int:
        """The best discount a buy step of the game gives."""
        content = self.state.content
        effects = [
            *(card.effect for card in content.advanced.values()),
            *(reward for favour in content.favours.values() for reward in favour.rewards),
        ]
        steps = [step for effect in effects for seq in effect for step in seq]
        return max((step.count for step in steps if step.name == "buy"), default=0)

    @cached_property
    def cards_spend_at_the_end(self) -> bool:
        """Whether a card's end-of-round effect can spend Ideas (a café, a write or a trade)."""
        effects = self.state.content.end_round.values()
        return any(spends(o) for effect in effects for o in self.options.effect(effect))

    @cached_property
    def ever_held(self) -> Counter[str]:
        """The most copies of each card the player can ever hold."""
        return Counter(holdable(self.puzzle, self.state)[-1])

    def _gains(
        self, i: int, buying: Linear, categories: list[Linear], totals: dict[str, Linear]
    ) -> None:
        """What round i gains (see `_hand`): a Market pick of a level below the level the
        categories shown allow, face-down buys at their level's price, buy steps and cards
        bought and used at once at their level's price less the best discount of a buy."""
        content, m = self.state.content, self.model
        rules = content.rules
        table = rules.market_levels_by_categories
        shown = sum(categories)
        free = m.new_int_var(0, 10 * self.plays[i], f"r{i} gains by steps")
        m.add(free <= totals["buys"] + totals["bought"])
        down_buys, picks, by_steps = [], [], []
        for level in range(rules.levels):
            need = next((k for k, top in enumerate(table) if top > level), None)
            pick = m.new_bool_var(f"r{i} picks level {level}")
            if need is None:
                m.add(pick == 0)
            else:
                m.add(shown >= need).only_enforce_if(pick)
            picks.append(pick)
            bought = m.new_int_var(0, self.plays[i], f"r{i} buys level {level}")
            down_buys.append(bought)
            self.prices.append(rules.market_cost[level] * bought)
            steps = m.new_int_var(0, 10 * self.plays[i], f"r{i} steps buy level {level}")
            by_steps.append(steps)
            self.prices.append(max(0, rules.market_cost[level] - self.discount) * steps)
            m.add(self.gained[i][level] <= pick + bought + steps)
        m.add(sum(picks) <= 1)
        m.add(sum(down_buys) <= buying)
        m.add(sum(by_steps) <= free)

    def _uses(
        self,
        i: int | None,
        sums: dict[str, list[Linear]],
        name: str,
        effect: Effect,
        times: Linear,
        most: int,
    ) -> None:
        """`effect` resolved `times` times at most (`most` at the very most): each time one of
        its alternatives, and each step of it once at most (a step that cannot be carried
        out, or whose price is not paid, is left), by one of the step's options (see
        `_choose`)."""
        if not effect or (isinstance(times, int) and times <= 0) or most <= 0:
            return
        chosen = []
        for k, steps in enumerate(effect):
            alternative = self._var(f"{name} alternative{k}", most)
            chosen.append(alternative)
            for j, step in enumerate(steps):
                count = repeats(step)
                options = self.options.priced(step)
                label = f"{name} alternative{k} step{j}"
                self._choose(i, sums, label, options, count * alternative, count * most)
        self.model.add(sum(chosen) <= times)

    def _choose(
        self,
        i: int | None,
        sums: dict[str, list[Linear]],
        name: str,
        options: Sequence[Option],
        times: Linear,
        most: int,
    ) -> list[Any]:
        """An effect resolved in round i (None: some round) `times` times at most (`most` at
        the very most), each time one of its `options`: what they give is added to `sums`,
        their prices to the model's; an option tied to a city needs the marker there (that
        round, or some round). Returns how many times each option is chosen."""
        if not options or (isinstance(times, int) and times <= 0) or most <= 0:
            return []
        m = self.model
        chosen: list[Any] = []
        for k, option in enumerate(options):
            n = m.new_int_var(0, most, f"{name} option{k}")
            chosen.append(n)
            for q in QUANTITIES:
                if getattr(option.gives, q):
                    sums[q].append(getattr(option.gives, q) * n)
            for q, value in zip(COUNTS[len(QUANTITIES) :], option.counts(), strict=True):
                if value and not (i is not None and q in ("moves", "jumps")):
                    sums[q].append(value * n)
            if option.coins:
                self.prices.append(option.coins * n)
            if option.vp:
                self.lost_vp.append(option.vp * n)
            for city in option.here:
                m.add(n <= most * (self.known[city] if i is None else self.visits[i][city]))
            for city in option.known:
                m.add(n <= most * self.known[city])
            if i is not None:  # the marker's moves in round i (see `_paths`)
                self._moves(i, option, n)
        m.add(sum(chosen) <= times)
        return chosen

    def _moves(self, i: int, option: Option, n: Any) -> None:
        """The moves of an option chosen `n` times in round i, and where its direct moves go
        (anywhere, None, unless each goes to a city of its own)."""
        if option.moves:
            self.road[i].append(option.moves * n)
        if option.jumps:
            self.jumps[i].append(option.jumps * n)
            ends = option.lands if len(option.lands) == option.jumps else {None}
            for city in ends:
                self.landings[i].setdefault(city, []).append(n)

    # --- what the plays lead to -------------------------------------------------------------
    def _var(self, name: str, top: int) -> Any:
        return self.model.new_int_var(0, max(0, top), name)

    def _table(self, name: str, index: Any, values: Sequence[int]) -> Any:
        """`values[index]`, `index` capped by the table's end by the caller."""
        target = self._var(name, max(values, default=0))
        self.model.add_element(index, list(values), target)
        return target

    def _capped(self, name: str, value: Linear, cap: int) -> Any:
        """A variable at most `value` and at most `cap`."""
        var = self._var(name, cap)
        self.model.add(var <= value)
        return var

    def _bought(self, per_round: list[dict[str, Linear]]) -> list[dict[str, Linear]]:
        """Each round's totals with the cards bought and used at once: at most the display a
        round (all of it once one is bought, where a card so bought can buy another)."""
        state, content, yields = self.state, self.state.content, self.yields
        rules = content.rules
        display = rules.market_display[state.num_players] * rules.levels
        nested = sum(
            card.copies
            for card in content.advanced.values()
            if any(step.name == "buy_play" for steps in card.effect for step in steps)
        )
        rows = []
        for i, got in enumerate(per_round):
            buys = got["bought"] * (display if nested >= 2 else 1)
            bought = self._capped(f"r{i} bought", buys, display)
            row = dict(got)
            for q in QUANTITIES:
                row[q] = got[q] + getattr(yields.bought, q) * bought
            row["takes"] = got["takes"] + yields.bought.explores * bought
            row["wild"] = got["wild"] + yields.bought.ideas * bought
            rows.append(row)
        return rows

    def _meetings(
        self,
        rows: list[dict[str, Linear]],
        later: dict[str, list[Linear]],
        again: dict[str, list[Linear]],
    ) -> Any:
        """The meetings with Famous Travellers; returns how many (the tokens placed). A meeting
        takes a conversation and an open slot of a column whose traveller is in a city the
        marker visits that round (or a conversation anywhere), and gives the slot's reward,
        one of its options (twice for a Duel of Honor, the side's bonus with the first token
        in its first column), added to `later`. A round's conversations are its plays', its
        meetings' rewards' and, in any round, those of `again` (the rewards Lost in Admiration
        gives again) and of the bonus; all but the plays' come after a meeting, so a round's
        first meeting takes a play's."""
        state, content, m = self.state, self.state.content, self.model
        rules, side = content.rules, content.sides[state.side]
        tokens = state.exp[0]
        bonus = m.new_bool_var("first column bonus")
        if side.first_column_bonus and 0 not in state.bonus_taken and tokens:
            self._uses(None, again, "first column bonus", side.first_column_bonus, bonus, 1)
        else:
            m.add(bonus == 0)
        any_round = sum(again["talks"]), sum(again["far_talks"])
        counts, duels, first = [], [], []
        for i, rnd in enumerate(self.rounds):
            got: dict[str, list[Linear]] = {q: [] for q in COUNTS}  # the meetings' rewards
            here, anywhere = [], []
            for column, slot in open_slots(state, rnd):
                name = f"r{i} meets {column}/{slot}"
                met, far = m.new_bool_var(name), m.new_bool_var(name + " anywhere")
                city = side.columns[column].cities[rnd]
                m.add(met <= self.visits[i][city] + far)
                times: Linear = met
                if "duel" in tokens and content.travellers[state.travellers[column]].duel:
                    twice = m.new_int_var(0, rules.duel_rewards - 1, name + " duel")
                    m.add(twice <= (rules.duel_rewards - 1) * met)
                    duels.append(twice)
                    times = met + twice
                reward = side.columns[column].rewards[rnd][slot]
                self._uses(i, got, name, reward, times, rules.duel_rewards)
                here.append(met)
                anywhere.append(far)
                if column == 0:
                    first.append(met)
            talks, far_talks = rows[i]["talks"] + rows[i]["bought"], rows[i]["far_talks"]
            m.add(sum(here) <= len(here) * (talks + far_talks))  # the first is a play's
            more, far_more = sum(got["talks"]) + any_round[0], sum(got["far_talks"]) + any_round[1]
            m.add(sum(here) <= talks + far_talks + more + far_more)
            m.add(sum(anywhere) <= far_talks + far_more)
            counts += here
            for q, found in got.items():
                later[q] += found
        m.add(sum(duels) <= rules.duel_rewards - 1)
        m.add(bonus <= sum(first))
        placed = self._var("tokens placed", len(tokens))
        m.add(placed == sum(counts))
        return placed

    def _score(self, per_round: list[dict[str, Linear]]) -> dict[str, Linear]:
        """Every source of VP, from the plays' totals (see the module's docstring)."""
        state, yields, content, m = self.state, self.yields, self.state.content, self.model
        rules, edition = content.rules, state.edition
        rows = self._bought(per_round)
        plays = {q: sum(row[q] for row in rows) for q in COUNTS}
        later: dict[str, list[Linear]] = {q: [] for q in COUNTS}
        # Lost in Admiration: a Gazette reward again, once per Lost phase that finds the token
        again: dict[str, list[Linear]] = {q: [] for q in COUNTS}
        any_met = m.new_bool_var("a meeting")
        lost0, lost1 = lost_times(state, 0), lost_times(state, 1)
        gazette = self.options.among(self.options.gazette)
        lost = self._choose(
            None, again, "Lost in Admiration", gazette, lost0 + (lost1 - lost0) * any_met, lost1
        )
        lost_spends = sum(n for n, o in zip(lost, gazette, strict=False) if spends(o))
        placed = self._meetings(rows, later, again)
        m.add(placed >= 1).only_enforce_if(any_met)
        m.add(placed == 0).only_enforce_if(~any_met)
        for q, found in again.items():
            later[q] += found
        # Dickens: his uses left, each an exploration or a café in his city
        dickens = 0
        if "dickens" in state.where:
            dickens = edition.dickens_per_turn * (turns_left(state) + sum(self.plays[1:]))
        new_tiles = self._tiles(plays, later, dickens)
        done = {q: plays[q] + sum(later[q]) for q in COUNTS}
        for i in range(len(self.rounds)):
            self._paths(i)
        m.add(sum(self.others) <= sum(later["moves"]))
        m.add(sum(self.other_jumps) <= sum(later["jumps"]))
        explores = done["explores"] + dickens
        level_one = [c for c in holdable(self.puzzle, state)[-1] if content.card(c).level == 1]
        retires = self._capped("retired", done["retires"], len(level_one))
        reward = yields.effect(rules.retire_reward)
        gained = {q: done[q] + getattr(reward, q) * retires for q in QUANTITIES}
        # coins and Ideas: paid at most what is held and gained
        coins = state.coins[0] + gained["coins"]
        m.add(sum(self.prices) <= coins)
        montagu_ideas = self._var("Lady Montagu's Ideas", len(self.rounds))
        wild = done["wild"] + montagu_ideas * edition.montagu_ideas
        cafe_vp, cafe_ideas, cafe_any = self._cafes(gained["cafes"], done["far_cafes"] + dickens)
        # Journals: a piece a slot, an Idea, a tile or a Friend tile
        room = sum(
            len(content.journal_scores) - 1 - sum(map(bool, slots)) for slots in state.written[0]
        )
        written = self._capped("written", gained["writes"], room)
        ideas_written = self._var("Ideas written", room)
        m.add(written <= ideas_written + pieces_to_write(state, 0) + new_tiles)
        # Ideas: each genre paid (cafés, writes) at most what is held and gained of it, the
        # Ideas of a genre of the player's choice shared out
        writes = [self._var(f"written genre {g}", room) for g in range(GENRES)]
        shares = [self._var(f"chosen genre {g}", 10 * room + 100) for g in range(GENRES)]
        traded = [self._var(f"traded genre {g}", 10 * room + 100) for g in range(GENRES)]
        m.add(sum(writes) == ideas_written)
        m.add(sum(shares) + cafe_any <= wild)
        m.add(sum(traded) == done["trades"])  # a trade gives up an Idea for one of choice
        for g in range(GENRES):
            have = state.ideas[0][g] + done[f"genre {g}"] + shares[g]
            m.add(cafe_ideas[g] + writes[g] + traded[g] <= have)
        journals = self._table(
            "Journals", written, [journals_most(state, k, k)[1] for k in range(room + 1)]
        )
        have = len(state.tiles[0])
        scores = rules.exploration_scores
        exploration = self._table(
            "Exploration",
            new_tiles,
            [scores[min(have + k, len(scores) - 1)] for k in range(len(content.cities) + 1)],
        )
        tokens = state.exp[0]
        gazette_vp = self._table(
            "Gazette tokens",
            placed,
            [affinities_most(state, t) + majorities_most(state, t) for t in range(len(tokens) + 1)],
        )
        reach = len(content.paintings) + 1
        painted = self._capped("Paintings explored", explores, reach)
        paintings = self._table(
            "Paintings", painted, [paintings_most(state, k) for k in range(reach + 1)]
        )
        return {
            "VP won": state.vp[0],
            "plays": plays["vp"],
            "meetings, tiles": sum(later["vp"]),
            "retired cards": reward.vp * retires,
            "prices": -sum(self.lost_vp),
            "cafés": cafe_vp,
            "Dickens": dickens * (yields.city.vp + yields.addison),
            "travellers": self._travellers(ideas_written, room, coins, montagu_ideas, lost_spends),
            "A. Exploration": exploration,
            "B. Journals": journals,
            "C. Advanced cards": self._advanced(retires),
            "D. Gazette": gazette_vp,
            "Paintings": paintings,
        }

    def _travellers(
        self, written: Any, room: int, coins: Linear, montagu_ideas: Any, lost_spends: Linear
    ) -> Linear:
        """The travellers' end-of-round abilities, round by round (`bound.round_end_most`'s
        gains; Mary Shelley's by the Ideas written in all, `room` at most, Goethe's by the
        coins held and gained in all): those that pay only a player in the traveller's city
        pay where the marker ends the round, one city it is in that round. Lady Montagu gives
        her VP or her Ideas (`montagu_ideas` counts the rounds she gives Ideas that can be
        spent: in the game's last round only by what comes after her, a café or a write that
        Lost in Admiration gives, `lost_spends` times at most, or a card's end-of-round
        effect)."""
        state, content, m = self.state, self.state.content, self.model
        edition = state.edition
        columns = content.sides[state.side].columns
        presence = PRESENCE | ({"goethe"} if edition.goethe_needs_city else set())
        twain = edition.twain_vp if "twain" in state.where else 0
        found: list[Linear] = []
        if "keats" in state.where:
            found.append(edition.keats_play_vp * sum(self.plays))
        ideas: list[Linear] = []
        for i, rnd in enumerate(self.rounds):
            ends = self.ends[i]
            for column in abilities_due(state, rnd):
                rule = content.travellers[state.travellers[column]].rule
                name = f"r{i} {rule}"
                here = ends[columns[column].cities[rnd]] if rule in presence else 1
                if rule == "montagu":
                    vp, idea = m.new_bool_var(name + " VP"), m.new_bool_var(name + " Ideas")
                    m.add(vp + idea <= here)
                    if rnd == content.rules.rounds - 1 and not self.cards_spend_at_the_end:
                        spent = m.new_bool_var(name + " Ideas spent")  # only by Lost's reward
                        m.add(spent <= idea)
                        m.add(spent <= lost_spends)
                        ideas.append(spent)
                    else:
                        ideas.append(idea)
                    found.append(edition.montagu_vp * vp + edition.montagu_ideas * twain * idea)
                    continue
                gain: Linear
                if rule == "shelley":
                    most, gain = edition.shelley_vp * room, edition.shelley_vp * written
                elif rule == "goethe":
                    most = gain = edition.goethe_max
                elif rule == "keats":
                    played = state.advanced_played[0] if rnd == state.round else 0
                    most = gain = edition.keats_round_vp * (played + self.plays[i])
                elif rule == "blessington":
                    most = gain = max(0, edition.blessington_closest)
                else:
                    continue
                paid = self._var(name, most)
                m.add(paid <= gain)
                if rule == "goethe":
                    m.add(paid <= coins)
                if rule in presence:
                    m.add(paid <= most * here)
                found.append(paid)
        m.add(montagu_ideas <= sum(ideas))
        return sum(found)

    def _advanced(self, retires: Any) -> Linear:
        """The Advanced cards' VP at the end: the hand limit's worth of the cards held at the
        end, each at its condition's most (the count bound's `card_most`). A Level I card
        retired is not held at the end: the Level I cards kept and the `retires` share the
        copies of Level I cards held now (in hand and played) or gained in a round."""
        state, m, advanced = self.state, self.model, self.state.content.advanced
        most = self.count_most
        before, fresh = self.held[-1], self.fresh[-1]
        # the cards played come back to the hand: this round's too, if it is the last
        back = Counter(c for c, _ in state.played[0]) if len(self.rounds) == 1 else Counter()
        kept = []  # each card's copies kept, its VP and whether it is a Level I card
        for card in sorted(set(before) | set(fresh) | set(back)):
            if card not in advanced:
                continue
            keep = m.new_int_var(0, self.ever_held[card], f"keeps {card}")
            m.add(keep <= before.get(card, 0) + fresh.get(card, 0) + back[card])
            kept.append((keep, card_most(state, card, most), advanced[card].level == 1))
        m.add(sum(k for k, _, _ in kept) <= state.content.rules.hand_limit)
        now = [c for c in (*state.hand[0], *(c for c, _ in state.played[0])) if c in advanced]
        copies = sum(advanced[c].level == 1 for c in now) + sum(by[0] for by in self.gained)
        m.add(retires + sum(k for k, _, one in kept if one) <= copies)
        return sum(value * k for k, value, _ in kept)

    def _tiles(self, plays: dict[str, Linear], later: dict[str, list[Linear]], dickens: int) -> Any:
        """The new Exploration tiles, how many: one per exploration that takes one and per city
        without one, in a city the marker is in some round (or explored from anywhere: an
        exploration anywhere, or Dickens's); each new tile and each tile held not yet used
        gives its reward once, one of its options, added to `later`. (Tying each tile to an
        exploration of its own city changed no optimum tried and kept CP-SAT from closing its
        search: the cities are tied only through the marker's visits.)"""
        state, content, m = self.state, self.state.content, self.model
        rewards = self.options
        for tile in state.tiles[0]:
            if tile not in state.used[0]:
                self._uses(None, later, f"tile {tile}", content.tiles[tile].reward, 1, 1)
        taken, far = [], []
        for city in content.cities:
            if state.has_tile_of(0, city) or not state.city_tiles[city]:
                continue
            new = m.new_bool_var(f"new tile {city}")
            anywhere = m.new_bool_var(f"new tile {city} anywhere")
            taken.append(new)
            far.append(anywhere)
            m.add(new <= self.known[city] + anywhere)
            effects = [content.tiles[t].reward for t in state.city_tiles[city]]
            self._choose(None, later, f"new tile {city}", rewards.among(effects), new, 1)
        count = self._var("new tiles", len(taken))
        m.add(count == sum(taken))
        m.add(count <= plays["takes"] + sum(later["takes"]) + dickens)
        m.add(sum(far) <= plays["far_takes"] + sum(later["far_takes"]) + dickens)
        return count

    def _cafes(self, steps: Linear, anywhere: Linear) -> tuple[Linear, list[Linear], Linear]:
        """The café discussions: their VP, the Ideas of each genre they take, and those of any
        genre (where Lady Craven's discount lets a discussion be paid with fewer). Each takes
        a café step and the next free slot of a discussion in a city the marker or a Letter
        marker is in (or any: a café anywhere, or Dickens's), a Café marker, and its Ideas."""
        state, content, edition, m = self.state, self.state.content, self.state.edition, self.model
        where = set(state.where)
        bonus = edition.montesquieu_vp if "montesquieu" in where else 0
        discount = edition.craven_discount if "craven" in where else 0
        markers = state.cafe_markers_left(0)
        vps: list[Linear] = []
        spent: list[Linear] = [0] * GENRES
        any_genre: Linear = 0
        taken, far = [], []
        for city, board in content.cities.items():
            here = []
            for d, discussion in enumerate(board.cafes):
                free = list(discussion.vp[len(state.cafes[city][d]) :])
                top = min(markers, len(free))
                if not top:
                    continue
                count = self._var(f"cafés {city} {d}", top)
                here.append(count)
                prefix = [sum(free[:k]) + bonus * k for k in range(top + 1)]
                vps.append(self._table(f"café VP {city} {d}", count, prefix))
                if discount:
                    any_genre = any_genre + max(1, sum(discussion.cost) - discount) * count
                else:
                    spent = [s + n * count for s, n in zip(spent, discussion.cost, strict=True)]
            if here:
                outside = self._var(f"cafés {city} from afar", markers)
                m.add(sum(here) <= markers * self.known[city] + outside)
                taken += here
                far.append(outside)
        m.add(sum(taken) <= markers)
        m.add(sum(taken) <= steps + anywhere)
        m.add(sum(far) <= anywhere)
        return sum(vps), spent, any_genre

    def solve(self, time_limit: float, workers: int = 1) -> ModelBound:
        """CP-SAT on the model for `time_limit` seconds. Ctrl-C, or Stop
        (`kit.solve.plan.interrupt`), ends the search and raises KeyboardInterrupt: a bound
        cut short is still a bound, but the caller asked to stop."""
        solver = new_solver(time_limit, workers)
        status, interrupted = run_solver(solver, self.model)
        if interrupted:
            raise KeyboardInterrupt
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise ValueError(f"the model found no solution ({solver.status_name(status)})")
        bound = math.floor(solver.best_objective_bound + 1e-6)
        return ModelBound(bound, status == cp_model.OPTIMAL, round(solver.objective_value))


def model_bound(puzzle: Puzzle, time_limit: float = 10.0, workers: int = 1) -> ModelBound | None:
    """The model's bound on every plan of `puzzle`, None where it does not apply."""
    if not applies(puzzle.state()):
        return None
    return Relaxation(puzzle).solve(time_limit, workers)


def new_solver(time_limit: float, workers: int) -> cp_model.CpSolver:
    """CP-SAT as the model is solved (`Relaxation.solve`; a benchmark reads its solutions)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    # the linear relaxation of the rank and table constraints too: at round IV's start
    # of greedy games it bounds lower within 15 s, and closed the search where the
    # default did not (set D/ja: 343 proven, against 365; `benchmarks/RESULTS.md`)
    solver.parameters.linearization_level = 2
    if workers >= 2:
        # beside the default search, one that raises the objective's bound step by
        # step: with two rounds left of the greedy games of sets A/en, D/en and intro/en
        # it bounds within 15 s at 240, 300 and 214 where the default alone stops at
        # 265, 323 and 238, and it leaves round V's proofs as fast
        solver.parameters.num_full_subsolvers = 2
        solver.parameters.subsolvers.extend(["default_lp", "objective_lb_search"])
    return solver
