"""Draw the pictures of the three games' maps that the README and these docs show.

    python docs/pictures.py

Each is `kit.widgets.board_svg` of a game's bare board, written beside this script."""

from __future__ import annotations

import sys
from pathlib import Path

import kit
from kit.core.files import FileWriteError, write_file
from kit.widgets import board_svg

HERE = Path(__file__).parent
PICTURES = {
    "amazing_journey_regular.svg": ("amazing_journey", {"side": "regular"}),
    "amazing_journey_fast.svg": ("amazing_journey", {"side": "fast"}),
    "timeless_journeys.svg": ("timeless_journeys", {}),
    "four_weeks.svg": ("four_weeks", {}),
}


def main() -> None:
    for file, (name, options) in PICTURES.items():
        svg = board_svg(kit.load(name, **options).board())
        write_file(HERE / file, svg + "\n")
        print(f"{file}: {len(svg) / 1000:.1f} KB")


if __name__ == "__main__":
    try:
        main()
    except FileWriteError as error:
        sys.exit(f"pictures: {error}")
