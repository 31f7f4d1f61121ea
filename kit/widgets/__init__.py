"""Pictures of the games for notebooks: board maps drawn as SVG from the boards' own data."""

from kit.widgets.svg import board_svg, show_board

__all__ = ["board_svg", "show_board"]
