"""A valid upper bound on the score of every plan of a puzzle, by counting what each source of VP
can give at most.

Why it is valid. Every VP of a solo game comes from one of these, and each is bounded from above
(VP lost, to Lady Blessington, a Favour or Lost in Admiration, are never counted, which only
raises the bound):

- Effects activated. In a round the j-th play activates at most j cards (a chain activates the
  face-up cards of one category in the play area, the card just played included, and at most j
  cards lie there); at most j - 1 cards give a beginning-of-turn effect before the j-th play, and
  at most 5 an end-of-round effect. Each activation gives at most `Yield.vp` VP, the largest over
  every effect of every card of the game of what its best alternative gives: its VP steps, and
  for each step that triggers another effect (a conversation's or a letter's Favour reward, an
  exploration's city reward, a tile or Gazette space used again) the most that effect gives,
  recursively; Joseph Addison's VP per conversation, letter or exploration; Mark Twain's per
  Idea gained. A step the bound does not know is refused, so a new kind of effect cannot make
  the bound silently wrong.
- Meetings with Famous Travellers: one per Experience token left, each at most the best
  Gazette space twice (a Duel of Honor) plus the first column's bonus (a conversation that
  meets a traveller is counted here, not among the effects: a Gazette reward that is itself a
  conversation would otherwise count meetings without end).
- Cards bought and used at once: each takes a card of the market's display, which is refilled
  only once a round, so at most the display's size a round, each the best Advanced effect.
- Exploration tiles used: each at most once, plus the reuses counted among the effects.
- Café discussions: one per Café marker, each at most the best slot of the game plus
  Montesquieu's bonus (the effects above count a café step as 0 VP for this reason; Dickens's
  café discussions are among these too).
- Charles Dickens's explorations: at most his per-turn limit each turn, or, with no limit, as
  many as the coins the player can ever hold pay for, each costing his price less the city
  reward's coins (the coins bounded like the VP: coins now, two per face-down play, and each
  activation's, tile's, meeting's and bought card's coins at most). With no limit and a city
  reward of at least his price (an edition's data may say so: both texts' editions limit him
  to once a turn) the game has no bound: a turn can explore without end, every time a coin
  richer, and the bound is infinite.
- Each round's end: each traveller's end-of-round ability at most (Lady Montagu's VP or her
  Ideas with Twain's VP, Mary Shelley's VP for all 12 Idea slots written, Goethe's maximum, Keats's
  VP for 5 Advanced cards, Lady Blessington's closest-player VP), Keats's VP for five Advanced
  cards played in his city, and one Lost in Admiration reward again.
- Final scoring: the Exploration table at 8 tiles (one per city), both Journals full, the
  hand limit's worth of the Advanced cards with the most VP each can score (its condition
  counted at the most the game's components allow), Elective Affinities at their best, first
  place in every column, and every Painting type.

It is a bound, not an estimate: far above what any game reaches (it counts every activation as
if it gave the best effect of the game), so the gap it reports is wide."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from kit.solve.five_rounds.puzzle import Puzzle
from kit.timeless_journeys.content import Condition, Content, Effect, Step
from kit.timeless_journeys.state import TimelessState

CATEGORIES = 5
"""Categories a round's plays can show: four of cards, and face down."""


@dataclass(frozen=True)
class Yield:
    """The most VP, coins and Idea tokens one effect can give."""

    vp: int = 0
    coins: int = 0
    ideas: int = 0

    def __add__(self, other: Yield) -> Yield:
        return Yield(self.vp + other.vp, self.coins + other.coins, self.ideas + other.ideas)

    def times(self, count: int) -> Yield:
        return Yield(self.vp * count, self.coins * count, self.ideas * count)

    def most(self, other: Yield) -> Yield:
        return Yield(
            max(self.vp, other.vp), max(self.coins, other.coins), max(self.ideas, other.ideas)
        )


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
    def meeting(self) -> Yield:
        """The most one meeting with a Famous Traveller gives: the best Gazette space twice
        (a Duel of Honor) and the first column's bonus."""
        bonus = self.content.sides[self.state.side].first_column_bonus
        once = self.effect(bonus) if bonus else Yield()
        return self.gazette.times(self.content.rules.duel_rewards) + once

    @cached_property
    def favour(self) -> Yield:
        """The best reward of a Favour tile on the board."""
        favours = [self.content.favours[f] for f in self.state.favour.values()]
        return self.best(e for favour in favours for e in favour.rewards)

    @cached_property
    def bought(self) -> Yield:
        """The most one card bought and used at once gives (a card that buys again is counted
        as another card of the display)."""
        return self.best(card.effect for card in self.content.advanced.values())

    @cached_property
    def city(self) -> Yield:
        return self.best(city.reward for city in self.content.cities.values())

    @cached_property
    def tile(self) -> Yield:
        return self.best(tile.reward for tile in self.content.tiles.values())

    @cached_property
    def card(self) -> Yield:
        """The best effect of any card: played, at the beginning of a turn, at a round's end."""
        content = self.content
        return self.best(
            effect
            for card_id in [*content.basic, *content.advanced]
            for effect in (
                self.state.card_effect(card_id),
                content.card(card_id).begin_turn,
                content.card(card_id).end_round,
            )
        )

    def best(self, effects: Iterable[Effect]) -> Yield:
        found = Yield()
        for effect in effects:
            found = found.most(self.effect(effect))
        return found

    def effect(self, effect: Effect) -> Yield:
        """The most an effect's best alternative gives (each part at its own best)."""
        if id(effect) in self._path:
            raise ValueError("an effect that can trigger itself: no bound by counting")
        self._path.append(id(effect))
        try:
            found = Yield()
            for steps in effect:
                total = Yield()
                for step in steps:
                    total = total + self.step(step)
                found = found.most(total)
            return found
        finally:
            self._path.pop()

    def step(self, step: Step) -> Yield:
        """The most one step gives, what it triggers included."""
        name, count = step.name, step.count
        ideas = IDEAS.get(name)
        if ideas is not None:
            gained = count if ideas else 1
            return Yield(self.twain * gained, 0, gained)
        if name == "vp":
            return Yield(count)
        if name == "coins":
            return Yield(0, count)
        if name in ZERO:
            return Yield()
        if name == "category_vp":
            return Yield(count * CATEGORIES)
        if name == "category_coins":
            return Yield(0, count * CATEGORIES)
        if name in ("talk", "talk_anywhere"):
            return self.favour + Yield(self.addison)
        if name in ("letter", "letter_new"):
            return self.favour + Yield(self.addison)
        if name == "letters":
            return (self.favour + Yield(self.addison)).times(count)
        if name in ("explore", "explore_anywhere"):
            return self.city + Yield(self.addison)
        if name == "reuse_tile":
            return self.tile
        if name == "experience_again":
            return self.gazette
        if name == "retire_level1":
            return self.effect(self.content.rules.retire_reward)
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

ZERO = frozenset(
    {"move", "goto", "flip_move", "write", "write_distinct", "buy", "buy_play", "cafe"}
    | {"cafe_anywhere"}
)
"""The steps that give no VP, coins or Ideas themselves (cafés are counted by their markers,
cards bought and used at once by the market's displays)."""


def activations(state: TimelessState) -> tuple[int, int]:
    """The most effects the rest of the game can activate (chains, beginning-of-turn and
    end-of-round cards), and the turns left."""
    rules = state.content.rules
    plays, rounds = rules.plays_per_round, rules.rounds
    per_round = sum(j + (j - 1) for j in range(1, plays + 1)) + plays
    done = len(state.played[0]) if state.phase == "Action" else plays
    now = sum(j + (j - 1) for j in range(done + 1, plays + 1)) + plays
    later = rounds - state.round - 1
    return now + later * per_round, plays - done + later * plays


def upper_bound(puzzle: Puzzle) -> float:
    """The most any plan of the puzzle can score (see the module's docstring)."""
    state = puzzle.state()
    content, edition, rules = state.content, state.edition, state.content.rules
    yields = Yields(state)
    count, turns = activations(state)
    rounds = rules.rounds - state.round
    tiles = len(content.cities) - len(state.used[0])
    meetings = len(state.exp[0])
    coins = (
        state.coins[0] + rules.face_down_coins * turns + yields.card.coins * count
        + yields.tile.coins * tiles + yields.meeting.coins * meetings
    )  # fmt: skip
    bought = rules.market_display[state.num_players] * rules.levels * rounds
    coins += yields.bought.coins * bought
    vp = (
        state.vp[0] + yields.card.vp * count + yields.tile.vp * tiles
        + yields.meeting.vp * meetings + yields.bought.vp * bought
    )  # fmt: skip
    best_slot = max(v for city in content.cities.values() for d in city.cafes for v in d.vp)
    where = set(state.where)
    if "montesquieu" in where:
        best_slot += edition.montesquieu_vp
    vp += state.cafe_markers_left(0) * best_slot
    if "dickens" in where:
        limit, net = edition.dickens_per_turn, edition.dickens_cost - yields.city.coins
        if not limit and net <= 0:
            return math.inf  # a city reward pays for the next exploration: no end to a turn
        uses = limit * turns if limit else coins // net
        vp += uses * (yields.city.vp + yields.addison)
    vp += rounds * (round_end(state, yields) + yields.gazette.vp)
    return vp + final_scoring(state, coins)


def round_end(state: TimelessState, yields: Yields) -> int:
    """The most the travellers' end-of-round abilities and Keats's plays give in one round."""
    edition, rules = state.edition, state.content.rules
    plays = rules.plays_per_round
    slots = 2 * rules.journal_ideas
    gains = {
        "montagu": max(edition.montagu_vp, edition.montagu_ideas * yields.twain),
        "shelley": edition.shelley_vp * slots,
        "goethe": edition.goethe_max,
        "keats": (edition.keats_round_vp + edition.keats_play_vp) * plays,
        "blessington": max(0, edition.blessington_closest),
    }
    return sum(gains.get(rule, 0) for rule in state.where)


def final_scoring(state: TimelessState, coins: int) -> int:
    """The most areas A-D and the Paintings can give at the end."""
    content, rules, edition = state.content, state.content.rules, state.edition
    exploration = rules.exploration_scores[
        min(len(content.cities), len(rules.exploration_scores) - 1)
    ]
    journals = 2 * max(content.journal_scores)
    cards = sorted(
        (_card_most(content, card.vp, card.vp_for, coins) for card in content.advanced.values()
         for _ in range(card.copies)),
        reverse=True,
    )  # fmt: skip
    advanced = sum(cards[: rules.hand_limit])
    tokens = rules.experience_tokens
    affinities = max(rules.affinity_together, rules.affinity_each * tokens.count("affinity"))
    majorities = rules.majority_points[0] * rules.travellers
    paintings = max(edition.lebrun_values) if "lebrun" in state.where else 0
    return exploration + journals + advanced + affinities + majorities + paintings


def _card_most(content: Content, vp: int, condition: Condition | None, coins: int) -> int:
    """The most an Advanced card in hand can score: its VP times its condition at the most."""
    if condition is None:
        return vp
    rules = content.rules
    most = {
        "friends": len(content.friends),
        "letters": rules.letter_markers,
        "tiles": len(content.cities),
        "cafes": rules.cafe_markers,
        "genres": len(rules.genres),
        "ideas_written": 2 * rules.journal_ideas,
        "journal_cities": 2,
        "experience": len(rules.experience_tokens),
        "hand_advanced": rules.hand_limit,
        "hand_categories": CATEGORIES - 1,
        "coins": coins,
        "city": 1,
    }
    if condition.name not in most:
        raise ValueError(f"the bound does not know the card condition {condition.name!r}")
    return vp * (most[condition.name] // condition.per)
