"""Fixtures of the four-week game's tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable

import pytest

from kit.four_weeks import FourWeeks
from kit.four_weeks.content import DATA_DIR


@pytest.fixture
def small_deck(tmp_path) -> Callable[..., FourWeeks]:
    """A solo game on a copy of the content whose Location deck holds only the cards named."""

    def make(ids: list[str], players: int = 1) -> FourWeeks:
        folder = tmp_path / "small_deck"
        shutil.copytree(DATA_DIR, folder)
        path = folder / "locations.toml"
        head, *cards = path.read_text().split("[[locations]]")
        kept = [text for text in cards if text.split('"')[1] in ids]
        assert len(kept) == len(ids)
        path.write_text("[[locations]]".join([head, *kept]))
        return FourWeeks(players=players, seed=0, content=str(folder))

    return make
