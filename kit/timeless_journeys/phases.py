"""The flow of a game of Timeless Journeys: the tasks that run at once (setup, rounds, phases)
and the questions of the flow (the turn, a chain, a face-down play, Lost in Admiration, the
market, the hand limit), each a small frame class; and why an answer is refused."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, TypeGuard

from kit.core.frames import Frame, Task
from kit.core.words import plural
from kit.timeless_journeys import travellers
from kit.timeless_journeys.actions import Choice, Question, answer, coins, reward_words, roman
from kit.timeless_journeys.content import Card, Content, Step
from kit.timeless_journeys.draws import (
    FavourDraw,
    FriendDraw,
    JournalDeal,
    MarketReveal,
    PaintingReveal,
    PortraitDraw,
    SetDraw,
    SideDraw,
    TileDraw,
    TravellerDraw,
)
from kit.timeless_journeys.effects import (
    NO_CTX,
    board_refusal,
    effect_frames,
    market_options,
    move,
    price_words,
    priced_steps,
    step_actions,
)

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState

MOVE = Step("move")
END_TURN = answer("end the turn")
END_CHAIN = answer("end the chain")
NO_CARD = answer("take no card")
KEEP_VP = answer("keep the VP")


# --- the flow of the game: tasks ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setup(Task):
    """Every setup draw, the first market display, then the rounds."""

    def run(self, state: TimelessState) -> None:
        game, content = state.game, state.content
        players, mode = state.num_players, game.options["mode"]
        frames: list[Frame] = []
        if not state.side:
            frames.append(SideDraw())
        if mode == "historical" and not state.picked:
            frames.append(SetDraw())
        if mode == "random":
            frames += [TravellerDraw()] * (content.rules.travellers - len(state.picked))
        frames.append(PortraitDraw())
        frames += _deals(content, players)
        frames += market_refill(state)
        frames += [Round(r) for r in range(content.rules.rounds)]
        state.push(*frames)


@cache
def _deals(content: Content, players: int) -> tuple[Frame, ...]:
    """The setup's Friend and Favour tiles, Exploration tiles and Journals, the same frames for
    every game of this content and player count."""
    return (
        *[FriendDraw()] * content.rules.friend_tiles[players],
        *[FavourDraw(city) for city in content.cities],
        *[TileDraw(city) for city in content.cities for _ in range(players)],
        *[JournalDeal(p, stack) for p in range(players) for stack in ("A", "B")],
    )


def market_refill(state: TimelessState) -> list[Frame]:
    count = state.content.rules.market_display[state.num_players]
    return [_refill(level) for level in range(state.content.rules.levels) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class MarketRefill(Task):
    """One card into a level's display: from its deck, or once that is empty from the cards
    discarded under it, oldest first."""

    level: int

    def run(self, state: TimelessState) -> None:
        if state.deck[self.level]:
            state.stack.append(_reveal(self.level))
        elif state.bottom[self.level]:
            state.market[self.level].append(state.bottom[self.level].pop(0))


@dataclass(frozen=True, slots=True)
class Round(Task):
    """The travellers move to this round's cities; Le Brun's Paintings are revealed; then the
    turns, the Famous Travellers phase, the Market phase and the Reorganisation."""

    number: int

    def run(self, state: TimelessState) -> None:
        rules, edition = state.content.rules, state.edition
        state.round = self.number
        state.phase = "Action"
        columns = state.content.sides[state.side].columns
        state.where = {
            state.content.travellers[t].rule: columns[column].cities[self.number]
            for column, t in enumerate(state.travellers)
        }
        state.advanced_played = [0] * state.num_players
        frames: list[Frame] = []
        if "lebrun" in state.where and edition.lebrun_display == "revealed":
            frames += [PaintingReveal()] * edition.lebrun_reveal[state.num_players]
        seats = state.seats_from_first()
        frames += [BeginTurn(p) for p in seats] * rules.plays_per_round
        frames += [TravellersPhase(), CardsEndOfRound()]
        if edition.lost_in_admiration == "once":
            frames.append(LostPhase())
        frames.append(MarketPhase())
        if edition.lost_in_admiration == "every_market":
            frames.append(LostPhase())
        frames.append(Reorganise(self.number))
        state.push(*frames)


@dataclass(frozen=True, slots=True)
class BeginTurn(Task):
    """The turn, after the beginning-of-turn effects of the cards in the play area."""

    player: int

    def run(self, state: TimelessState) -> None:
        state.dickens_used = 0
        state.stack.append(turn(self.player, False))
        if state.played[self.player] and state.content.begin_turn:
            frames = beginning_of_turn(state, self.player)
            if frames:
                state.push(*frames)


def beginning_of_turn(state: TimelessState, player: int) -> list[Frame]:
    """The Beginning-of-turn icon: each card showing it that lies face up in the player's play
    area gives its effect at the beginning of each of the player's later turns this round,
    before the card of the turn is played, in the order the cards were played."""
    timed = state.content.begin_turn
    frames: list[Frame] = []
    for card, up in state.played[player]:
        if up and card in timed:
            frames += effect_frames(player, timed[card])
    return frames


@dataclass(frozen=True, slots=True)
class TravellersPhase(Task):
    def run(self, state: TimelessState) -> None:
        state.phase = "Famous Travellers"
        state.push(*[_traveller_end(column) for column in range(len(state.travellers))])


@dataclass(frozen=True, slots=True)
class TravellerEnd(Task):
    """The end-of-round ability of the traveller in one column, if it has one."""

    column: int

    def run(self, state: TimelessState) -> None:
        rule = state.content.travellers[state.travellers[self.column]].rule
        ability = travellers.END_OF_ROUND.get(rule)
        if ability:
            ability(state, state.where[rule])


@dataclass(frozen=True, slots=True)
class CardsEndOfRound(Task):
    """The End-of-round icon: in the Famous Travellers phase, after the travellers, each card
    showing it that lies face up in a play area gives its effect, player by player from the
    first, each player's cards in the order they were played."""

    def run(self, state: TimelessState) -> None:
        timed = state.content.end_round
        if not timed:
            return
        frames: list[Frame] = []
        for player in state.seats_from_first():
            for card, up in state.played[player]:
                if up and card in timed:
                    frames += effect_frames(player, timed[card])
        state.push(*frames)


@dataclass(frozen=True, slots=True)
class LostPhase(Task):
    """Lost in Admiration: English, the tokens placed this round; Japanese, every one placed."""

    def run(self, state: TimelessState) -> None:
        once = state.edition.lost_in_admiration == "once"
        due = [
            (player, column, rnd, slot)
            for column, tokens in enumerate(state.gazette)
            for rnd, slot, player, kind in tokens
            if kind == "lost" and (rnd == state.round or not once)
        ]
        order = state.seats_from_first()
        due.sort(key=lambda item: (order.index(item[0]), item[1]))
        state.push(*[LostInAdmiration(*item) for item in due])


@dataclass(frozen=True, slots=True)
class MarketPhase(Task):
    """Counter-clockwise from the player to the right of the first player."""

    def run(self, state: TimelessState) -> None:
        state.phase = "Market"
        players = state.num_players
        state.push(*[_market_pick((state.first - 1 - i) % players) for i in range(players)])


@dataclass(frozen=True, slots=True)
class Reorganise(Task):
    """Refresh the market, take played cards back (hand limit), pass the first player token;
    in the last round only the cards come back."""

    number: int

    def run(self, state: TimelessState) -> None:
        state.phase = "Reorganisation"
        last = self.number == state.content.rules.rounds - 1
        state.painting_discard += state.revealed
        state.revealed = []
        frames: list[Frame] = []
        if not last:
            for level, shown in enumerate(state.market):
                state.bottom[level] += shown
                state.market[level] = []
            frames += market_refill(state)
        for player in range(state.num_players):
            state.hand[player] = sorted(state.hand[player] + [c for c, _ in state.played[player]])
            state.played[player] = []
        frames += [_hand_limit(p) for p in state.seats_from_first()]
        if not last:
            state.first = (state.first + 1) % state.num_players
        state.push(*frames)


# --- questions ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn(Question):
    """A player's turn: play a card (once), use Exploration tiles, Byron and Dickens."""

    player: int
    started: bool

    def question(self, state: TimelessState) -> str:
        if not self.started:
            return "which card to play, face up or face down"
        return "whether to do more this turn or end it"

    def choices(self, state: TimelessState) -> list[Choice]:
        found: list[Choice] = []
        if not self.started:
            plays, previous = _plays(state.content), ""
            for card in state.hand[self.player]:  # sorted: copies are neighbours, played once
                if card != previous:
                    found += plays[card]
                    previous = card
        if not travellers.IN_TURN.isdisjoint(state.where):
            found += travellers.turn_options(state, self, self.started)
        if len(state.used[self.player]) < len(state.tiles[self.player]):
            found += tile_choices(state, self)
        if self.started and found:
            found.append(END_TURN)
        return found

    def refusal(self, state: TimelessState, action: Choice | None) -> str | None:
        """A card not in the hand cannot be played; nothing else is done before the card."""
        player = self.player
        if is_play(action) and not self.started:
            card = state.content.card(str(action.args[0]))
            if card.id not in state.hand[player]:
                return f"{card.label} is not in player {player}'s hand"
        elif not self.started:
            question = self.question(state)
            return (
                f"it is not a possible answer now: player {player} is asked {question} "
                f"(a card must be played first)"
            )
        return None

    def told(self, state: TimelessState, action: Choice, seat: int) -> str:
        """A card played face down is its player's secret."""
        if action.run is _play_down and seat != self.player:
            return "play a card face down"
        return action.text


def _cards(content: Content) -> list[Card]:
    return [*content.basic.values(), *content.advanced.values()]


@cache
def _plays(content: Content) -> dict[str, tuple[Choice, Choice]]:
    """Each card's two ways to be played: the same in every game of this content, made once."""
    return {
        card.id: (
            Choice(f"play {card.label} face up", "card", None, _play_up, (card.id,)),
            Choice(f"play {card.label} face down", "card", None, _play_down, (card.id,)),
        )
        for card in _cards(content)
    }


def tile_choices(state: TimelessState, resume: Question) -> list[Choice]:
    """Exploration tiles not used yet may give their reward at any time in the turn; then the
    `resume` question is asked again."""
    player = resume.player
    tiles, used = state.tiles[player], state.used[player]
    return [
        Choice(f"use Exploration tile {t}", "tile", None, _use_tile, (t, resume))
        for t in tiles
        if t not in used
    ]


def _use_tile(state: TimelessState, player: int, tile: str, resume: Question) -> None:
    state.used[player].append(tile)
    state.push(*effect_frames(player, state.content.tiles[tile].reward), resume)


def _play_up(state: TimelessState, player: int, card: str) -> None:
    """Play face up: the first card of its category resolves alone; a later one starts a chain
    of every face-up card of that category in the play area (a card whose only effects wait
    for the beginning of a turn or the end of the round has nothing to activate)."""
    _play(state, player, card, True)
    categories, inert = state.content.categories, _inert(state.content)
    category = categories[card]
    chain = tuple(
        [
            index
            for index, (c, up) in enumerate(state.played[player])
            if up and categories[c] == category and c not in inert
        ]
    )
    state.push(_chain(player, chain), turn(player, True))


@cache
def _inert(content: Content) -> frozenset[str]:
    """The cards a chain has nothing to activate on: their only effects are timed."""
    return frozenset(c for c, card in content.advanced.items() if not card.effect)


def _play_down(state: TimelessState, player: int, card: str) -> None:
    _play(state, player, card, False)
    state.push(face_down(player), turn(player, True))


def face_down_class(state: TimelessState, action: Choice) -> str | None:
    """For a play face down, which others it is the same as (None for any other action). The
    plays differ only in the card that leaves the hand for the play area, and what the
    face-down card does next (coins, a move, a market card bought) reads neither: so they are
    all one play, except that while Keats is on the board an Advanced card is counted (and
    may score) as it is played."""
    if action.run is not _play_down:
        return None
    advanced = action.args[0] in state.content.advanced
    return "Advanced" if advanced and "keats" in state.where else "any card"


def _play(state: TimelessState, player: int, card: str, up: bool) -> None:
    state.hand[player].remove(card)
    state.played[player].append((card, up))
    if card in state.content.advanced:
        travellers.keats_play(state, player)


@dataclass(frozen=True, slots=True)
class Chain(Question):
    """The cards of a chain still to activate (their places in the play area), in the order the
    player picks; any may be left. Two copies of one card are one choice, the first played
    first."""

    player: int
    cards: tuple[int, ...]

    def question(self, state: TimelessState) -> str:
        return "which card of the chain to activate next"

    def choices(self, state: TimelessState) -> list[Choice]:
        played, content = state.played[self.player], state.content
        found, offered = [], set()
        for index in self.cards:
            card, up = played[index]
            if up and card not in offered:
                offered.add(card)
                found.append(_activation(content, index, card, self.cards))
        if not found:
            return []
        if len(state.used[self.player]) < len(state.tiles[self.player]):
            found += tile_choices(state, self)
        found.append(END_CHAIN)
        return found


@cache
def _activation(content: Content, index: int, card: str, cards: tuple[int, ...]) -> Choice:
    """Activate `card`, at `index` of the play area, one of the chain's `cards` (chains recur:
    each choice is made once)."""
    label = content.card(card).label
    return Choice(f"activate {label}", "card", None, _activate, (index, cards))


def _activate(state: TimelessState, player: int, index: int, cards: tuple[int, ...]) -> None:
    rest = tuple([i for i in cards if i != index])
    card = state.played[player][index][0]
    state.push(*effect_frames(player, state.card_effect(card)), _chain(player, rest))


@dataclass(frozen=True, slots=True)
class FaceDown(Question):
    """A card played face down: coins, one move, or a market card bought at its price."""

    player: int

    def question(self, state: TimelessState) -> str:
        take = coins(state.content.rules.face_down_coins)
        return f"what the face-down card does: take {take}, move, or buy a market card"

    def choices(self, state: TimelessState) -> list[Choice]:
        found = [_coins_choice(state.content.rules.face_down_coins)]
        found += move(state, self.player, MOVE, NO_CTX)
        found += market_options(state, self.player, 0, then_play=False)
        return found

    def refusal(self, state: TimelessState, action: Choice | None) -> str | None:
        return board_refusal(state, self.player, MOVE, "", action)


@cache
def _coins_choice(amount: int) -> Choice:
    return Choice(f"take {coins(amount)}", "reward", None, _take_coins, (amount,))


def _take_coins(state: TimelessState, player: int, amount: int) -> None:
    state.coins[player] += amount


@dataclass(frozen=True, slots=True)
class LostInAdmiration(Question):
    """A Lost in Admiration token: give up VP to gain its slot's reward again."""

    player: int
    column: int
    round: int
    slot: int

    def _reward(self, state: TimelessState) -> str:
        reward = state.content.sides[state.side].columns[self.column].rewards[self.round]
        return reward_words(reward[self.slot], state.content.rules.genres)

    def question(self, state: TimelessState) -> str:
        lose = state.content.rules.lost_vp
        return f"whether to lose {lose} VP to gain the reward again ({self._reward(state)})"

    def choices(self, state: TimelessState) -> list[Choice]:
        lose = state.content.rules.lost_vp
        if state.vp[self.player] < lose:
            return []
        reward = state.content.sides[state.side].columns[self.column].rewards[self.round]
        return [
            Choice(
                f"lose {lose} VP to gain the reward again: {self._reward(state)}",
                "reward",
                None,
                _admire,
                (reward[self.slot],),
            ),
            KEEP_VP,
        ]


def _admire(state: TimelessState, player: int, reward: object) -> None:
    state.vp[player] -= state.content.rules.lost_vp
    state.push(*effect_frames(player, reward))


def best_level(state: TimelessState, player: int) -> int:
    """How many market levels the player may take from in the Market phase (0: none)."""
    table = state.content.rules.market_levels_by_categories
    return table[min(state.categories_played(player), len(table) - 1)]


@dataclass(frozen=True, slots=True)
class MarketPick(Question):
    """The Market phase: one card free, of a level the categories played allow."""

    player: int

    def question(self, state: TimelessState) -> str:
        top = best_level(state, self.player)
        return f"which market card to take for free (up to Level {roman(top - 1)})"

    def choices(self, state: TimelessState) -> list[Choice]:
        takes = _takes(state.content)
        found = [
            takes[card]
            for level in range(best_level(state, self.player))
            for card in dict.fromkeys(state.market[level])  # two copies shown are one choice
        ]
        return [*found, NO_CARD] if found else []


@cache
def _takes(content: Content) -> dict[str, Choice]:
    """Each Advanced card taken for free in the Market phase: the same in every game, made once."""
    return {
        card.id: Choice(
            f"take {card.label} (Level {roman(card.level - 1)}) for free",
            "market",
            None,
            _take_card,
            (card.level - 1, card.id),
        )
        for card in content.advanced.values()
    }


def _take_card(state: TimelessState, player: int, level: int, card: str) -> None:
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)


@dataclass(frozen=True, slots=True)
class HandLimit(Question):
    """After the cards come back: discard to the box down to the hand limit."""

    player: int

    def question(self, state: TimelessState) -> str:
        limit = state.content.rules.hand_limit
        return f"which card to discard down to the hand limit of {plural(limit, 'card')}"

    def choices(self, state: TimelessState) -> list[Choice]:
        hand = state.hand[self.player]
        if len(hand) <= state.content.rules.hand_limit:
            return []
        discards, found, previous = _discards(state.content), [], ""
        for card in hand:  # sorted: copies are neighbours, discarded the same way (one choice)
            if card != previous:
                found.append(discards[card])
                previous = card
        return found

    def told(self, state: TimelessState, action: Choice, seat: int) -> str:
        """The card discarded to the box is its owner's secret."""
        return action.text if seat == self.player else "discard a card to the box"


@cache
def _discards(content: Content) -> dict[str, Choice]:
    return {
        card.id: Choice(f"discard {card.label} to the box", "card", None, _discard, (card.id,))
        for card in _cards(content)
    }


def _discard(state: TimelessState, player: int, card: str) -> None:
    state.hand[player].remove(card)
    bisect.insort(state.box, card)
    state.stack.append(_hand_limit(player))


# --- the actions of the game by name --------------------------------------------------------------
@cache
def action_table(content: Content) -> dict[str, Choice]:
    """The actions the game could offer whose refusal reads their fields, by name, legal now or
    not: the plays, the discards, the cards taken for free, and the moves, explorations, talks
    and letters of the effects, each also with every price an effect of the content sets. Made
    once per content, for `TimelessState.action_called`."""
    found = [c for plays in _plays(content).values() for c in plays]
    found += [*_discards(content).values(), *_takes(content).values()]
    steps = step_actions(content)
    found += steps
    for pay in sorted(set(map(price_words, priced_steps(content)))):
        found += [choice._replace(text=f"{pay} to {choice.text}") for choice in steps]
    return {choice.text: choice for choice in found}


def is_play(action: Choice | None) -> TypeGuard[Choice]:
    """Whether `action` plays a card from the hand, face up or face down."""
    return action is not None and (action.run is _play_up or action.run is _play_down)


# Frames that recur all game, shared rather than made again and again (frames never change).
turn = cache(Turn)
face_down = cache(FaceDown)
_refill = cache(MarketRefill)
_reveal = cache(MarketReveal)
_traveller_end = cache(TravellerEnd)
_market_pick = cache(MarketPick)
_chain = cache(Chain)  # a play area's chains recur from turn to turn and from game to game
_hand_limit = cache(HandLimit)
