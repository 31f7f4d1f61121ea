"""The Amazing Journey: a race around the world and back to the Starting City within 80 days.

    import kit
    game = kit.load("amazing_journey", players=2, seed=7, side="regular")
    state = game.new_game(); state.resolve_chance()   # setup: Travellers, tokens, hands

The content (board of each side, Timeline, checkpoints, tokens, decks, Travellers) is read from
`seeds/amazing_journey/` into frozen dataclasses by `content.load_content(side)`;
`load_content(side).board.graph()` is the map as a networkx MultiGraph.

For planners and puzzles:
(a) a fixed setup: `setup(game, placement={"Paris": "A03", ...}, removed=["star"],
    tickets=[["ship"]], objectives=[["food", "party"]])` applies the chosen chance outcomes
    (travellers via `load(..., travellers=["Yuki"])`) and lets the seed pick the rest;
(b) `game.replay(names)` applies a list of action names; `state.scores()` gives the score
    sheet line by line (`sheet.line("Checkpoints")`, `sheet.total`).
Action names: "explore", "refresh", "refresh and redraw objectives", "plan", Travel as
"<route> <type> to <city>", "<route> <type> ticket to <city>", "<route> with 2 tickets to <city>",
"<route> by <name>'s power to <city>"; sub-decisions such as "discard a bus ticket",
"play a food objective"; chance outcomes such as "die: 3 days", "draw a ship ticket".
"""

from __future__ import annotations

from kit.amazing_journey.bots import GreedyBot
from kit.amazing_journey.content import load_content
from kit.amazing_journey.setup import setup
from kit.amazing_journey.state import AmazingJourney, JourneyState
from kit.core.bots import RandomBot


def load(**options) -> AmazingJourney:
    """The game with its options: players (1–4), seed, side ('regular'/'fast'), travellers."""
    return AmazingJourney(**options)


BOTS = {"random": RandomBot, "greedy": GreedyBot}

__all__ = ["BOTS", "AmazingJourney", "GreedyBot", "JourneyState", "load", "load_content", "setup"]
