"""Pictures and panels of the games for notebooks and Voila pages.

- `play(state, seat=None, bots=None, size="normal")`: the play panel of any game: the board
  with its pieces beside the question and the legal actions as buttons, bots, Undo, a replay
  slider, Save and Load, an Advise button that plans from the position for the player to move,
  and in tabs the log, every player's board, the table, the game's timeline and the scores;
- `solve(puzzle_or_state)`: the solver panel of a planner: its assumptions as controls, Solve
  and Stop, the search's progress, then the plan on the board, as a timeline chart and as a
  score sheet beside the greedy bot's (80 days, five rounds, four weeks, orienteering);
- `puzzle(puzzle)`: the puzzle panel: build a route on the board by clicks for a puzzle of
  `kit.puzzles`, with the running figures, Undo, Reset, and Check against the proven optimum;
- `state_html(state)`: a state's board picture and summary as static HTML (rich display);
- `timeline(state, seat=None, size="normal")`: the game's timeline as a widget (`show(state)`
  redraws it); `timeline_svg(state, seat=None, size="normal")` the same picture as static SVG;
- `Board(graph)`: any game's map as a widget: click a place (`selected`), draw `pieces` and a
  `highlight`ed route or plan (`Route`) with step numbers, zoom and pan;
- `board_svg(graph, ...)`: the same picture as static SVG, for rich display and exported notebooks;
- `Piece`: one thing on the map (a pawn, a face-down token, a flag, ...)."""

try:  # the engines and planners install without the notebooks' packages (pip install -e .)
    import anywidget  # noqa: F401
    import ipywidgets  # noqa: F401
except ImportError as missing:
    raise ImportError(
        f"kit.widgets needs the classroom extra ({missing.name} is not installed): "
        'pip install -e ".[classroom]"'
    ) from None

from kit.widgets.board import Board, board_svg
from kit.widgets.display import state_html
from kit.widgets.highlight import Route
from kit.widgets.picture import SVG, board_layout
from kit.widgets.pieces import KINDS, Piece
from kit.widgets.play import PlayPanel, play
from kit.widgets.puzzle import PuzzlePanel, puzzle
from kit.widgets.solve import SolvePanel, solve
from kit.widgets.timelines import timeline, timeline_svg

__all__ = [
    "KINDS",
    "SVG",
    "Board",
    "Piece",
    "PlayPanel",
    "PuzzlePanel",
    "Route",
    "SolvePanel",
    "board_layout",
    "board_svg",
    "play",
    "puzzle",
    "solve",
    "state_html",
    "timeline",
    "timeline_svg",
]
