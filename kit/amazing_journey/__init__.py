"""The Amazing Journey: a race around the world and back to the Starting City within 80 days.

    import kit
    game = kit.load("amazing_journey", players=2, seed=7, side="regular")
    state = game.new_game(); state.resolve_chance()   # setup: Travellers, tokens, hands

The modules: `content` (the data of `seeds/amazing_journey/` as frozen dataclasses, checked on
load; `load_content(side).board.graph()` is the map as a networkx MultiGraph), `actions` (the
action types and their labels, and the book of every action), `game` (options), `state` (a
position and what each player sees of it), `frames` (the steps of the game's flow: the turn,
questions, chance events and tasks on the decision stack), `rules` (the turn's actions, what each
does, checkpoints and refusals), `travellers` (one function per power), `scoring` (the score
sheet), `bots`, `setup` (the scenario builder) and `tables` (what is computed once per board).

For lessons, tests and planners, `setup(game, travellers=["Yuki"], placement={"Paris": "A03"},
removed=["star", "circle"], tickets=[["ship"]], objectives=[["food", "party"]],
actions=["take the B2 bus to Paris", ...])` fixes the setup's chance outcomes by name and then
follows a list of action names; `state.scores()` gives the score sheet line by line
(`sheet.line("Checkpoints")`, `sheet.total`). Action names: "explore Paris", "refresh",
"refresh and redraw the objectives", "plan", "take the T1 train to Paris", "... with a train
ticket", "... with any 2 tickets", "... by Paulo's power"; answers such as "discard a bus
ticket", "play a food objective"; chance outcomes such as "player 0 draws a ship ticket",
"the die shows 3 days for player 0" (see `actions`).
"""

from __future__ import annotations

from kit.amazing_journey.bots import GreedyBot, MctsBot
from kit.amazing_journey.content import load_content
from kit.amazing_journey.game import AmazingJourney, load
from kit.amazing_journey.setup import setup
from kit.amazing_journey.state import JourneyState
from kit.core.bots import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}

__all__ = [
    "BOTS",
    "AmazingJourney",
    "GreedyBot",
    "JourneyState",
    "MctsBot",
    "load",
    "load_content",
    "setup",
]
