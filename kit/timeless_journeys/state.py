"""A position of Timeless Journeys and the rules that move it on.

Everything the game still has to do is a stack of frames (plain tuples): the rounds, the turns,
a chain of cards, an effect's alternatives, one step's question, a chance draw. The top frame asks
its player a question (or is a chance event); frames that ask nothing are run at once by
`_advance`, which stops at the next question. So every action is one atomic choice, a chain of
actions resolves card by card in the order the player picks, and any effect can be declined.

Frames:
  ("setup",) ("round", r) ("begin_turn", p) ("travellers_phase",) ("traveller_end", column)
  ("lost_phase",) ("market_phase",) ("reorganise", r) ("market_draw", level)   -- run at once
  ("turn", p, started) ("chain", p, cards) ("facedown", p) ("effect", p, effect, ctx)
  ("step", p, step, ctx) ("follow", p, city, side) ("lebrun", p) ("montagu", p)
  ("lost", p, column, round, slot) ("market", p) ("hand_limit", p)         -- questions
  ("draw", what, *args)                                                     -- chance
"""

from __future__ import annotations

import bisect
from itertools import permutations

from kit.core import CHANCE, TERMINAL, IllegalAction, State
from kit.timeless_journeys import effects, scoring, travellers
from kit.timeless_journeys.actions import Choice, plural
from kit.timeless_journeys.content import Step, describe_effect

ROMAN = ("I", "II", "III", "IV", "V")
SNAPSHOT_EVERY = 64  # actions between the copies that make `undo` cheap
MOVE = Step("move")
NO_CTX = effects.NO_CTX


class TimelessState(State):
    """One position: the board, the players' areas, the market and the stack of what is due."""

    def __init__(self, game) -> None:
        super().__init__(game)
        content, players = game.content, game.num_players
        rules = content.rules
        genres = len(rules.genres)
        self.round = 0
        self.first = 0
        self.stack: list[tuple] = [("setup",)]
        self.side: str = game.options.get("gazette") or ""
        self.picked: list[str] = list(game.chosen_travellers)
        self.travellers: list[str] = []
        self.where: dict[str, str] = {}
        self.favour: dict[str, str] = {}
        self.friend: dict[str, int] = {}
        self.city_tiles: dict[str, list[str]] = {c: [] for c in content.cities}
        self.letters: dict[str, list[tuple[int, int]]] = {c: [] for c in content.cities}
        self.cafes: dict[str, list[list[int]]] = {
            c: [[] for _ in city.cafes] for c, city in content.cities.items()
        }
        self.gazette: list[list[tuple[int, int, int, str]]] = [[], [], []]
        self.bonus_taken: list[int] = []
        self.market: list[list[str]] = [[], [], []]
        self.deck: list[list[str]] = [
            sorted(c for c, card in content.advanced.items() if card.level == level)
            for level in (1, 2, 3)
        ]
        self.bottom: list[list[str]] = [[], [], []]
        self.box: list[str] = []
        self.loc = [content.start] * players
        self.coins = list(rules.starting_coins[players - 1])
        self.vp = [0] * players
        self.ideas = [[0] * genres for _ in range(players)]
        self.supply = [rules.ideas_per_genre] * genres
        seventh = set(game.options.get("without_seventh") or ())
        self.hand = [
            sorted(c for c in content.basic if not (c == "move2" and p in seventh))
            for p in range(players)
        ]
        self.played: list[list[tuple[str, bool]]] = [[] for _ in range(players)]
        self.tiles: list[list[str]] = [[] for _ in range(players)]
        self.used: list[list[str]] = [[] for _ in range(players)]
        self.friends: list[list[str]] = [[] for _ in range(players)]
        self.journals: list[list[str]] = [[] for _ in range(players)]
        self.written: list[list[list]] = [[] for _ in range(players)]
        self.exp = [sorted(rules.experience_tokens) for _ in range(players)]
        self.paintings: list[list[str]] = [[] for _ in range(players)]
        remove = game.edition.lebrun_remove_per_type[players]
        self.painting_pile = {name: copies - remove for name, copies in content.paintings}
        self.revealed: list[str] = []
        self.painting_discard: list[str] = []
        self.advanced_played = [0] * players
        self.dickens_used = 0
        self._pending: tuple = ()
        self._marks: list[TimelessState] = []
        self._advance()

    # --- shortcuts --------------------------------------------------------------------------
    @property
    def content(self):
        return self.game.content

    @property
    def edition(self):
        return self.game.edition

    @property
    def num_players(self) -> int:
        return len(self.loc)

    def seats_from_first(self) -> list[int]:
        players = self.num_players
        return [(self.first + i) % players for i in range(players)]

    def city_of(self, traveller: str) -> str | None:
        """The city of a Famous Traveller in play this round (None if not in play)."""
        return self.where.get(traveller)

    def push(self, *frames: tuple) -> None:
        """Put frames on the stack so that the first one given is resolved first."""
        self.stack.extend(reversed(frames))

    def letters_left(self, player: int) -> int:
        placed = sum(1 for markers in self.letters.values() for p, _ in markers if p == player)
        return self.content.rules.letter_markers - placed

    def cafe_markers_left(self, player: int) -> int:
        placed = sum(d.count(player) for discussions in self.cafes.values() for d in discussions)
        return self.content.rules.cafe_markers - placed

    def tile_written(self, player: int, tile: str) -> bool:
        return any(slots[6] == tile for slots in self.written[player])

    def friend_written(self, player: int, city: str) -> bool:
        return any(slots[7] == city for slots in self.written[player])

    def ideas_written(self, player: int) -> int:
        return sum(sum(slots[:6]) for slots in self.written[player])

    # --- hooks used by effects ----------------------------------------------------------------
    def gain_idea(self, player: int, genre: int) -> None:
        """One Idea token from the supply, if any is left (the supply never goes negative)."""
        if self.supply[genre] > 0:
            self.supply[genre] -= 1
            self.ideas[player][genre] += 1
            if self.where:
                travellers.twain(self, player)

    def after_explore(self, player: int, city: str) -> None:
        travellers.addison(self, player, city)
        travellers.lebrun_explore(self, player, city)

    def after_friendship(self, player: int, city: str) -> None:
        travellers.addison(self, player, city)

    after_letter = after_friendship

    def meeting_options(self, player: int, city: str) -> list[effects.Option]:
        """Place an Experience token on a free slot of this round's row of a traveller here."""
        content, found = self.content, []
        side = content.sides[self.side]
        kinds = sorted(set(self.exp[player]))
        for column, traveller_id in enumerate(self.travellers):
            if self.where[traveller_id] != city:
                continue
            tokens = self.gazette[column]
            if any(p == player and kind == "duel" for _, _, p, kind in tokens):
                continue
            traveller = content.travellers[traveller_id]
            taken = {slot for rnd, slot, _, _ in tokens if rnd == self.round}
            for slot, need in enumerate(side.slot_players):
                if need > self.num_players or slot in taken:
                    continue
                for kind in kinds:
                    if kind == "duel" and not traveller.duel:
                        continue
                    label = f"meet {traveller.name}: slot {slot + 1} with {kind}"
                    found.append((label, _meet, (city, column, slot, kind)))
        return found

    def cafe_options(self, player: int, city: str) -> list[effects.Option]:
        """The discussions of `city` with a free slot whose Ideas the player can pay."""
        if not self.cafe_markers_left(player):
            return []
        found = []
        discount = travellers.craven_discount(self, city)
        bonus = travellers.montesquieu_bonus(self, city)
        ideas = self.ideas[player]
        for d, cafe in enumerate(self.content.cities[city].cafes):
            slot = len(self.cafes[city][d])
            if slot >= len(cafe.vp):
                continue
            costs = [cafe.cost]
            if discount:
                costs = sorted(
                    {
                        tuple(n - (g == cut) for g, n in enumerate(cafe.cost))
                        for cut, n in enumerate(cafe.cost)
                        if n
                    },
                    reverse=True,
                )
            vp = cafe.vp[slot] + bonus
            for cost in costs:
                if all(have >= need for have, need in zip(ideas, cost, strict=True)):
                    paying = self._ideas_text(cost)
                    label = f"discuss in {city} café {d + 1} paying {paying} for {vp} VP"
                    found.append((label, _discuss, (city, d, cost, vp)))
        return found

    def _ideas_text(self, counts) -> str:
        genres = self.content.rules.genres
        return ", ".join(f"{n} {genres[g].capitalize()}" for g, n in enumerate(counts) if n)

    def market_options(self, player: int, discount: int, then_play: bool) -> list[effects.Option]:
        """Cards of the display the player can pay for, the level's cost less `discount`."""
        found = []
        for level, cards in enumerate(self.market):
            price = max(0, self.content.rules.market_cost[level] - discount)
            if price > self.coins[player]:
                continue
            for card in cards:
                label = f"buy {card} (Level {ROMAN[level]}) for {plural(price, 'coin')}"
                found.append((label, _buy, (level, card, price, then_play)))
        return found

    def card_effect(self, card_id: str):
        """A card's effect; the card the edition names also lets a used tile be used again."""
        effect = self.content.card(card_id).effect
        if card_id == self.edition.tile_reuse_card:
            effect = tuple((*sequence, Step("reuse_tile")) for sequence in effect)
        return effect

    # --- the contract ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if not self.stack:
            return TERMINAL
        top = self.stack[-1]
        return CHANCE if top[0] == "draw" else top[1]

    def _legal_actions(self):
        return self._pending

    def _chance_outcomes(self):
        return self._pending

    def _apply(self, action) -> None:
        if not action.code:
            action = next(a for a in self.legal_actions() if a == action)
        self.stack.pop()
        action.run(self)
        self._advance()

    def _why_illegal(self, action) -> str:
        if self.is_terminal:
            return "the game is over"
        top = self.stack[-1]
        return f"it is not a possible answer to the current question ({top[0]})"

    def _advance(self) -> None:
        """Run the frames that ask nothing until a question, a chance event or the end."""
        stack = self.stack
        while stack:
            frame = stack[-1]
            kind = frame[0]
            run = RUN.get(kind)
            if run is not None:
                stack.pop()
                run(self, frame)
                continue
            found = ASK[kind](self, frame)
            if found is None:
                continue
            if found:
                if kind == "draw":
                    share = 1 / sum(weight for _, weight in found)
                    self._pending = tuple((choice, weight * share) for choice, weight in found)
                else:
                    self._pending = tuple(found)
                return
            stack.pop()
        self._pending = ()

    def scores(self):
        return scoring.score_sheets(self)

    def observation(self, player: int) -> dict:
        """The public board, the player's own hand, and the hands of others by size only."""
        return {
            "round": self.round + 1,
            "travellers": {t: self.where.get(t) for t in self.travellers},
            "markers": list(self.loc),
            "coins": list(self.coins),
            "vp": list(self.vp),
            "ideas": [list(i) for i in self.ideas],
            "market": [list(m) for m in self.market],
            "hand": list(self.hand[player]),
            "hand_sizes": [len(h) for h in self.hand],
            "played": [[c if up else "face-down" for c, up in p] for p in self.played],
            "tiles": list(self.tiles[player]),
            "tile_counts": [len(t) for t in self.tiles],
            "city_tiles": {c: len(t) for c, t in self.city_tiles.items()},
            "letters": {c: list(m) for c, m in self.letters.items()},
            "cafes": {c: [list(d) for d in ds] for c, ds in self.cafes.items()},
            "gazette": [list(col) for col in self.gazette],
        }

    def apply(self, action) -> None:
        """Apply one legal action; every `SNAPSHOT_EVERY` actions keep a copy for `undo`."""
        super().apply(action)
        if len(self.history) % SNAPSHOT_EVERY == 0:
            self._marks.append(self.clone())

    def undo(self):
        """Take back the last action by replaying from the latest snapshot before it."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        last, target = self.history[-1], len(self.history) - 1
        marks = [mark for mark in self._marks if len(mark.history) <= target]
        base = marks[-1].clone() if marks else self.game.new_game()
        for action in self.history[len(base.history) : target]:
            base.apply(action)
        self.__dict__.update(base.__dict__)
        return last

    def clone(self) -> TimelessState:
        """A copy of the plain lists and dicts (cheaper than a deep copy; frames are tuples)."""
        twin = object.__new__(type(self))
        for key, value in self.__dict__.items():
            twin.__dict__[key] = _copy(value) if key != "game" else value
        return twin

    def _key(self) -> dict:
        hidden = ("game", "_legal_cache", "_pending", "_marks")
        return {k: v for k, v in vars(self).items() if k not in hidden}

    # --- text -------------------------------------------------------------------------------
    def describe(self, player: int) -> str:
        """The position as the player sees it, for the terminal."""
        genres = self.content.rules.genres
        lines = [f"Round {ROMAN[min(self.round, 4)]}, first player {self.first}"]
        for traveller_id in self.travellers:
            lines.append(
                f"  {self.content.travellers[traveller_id].name} in {self.where.get(traveller_id)}"
            )
        for p in range(self.num_players):
            ideas = (
                ", ".join(f"{n} {genres[g]}" for g, n in enumerate(self.ideas[p]) if n)
                or "no ideas"
            )
            played = " ".join(c if up else "(down)" for c, up in self.played[p])
            lines.append(
                f"player {p}: {self.loc[p]}, {self.coins[p]} coins, {self.vp[p]} VP, {ideas};"
                f" played [{played}]"
            )
        lines.append(f"your hand: {' '.join(self.hand[player])}")
        lines.append(
            f"your tiles: {' '.join(self.tiles[player]) or '-'}; "
            f"friends: {' '.join(self.friends[player]) or '-'}"
        )
        genres = self.content.rules.genres
        for j, journal_id in enumerate(self.journals[player]):
            journal, slots = self.content.journals[journal_id], self.written[player][j]
            ideas = " ".join(
                genres[g] + ("*" if slots[i] else "") for i, g in enumerate(journal.ideas)
            )
            lines.append(
                f"journal {journal_id} (* = written): {ideas}; city {journal.city}"
                f" {slots[6] or '-'}; friend {slots[7] or '-'}"
            )
        market = "; ".join(f"{ROMAN[i]}: {' '.join(m)}" for i, m in enumerate(self.market))
        lines.append(f"market {market}")
        shown = [*self.hand[player], *(c for m in self.market for c in m)]
        for card_id in dict.fromkeys(shown):
            card = self.content.card(card_id)
            lines.append(f"  {card_id} ({card.category}, {card.vp} VP): {card.text}")
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.is_terminal:
            return "\n".join(str(sheet) for sheet in self.scores())
        return self.describe(self.current_player if self.current_player >= 0 else 0)


def _copy(value):
    if isinstance(value, list):
        return (
            [_copy(v) for v in value]
            if value and isinstance(value[0], list | dict)
            else list(value)
        )
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, list | dict) else v for k, v in value.items()}
    return value


# --- choices that the state's own questions offer -----------------------------------------------
def _meet(state: TimelessState, player: int, city: str, column: int, slot: int, kind: str) -> None:
    """Place an Experience token: the slot's reward (twice for a duel), then the side's bonus."""
    state.after_friendship(player, city)
    state.exp[player].remove(kind)
    state.gazette[column].append((state.round, slot, player, kind))
    side = state.content.sides[state.side]
    reward = side.columns[column].rewards[state.round][slot]
    frames = [("effect", player, reward, NO_CTX)] * (2 if kind == "duel" else 1)
    if side.first_column_bonus and column == 0 and player not in state.bonus_taken:
        state.bonus_taken.append(player)
        frames.append(("effect", player, side.first_column_bonus, NO_CTX))
    state.push(*frames)


def _discuss(state: TimelessState, player: int, city: str, d: int, cost: tuple, vp: int) -> None:
    for g, n in enumerate(cost):
        state.ideas[player][g] -= n
        state.supply[g] += n
    state.cafes[city][d].append(player)
    state.vp[player] += vp


def _buy(
    state: TimelessState, player: int, level: int, card: str, price: int, then_play: bool
) -> None:
    state.coins[player] -= price
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)
    if then_play:
        state.push(("effect", player, state.card_effect(card), NO_CTX))


# --- the flow of the game: frames that ask nothing ----------------------------------------------
def _setup(state: TimelessState, frame: tuple) -> None:
    game, content = state.game, state.content
    players = state.num_players
    frames: list[tuple] = []
    if not state.side:
        frames.append(("draw", "side"))
    if game.options["mode"] == "historical" and not state.picked:
        frames.append(("draw", "set"))
    frames += [("draw", "traveller")] * (
        3 - len(state.picked) if game.options["mode"] == "random" else 0
    )
    frames.append(("draw", "order"))
    frames += [("draw", "friend")] * content.rules.friend_tiles[players]
    frames += [("draw", "favour", city) for city in content.cities]
    frames += [("draw", "tile", city) for city in content.cities for _ in range(players)]
    frames += [("draw", "journal", p, stack) for p in range(players) for stack in ("A", "B")]
    frames += _market_refill(state)
    frames += [("round", r) for r in range(content.rules.rounds)]
    state.push(*frames)


def _market_refill(state: TimelessState) -> list[tuple]:
    count = state.content.rules.market_display[state.num_players]
    return [("market_draw", level) for level in range(3) for _ in range(count)]


def _round(state: TimelessState, frame: tuple) -> None:
    rules, edition = state.content.rules, state.edition
    state.round = frame[1]
    side = state.content.sides[state.side]
    state.where = {
        t: side.columns[column].cities[state.round] for column, t in enumerate(state.travellers)
    }
    state.advanced_played = [0] * state.num_players
    frames: list[tuple] = []
    if "lebrun" in state.where and edition.lebrun_display == "revealed":
        frames += [("draw", "painting")] * edition.lebrun_reveal[state.num_players]
    seats = state.seats_from_first()
    frames += [("begin_turn", p) for _ in range(rules.plays_per_round) for p in seats]
    frames.append(("travellers_phase",))
    if edition.lost_in_admiration == "once":
        frames.append(("lost_phase",))
    frames.append(("market_phase",))
    if edition.lost_in_admiration == "every_market":
        frames.append(("lost_phase",))
    frames.append(("reorganise", state.round))
    state.push(*frames)


def _begin_turn(state: TimelessState, frame: tuple) -> None:
    state.dickens_used = 0
    state.push(("turn", frame[1], False))


def _travellers_phase(state: TimelessState, frame: tuple) -> None:
    state.push(*[("traveller_end", column) for column in range(len(state.travellers))])


def _traveller_end(state: TimelessState, frame: tuple) -> None:
    traveller_id = state.travellers[frame[1]]
    rule = travellers.END_OF_ROUND.get(state.content.travellers[traveller_id].rule)
    if rule:
        rule(state, state.where[traveller_id])


def _lost_phase(state: TimelessState, frame: tuple) -> None:
    """Lost in Admiration: English, the tokens placed this round; Japanese, every one placed."""
    once = state.edition.lost_in_admiration == "once"
    due = [
        (player, column, rnd, slot)
        for column, tokens in enumerate(state.gazette)
        for rnd, slot, player, kind in tokens
        if kind == "lost" and (rnd == state.round or not once)
    ]
    order = state.seats_from_first()
    due.sort(key=lambda item: (order.index(item[0]), item[1]))
    state.push(*[("lost", *item) for item in due])


def _market_phase(state: TimelessState, frame: tuple) -> None:
    players = state.num_players
    state.push(*[("market", (state.first - 1 - i) % players) for i in range(players)])


def _reorganise(state: TimelessState, frame: tuple) -> None:
    """Refresh the market, take played cards back (hand limit), pass the first player token;
    in the last round only the cards come back."""
    last = frame[1] == state.content.rules.rounds - 1
    state.painting_discard += state.revealed
    state.revealed = []
    frames: list[tuple] = []
    if not last:
        for level in range(3):
            state.bottom[level] += state.market[level]
            state.market[level] = []
        frames += _market_refill(state)
    for player in range(state.num_players):
        state.hand[player] = sorted(state.hand[player] + [c for c, _ in state.played[player]])
        state.played[player] = []
    frames += [("hand_limit", p) for p in state.seats_from_first()]
    if not last:
        state.first = (state.first + 1) % state.num_players
    state.push(*frames)


def _market_draw(state: TimelessState, frame: tuple) -> None:
    level = frame[1]
    if state.deck[level]:
        state.push(("draw", "market", level))
    elif state.bottom[level]:
        state.market[level].append(state.bottom[level].pop(0))


RUN = {
    "setup": _setup,
    "round": _round,
    "begin_turn": _begin_turn,
    "travellers_phase": _travellers_phase,
    "traveller_end": _traveller_end,
    "lost_phase": _lost_phase,
    "market_phase": _market_phase,
    "reorganise": _reorganise,
    "market_draw": _market_draw,
}


# --- questions ----------------------------------------------------------------------------------
def _ask_turn(state: TimelessState, frame: tuple):
    _, player, started = frame
    found = []
    if not started:
        for card in state.hand[player]:
            found.append(Choice(f"play {card} face up", (_play_up, player, card)))
            found.append(Choice(f"play {card} face down", (_play_down, player, card)))
    found += travellers.turn_options(state, player, started)
    found += _tile_choices(state, player, frame)
    if started and found:
        found.append(Choice("end turn", (effects.skip,)))
    return found


def _tile_choices(state: TimelessState, player: int, frame: tuple) -> list[Choice]:
    """Exploration tiles not used yet may give their reward at any time in the turn."""
    used = state.used[player]
    return [
        Choice(f"use tile {t}", (_use_tile, player, t, frame))
        for t in state.tiles[player]
        if t not in used
    ]


def _use_tile(state: TimelessState, player: int, tile: str, frame: tuple) -> None:
    state.used[player].append(tile)
    state.push(("effect", player, state.content.tiles[tile].reward, NO_CTX), frame)


def _play_up(state: TimelessState, player: int, card: str) -> None:
    """Play face up: the first card of its category resolves alone; a later one starts a chain
    of every face-up card of that category in the play area."""
    _play(state, player, card, True)
    category = state.content.card(card).category
    chain = tuple(
        c for c, up in state.played[player] if up and state.content.card(c).category == category
    )
    state.push(("chain", player, chain), ("turn", player, True))


def _play_down(state: TimelessState, player: int, card: str) -> None:
    _play(state, player, card, False)
    state.push(("facedown", player), ("turn", player, True))


def _play(state: TimelessState, player: int, card: str, up: bool) -> None:
    state.hand[player].remove(card)
    state.played[player].append((card, up))
    if card in state.content.advanced:
        travellers.keats_play(state, player)


def _ask_chain(state: TimelessState, frame: tuple):
    _, player, cards = frame
    face_up = {c for c, up in state.played[player] if up}
    found = [Choice(f"activate {c}", (_activate, player, c, cards)) for c in cards if c in face_up]
    if not found:
        return []
    return [*found, *_tile_choices(state, player, frame), Choice("end the chain", (effects.skip,))]


def _activate(state: TimelessState, player: int, card: str, cards: tuple) -> None:
    rest = tuple(c for c in cards if c != card)
    state.push(("effect", player, state.card_effect(card), NO_CTX), ("chain", player, rest))


def _ask_facedown(state: TimelessState, frame: tuple):
    player = frame[1]
    coins = state.content.rules.face_down_coins
    found = [Choice(f"face down: take {plural(coins, 'coin')}", (_take_coins, player, coins))]
    for label, fn, args in effects.move(state, player, MOVE, NO_CTX):
        found.append(Choice(f"face down: {label}", (fn, player, *args)))
    for label, fn, args in state.market_options(player, 0, then_play=False):
        found.append(Choice(f"face down: {label}", (fn, player, *args)))
    return found


def _take_coins(state: TimelessState, player: int, coins: int) -> None:
    state.coins[player] += coins


def _ask_effect(state: TimelessState, frame: tuple):
    _, player, effect, ctx = frame
    if len(effect) == 1:
        state.stack.pop()
        state.push(*[("step", player, step, ctx) for step in effect[0]])
        return None
    genres = state.content.rules.genres
    found = [
        Choice(f"choose {describe_effect((sequence,), genres)}", (_choose, player, sequence, ctx))
        for sequence in effect
    ]
    return [*found, Choice("decline", (effects.skip,))]


def _choose(state: TimelessState, player: int, sequence: tuple, ctx: tuple) -> None:
    state.push(*[("step", player, step, ctx) for step in sequence])


def _ask_step(state: TimelessState, frame: tuple):
    _, player, step, ctx = frame
    if not (step.coins or step.vp) and (
        step.name in ("coins", "vp", "colour") or (step.name == "idea" and len(step.arg) == 1)
    ):
        state.stack.pop()
        effects.auto_step(state, player, step, ctx)
        return None
    return effects.options(state, frame)


def _ask_lost(state: TimelessState, frame: tuple):
    _, player, column, rnd, slot = frame
    if state.vp[player] < 1:
        return []
    reward = state.content.sides[state.side].columns[column].rewards[rnd][slot]
    text = describe_effect(reward, state.content.rules.genres)
    return [
        Choice(f"Lost in Admiration: lose 1 VP to gain {text} again", (_admire, player, reward)),
        Choice("Lost in Admiration: keep the VP", (effects.skip,)),
    ]


def _admire(state: TimelessState, player: int, reward) -> None:
    state.vp[player] -= 1
    state.push(("effect", player, reward, NO_CTX))


def categories_played(state: TimelessState, player: int) -> int:
    """Different categories played this round; face-down cards count as one more category."""
    played = state.played[player]
    categories = {state.content.card(c).category for c, up in played if up}
    return len(categories) + any(not up for _, up in played)


def _ask_market(state: TimelessState, frame: tuple):
    player = frame[1]
    rules = state.content.rules
    top = rules.market_levels_by_categories[min(categories_played(state, player), 5)]
    found = [
        Choice(f"take {card} (Level {ROMAN[level]}) free", (_take_card, player, level, card))
        for level in range(top)
        for card in state.market[level]
    ]
    return [*found, Choice("take no card", (effects.skip,))] if found else []


def _take_card(state: TimelessState, player: int, level: int, card: str) -> None:
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)


def _ask_hand_limit(state: TimelessState, frame: tuple):
    player = frame[1]
    hand = state.hand[player]
    if len(hand) <= state.content.rules.hand_limit:
        return []
    return [Choice(f"discard {card} to the box", (_discard, player, card)) for card in hand]


def _discard(state: TimelessState, player: int, card: str) -> None:
    state.hand[player].remove(card)
    state.box.append(card)
    state.push(("hand_limit", player))


# --- chance -------------------------------------------------------------------------------------
def _ask_draw(state: TimelessState, frame: tuple):
    return DRAWS[frame[1]](state, *frame[2:])


def _draw_side(state: TimelessState):
    return [(Choice(f"Gazette side {s}", (_set_side, s)), 1) for s in state.content.sides]


def _set_side(state: TimelessState, side: str) -> None:
    state.side = side


def _draw_set(state: TimelessState):
    sets = sorted({t.set for t in state.content.travellers.values()})
    return [(Choice(f"historical set {s}", (_set_travellers, s)), 1) for s in sets]


def _set_travellers(state: TimelessState, period: str) -> None:
    state.picked = [t.id for t in state.content.travellers.values() if t.set == period]


def _draw_traveller(state: TimelessState):
    return [
        (Choice(f"Famous Traveller {t.name}", (_pick_traveller, t.id)), 1)
        for t in state.content.travellers.values()
        if t.id not in state.picked
    ]


def _pick_traveller(state: TimelessState, traveller_id: str) -> None:
    state.picked.append(traveller_id)


def _draw_order(state: TimelessState):
    names = state.content.travellers
    return [
        (
            Choice(
                "portraits: " + ", ".join(names[t].name for t in order), (_place_travellers, order)
            ),
            1,
        )
        for order in permutations(sorted(state.picked))
    ]


def _place_travellers(state: TimelessState, order: tuple) -> None:
    state.travellers = list(order)


def _draw_friend(state: TimelessState):
    placed = state.friend
    return [
        (
            Choice(
                f"Friend tile of {city} at the {effects.SIDES[side]} local",
                (_place_friend, city, side),
            ),
            1,
        )
        for city in state.content.friends
        if city not in placed
        for side in (0, 1)
    ]


def _place_friend(state: TimelessState, city: str, side: int) -> None:
    state.friend[city] = side


def _draw_favour(state: TimelessState, city: str):
    back = state.content.cities[city].favour_slot
    taken = set(state.favour.values())
    return [
        (Choice(f"Favour tile {f.id} to {city}", (_place_favour, city, f.id)), 1)
        for f in state.content.favours.values()
        if f.back == back and f.id not in taken
    ]


def _place_favour(state: TimelessState, city: str, favour: str) -> None:
    state.favour[city] = favour


def _draw_tile(state: TimelessState, city: str):
    there = state.city_tiles[city]
    return [
        (Choice(f"Exploration tile {t} to {city}", (_place_tile, city, t)), 1)
        for t in state.content.cities[city].tiles
        if t not in there
    ]


def _place_tile(state: TimelessState, city: str, tile: str) -> None:
    bisect.insort(state.city_tiles[city], tile)


def _draw_journal(state: TimelessState, player: int, stack: str):
    dealt = {j for journals in state.journals for j in journals}
    return [
        (Choice(f"Journal {j.id} to player {player}", (_deal_journal, player, j.id)), 1)
        for j in state.content.journals.values()
        if j.stack == stack and j.id not in dealt
    ]


def _deal_journal(state: TimelessState, player: int, journal: str) -> None:
    state.journals[player].append(journal)
    state.written[player].append([0, 0, 0, 0, 0, 0, "", ""])


def _draw_market(state: TimelessState, level: int):
    return [
        (Choice(f"reveal {card} (Level {ROMAN[level]})", (_reveal_card, level, card)), 1)
        for card in state.deck[level]
    ]


def _reveal_card(state: TimelessState, level: int, card: str) -> None:
    state.deck[level].remove(card)
    state.market[level].append(card)


def _draw_painting(state: TimelessState):
    return [
        (Choice(f"reveal a {name} painting", (_reveal_painting, name)), count)
        for name, count in sorted(state.painting_pile.items())
        if count
    ]


def _reveal_painting(state: TimelessState, name: str) -> None:
    state.painting_pile[name] -= 1
    state.revealed.append(name)


DRAWS = {
    "side": _draw_side,
    "set": _draw_set,
    "traveller": _draw_traveller,
    "order": _draw_order,
    "friend": _draw_friend,
    "favour": _draw_favour,
    "tile": _draw_tile,
    "journal": _draw_journal,
    "market": _draw_market,
    "painting": _draw_painting,
}

ASK = {
    "turn": _ask_turn,
    "chain": _ask_chain,
    "facedown": _ask_facedown,
    "effect": _ask_effect,
    "step": _ask_step,
    "follow": effects.follow_options,
    "lebrun": travellers.lebrun_options,
    "montagu": travellers.montagu_options,
    "lost": _ask_lost,
    "market": _ask_market,
    "hand_limit": _ask_hand_limit,
    "draw": _ask_draw,
}
