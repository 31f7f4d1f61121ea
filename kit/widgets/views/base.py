"""What every game's view shares: the players' colours, the HTML of a table, and the `View` each
game fills from its observations.

A view reads observations only (`state.observation(viewer)`), so a panel opened for a seat shows
no more than that player may see; it reads the game's content only for the board's layout that an
observation leaves out (how many Souvenirs make a row). Its HTML is plain tables with class names
that `PANEL_CSS` styles, so it reads well in a panel, in an exported notebook and where the page
has no style sheet at all."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from kit.core import Game, State
from kit.widgets.pieces import Piece

Seen = dict[str, Any]
"""An observation: what one player sees of a position (`state.observation(player)`)."""

# One colour per seat, apart from the routes' and regions' colours; a pawn also carries its
# player's number, so colour is never the only sign.
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b")

PANEL_CSS = """
.kit-play .widget-html-content { line-height: 1.4; }
.kit-table { border-collapse: collapse; font-size: 13px; margin: 0 16px 8px 0; max-width: 480px; }
.kit-table caption { text-align: left; font-weight: bold; padding: 2px 0; }
.kit-table th { text-align: left; font-weight: 600; padding: 1px 10px 1px 0;
  vertical-align: top; white-space: nowrap; }
.kit-table td { padding: 1px 0; vertical-align: top; }
.kit-dot { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
  margin-right: 4px; vertical-align: -0.05em; }
.kit-muted { color: #666; }
"""


class Html(str):
    """Text that is HTML already: a table puts it in as it is (other text is escaped)."""

    __slots__ = ()


def escape(text: object) -> str:
    return html.escape(str(text), quote=True)


def cell(value: object) -> str:
    """A value as table text: HTML as it is, a list joined by commas, None or empty as a dash."""
    if isinstance(value, Html):
        return str(value)
    if value is None or value == "" or value == []:
        return '<span class="kit-muted">–</span>'
    if isinstance(value, list | tuple):
        return escape(", ".join(str(item) for item in value))
    return escape(value)


def table(caption: str | Html, rows: Iterable[tuple[str, object]]) -> Html:
    """A table of named rows under a caption."""
    body = "".join(
        f"<tr><th>{escape(name)}</th><td>{cell(value)}</td></tr>" for name, value in rows
    )
    return Html(f'<table class="kit-table"><caption>{cell(caption)}</caption>{body}</table>')


def player_caption(player: int, words: str = "") -> Html:
    """'player 1' with the player's colour, and some words after it."""
    dot = f'<span class="kit-dot" style="background:{colour(player)}"></span>'
    after = f" {escape(words)}" if words else ""
    return Html(f"{dot}player {player}{after}")


def colour(player: int) -> str:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def counts(amounts: dict[str, int]) -> str:
    """'2 bus, 1 ship' for the non-zero amounts, 'none' if all are zero."""
    return ", ".join(f"{n} {name}" for name, n in amounts.items() if n) or "none"


def pawn(place: str, player: int, title: str) -> Piece:
    return Piece(place, "pawn", str(player), colour(player), title)


class View:
    """A game's view of its positions, from observations; each game's view subclasses it.

    - `pieces(seen)`: what lies on the map;
    - `player_table(seen, player)`: a player's board as a table, as the observation's viewer
      sees it;
    - `shared_table(seen)`: what lies on the table for everyone (decks, displays, today);
    - `summary(seen, player)`: one line for a player, for the compact picture of a state;
    - `told(action, viewer, position)`: the log's words for an action taken in `position`, as
      `viewer` may know it (the engine's `State.told`; all of its `label` on a shared screen),
      and `gained(text, mover, before, after)` those words with what it brought the mover;
    - `label(action)`: an action's words on a shared screen;
    - `explain(action)`: what an action's button means, for its hover text (a card's effect);
    - `place_of(seen, player)`: where the player's traveller, marker or pawn stands ("" while
      it is not on the board): where a plan's step ends;
    - `legs(actions, here, there)`: the places the player passes going from `here` to `there`
      by the latest of `actions` (those of a plan's step so far), `there` last: a plan drawn
      on the map follows them;
    - `SETUP`: the setup's chance steps in a few words, the log's folded first line;
    - `TIMELINE`: what the game calls its track of time."""

    SETUP = "setup"
    TIMELINE = "Timeline"

    def __init__(self, game: Game) -> None:
        self.game = game

    def pieces(self, seen: dict[str, Any]) -> list[Piece]:
        raise NotImplementedError

    def player_table(self, seen: dict[str, Any], player: int) -> Html:
        raise NotImplementedError

    def shared_table(self, seen: dict[str, Any]) -> Html:
        raise NotImplementedError

    def summary(self, seen: dict[str, Any], player: int) -> str:
        raise NotImplementedError

    def told(self, action: Any, viewer: int | None, position: State) -> str:
        """What `viewer` learns of `action`, taken in `position`: what the engine tells that
        seat (`State.told`); on a shared screen (None), the whole `label`."""
        return self.label(action) if viewer is None else position.told(action, viewer)

    def gained(
        self, text: str, mover: int, before: Seen | None = None, after: Seen | None = None
    ) -> str:
        """`text`, what a seat was told of the mover's action (`told`), then what it brought the
        mover, read from the observations `before` the action and `after` it and the chance that
        follows it, both as the viewer sees them (on a shared screen, as the mover does): so the
        words hold nothing the viewer could not see on the board. A gain the words name already
        is not said twice."""
        if mover < 0 or before is None or after is None:
            return text
        gains = [words for key, words in self.brought(before, after, mover) if key not in text]
        return f"{text} → {'; '.join(gains)}" if gains else text

    def explain(self, action: Any) -> str:
        """What `action`'s button means beyond its label: nothing by default."""
        return ""

    def label(self, action: Any) -> str:
        """The action's words on a shared screen: all of it by default (a seat is told
        `State.told` instead)."""
        return str(action)

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        raise NotImplementedError

    def legs(self, actions: Sequence[Any], here: str, there: str) -> list[str]:
        """By default an action goes straight there (a move along a road, a flight)."""
        return [there]

    def brought(self, before: Seen, after: Seen, mover: int) -> list[tuple[str, str]]:
        """What the mover gained from `before` to `after`, each as (the words a label would
        name it by, the words said): nothing by default."""
        return []


def joined(items: Sequence[str], empty: str = "none") -> str:
    return ", ".join(items) if items else empty


def lines(texts: Sequence[str]) -> Html | str:
    """Texts one a line in a table's cell; "" for none."""
    return Html("<br>".join(escape(text) for text in texts)) if texts else ""


def listed(words: Sequence[str]) -> str:
    """'a, b and c'."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def more(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """How many more of each there are after than before (only those that grew)."""
    return {name: n - before.get(name, 0) for name, n in after.items() if n > before.get(name, 0)}


def new_items(before: Sequence[Any], after: Sequence[Any]) -> list[Any]:
    """The items of `after` that `before` did not hold (as many times as they were added)."""
    left = list(before)
    added = []
    for item in after:
        if item in left:
            left.remove(item)
        else:
            added.append(item)
    return added
