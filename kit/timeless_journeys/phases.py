"""The flow of a game of Timeless Journeys: frames that run at once (setup, rounds, phases) and
the questions a frame asks (the turn, a chain, a face-down play, an effect's alternatives, a step,
the market, the hand limit), each a small function of the state and the frame.

`RUN[kind](state, frame)` does a frame's work (it is already off the stack); `ASK[kind](state,
frame)` lists a question's answers, or returns None after replacing its frame by others."""

from __future__ import annotations

import bisect
import re
from functools import cache

from kit.timeless_journeys import effects, travellers
from kit.timeless_journeys.actions import Choice, plural
from kit.timeless_journeys.content import ROMAN, Step, describe_effect
from kit.timeless_journeys.draws import DRAWS
from kit.timeless_journeys.effects import SIDES

MOVE = Step("move")
NO_CTX = effects.NO_CTX


# --- the flow of the game: frames that ask nothing ----------------------------------------------
def _setup(state, frame: tuple) -> None:
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


def _market_refill(state) -> list[tuple]:
    count = state.content.rules.market_display[state.num_players]
    return [("market_draw", level) for level in range(3) for _ in range(count)]


def _round(state, frame: tuple) -> None:
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


def _begin_turn(state, frame: tuple) -> None:
    state.dickens_used = 0
    state.push(("turn", frame[1], False))


def _travellers_phase(state, frame: tuple) -> None:
    state.push(*[("traveller_end", column) for column in range(len(state.travellers))])


def _traveller_end(state, frame: tuple) -> None:
    traveller_id = state.travellers[frame[1]]
    rule = travellers.END_OF_ROUND.get(state.content.travellers[traveller_id].rule)
    if rule:
        rule(state, state.where[traveller_id])


def _lost_phase(state, frame: tuple) -> None:
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


def _market_phase(state, frame: tuple) -> None:
    players = state.num_players
    state.push(*[("market", (state.first - 1 - i) % players) for i in range(players)])


def _reorganise(state, frame: tuple) -> None:
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


def _market_draw(state, frame: tuple) -> None:
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
def _ask_draw(state, frame: tuple):
    return DRAWS[frame[1]](state, *frame[2:])


def _ask_turn(state, frame: tuple):
    _, player, started = frame
    found = []
    if not started:
        for card in state.hand[player]:
            found += _play_choices(player, card)
    found += travellers.turn_options(state, player, started)
    found += _tile_choices(state, player, frame)
    if started and found:
        found.append(Choice("end turn", (effects.skip,)))
    return found


@cache
def _play_choices(player: int, card: str) -> tuple[Choice, Choice]:
    """The two ways to play a card; the same every turn, so made once."""
    return (
        Choice(f"play {card} face up", (_play_up, player, card)),
        Choice(f"play {card} face down", (_play_down, player, card)),
    )


def _tile_choices(state, player: int, frame: tuple) -> list[Choice]:
    """Exploration tiles not used yet may give their reward at any time in the turn."""
    used = state.used[player]
    return [
        Choice(f"use tile {t}", (_use_tile, player, t, frame))
        for t in state.tiles[player]
        if t not in used
    ]


def _use_tile(state, player: int, tile: str, frame: tuple) -> None:
    state.used[player].append(tile)
    state.push(("effect", player, state.content.tiles[tile].reward, NO_CTX), frame)


def _play_up(state, player: int, card: str) -> None:
    """Play face up: the first card of its category resolves alone; a later one starts a chain
    of every face-up card of that category in the play area."""
    _play(state, player, card, True)
    category = state.content.card(card).category
    chain = tuple(
        c for c, up in state.played[player] if up and state.content.card(c).category == category
    )
    state.push(("chain", player, chain), ("turn", player, True))


def _play_down(state, player: int, card: str) -> None:
    _play(state, player, card, False)
    state.push(("facedown", player), ("turn", player, True))


def _play(state, player: int, card: str, up: bool) -> None:
    state.hand[player].remove(card)
    state.played[player].append((card, up))
    if card in state.content.advanced:
        travellers.keats_play(state, player)


def _ask_chain(state, frame: tuple):
    _, player, cards = frame
    face_up = {c for c, up in state.played[player] if up}
    found = [Choice(f"activate {c}", (_activate, player, c, cards)) for c in cards if c in face_up]
    if not found:
        return []
    return [*found, *_tile_choices(state, player, frame), Choice("end the chain", (effects.skip,))]


def _activate(state, player: int, card: str, cards: tuple) -> None:
    rest = tuple(c for c in cards if c != card)
    state.push(("effect", player, state.card_effect(card), NO_CTX), ("chain", player, rest))


def _ask_facedown(state, frame: tuple):
    player = frame[1]
    coins = state.content.rules.face_down_coins
    found = [Choice(f"face down: take {plural(coins, 'coin')}", (_take_coins, player, coins))]
    for label, fn, args in effects.move(state, player, MOVE, NO_CTX):
        found.append(Choice(f"face down: {label}", (fn, player, *args)))
    for label, fn, args in effects.market_options(state, player, 0, then_play=False):
        found.append(Choice(f"face down: {label}", (fn, player, *args)))
    return found


def _take_coins(state, player: int, coins: int) -> None:
    state.coins[player] += coins


def _ask_effect(state, frame: tuple):
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


def _choose(state, player: int, sequence: tuple, ctx: tuple) -> None:
    state.push(*[("step", player, step, ctx) for step in sequence])


def _ask_step(state, frame: tuple):
    _, player, step, ctx = frame
    if not (step.coins or step.vp) and (
        step.name in ("coins", "vp", "colour") or (step.name == "idea" and len(step.arg) == 1)
    ):
        state.stack.pop()
        effects.auto_step(state, player, step, ctx)
        return None
    return effects.options(state, frame)


def _ask_lost(state, frame: tuple):
    _, player, column, rnd, slot = frame
    if state.vp[player] < 1:
        return []
    reward = state.content.sides[state.side].columns[column].rewards[rnd][slot]
    text = describe_effect(reward, state.content.rules.genres)
    return [
        Choice(f"Lost in Admiration: lose 1 VP to gain {text} again", (_admire, player, reward)),
        Choice("Lost in Admiration: keep the VP", (effects.skip,)),
    ]


def _admire(state, player: int, reward) -> None:
    state.vp[player] -= 1
    state.push(("effect", player, reward, NO_CTX))


def categories_played(state, player: int) -> int:
    """Different categories played this round; face-down cards count as one more category."""
    played = state.played[player]
    categories = {state.content.card(c).category for c, up in played if up}
    return len(categories) + any(not up for _, up in played)


def _ask_market(state, frame: tuple):
    player = frame[1]
    rules = state.content.rules
    top = rules.market_levels_by_categories[min(categories_played(state, player), 5)]
    found = [
        Choice(f"take {card} (Level {ROMAN[level]}) free", (_take_card, player, level, card))
        for level in range(top)
        for card in state.market[level]
    ]
    return [*found, Choice("take no card", (effects.skip,))] if found else []


def _take_card(state, player: int, level: int, card: str) -> None:
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)


def _ask_hand_limit(state, frame: tuple):
    player = frame[1]
    hand = state.hand[player]
    if len(hand) <= state.content.rules.hand_limit:
        return []
    return [Choice(f"discard {card} to the box", (_discard, player, card)) for card in hand]


def _discard(state, player: int, card: str) -> None:
    state.hand[player].remove(card)
    state.box.append(card)
    state.push(("hand_limit", player))


# --- why an answer is refused ---------------------------------------------------------------------
QUESTIONS = {
    "turn": "what else to do this turn",
    "chain": "which card of the chain to activate",
    "facedown": "what the face-down card does",
    "effect": "which effect to use",
    "step": "how to carry out a step of an effect",
    "follow": "whether to take the Friend tile or place a Letter marker",
    "lebrun": "whether to take a Painting",
    "montagu": "which reward of Lady Montagu to take",
    "lost": "whether to use Lost in Admiration",
    "market": "which market card to take",
    "hand_limit": "which card to discard down to the hand limit",
}
_PLAY = re.compile(r"play (\S+) face (?:up|down)")
_MOVE = re.compile(r"(?:face down: )?move to (.+) \(\d+ coins?\)")
_TILE = re.compile(r"take tile (\S+) in (.+)")
_LETTER = re.compile(r"send a letter to the (left|right) local in (.+)")


def refusal(state, text: str) -> str:
    """Why the answer `text` is refused now, in the rules' words where the answer is known."""
    frame = state.stack[-1]
    kind, player = frame[0], frame[1]
    if kind == "draw":
        return "it is not a possible outcome of the chance event due now"
    question = QUESTIONS[kind]
    if kind == "turn" and not frame[2]:
        question = "which card to play (a card must be played first)"
    if (play := _PLAY.fullmatch(text)) is not None:
        if ("turn", player, True) in state.stack:
            return f"player {player} has already played a card this turn"
        if kind == "turn" and play[1] not in state.hand[player]:
            return f"{play[1]} is not in player {player}'s hand"
    elif kind in ("step", "facedown"):
        reason = _step_refusal(state, player, frame, text)
        if reason:
            return reason
    return f"it is not a possible answer now: player {player} is asked {question}"


def _step_refusal(state, player: int, frame: tuple, text: str) -> str | None:
    """Moves, explorations and letters refused for a reason of the board."""
    here = state.loc[player]
    step = frame[2] if frame[0] == "step" else MOVE
    if (move := _MOVE.fullmatch(text)) is not None and step.name == "move":
        costs = dict(state.content.neighbours[here])
        if move[1] not in costs:
            return f"{move[1]} is not next to {here}"
        pay = max(0, costs[move[1]] - step.arg)
        if pay > state.coins[player]:
            return (
                f"the path from {here} to {move[1]} costs {plural(pay, 'coin')}, "
                f"player {player} has {state.coins[player]}"
            )
    if (tile := _TILE.fullmatch(text)) is not None and step.name == "explore":
        city = frame[3][0] or here
        if city not in state.content.cities:
            return f"the marker is in {city}, not a city"
        if any(state.content.tiles[t].city == city for t in state.tiles[player]):
            return f"player {player} already has an Exploration tile of {city}"
        if tile[1] not in state.city_tiles[city]:
            return f"tile {tile[1]} is not face down in {city}"
    if (letter := _LETTER.fullmatch(text)) is not None and step.name in ("letter", "letters"):
        side, city = SIDES.index(letter[1]), letter[2]
        if city == here:
            return f"the marker is in {city}: letters go to other places"
        if (player, side) not in state.letters.get(city, []):
            return f"player {player} has no Letter marker under the {letter[1]} local in {city}"
    return None


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
