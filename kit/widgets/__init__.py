"""Pictures and panels of the games for notebooks and Voila pages.

- `Board(graph)`: any game's map as a widget: click a place (`selected`), draw `pieces` and a
  `highlight`ed route with step numbers;
- `board_svg(graph, ...)`: the same picture as static SVG, for rich display and exported notebooks;
- `Piece`: one thing on the map (a pawn, a face-down token, a flag, ...)."""

from kit.widgets.board import Board
from kit.widgets.picture import SVG, board_layout, board_svg
from kit.widgets.pieces import KINDS, Piece

__all__ = ["KINDS", "SVG", "Board", "Piece", "board_layout", "board_svg"]
