"""The actions of Timeless Journeys, the questions that offer them, and the words of their labels.

Every decision of the game (play a card, pick a tile, take a painting, a chance draw) is a
`Choice`: its `text` is what a player reads and what a save stores, unique among the legal actions
of a state; `run(state, player, *args)` carries it out for the player asked (a chance outcome is
run as `run(state, *args)`). Choices are small tuples, compared and hashed by value.

What the game still has to do is a stack of frames on the state (`kit.core.frames`). A `Task` is
work done at once (a round begins, the market is refilled); a `Question` is a sub-decision of one
player: it offers its choices, applies the answer, states its question in words, says why another
answer is refused and what each seat learns of the one given; a `Draw` is a chance event. Frames
never change once made, so clones of a state share them.

The `kind` of a choice, which a panel groups buttons by:

  card     play, activate, discard or remove a card, or turn one face down
  move     move the Player marker (along a path, or with Lord Byron)
  explore  take an Exploration tile or a city's reward (also with Charles Dickens)
  tile     use the reward of an Exploration tile
  meet     talk to a local, or meet a Famous Traveller with an Experience token
  friend   take a Friend tile
  letter   place or move a Letter marker, or send a letter
  idea     gain or exchange Idea tokens
  journal  write in a Travel Journal
  cafe     discuss in a café
  market   buy or take an Advanced card
  reward   take coins, VP or a Painting
  answer   decline, skip, end the chain or the turn
  chance   a draw, a deal or a reveal

`place` is the node of `game.board()` the choice concerns (the city moved to, explored, talked
in, written to), or None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from kit.core import CHANCE
from kit.core.frames import Frame
from kit.core.words import article, counted, plural
from kit.timeless_journeys.content import ROMAN, Effect, Step, Steps

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


class Choice(NamedTuple):
    """One legal action: its label, its kind and place, and the function that carries it out."""

    text: str
    kind: str
    place: str | None
    run: Callable[..., None]
    args: tuple[object, ...] = ()

    def __str__(self) -> str:
        return self.text


Outcome = tuple[Choice, float]  # a chance outcome and its probability


class Question(Frame):
    """A sub-decision of `player`. With no choice possible it passes by itself: an effect that
    cannot be carried out does nothing."""

    __slots__ = ()
    player: int

    def answer(self, state: TimelessState, action: Choice) -> None:
        action.run(state, self.player, *action.args)


class Draw(Question):
    """A chance event: its outcomes (its `choices`), equally likely unless `weights` are given;
    the seed, or a scenario, picks one."""

    __slots__ = ()
    player: int = CHANCE

    def weights(self, state: TimelessState, choices: Sequence[Choice]) -> Sequence[float] | None:
        """Relative weights of the outcomes, or None when they are equally likely."""
        return None

    def outcomes(self, state: TimelessState) -> tuple[Outcome, ...]:
        """Each outcome with its probability (none: the draw passes)."""
        choices = self.choices(state)
        if not choices:
            return ()
        weights = self.weights(state, choices)
        if weights is None:
            share = 1 / len(choices)
            return tuple([(choice, share) for choice in choices])
        share = 1 / sum(weights)
        return tuple([(choice, w * share) for choice, w in zip(choices, weights, strict=True)])

    def answer(self, state: TimelessState, action: Choice) -> None:
        action.run(state, *action.args)


def skip(state: TimelessState, player: int) -> None:
    """Decline: nothing happens."""


def answer(text: str) -> Choice:
    """A choice that declines (skip, end the turn, take no card)."""
    return Choice(text, "answer", None, skip)


# --- words ----------------------------------------------------------------------------------
def coins(count: int) -> str:
    return plural(count, "coin")


def price(count: int) -> str:
    """What a payment costs: 'for 2 coins', 'for free'."""
    return f"for {coins(count)}" if count else "for free"


def times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def roman(index: int) -> str:
    """The numeral of a round or a market level from its index (0 = I)."""
    return ROMAN[index] if index < len(ROMAN) else str(index + 1)


def genre_name(genres: Sequence[str], genre: int) -> str:
    return genres[genre].capitalize()


def ideas(genres: Sequence[str], counts: Sequence[int]) -> str:
    """Idea tokens by genre in words: 'an Art idea and 2 Science ideas'."""
    parts = [counted(n, f"{genre_name(genres, g)} idea") for g, n in enumerate(counts) if n]
    return " and ".join(parts) or "no idea"


def idea_list(genres: Sequence[str], combo: Sequence[int]) -> str:
    """`ideas` for a list of genre indices, one token each."""
    return ideas(genres, [combo.count(g) for g in range(len(genres))])


def step_words(step: Step, genres: Sequence[str]) -> str:
    """One step of an effect in words: 'move', 'gain an Art or History idea'."""
    words = _STEP_WORDS[step.name](step, genres)
    if step.coins:
        return f"pay {coins(step.coins)} to {words}"
    if step.vp:
        return f"lose {step.vp} VP to {words}"
    return words


def effect_words(steps: Steps, genres: Sequence[str]) -> str:
    """A sequence of steps in words: 'explore, then move'."""
    return ", then ".join(step_words(step, genres) for step in steps)


def reward_words(effect: Effect, genres: Sequence[str]) -> str:
    """An effect in words, its alternatives joined by 'or'."""
    return " or ".join(effect_words(steps, genres) for steps in effect)


def _idea_words(step: Step, genres: Sequence[str]) -> str:
    names = (
        " or ".join(genre_name(genres, g) for g in step.arg) if isinstance(step.arg, tuple) else ""
    )
    return f"gain {article(names + ' idea')}"


def _ideas_any(step: Step, genres: Sequence[str]) -> str:
    count = step.count
    return "gain an idea of your choice" if count == 1 else f"gain {count} ideas of your choice"


def _move_words(step: Step, genres: Sequence[str]) -> str:
    discount = step.count
    return f"move with a discount of {coins(discount)}" if discount else "move"


def _buy_words(step: Step, genres: Sequence[str]) -> str:
    discount = step.count
    return f"buy a market card for {coins(discount)} less" if discount else "buy a market card"


_STEP_WORDS: dict[str, Callable[[Step, Sequence[str]], str]] = {
    "coins": lambda s, g: f"take {coins(s.count)}",
    "vp": lambda s, g: f"score {s.count} VP",
    "idea": _idea_words,
    "idea_any": _ideas_any,
    "idea_distinct": lambda s, g: f"gain {s.count} different ideas",
    "exchange": lambda s, g: "exchange an idea" if s.count == 1 else f"exchange {s.count} ideas",
    "exchange_one": lambda s, g: f"exchange an idea for another or for {coins(s.count)}",
    "move": _move_words,
    "explore": lambda s, g: "explore",
    "talk": lambda s, g: "have a conversation",
    "letter": lambda s, g: "send a letter",
    "letters": lambda s, g: f"send letters to up to {s.count} different locals",
    "letter_new": lambda s, g: "send a letter to a local without your Letter marker",
    "write": lambda s, g: "write in a Journal",
    "write_distinct": lambda s, g: f"write in up to {s.count} different Journals",
    "cafe": lambda s, g: "discuss in a café",
    "cafe_anywhere": lambda s, g: "discuss in a café of any city",
    "buy": _buy_words,
    "buy_play": lambda s, g: "buy a market card and use it at once",
    "flip_move": lambda s, g: f"turn a played card face down to move {times(s.count)}",
    "retire_level1": lambda s, g: "remove a Level I card from the game",
    "reuse_tile": lambda s, g: "use a used Exploration tile again",
    "colour": lambda s, g: "gain the idea of your colour",
    "goto": lambda s, g: f"move directly to {' or '.join(s.places)}",
    "explore_anywhere": lambda s, g: "explore in any city",
    "talk_anywhere": lambda s, g: "have a conversation in any city",
    "experience_again": lambda s, g: "gain again the reward of a Gazette space you hold",
    "category_coins": lambda s, g: f"take {coins(s.count)} for each category played this round",
    "category_vp": lambda s, g: f"score {s.count} VP for each category played this round",
}

# The kind of a choice that starts with each step (for an effect's alternatives).
STEP_KINDS = {
    "coins": "reward",
    "vp": "reward",
    "idea": "idea",
    "idea_any": "idea",
    "idea_distinct": "idea",
    "exchange": "idea",
    "exchange_one": "idea",
    "move": "move",
    "explore": "explore",
    "talk": "meet",
    "letter": "letter",
    "letters": "letter",
    "letter_new": "letter",
    "write": "journal",
    "write_distinct": "journal",
    "cafe": "cafe",
    "cafe_anywhere": "cafe",
    "buy": "market",
    "buy_play": "market",
    "flip_move": "card",
    "retire_level1": "card",
    "reuse_tile": "tile",
    "colour": "idea",
    "goto": "move",
    "explore_anywhere": "explore",
    "talk_anywhere": "meet",
    "experience_again": "reward",
    "category_coins": "reward",
    "category_vp": "reward",
}
