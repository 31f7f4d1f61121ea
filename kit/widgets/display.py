"""A state's rich display: its board picture with the pieces, and a compact summary, as static
HTML that shows wherever a notebook is read (exported HTML, an untrusted notebook, GitHub).

The picture goes in as an `<img>` of SVG: the sanitiser of untrusted notebooks keeps images and
drops inline SVG. The board's layout is computed once per board and kept (`layout_of`).

A state as a notebook cell's last line shows as `rich_html(state)`: importing `kit` in IPython
registers it with the notebook's display (`kit.show_states`), the core knows nothing of it."""

from __future__ import annotations

import html
import json

from kit.core import Game, State, ranking
from kit.games import GAMES
from kit.widgets.picture import BoardLayout, board_layout, image_html, spots_svg, svg_document
from kit.widgets.views import PANEL_CSS, escape, view_for

_LAYOUTS: dict[tuple[str, str], BoardLayout] = {}


def first(pair: tuple[int, object]) -> int:
    return pair[0]


def layout_of(game: Game) -> BoardLayout:
    """The still picture of `game`'s board, laid out once for all games on the same board (every
    option but the seed can change the board)."""
    options = {key: value for key, value in game.options.items() if key != "seed"}
    key = (game.name, json.dumps(options, sort_keys=True, default=str))
    if key not in _LAYOUTS:
        _LAYOUTS[key] = board_layout(game.board())
    return _LAYOUTS[key]


def viewer_of(state: State, seat: int | None) -> int:
    """Whose eyes a picture of `state` is seen with: `seat`, else the player to move (player 0
    at chance and at the end)."""
    if seat is not None:
        return state.check_player(seat)
    mover = state.current_player
    return mover if mover >= 0 else 0


def board_picture(state: State, viewer: int) -> str:
    """The board with the pieces `viewer` sees, as one SVG text."""
    layout = layout_of(state.game)
    pieces = view_for(state.game).pieces(state.observation(viewer))
    drawn = spots_svg(layout, pieces)
    return svg_document(layout, pieces="".join(drawn.svg.values()), covered=drawn.covered)


def state_html(state: State, seat: int | None = None) -> str:
    """The board picture and a summary of `state` as `seat` (by default the player to move) may
    see it: the phase, the turn, the question, a line per player, and at the end the ranking;
    the chance outcomes fixed by hand, if any (a scenario, `State.hand_fixed`)."""
    viewer = viewer_of(state, seat)
    seen = state.observation(viewer)
    view = view_for(state.game)
    layout = layout_of(state.game)
    lines = [view.summary(seen, player) for player in range(state.num_players)]
    if state.is_terminal:
        sheets = state.scores()
        lines += [
            f"place {place}: {sheet.name}, {sheet.total} points"
            for place, sheet in sorted(zip(ranking(sheets), sheets, strict=True), key=first)
        ]
    if state.fixed:
        lines.append(state.hand_fixed())
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (
        f'<div class="kit-state"><style>{PANEL_CSS}</style>'
        + image_html(board_picture(state, viewer), f"{state.game.title}: the board", layout.width)
        + f"<p><b>{escape(state.game.title)}</b>, {escape(seen['phase'])}: {escape(seen['turn'])}"
        f"<br>{escape(seen['question'])}</p><ul>{items}</ul></div>"
    )


def rich_html(state: State) -> str:
    """A state as a notebook cell's last line: `state_html`, which shows in exported and
    untrusted notebooks too; the text of `str(state)` for a game the kit has no view of."""
    if state.game.name not in GAMES:
        return f"<pre>{html.escape(str(state))}</pre>"
    return state_html(state)
