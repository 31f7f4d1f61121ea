"""Effects: the questions that carry out a card's, tile's or reward's effect, step by step.

An effect is alternatives of step sequences ("explore / move + move"). With several alternatives
the player first chooses one (`ChooseEffect`); each step is then one frame: a step that asks
nothing (take coins, score VP, gain an Idea of a fixed genre) is done at once (`AutoStep`), any
other is a `StepQuestion` whose answers come from the step's function in `STEPS`. A step with a
price ("1$move") offers its answers with the price and pays when one is chosen; declining is
always possible ("skip"), and a step with no possible answer passes by itself.

`ctx` is `(city, used)`: the city where the action takes place as if the marker were there (a
Dickens action, an action "anywhere in Italy"; "" = where the marker is), and the targets already
used by a repeated step ("letters to different locals")."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from kit.core.frames import Frame, Task
from kit.core.words import article
from kit.timeless_journeys.actions import (
    STEP_KINDS,
    Choice,
    Question,
    answer,
    coins,
    effect_words,
    genre_name,
    idea_list,
    ideas,
    price,
    reward_words,
    roman,
    skip,
    step_words,
    times,
)
from kit.timeless_journeys.content import LOCALS, Card, Content, Effect, Step, Steps

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState

Context = tuple[str, tuple[str, ...]]
NO_CTX: Context = ("", ())
# with a fixed-genre "idea", the steps that ask nothing
AUTO_STEPS = ("coins", "vp", "colour", "category_coins", "category_vp")
SKIP = answer("skip")
DECLINE = answer("decline")
DO_NOTHING_MORE = answer("do nothing more")


# --- pushing effects ----------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def effect_frames(player: int, effect: Effect, ctx: Context = NO_CTX) -> tuple[Frame, ...]:
    """The frames that carry out `effect`: its steps, or first the choice of an alternative.
    The same effects (a card's, a tile's, a reward's) recur all game long, and frames never
    change: each player's frames of an effect are made once."""
    if len(effect) == 1:
        return tuple(step_frames(player, effect[0], ctx))
    return (ChooseEffect(player, effect, ctx),)


def step_frames(player: int, steps: Steps, ctx: Context = NO_CTX) -> list[Frame]:
    return [_step_frame(player, step, ctx) for step in steps]


def _step_frame(player: int, step: Step, ctx: Context) -> Frame:
    asks_nothing = step.name in AUTO_STEPS or (step.name == "idea" and len(step.genres) == 1)
    if asks_nothing and not (step.coins or step.vp):
        return AutoStep(player, step, ctx)
    return StepQuestion(player, step, ctx)


@dataclass(frozen=True, slots=True)
class ChooseEffect(Question):
    """An effect with alternatives ("a / b"): the player uses one of them, or none."""

    player: int
    effect: Effect
    ctx: Context

    def question(self, state: TimelessState) -> str:
        return f"which effect to use: {reward_words(self.effect, state.content.rules.genres)}"

    def choices(self, state: TimelessState) -> list[Choice]:
        genres = state.content.rules.genres
        found = [
            Choice(
                effect_words(steps, genres),
                STEP_KINDS[steps[0].name],
                None,
                _choose,
                (steps, self.ctx),
            )
            for steps in self.effect
        ]
        found.append(DECLINE)
        return found


def _choose(state: TimelessState, player: int, steps: Steps, ctx: Context) -> None:
    state.push(*step_frames(player, steps, ctx))


@dataclass(frozen=True, slots=True)
class AutoStep(Task):
    """A step that asks nothing: take coins, score VP, gain an Idea of one genre, the colour's
    Ideas card, coins or VP for the categories played."""

    player: int
    step: Step
    ctx: Context

    def run(self, state: TimelessState) -> None:
        player, step = self.player, self.step
        if step.name == "coins":
            state.coins[player] += step.count
        elif step.name == "vp":
            state.vp[player] += step.count
        elif step.name == "idea":
            state.gain_idea(player, step.genres[0])
        elif step.name == "colour":
            state.push(*effect_frames(player, state.content.colours[player][1], self.ctx))
        else:
            per_category(state, player, step)


def per_category(state: TimelessState, player: int, step: Step) -> None:
    """Coins ("category_coins") or VP ("category_vp") for each different category the player
    played this round, counted as the Market phase counts them (the Category and Different
    icons): Travel, Friendship, Inspiration, Festivities, and face-down cards as one more."""
    amount = step.count * state.categories_played(player)
    if step.name == "category_coins":
        state.coins[player] += amount
    else:
        state.vp[player] += amount


@dataclass(frozen=True, slots=True)
class StepQuestion(Question):
    """One step of an effect that asks its player how to carry it out."""

    player: int
    step: Step
    ctx: Context

    def question(self, state: TimelessState) -> str:
        return f"how to {step_words(self.step, state.content.rules.genres)}"

    def choices(self, state: TimelessState) -> list[Choice]:
        """The answers still possible once the step's price is paid (none if it cannot be)."""
        player, step = self.player, self.step
        if not (step.coins or step.vp):
            found = STEPS[step.name](state, player, step, self.ctx)
            if found:
                found.append(SKIP)
            return found
        if state.coins[player] < step.coins or state.vp[player] < step.vp:
            return []
        state.coins[player] -= step.coins
        state.vp[player] -= step.vp
        found = STEPS[step.name](state, player, step, self.ctx)
        state.coins[player] += step.coins
        state.vp[player] += step.vp
        pay = price_words(step)
        found = [choice._replace(text=f"{pay} to {choice.text}") for choice in found]
        return [*found, SKIP] if found else []

    def answer(self, state: TimelessState, action: Choice) -> None:
        if action.run is not skip:
            state.coins[self.player] -= self.step.coins
            state.vp[self.player] -= self.step.vp
        action.run(state, self.player, *action.args)

    def refusal(self, state: TimelessState, action: Choice | None) -> str | None:
        return board_refusal(state, self.player, self.step, self.ctx[0], action)

    def told(self, state: TimelessState, action: Choice, seat: int) -> str:
        """Which Exploration tile is written in a Journal, or used again, is its owner's secret
        (a used one is face down), told to the others by its city; so is the card from the hand
        removed from the game (to the box, as a discard)."""
        if seat == self.player:
            return action.text
        if action.run is _write_slot and action.args[1] == TILE_SLOT:
            j, _, tile = action.args[:3]
            assert isinstance(j, int)  # a slot written: (the Journal's index, slot, item, ...)
            city, journal = state.content.tiles[str(tile)].city, state.journals[self.player][j]
            words = f"write an Exploration tile of {city} in Journal {journal}"
        elif action.run is _reuse:
            city = state.content.tiles[str(action.args[0])].city
            words = f"use an Exploration tile of {city} again"
        elif action.run is _retire:
            words = _retire_words(state, "a Level I card")  # from the hand, unseen, to the box
        else:
            return action.text
        step = self.step
        return f"{price_words(step)} to {words}" if step.coins or step.vp else words


def price_words(step: Step) -> str:
    """A step's price as its answers begin with it: 'pay 1 coin', 'lose 2 VP'."""
    return f"pay {coins(step.coins)}" if step.coins else f"lose {step.vp} VP"


def board_refusal(
    state: TimelessState, player: int, step: Step, city: str, action: Choice | None
) -> str | None:
    """Why a move, an exploration or a letter of `step` (asked in `city`, "" = where the marker
    is) is refused for a reason of the board, read from the action's fields; None for none."""
    if action is None:
        return None
    run, args, here = action.run, action.args, state.loc[player]
    if run is _move and step.name == "move":
        return _move_refusal(state, player, step, str(args[0]))
    if run is _take_tile and step.name == "explore":
        city = city or here  # an exploration is only asked in a city
        if state.has_tile_of(player, city):
            return f"player {player} already has an Exploration tile of {city}"
        if args[1] not in state.city_tiles[city]:
            return f"tile {args[1]} is not face down in {city}"
    if run is _send and step.name in ("letter", "letters"):
        to, side = str(args[0]), args[1]
        assert isinstance(side, int)  # a letter's args: (city, side of the local, ...)
        if to == here:
            return f"the marker is in {to}: letters go to other places"
        if (player, side) not in state.letters.get(to, []):
            return f"player {player} has no Letter marker under the {LOCALS[side]} local in {to}"
    return None


def step_actions(content: Content) -> list[Choice]:
    """The moves, explorations, talks and letters an effect could offer in a game of `content`
    (for `phases.action_table`)."""
    found = [
        _move_choice(to, pay)
        for here in content.neighbours
        for to, cost in content.neighbours[here]
        for pay in range(cost + 1)
    ]
    for city in content.cities:
        found += [
            Choice(f"take Exploration tile {t} in {city}", "explore", city, _take_tile, (city, t))
            for t in content.cities[city].tiles
        ]
        found += [
            Choice(f"talk to the {local} local in {city}", "meet", city, _talk, (city, side))
            for side, local in enumerate(LOCALS)
        ]
    for place in content.neighbours:  # a letter is refused by where it goes, any place named
        for side, local in enumerate(LOCALS):
            letter = Choice(
                f"send a letter to the {local} local in {place}", "letter", place, _send
            )
            found.append(letter._replace(args=(place, side, Step("letter"), NO_CTX, "")))
    return found


def priced_steps(content: Content) -> set[Step]:
    """The steps with a price in the effects of `content`."""
    effects = [
        *(
            e
            for card in (*content.basic.values(), *content.advanced.values())
            for e in (card.effect, card.begin_turn, card.end_round)
        ),
        *(tile.reward for tile in content.tiles.values()),
        *(city.reward for city in content.cities.values()),
        *(reward for favour in content.favours.values() for reward in favour.rewards),
        *(
            reward
            for side in content.sides.values()
            for column in side.columns
            for rewards in column.rewards
            for reward in rewards
        ),
        content.rules.retire_reward,
        *(effect for _, effect in content.colours),
    ]
    return {
        step for effect in effects for steps in effect for step in steps if step.coins or step.vp
    }


def _move_refusal(state: TimelessState, player: int, step: Step, to: str) -> str | None:
    here = state.loc[player]
    costs = dict(state.content.neighbours[here])
    if to not in costs:
        return f"{to} is not next to {here}"
    pay = max(0, costs[to] - step.count)
    if pay > state.coins[player]:
        has = state.coins[player]
        return f"the path from {here} to {to} costs {coins(pay)}, player {player} has {has}"
    return None


def _again(state: TimelessState, player: int, step: Step, ctx: Context, used: str) -> None:
    """Push the rest of a repeated step ("letters:3"), already paid, remembering `used`."""
    if step.count > 1:
        rest = Step(step.name, step.count - 1)
        state.push(StepQuestion(player, rest, (ctx[0], (*ctx[1], used))))


# --- Ideas --------------------------------------------------------------------------------------
def idea(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    genres = state.content.rules.genres
    return [
        Choice(f"gain {idea_list(genres, (g,))}", "idea", None, _gain, ((g,),))
        for g in step.genres
        if state.supply[g] > 0
    ]


def idea_any(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    genres = state.content.rules.genres
    return [
        Choice(f"gain {idea_list(genres, combo)}", "idea", None, _gain, (combo,))
        for combo in combinations_with_replacement(range(len(genres)), step.count)
        if all(state.supply[g] >= combo.count(g) for g in combo)
    ]


def idea_distinct(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    genres = state.content.rules.genres
    return [
        Choice(f"gain {idea_list(genres, combo)}", "idea", None, _gain, (combo,))
        for combo in combinations(range(len(genres)), step.count)
        if all(state.supply[g] > 0 for g in combo)
    ]


def _gain(state: TimelessState, player: int, genres: Sequence[int]) -> None:
    for g in genres:
        state.gain_idea(player, g)


def _an_idea(state: TimelessState, genre: int) -> str:
    return article(f"{genre_name(state.content.rules.genres, genre)} idea")


def exchange(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Trade one Idea token for one of another genre (repeated `arg` times)."""
    held = state.ideas[player]
    return [
        Choice(
            f"exchange {_an_idea(state, g)} for {_an_idea(state, h)}",
            "idea",
            None,
            _trade,
            (g, h, step, ctx),
        )
        for g in range(len(held))
        if held[g]
        for h in range(len(held))
        if h != g and state.supply[h]
    ]


def _trade(
    state: TimelessState, player: int, give: int, take: int, step: Step, ctx: Context
) -> None:
    state.ideas[player][give] -= 1
    state.supply[give] += 1
    state.gain_idea(player, take)
    if step.name == "exchange":
        _again(state, player, step, ctx, "")


def exchange_one(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Favour FT05: one Idea token for one of another genre, or for the step's coins."""
    found = exchange(state, player, step, ctx)
    held = state.ideas[player]
    found += [
        Choice(
            f"exchange {_an_idea(state, g)} for {coins(step.count)}",
            "idea",
            None,
            _sell,
            (g, step.count),
        )
        for g in range(len(held))
        if held[g]
    ]
    return found


def _sell(state: TimelessState, player: int, give: int, amount: int) -> None:
    state.ideas[player][give] -= 1
    state.supply[give] += 1
    state.coins[player] += amount


# --- Travel -------------------------------------------------------------------------------------
def move(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Along one path from the marker, paying its cost less the step's discount."""
    return list(_moves(state.content, state.loc[player], state.coins[player], step.count))


@lru_cache(maxsize=4096)
def _moves(content: Content, here: str, have: int, discount: int) -> tuple[Choice, ...]:
    """The moves from `here` with `have` coins: a few places and purses recur all game long
    (moves are asked at every face-down card), so each set of moves is made once."""
    found = []
    for other, cost in content.neighbours[here]:
        pay = cost - discount if cost > discount else 0
        if pay <= have:
            found.append(_move_choice(other, pay))
    return tuple(found)


@cache
def _move_choice(to: str, pay: int) -> Choice:
    return Choice(f"move to {to} {price(pay)}", "move", to, _move, (to, pay))


def _move(state: TimelessState, player: int, to: str, pay: int) -> None:
    state.coins[player] -= pay
    state.loc[player] = to


def explore(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """In the marker's city (or Dickens's): take one face-down tile, or the city reward."""
    city = ctx[0] or state.loc[player]
    if city not in state.content.cities:
        return []
    found = []
    if not state.has_tile_of(player, city):
        found = [
            Choice(f"take Exploration tile {t} in {city}", "explore", city, _take_tile, (city, t))
            for t in state.city_tiles[city]
        ]
    found.append(Choice(f"take the city reward of {city}", "explore", city, _city_reward, (city,)))
    return found


def _take_tile(state: TimelessState, player: int, city: str, tile: str) -> None:
    state.city_tiles[city].remove(tile)
    state.tiles[player].append(tile)
    state.after_explore(player, city)


def _city_reward(state: TimelessState, player: int, city: str) -> None:
    state.after_explore(player, city)
    state.push(*effect_frames(player, state.content.cities[city].reward))


def reuse_tile(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """The card the edition names lets an already used Exploration tile give its reward again."""
    return [
        Choice(f"use Exploration tile {t} again", "tile", None, _reuse, (t,))
        for t in state.tiles[player]
        if t in state.used[player]
    ]


def _reuse(state: TimelessState, player: int, tile: str) -> None:
    state.push(*effect_frames(player, state.content.tiles[tile].reward))


def flip_move(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Favour FT05: turn one face-up played card face down, then move the step's count. Two
    face-up copies of one card are told apart by the order they were played in (a chain
    activates the first copy first)."""
    face_up = [(index, card) for index, (card, up) in enumerate(state.played[player]) if up]
    found = []
    for index, card in face_up:
        label = state.content.card(card).label
        copies = [i for i, other in face_up if other == card]
        if len(copies) > 1:
            label += f" ({ORDINALS[copies.index(index)]} copy)"
        found.append(
            Choice(
                f"turn {label} face down to move {times(step.count)}",
                "card",
                None,
                _flip,
                (index, step.count),
            )
        )
    return found


ORDINALS = ("first", "second", "third", "fourth", "fifth")  # copies among at most 5 plays


def _flip(state: TimelessState, player: int, index: int, moves: int) -> None:
    state.played[player][index] = (state.played[player][index][0], False)
    state.push(*step_frames(player, (Step("move"),) * moves))


# --- Friendship ---------------------------------------------------------------------------------
def talk(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Talk to a local of the marker's city (or of the context's), or meet a Famous Traveller
    there."""
    city = ctx[0] or state.loc[player]
    if city not in state.content.cities:
        return []
    found = [
        Choice(f"talk to the {local} local in {city}", "meet", city, _talk, (city, side))
        for side, local in enumerate(LOCALS)
    ]
    return found + meeting_options(state, player, city)


def _talk(state: TimelessState, player: int, city: str, side: int) -> None:
    state.after_friendship(player, city)
    favour = state.content.favours[state.favour[city]]
    state.push(*effect_frames(player, favour.rewards[side]), FollowUp(player, city, side))


@dataclass(frozen=True, slots=True)
class FollowUp(Question):
    """After talking to a local: take their Friend tile, or place or move a Letter marker."""

    player: int
    city: str
    side: int

    def question(self, state: TimelessState) -> str:
        return (
            f"whether to take the Friend tile or place a Letter marker at the "
            f"{LOCALS[self.side]} local in {self.city}"
        )

    def choices(self, state: TimelessState) -> list[Choice]:
        player, city, side = self.player, self.city, self.side
        found = []
        if state.friend.get(city) == side:
            found.append(
                Choice(f"take the Friend tile of {city}", "friend", city, _take_friend, (city,))
            )
        markers = state.letters[city]
        mine = [s for p, s in markers if p == player]
        rules = state.content.rules
        under = sum(1 for _, s in markers if s == side)
        room_local = under < rules.letters_per_local[state.num_players]
        room_city = len(markers) < rules.letters_per_city[state.num_players]
        here = f"the {LOCALS[side]} local in {city}"
        if mine and mine[0] != side and room_local:
            found.append(
                Choice(
                    f"move your Letter marker to {here}",
                    "letter",
                    city,
                    _move_letter,
                    (city, city, side),
                )
            )
        elif not mine and room_local and room_city:
            if state.letters_left(player):
                found.append(
                    Choice(
                        f"place a Letter marker under {here}",
                        "letter",
                        city,
                        _place_letter,
                        (city, side),
                    )
                )
            else:
                found += [
                    Choice(
                        f"move your Letter marker from {other} to {here}",
                        "letter",
                        city,
                        _move_letter,
                        (other, city, side),
                    )
                    for other in state.content.cities
                    if any(p == player for p, _ in state.letters[other])
                ]
        if found:
            found.append(DO_NOTHING_MORE)
        return found


def _take_friend(state: TimelessState, player: int, city: str) -> None:
    del state.friend[city]
    state.friends[player].append(city)


def _place_letter(state: TimelessState, player: int, city: str, side: int) -> None:
    state.letters[city].append((player, side))


def _move_letter(state: TimelessState, player: int, source: str, city: str, side: int) -> None:
    state.letters[source] = [m for m in state.letters[source] if m[0] != player]
    state.letters[city].append((player, side))


def letter(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """To a local of another place holding one of your Letter markers: gain their reward."""
    here, used = state.loc[player], ctx[1]
    found = []
    for city, markers in state.letters.items():
        if city == here:
            continue
        for p, side in markers:
            target = f"{LOCALS[side]} local in {city}"
            if p == player and target not in used:
                found.append(
                    Choice(
                        f"send a letter to the {target}",
                        "letter",
                        city,
                        _send,
                        (city, side, step, ctx, target),
                    )
                )
    return found


def letter_new(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Card 44: to a local of another city who has none of your Letter markers."""
    here = state.loc[player]
    return [
        Choice(
            f"send a letter to the {local} local in {city}",
            "letter",
            city,
            _send,
            (city, side, step, ctx, ""),
        )
        for city, markers in state.letters.items()
        if city != here
        for side, local in enumerate(LOCALS)
        if (player, side) not in markers
    ]


def _send(
    state: TimelessState,
    player: int,
    city: str,
    side: int,
    step: Step,
    ctx: Context,
    target: str,
) -> None:
    state.after_letter(player, city)
    if step.name == "letters":
        _again(state, player, step, ctx, target)
    favour = state.content.favours[state.favour[city]]
    state.push(*effect_frames(player, favour.rewards[side]))


# --- Inspiration --------------------------------------------------------------------------------
TILE_SLOT, FRIEND_SLOT = -2, -1  # a Journal's slots: its Idea slots, then its city and friend


def write(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
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
                Choice(
                    f"write {_an_idea(state, g)} in Journal {journal_id}",
                    "journal",
                    None,
                    _write_idea,
                    (j, g, step, ctx),
                )
            )
        if not slots[TILE_SLOT]:
            for t in state.tiles[player]:
                if content.tiles[t].city == journal.city and not state.tile_written(player, t):
                    found.append(
                        Choice(
                            f"write Exploration tile {t} in Journal {journal_id}",
                            "journal",
                            None,
                            _write_slot,
                            (j, TILE_SLOT, t, step, ctx),
                        )
                    )
        if not slots[FRIEND_SLOT]:
            for f in state.friends[player]:
                if not state.friend_written(player, f):
                    found.append(
                        Choice(
                            f"write the Friend tile of {f} in Journal {journal_id}",
                            "journal",
                            None,
                            _write_slot,
                            (j, FRIEND_SLOT, f, step, ctx),
                        )
                    )
    return found


def _write_idea(
    state: TimelessState, player: int, j: int, genre: int, step: Step, ctx: Context
) -> None:
    journal = state.content.journals[state.journals[player][j]]
    slots = state.written[player][j]
    slot = next(i for i, g in enumerate(journal.ideas) if g == genre and not slots[i])
    slots[slot] = 1
    state.ideas[player][genre] -= 1
    _written(state, player, j, step, ctx)


def _write_slot(
    state: TimelessState, player: int, j: int, slot: int, item: str, step: Step, ctx: Context
) -> None:
    state.written[player][j][slot] = item
    _written(state, player, j, step, ctx)


def _written(state: TimelessState, player: int, j: int, step: Step, ctx: Context) -> None:
    if step.name == "write_distinct":
        _again(state, player, step, ctx, state.journals[player][j])


def cafe(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
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


def buy(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """A card of the market display into your hand, paying its level's cost less the discount."""
    return market_options(state, player, step.count, then_play=False)


def buy_play(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Card 42: buy a card, resolve its effect at once, and keep it in hand."""
    return market_options(state, player, 0, then_play=True)


def retire_level1(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Favour FT12: a Level I card from hand to the box for the rules' reward, keeping the
    rules' number of cards in hand."""
    rules, advanced = state.content.rules, state.content.advanced
    hand = state.hand[player]
    if len(hand) - 1 < rules.retire_keep:
        return []
    level_one = sorted({c for c in hand if c in advanced and advanced[c].level == 1})
    return [
        Choice(_retire_words(state, advanced[c].label), "card", None, _retire, (c,))
        for c in level_one
    ]


def _retire_words(state: TimelessState, card: str) -> str:
    rules = state.content.rules
    reward = reward_words(rules.retire_reward, rules.genres).replace(", then ", " and ")
    return f"remove {card} from the game to {reward}"


def _retire(state: TimelessState, player: int, card: str) -> None:
    state.hand[player].remove(card)
    bisect.insort(state.box, card)
    state.push(*effect_frames(player, state.content.rules.retire_reward))


def _only_with_price(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """A step that asks nothing (coins, VP, ...) bought with a price: the single answer is to
    pay, and the step is then done."""
    unpaid = Step(step.name, step.arg)
    words = step_words(unpaid, state.content.rules.genres)
    return [Choice(words, "reward", None, _take_priced, (unpaid, ctx))]


def _take_priced(state: TimelessState, player: int, step: Step, ctx: Context) -> None:
    AutoStep(player, step, ctx).run(state)


# --- Advanced cards' own icons: the direct move, "anywhere in Italy", the Experience ----------
def goto(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """The direct-move icon: the marker goes straight to one of the two cities printed,
    ignoring the places between them and the paths' costs."""
    here = state.loc[player]
    return [_goto_choice(city) for city in step.places if city != here]


@cache
def _goto_choice(city: str) -> Choice:
    return Choice(f"move directly to {city}", "move", city, _goto, (city,))


def _goto(state: TimelessState, player: int, city: str) -> None:
    state.loc[player] = city


def explore_anywhere(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Explore with the "anywhere in Italy" icon: in any city, as if the marker were there."""
    return [
        choice
        for city in state.content.cities
        for choice in explore(state, player, step, (city, ctx[1]))
    ]


def talk_anywhere(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """Have a conversation with the "anywhere in Italy" icon: with a local, or a Famous
    Traveller, of any city, as if the marker were there."""
    return [
        choice for city in state.content.cities for choice in talk(state, player, step, (city, ()))
    ]


def experience_again(state: TimelessState, player: int, step: Step, ctx: Context) -> list[Choice]:
    """The Experience icon ("Experience bonus or action"): the reward printed on a Gazette
    space holding one of the player's Experience tokens, gained once more."""
    content = state.content
    columns, genres = content.sides[state.side].columns, content.rules.genres
    found = []
    for column, tokens in enumerate(state.gazette):
        traveller = content.travellers[state.travellers[column]].name
        for rnd, slot, owner, _ in tokens:
            if owner == player:
                reward = columns[column].rewards[rnd][slot]
                found.append(
                    Choice(
                        f"gain again the reward of {traveller}'s round {roman(rnd)} slot "
                        f"{slot + 1}: {reward_words(reward, genres)}",
                        "reward",
                        None,
                        _experience_again,
                        (reward,),
                    )
                )
    return found


def _experience_again(state: TimelessState, player: int, reward: Effect) -> None:
    state.push(*effect_frames(player, reward))


# --- answers built from the board: meetings, cafés, the market ------------------------------
def meeting_options(state: TimelessState, player: int, city: str) -> list[Choice]:
    """Place an Experience token on a free slot of this round's row of a traveller here."""
    content, found = state.content, []
    side = content.sides[state.side]
    kinds = sorted(set(state.exp[player]))
    names = content.rules.experience_names
    for column, traveller_id in enumerate(state.travellers):
        traveller = content.travellers[traveller_id]
        if state.where[traveller.rule] != city:
            continue
        tokens = state.gazette[column]
        if any(p == player and kind == "duel" for _, _, p, kind in tokens):
            continue
        taken = {slot for rnd, slot, _, _ in tokens if rnd == state.round}
        for slot, need in enumerate(side.slot_players):
            if need > state.num_players or slot in taken:
                continue
            for kind in kinds:
                if kind == "duel" and not traveller.duel:
                    continue
                label = f"meet {traveller.name} in {city}: {names[kind]} in slot {slot + 1}"
                found.append(Choice(label, "meet", city, _meet, (city, column, slot, kind)))
    return found


def cafe_options(state: TimelessState, player: int, city: str) -> list[Choice]:
    """The discussions of `city` with a free slot whose Ideas the player can pay."""
    found: list[Choice] = []
    discount = state.cafe_discount(city)
    bonus = state.cafe_bonus(city)
    held = state.ideas[player]
    genres = state.content.rules.genres
    for d, discussion in enumerate(state.content.cities[city].cafes):
        slot = len(state.cafes[city][d])
        if slot >= len(discussion.vp):
            continue
        costs = [discussion.cost]
        if discount:
            costs = sorted(
                {
                    tuple(max(0, n - discount) if g == cut else n for g, n in enumerate(cost))
                    for cost in costs
                    for cut, n in enumerate(cost)
                    if n
                },
                reverse=True,
            )
        vp = discussion.vp[slot] + bonus
        for cost in costs:
            if all(have >= need for have, need in zip(held, cost, strict=True)):
                label = (
                    f"discuss in café {d + 1} of {city}, paying {ideas(genres, cost)}, for {vp} VP"
                )
                found.append(Choice(label, "cafe", city, _discuss, (city, d, cost, vp)))
    return found if found and state.cafe_markers_left(player) else []


def market_options(
    state: TimelessState, player: int, discount: int, then_play: bool
) -> list[Choice]:
    """Cards of the display the player can pay for, the level's cost less `discount`."""
    found: list[Choice] = []
    have = state.coins[player]
    content = state.content
    for level, cards in enumerate(state.market):
        cost = content.rules.market_cost[level]
        pay = cost - discount if cost > discount else 0
        if pay <= have:
            found += _buys(content, tuple(cards), pay, then_play)
    return found


@lru_cache(maxsize=4096)
def _buys(
    content: Content, cards: tuple[str, ...], pay: int, then_play: bool
) -> tuple[Choice, ...]:
    """A level's display bought at a price, two copies shown being one choice: a display is
    offered again and again all round long, so its buys are made once."""
    return tuple(_buy_choice(content.advanced[c], pay, then_play) for c in dict.fromkeys(cards))


@cache
def _buy_choice(card: Card, pay: int, then_play: bool) -> Choice:
    level = card.level - 1
    text = f"buy {card.label} (Level {roman(level)}) {price(pay)}"
    return Choice(text, "market", None, _buy, (level, card.id, pay, then_play))


def _meet(state: TimelessState, player: int, city: str, column: int, slot: int, kind: str) -> None:
    """Place an Experience token: the slot's reward (more than once for a duel), then the side's
    bonus for a first token in its first column."""
    state.after_friendship(player, city)
    state.exp[player].remove(kind)
    state.gazette[column].append((state.round, slot, player, kind))
    side = state.content.sides[state.side]
    reward = side.columns[column].rewards[state.round][slot]
    repeat = state.content.rules.duel_rewards if kind == "duel" else 1
    frames = effect_frames(player, reward) * repeat
    if side.first_column_bonus and column == 0 and player not in state.bonus_taken:
        state.bonus_taken.append(player)
        frames += effect_frames(player, side.first_column_bonus)
    state.push(*frames)


def _discuss(
    state: TimelessState, player: int, city: str, d: int, cost: tuple[int, ...], vp: int
) -> None:
    for g, n in enumerate(cost):
        state.ideas[player][g] -= n
        state.supply[g] += n
    state.cafes[city][d].append(player)
    state.vp[player] += vp


def _buy(
    state: TimelessState, player: int, level: int, card: str, pay: int, then_play: bool
) -> None:
    state.coins[player] -= pay
    state.market[level].remove(card)
    bisect.insort(state.hand[player], card)
    if then_play:
        state.push(*effect_frames(player, state.card_effect(card)))


StepAnswers = Callable[["TimelessState", int, Step, Context], list[Choice]]
STEPS: dict[str, StepAnswers] = {
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
    "colour": _only_with_price,
    "category_coins": _only_with_price,
    "category_vp": _only_with_price,
    "goto": goto,
    "explore_anywhere": explore_anywhere,
    "talk_anywhere": talk_anywhere,
    "experience_again": experience_again,
}
