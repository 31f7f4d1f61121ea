# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Classroom: puzzles, a tournament, your own bot and your own board
#
# **Can you beat a proven optimum, and can your bot beat chance?** This lesson is for a class:
# puzzles that grow harder, a tournament between bots, a bot of your own, and a board of your own.
#
# Vocabulary:
# - a **puzzle**: a route to find, made from a seed and proven optimal when it is made;
# - a **verdict**: what the checker says of a route, line by line;
# - a **bot**: a function `choose(state) -> action` that picks one of the legal actions;
# - a **tournament**: many seeded games between bots, every bot in every seat;
# - **content**: the data files (TOML) a game's board and cards are read from.

# %%
import random
import shutil
import tempfile
from pathlib import Path

import kit
from kit.core import KitError
from kit.core.progress import TqdmProgress
from kit.lessons import Exercise, image
from kit.puzzles import check, generate
from kit.tournament import tournament
from kit.widgets import board_svg, puzzle

# %% [markdown]
# ## Part 1: puzzles of rising difficulty
#
# `generate(kind, seed, difficulty)` makes a puzzle; the difficulty sets how many points there
# are and how tight the budget is. Solve the medium one in the panel, then try `ladder[2]`.

# %%
ladder = [
    generate("orienteering", seed=1, difficulty=level) for level in ("easy", "medium", "hard")
]
for step in ladder:
    print(step.describe())
assert [len(step.places) for step in ladder] == sorted({len(step.places) for step in ladder})

# %% [markdown]
# The puzzle panel: a click on a point adds it to the route; **Check** gives the verdict.

# %%
medium = ladder[1]
puzzle(medium)

# %% [markdown]
# A route straight from Start to Finish is legal but collects nothing; the verdict says how far
# it is from the optimum. The optimum's verdict accepts it.

# %%
print(check(medium, [medium.start, medium.finish]))
best = check(medium, list(medium.optimum.route))
print(best)
assert best.accepted and not check(medium, [medium.start, medium.finish]).accepted

# %% [markdown]
# An 80-day puzzle: a solo journey of The Amazing Journey on a small board, the Lakes. Its route
# is a list of action names; the proven plan's history is accepted.

# %%
journey = generate("eighty_days", seed=0, difficulty="easy")
print(journey.describe())
print(check(journey, [str(action) for action in journey.optimum.history]).headline)
puzzle(journey)

# %% [markdown]
# ## Part 2: a tournament
#
# Twenty games of The Amazing Journey, the random bot against the greedy one, seats rotating;
# a progress bar shows the games played.


# %%
bar = TqdmProgress("games")
report = tournament(
    "amazing_journey", ["random", "greedy"], games=20, seed=1, workers=1, progress=bar
)
bar.close()
assert report.standings() == ["greedy", "random"]
print(report)

# %%
report.plot()
# %% [markdown]
# ## Part 3: your own bot
#
# A bot is a plain function: given a state, it returns one of `state.legal_actions()`. Every
# action has a `kind` ("travel", "explore", "wait", ...), so a rule of thumb can prefer a kind.

# %%
state = kit.load("amazing_journey", players=2, seed=1).new_game()
state.resolve_chance()  # the setup's chance, by the seed
kinds = sorted({action.kind for action in state.legal_actions()})
assert kinds == ["travel", "wait"]  # at the start: travel or wait
kinds


# %%
def any_action(state):
    """The simplest bot: an action drawn by the move's number (the same game every time)."""
    return random.Random(len(state.history)).choice(state.legal_actions())


def explorer(state):
    """Explore when it can, else any action."""
    explore = [action for action in state.legal_actions() if action.kind == "explore"]
    return explore[0] if explore else any_action(state)


assert explorer(state) in state.legal_actions()

# %% [markdown]
# Enter it under a label of your choice, against the random and the greedy bot:

# %%
mine = tournament(
    "amazing_journey",
    {"explorer": explorer, "random": "random", "greedy": "greedy"},
    games=6,
    seed=1,
    workers=1,
)
print(mine)

# %% [markdown]
# ## Part 4: your own board, as data
#
# A game reads its board from a content folder of TOML files. Here is a teacher's folder, a copy
# of a tiny four-week map with three regions, loaded with `kit.load(name, content=folder)`.

# %%
folder = Path(tempfile.mkdtemp()) / "my_europe"
shutil.copytree(Path("..") / "tests" / "data" / "tiny_four_weeks", folder)
print(sorted(path.name for path in folder.iterdir()))
mini = kit.load("four_weeks", content=str(folder))
assert sorted(mini.board().nodes) == ["AAA", "BBB", "CCC"]
image(board_svg(mini.board(), title="my tiny Europe"))

# %% [markdown]
# A game is played on it like on any board: here the greedy bot against the random one.

# %%
small = tournament(mini, ["greedy", "random"], games=2, seed=1, workers=1)
print(small)

# %% [markdown]
# A typo in a file is refused with a message naming the file and the field, not a traceback:

# %%
rules = folder / "rules.toml"
rules.write_text(rules.read_text() + "\nspeling_mistake = 1\n")
try:
    kit.load("four_weeks", content=str(folder))
except KitError as error:
    print(f"refused: {error}")

# %% [markdown]
# ## Exercise
#
# Write a bot that **beats the random bot** in The Amazing Journey: a function `choose(state)`
# that wins more than half of 10 seeded games against `"random"`. Start from `explorer`, or a rule
# of your own. The checker is collapsed (run it), then give your function in the cell after it.


# %% jupyter={"source_hidden": true}
def beats_random(bot) -> str:
    """'beats' when `bot` wins more than half of 10 seeded games against the random bot, else
    what happened, in words."""
    if not callable(bot):
        return "not a function"
    try:
        played = tournament(
            "amazing_journey", {"yours": bot, "random": "random"}, games=10, seed=7, workers=1
        )
    except Exception as error:  # the student's code: say what it raised, in words
        return f"it raised {type(error).__name__}: {error}"
    wins = played.win_rates()["yours"].value
    return "beats" if wins > 0.5 else f"wins only {wins:.0%} of the games"


exercise = Exercise(
    "whether your bot beats the random bot",
    expected="beats",
    why="it wins more than half of 10 games",
    hints={"not a function": "give the function itself, without calling it"},
)


# %%
your_bot = None  # your function here, e.g. explorer
exercise.check(None if your_bot is None else beats_random(your_bot))

# %% [markdown]
# ## Solution
#
# The cell below is collapsed; open it once you have tried.


# %% jupyter={"source_hidden": true}
def traveller(state):
    """Travel whenever it can, to a city drawn by the move's number, else any action. (Explorer,
    which explores whenever it can, wins under half of these games: each Explore costs days.)"""
    travels = [action for action in state.legal_actions() if action.kind == "travel"]
    return random.Random(len(state.history)).choice(travels) if travels else any_action(state)


assert exercise.check(beats_random(traveller))
