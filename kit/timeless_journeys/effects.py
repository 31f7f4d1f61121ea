"""The steps of effects: each named step of the notation is one small function listing its choices.

A step frame `("step", player, step, ctx)` on the state's decision stack asks its player one
question; `options(state, frame)` gives the answers as `Choice`s. Steps that ask nothing (take
coins, take VP, take an Idea of a fixed genre) are applied at once by `auto_step`. A step with a
price ("1$move") lists its answers prefixed with the price and pays when one is chosen; declining
is always possible ("skip"), and a step with no possible answer passes by itself.

`ctx` is `(city, used)`: the city where a Dickens action takes place ("" = where the marker is),
and the targets already used by a repeated step ("letters to different locals")."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement

from kit.timeless_journeys import travellers
from kit.timeless_journeys.actions import Choice, plural
from kit.timeless_journeys.content import ROMAN, Step

NO_CTX: tuple = ("", ())
SIDES = ("left", "right")

Option = tuple[str, Callable, tuple]  # label, function(state, player, *args), args


# --- steps applied without a question -----------------------------------------------------------
def auto_step(state, player: int, step: Step, ctx: tuple) -> bool:
    """Apply a step that asks nothing; False when the step needs a decision."""
    if step.coins or step.vp:
        return False
    name = step.name
    if name == "coins":
        state.coins[player] += step.arg
    elif name == "vp":
        state.vp[player] += step.arg
    elif name == "idea" and len(step.arg) == 1:
        state.gain_idea(player, step.arg[0])
    elif name == "colour":
        state.push(("effect", player, state.content.colours[player][1], ctx))
    else:
        return False
    return True


def options(state, frame: tuple) -> list[Choice]:
    """The answers to a step frame, each paying the step's price; empty if nothing is possible."""
    _, player, step, ctx = frame
    if state.coins[player] < step.coins or state.vp[player] < step.vp:
        return []
    # the answers are those still affordable once the price is paid
    state.coins[player] -= step.coins
    state.vp[player] -= step.vp
    found = STEPS[step.name](state, player, step, ctx)
    state.coins[player] += step.coins
    state.vp[player] += step.vp
    if not found:
        return []
    price = ""
    if step.coins:
        price = f"pay {plural(step.coins, 'coin')}: "
    elif step.vp:
        price = f"lose {step.vp} VP: "
    choices = [
        Choice(price + label, (_pay_and_run, player, step, fn, args)) for label, fn, args in found
    ]
    choices.append(Choice("skip", (skip,)))
    return choices


def _pay_and_run(state, player: int, step: Step, fn: Callable, args: tuple) -> None:
    state.coins[player] -= step.coins
    state.vp[player] -= step.vp
    fn(state, player, *args)


def skip(state) -> None:
    """Decline the step: nothing happens."""


def _again(state, player: int, step: Step, ctx: tuple, used: str) -> None:
    """Push the rest of a repeated step ("letters:3"), already paid, remembering `used`."""
    if step.arg > 1:
        rest = Step(step.name, step.arg - 1)
        state.push(("step", player, rest, (ctx[0], (*ctx[1], used))))


# --- Ideas --------------------------------------------------------------------------------------
def _genre_names(state, genres) -> str:
    return " + ".join(state.content.genre(g).capitalize() for g in genres)


def idea(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    return [
        (f"take 1 {_genre_names(state, (g,))}", _gain, ((g,),))
        for g in step.arg
        if state.supply[g] > 0
    ]


def idea_any(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    genres = range(len(state.supply))
    return [
        (f"take {_genre_names(state, combo)}", _gain, (combo,))
        for combo in combinations_with_replacement(genres, step.arg)
        if all(state.supply[g] >= combo.count(g) for g in combo)
    ]


def idea_distinct(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    return [
        (f"take {_genre_names(state, combo)}", _gain, (combo,))
        for combo in combinations(range(len(state.supply)), step.arg)
        if all(state.supply[g] > 0 for g in combo)
    ]


def _gain(state, player: int, genres: tuple[int, ...]) -> None:
    for g in genres:
        state.gain_idea(player, g)


def exchange(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Trade one Idea token for one of another genre (repeated `arg` times)."""
    ideas = state.ideas[player]
    return [
        (
            f"trade 1 {_genre_names(state, (g,))} for 1 {_genre_names(state, (h,))}",
            _trade,
            (g, h, step, ctx),
        )
        for g in range(len(ideas))
        if ideas[g]
        for h in range(len(ideas))
        if h != g and state.supply[h]
    ]


def _trade(state, player: int, give: int, take: int, step: Step, ctx: tuple) -> None:
    state.ideas[player][give] -= 1
    state.supply[give] += 1
    state.gain_idea(player, take)
    if step.name == "exchange":
        _again(state, player, step, ctx, "")


def exchange_one(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Favour FT05: one Idea token for one of another genre, or for 3 coins."""
    found = exchange(state, player, step, ctx)
    ideas = state.ideas[player]
    found += [
        (f"trade 1 {_genre_names(state, (g,))} for 3 coins", _sell, (g,))
        for g in range(len(ideas))
        if ideas[g]
    ]
    return found


def _sell(state, player: int, give: int) -> None:
    state.ideas[player][give] -= 1
    state.supply[give] += 1
    state.coins[player] += 3


# --- Travel -------------------------------------------------------------------------------------
def move(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Along one path from the marker, paying its cost less the step's discount."""
    found = []
    for other, cost in state.content.neighbours[state.loc[player]]:
        pay = max(0, cost - step.arg)
        if pay <= state.coins[player]:
            found.append((f"move to {other} ({plural(pay, 'coin')})", _move, (other, pay)))
    return found


def _move(state, player: int, to: str, pay: int) -> None:
    state.coins[player] -= pay
    state.loc[player] = to


def explore(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """In the marker's city (or Dickens's): take one face-down tile, or the city reward."""
    city = ctx[0] or state.loc[player]
    if city not in state.content.cities:
        return []
    found = []
    if not any(state.content.tiles[t].city == city for t in state.tiles[player]):
        found = [
            (f"take tile {t} in {city}", _take_tile, (city, t)) for t in state.city_tiles[city]
        ]
    found.append((f"take the city reward of {city}", _city_reward, (city,)))
    return found


def _take_tile(state, player: int, city: str, tile: str) -> None:
    state.city_tiles[city].remove(tile)
    state.tiles[player].append(tile)
    state.after_explore(player, city)


def _city_reward(state, player: int, city: str) -> None:
    state.after_explore(player, city)
    state.push(("effect", player, state.content.cities[city].reward, NO_CTX))


def reuse_tile(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """The card named by the edition lets an already used Exploration tile give its reward again."""
    return [
        (f"use tile {t} again", _reuse, (t,))
        for t in state.tiles[player]
        if t in state.used[player]
    ]


def _reuse(state, player: int, tile: str) -> None:
    state.push(("effect", player, state.content.tiles[tile].reward, NO_CTX))


def flip_move(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Favour FT05: turn one face-up played card face down, then move twice."""
    return [
        (f"turn {card} face down and move 2", _flip, (index,))
        for index, (card, up) in enumerate(state.played[player])
        if up
    ]


def _flip(state, player: int, index: int) -> None:
    state.played[player][index] = (state.played[player][index][0], False)
    move_step = Step("move")
    state.push(("step", player, move_step, NO_CTX), ("step", player, move_step, NO_CTX))


# --- Friendship ---------------------------------------------------------------------------------
def talk(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Talk to a local of the marker's city, or meet a Famous Traveller there."""
    city = state.loc[player]
    if city not in state.content.cities:
        return []
    found = [
        (f"talk to the {side} local in {city}", _talk, (city, s)) for s, side in enumerate(SIDES)
    ]
    return found + meeting_options(state, player, city)


def _talk(state, player: int, city: str, side: int) -> None:
    state.after_friendship(player, city)
    favour = state.content.favours[state.favour[city]]
    state.push(("effect", player, favour.rewards[side], NO_CTX), ("follow", player, city, side))


def follow_options(state, frame: tuple) -> list[Choice]:
    """After talking to a local: take their Friend tile, or place or move a Letter marker."""
    _, player, city, side = frame
    found = []
    if state.friend.get(city) == side:
        found.append(Choice(f"take the friend of {city}", (_take_friend, player, city)))
    markers = state.letters[city]
    mine = [s for p, s in markers if p == player]
    rules = state.content.rules
    under = sum(1 for _, s in markers if s == side)
    room_local = under < rules.letters_per_local[state.num_players]
    room_city = len(markers) < rules.letters_per_city[state.num_players]
    here = f"the {SIDES[side]} local in {city}"
    if mine and mine[0] != side and room_local:
        found.append(
            Choice(f"move your Letter marker to {here}", (_move_letter, player, city, city, side))
        )
    elif not mine and room_local and room_city:
        if state.letters_left(player):
            found.append(
                Choice(f"place a Letter marker under {here}", (_place_letter, player, city, side))
            )
        else:
            found += [
                Choice(
                    f"move your Letter marker from {other} to {here}",
                    (_move_letter, player, other, city, side),
                )
                for other in state.content.cities
                if any(p == player for p, _ in state.letters[other])
            ]
    if found:
        found.append(Choice("nothing more", (skip,)))
    return found


def _take_friend(state, player: int, city: str) -> None:
    del state.friend[city]
    state.friends[player].append(city)


def _place_letter(state, player: int, city: str, side: int) -> None:
    state.letters[city].append((player, side))


def _move_letter(state, player: int, source: str, city: str, side: int) -> None:
    state.letters[source] = [m for m in state.letters[source] if m[0] != player]
    state.letters[city].append((player, side))


def letter(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """To a local of another place holding one of your Letter markers: gain their reward."""
    here, used = state.loc[player], ctx[1]
    found = []
    for city, markers in state.letters.items():
        if city == here:
            continue
        for p, side in markers:
            target = f"{SIDES[side]} local in {city}"
            if p == player and target not in used:
                found.append(
                    (f"send a letter to the {target}", _send, (city, side, step, ctx, target))
                )
    return found


def letter_new(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Card 44: to a local of another city who has none of your Letter markers."""
    here = state.loc[player]
    return [
        (f"send a letter to the {side_name} local in {city}", _send, (city, side, step, ctx, ""))
        for city, markers in state.letters.items()
        if city != here
        for side, side_name in enumerate(SIDES)
        if (player, side) not in markers
    ]


def _send(state, player: int, city: str, side: int, step: Step, ctx: tuple, target: str) -> None:
    state.after_letter(player, city)
    if step.name == "letters":
        _again(state, player, step, ctx, target)
    favour = state.content.favours[state.favour[city]]
    state.push(("effect", player, favour.rewards[side], NO_CTX))


# --- Inspiration --------------------------------------------------------------------------------
def write(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Move one Idea token, Exploration tile or Friend tile into an empty slot of a Journal."""
    content, found = state.content, []
    used = ctx[1]
    for j, journal_id in enumerate(state.journals[player]):
        if journal_id in used:
            continue
        journal = content.journals[journal_id]
        slots = state.written[player][j]
        genres = sorted(
            {g for i, g in enumerate(journal.ideas) if not slots[i] and state.ideas[player][g]}
        )
        for g in genres:
            found.append(
                (
                    f"write 1 {_genre_names(state, (g,))} in journal {journal_id}",
                    _write_idea,
                    (j, g, step, ctx),
                )
            )
        if not slots[6]:
            for t in state.tiles[player]:
                if content.tiles[t].city == journal.city and not state.tile_written(player, t):
                    found.append(
                        (
                            f"write tile {t} in journal {journal_id}",
                            _write_slot,
                            (j, 6, t, step, ctx),
                        )
                    )
        if not slots[7]:
            for f in state.friends[player]:
                if not state.friend_written(player, f):
                    found.append(
                        (
                            f"write the friend of {f} in journal {journal_id}",
                            _write_slot,
                            (j, 7, f, step, ctx),
                        )
                    )
    return found


def _write_idea(state, player: int, j: int, genre: int, step: Step, ctx: tuple) -> None:
    journal = state.content.journals[state.journals[player][j]]
    slots = state.written[player][j]
    slot = next(i for i, g in enumerate(journal.ideas) if g == genre and not slots[i])
    slots[slot] = 1
    state.ideas[player][genre] -= 1
    _written(state, player, j, step, ctx)


def _write_slot(state, player: int, j: int, slot: int, item: str, step: Step, ctx: tuple) -> None:
    state.written[player][j][slot] = item
    _written(state, player, j, step, ctx)


def _written(state, player: int, j: int, step: Step, ctx: tuple) -> None:
    if step.name == "write_distinct":
        _again(state, player, step, ctx, state.journals[player][j])


def cafe(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Where your marker or a Letter marker is (or in Dickens's city): pay Ideas, take a slot."""
    if ctx[0]:
        cities = [ctx[0]]
    elif step.name == "cafe_anywhere":
        cities = list(state.content.cities)
    else:
        here = state.loc[player]
        cities = [
            c for c, m in state.letters.items() if c == here or any(p == player for p, _ in m)
        ]
        if here in state.content.cities and here not in cities:
            cities.append(here)
    return [option for city in cities for option in cafe_options(state, player, city)]


def buy(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """A card of the market display into your hand, paying its level's cost less the discount."""
    return market_options(state, player, step.arg, then_play=False)


def buy_play(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Card 42: buy a card, resolve its effect at once, and keep it in hand."""
    return market_options(state, player, 0, then_play=True)


def retire_level1(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Favour FT12: a Level I card from hand to the box for 2 coins and 3 VP, keeping 5 cards."""
    hand = state.hand[player]
    if len(hand) - 1 < 5:
        return []
    level_one = sorted(
        {c for c in hand if c in state.content.advanced and state.content.advanced[c].level == 1}
    )
    return [(f"remove {c} from the game for 2 coins and 3 VP", _retire, (c,)) for c in level_one]


def _retire(state, player: int, card: str) -> None:
    state.hand[player].remove(card)
    state.box.append(card)
    state.coins[player] += 2
    state.vp[player] += 3


def _only_with_price(state, player: int, step: Step, ctx: tuple) -> list[Option]:
    """Coins or VP bought with a price: the single answer is to pay."""
    word = "coin" if step.name == "coins" else "VP"
    amount = plural(step.arg, word) if word == "coin" else f"{step.arg} VP"
    return [(f"take {amount}", _take_priced, (step.name, step.arg))]


def _take_priced(state, player: int, name: str, amount: int) -> None:
    if name == "coins":
        state.coins[player] += amount
    else:
        state.vp[player] += amount


# --- answers built from the board: meetings, cafés, the market ------------------------------
def meeting_options(state, player: int, city: str) -> list[Option]:
    """Place an Experience token on a free slot of this round's row of a traveller here."""
    content, found = state.content, []
    side = content.sides[state.side]
    kinds = sorted(set(state.exp[player]))
    for column, traveller_id in enumerate(state.travellers):
        if state.where[traveller_id] != city:
            continue
        tokens = state.gazette[column]
        if any(p == player and kind == "duel" for _, _, p, kind in tokens):
            continue
        traveller = content.travellers[traveller_id]
        taken = {slot for rnd, slot, _, _ in tokens if rnd == state.round}
        for slot, need in enumerate(side.slot_players):
            if need > state.num_players or slot in taken:
                continue
            for kind in kinds:
                if kind == "duel" and not traveller.duel:
                    continue
                label = f"meet {traveller.name}: slot {slot + 1} with {kind}"
                found.append((label, _meet, (city, column, slot, kind)))
    return found


def cafe_options(state, player: int, city: str) -> list[Option]:
    """The discussions of `city` with a free slot whose Ideas the player can pay."""
    if not state.cafe_markers_left(player):
        return []
    found = []
    discount = travellers.craven_discount(state, city)
    bonus = travellers.montesquieu_bonus(state, city)
    ideas = state.ideas[player]
    for d, cafe in enumerate(state.content.cities[city].cafes):
        slot = len(state.cafes[city][d])
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
                paying = ideas_text(state, cost)
                label = f"discuss in {city} café {d + 1} paying {paying} for {vp} VP"
                found.append((label, _discuss, (city, d, cost, vp)))
    return found


def ideas_text(state, counts) -> str:
    genres = state.content.rules.genres
    return ", ".join(f"{n} {genres[g].capitalize()}" for g, n in enumerate(counts) if n)


def market_options(state, player: int, discount: int, then_play: bool) -> list[Option]:
    """Cards of the display the player can pay for, the level's cost less `discount`."""
    found = []
    for level, cards in enumerate(state.market):
        price = max(0, state.content.rules.market_cost[level] - discount)
        if price > state.coins[player]:
            continue
        for card in cards:
            label = f"buy {card} (Level {ROMAN[level]}) for {plural(price, 'coin')}"
            found.append((label, _buy, (level, card, price, then_play)))
    return found


def _meet(state, player: int, city: str, column: int, slot: int, kind: str) -> None:
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


def _discuss(state, player: int, city: str, d: int, cost: tuple, vp: int) -> None:
    for g, n in enumerate(cost):
        state.ideas[player][g] -= n
        state.supply[g] += n
    state.cafes[city][d].append(player)
    state.vp[player] += vp


def _buy(state, player: int, level: int, card: str, price: int, then_play: bool) -> None:
    state.coins[player] -= price
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)
    if then_play:
        state.push(("effect", player, state.card_effect(card), NO_CTX))


STEPS: dict[str, Callable] = {
    "coins": _only_with_price,
    "vp": _only_with_price,
    "idea": idea,
    "idea_any": idea_any,
    "idea_distinct": idea_distinct,
    "exchange": exchange,
    "exchange_one": exchange_one,
    "move": move,
    "explore": explore,
    "talk": talk,
    "letter": letter,
    "letters": letter,
    "letter_new": letter_new,
    "write": write,
    "write_distinct": write,
    "cafe": cafe,
    "cafe_anywhere": cafe,
    "buy": buy,
    "buy_play": buy_play,
    "flip_move": flip_move,
    "retire_level1": retire_level1,
    "reuse_tile": reuse_tile,
}
