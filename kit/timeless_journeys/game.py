"""The game object: options checked once, content and edition shared by every state."""

from __future__ import annotations

from kit.core import Game, KitError
from kit.timeless_journeys.content import EDITIONS, load_content
from kit.timeless_journeys.state import TimelessState

MODES = ("intro", "random", "historical", "chosen")


class TimelessJourneys(Game):
    """Timeless Journeys: The Italian Grand Tour, for 1 to 5 players, English or Japanese rules.

    Options: `players` 1..5; `edition` "en" or "ja"; `mode` "intro" (Montesquieu, Lady Montagu,
    Mary Shelley), "random" (three drawn), "historical" (`travellers` names the set A-D, drawn if
    not given) or "chosen" (`travellers` lists three traveller ids); `gazette` "A".."D" (drawn if
    not given); `without_seventh` seats playing without the second Movement card; `seed`."""

    name = "timeless_journeys"
    title = "Timeless Journeys: The Italian Grand Tour"

    def __init__(
        self,
        players: int = 2,
        edition: str = "en",
        mode: str = "intro",
        travellers: list[str] | str | None = None,
        gazette: str | None = None,
        without_seventh: list[int] | None = None,
        seed: int | None = None,
    ) -> None:
        content = load_content()
        if not isinstance(players, int) or not 1 <= players <= 5:
            raise KitError(f"players must be 1..5, got {players!r}")
        if edition not in EDITIONS:
            raise KitError(f"edition must be one of {', '.join(EDITIONS)}, got {edition!r}")
        if mode not in MODES:
            raise KitError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        if gazette is not None and gazette not in content.sides:
            raise KitError(f"gazette must be one of {', '.join(content.sides)}, got {gazette!r}")
        seats = list(without_seventh or [])
        if any(not isinstance(s, int) or not 0 <= s < players for s in seats):
            raise KitError(f"without_seventh lists seats 0..{players - 1}, got {seats!r}")
        self.content = content
        self.edition = content.editions[edition]
        self.chosen_travellers = _travellers(content, mode, travellers)
        if isinstance(travellers, tuple):
            travellers = list(travellers)
        super().__init__(
            {
                "players": players,
                "edition": edition,
                "mode": mode,
                "travellers": travellers,
                "gazette": gazette,
                "without_seventh": seats,
                "seed": seed,
            }
        )

    def new_game(self) -> TimelessState:
        return TimelessState(self)


def _travellers(content, mode: str, travellers) -> tuple[str, ...]:
    """The travellers fixed by the options; the rest are drawn by chance at setup."""
    if mode == "intro":
        if travellers:
            raise KitError("mode 'intro' uses its own travellers; use mode 'chosen' to pick")
        return content.rules.intro_travellers
    if mode == "random":
        if travellers:
            raise KitError("mode 'random' draws the travellers; use mode 'chosen' to pick")
        return ()
    if mode == "historical":
        period = (
            travellers[0]
            if isinstance(travellers, list | tuple) and len(travellers) == 1
            else travellers
        )
        if period is None:
            return ()
        sets = sorted({t.set for t in content.travellers.values()})
        if period not in sets:
            raise KitError(f"historical set must be one of {', '.join(sets)}, got {period!r}")
        return tuple(t.id for t in content.travellers.values() if t.set == period)
    if isinstance(travellers, str):  # "goethe,byron,twain" from the command line
        travellers = travellers.split(",")
    chosen = list(travellers or [])
    unknown = [t for t in chosen if t not in content.travellers]
    if unknown:
        raise KitError(
            f"unknown traveller(s) {', '.join(map(repr, unknown))}; "
            f"known: {', '.join(content.travellers)}"
        )
    if len(chosen) != 3 or len(set(chosen)) != 3:
        raise KitError(f"mode 'chosen' needs 3 different travellers, got {chosen!r}")
    return tuple(chosen)
