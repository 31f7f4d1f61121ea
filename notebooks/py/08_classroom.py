# %% [markdown]
# # Classroom: puzzles, a tournament, your own bot and your own board
#
# **Can you beat a proven optimum, and can your bot beat chance?** This lesson is for a class:
# puzzles that grow harder, a tournament between bots, a bot of your own, and a board of your own.
#
# Vocabulary:
# - a **puzzle**: a route to find, made from a seed and proven optimal when it is made;
# - a **verdict**: what the checker says of a route, line by line (the optimal route itself
#   only when asked for: **Show solution** in the panel, `check(puzzle, route, reveal=True)` in
#   code);
# - a **bot**: a function `choose(state) -> action` that picks one of the legal actions;
# - a **tournament**: many seeded games between bots, every bot in every seat;
# - a **confidence interval**: the win rates a bot's true strength may have, given the games
#   played (95 %: wrong once in twenty);
# - **content**: the data files (TOML) a game's board and cards are read from.

# %%
import random
import shutil
import tempfile
from pathlib import Path

import kit
from kit.core import KitError
from kit.core.progress import TqdmProgress
from kit.lessons import check_bot, image
from kit.puzzles import check, generate
from kit.puzzles.amazing_journey import LAKES
from kit.tournament import tournament
from kit.widgets import board_svg, puzzle

# %% [markdown]
# ## Part 1: puzzles of rising difficulty
#
# `generate(kind, seed, difficulty)` makes a puzzle; the difficulty sets how many points there
# are and how tight the budget is. Solve the medium one in the panel below; in JupyterLab,
# `puzzle(ladder[2])` gives the hard one.

# %%
ladder = [
    generate("orienteering", seed=1, difficulty=level) for level in ("easy", "medium", "hard")
]
for step in ladder:
    print(step.describe())
assert [len(step.places) for step in ladder] == sorted({len(step.places) for step in ladder})

# %% [markdown]
# The puzzle panel: a click on a point adds it to the route; **Check** gives the verdict, and
# **Show solution** names the optimal route when the class is ready.

# %%
medium = ladder[1]
puzzle(medium)

# %% [markdown]
# A route straight from Start to Finish is legal but collects nothing; the verdict says how far
# it is from the optimum, and keeps the optimal route back. (The cell also checks, without
# showing it, that the optimum's own route is accepted.)

# %%
straight = check(medium, [medium.start, medium.finish])
print(straight)
assert not straight.accepted and check(medium, list(medium.optimum.route)).accepted

# %% [markdown]
# An 80-day puzzle: a solo journey of The Amazing Journey on a small board, the Lakes. Its route
# is a list of action names: a click on a city travels there, a click on the pawn's own city
# explores it or waits.

# %%
journey = generate("amazing_journey", seed=0, difficulty="easy")
print(journey.describe())
assert check(journey, [str(action) for action in journey.optimum.history]).accepted
puzzle(journey)

# %% [markdown]
# A Grand Tour puzzle: the last turn of a solo game of Timeless Journeys, which the greedy bot
# played up to here. The route is a list of action names: the card to play, face up or face
# down, then every choice its chain asks for, and round V's end. The greedy bot takes the most
# VP at each choice, and falls short of the optimum: find what it missed. Under the map stand
# your hand and the cards played this round, each with its effect, and the market.

# %%
tour = generate("timeless_journeys", seed=0, difficulty="easy")
assert tour.score > tour.greedy and check(tour, list(tour.route)).accepted
puzzle(tour)

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
# Is the explorer better than chance? A few games cannot say: a bot no better than another
# wins more than half of ten games more than one time in three. `check_bot` plays 60 seeded
# games against a reference bot and passes a bot only when the 95 % interval of its win rate
# lies above one half. The bot that plays at random fails, even on a seed where it wins more
# than half:

# %%
verdict = check_bot(any_action, against="random", games=60, seed=1)
print(verdict)
assert verdict.right is False and verdict.lines[0].startswith("Not yet: your bot won 34 of 60")

# %% [markdown]
# ## Part 4: your own board, as data
#
# A game reads its board from a content folder of TOML files: cities, routes, Timeline and
# checkpoints in `board.toml` and `routes.toml`, tokens in `tokens.toml`, rules and cards in the
# others. A folder holds only the files that differ from the built-in board: the others are
# the built-in ones. Here is a folder of your own, a copy of the Lakes (the 80-day puzzles'
# small board, six cities and a 16-day Timeline, with the built-in rules, cards and
# Travellers), loaded with `kit.load(name, content=folder)`.

# %%
folder = Path(tempfile.mkdtemp()) / "my_lakes"
shutil.copytree(LAKES, folder)
files = sorted(path.name for path in folder.glob("*.toml"))
assert files == ["board.toml", "routes.toml", "tokens.toml"]
print((folder / "routes.toml").read_text().split("\n\n")[1])  # the first route, as data

# %% [markdown]
# A city is a `[[cities]]` table of `board.toml`, a route a `[[routes]]` table of `routes.toml`.
# Two tiny functions write one each: a new table at the end of the file. Here they add Bay, a
# city of region B west of Home, and a train, T3, from Home through Bay to Fen; the board read
# back from the folder shows both.


# %%
def add_city(folder, name, region, pos):
    """A city without a token (a token city would need a token of its region in tokens.toml)."""
    with (folder / "board.toml").open("a") as file:
        file.write(
            f'\n[[cities]]\nname = "{name}"\nregion = "{region}"\npos = {list(pos)}\n'
            'tokens = false\nsource = "reconstructed"\n'
        )


def add_route(folder, route, kind, cities):
    """A route of transport `kind` ("train", "ship", ...) through `cities`, in order."""
    with (folder / "routes.toml").open("a") as file:
        file.write(
            f'\n[[routes]]\nid = "{route}"\ntype = "{kind}"\ncities = {list(cities)}\n'
            'sides = ["regular", "fast"]\nsource = "reconstructed"\n'
        )


add_city(folder, "Bay", region="B", pos=(1, 8))
add_route(folder, "T3", "train", ["Home", "Bay", "Fen"])
mine = kit.load("amazing_journey", players=1, seed=1, content=str(folder))
assert [city.name for city in mine.content.board.cities][-2:] == ["Fen", "Bay"]
assert sorted(mine.board().neighbors("Bay")) == ["Fen", "Home"]
image(board_svg(mine.board(), title="my Lakes, with Bay"))

# %% [markdown]
# A game is played on it like on any board: from Home on day 0, the new train to Bay; a Plan
# there (two days, and a Ticket); then on to Fen on the next train day.


# %%
def where(state):
    """The city the pawn stands in and its day."""
    return state.tables.content.board.cities[state.pos[0]].name, state.day[0]


state = mine.new_game()
state.resolve_chance()  # the setup's chance, by the seed
assert "take the T3 train to Bay" in [str(action) for action in state.legal_actions()]
state.apply("take the T3 train to Bay")
assert where(state) == ("Bay", 2)
state.apply("plan")
state.resolve_chance()  # the Ticket drawn
assert where(state) == ("Bay", 4)
state.apply("take the T3 train to Fen")
city, day = where(state)
print(f"the pawn in {city} on day {day}")
assert (city, day) == ("Fen", 6)

# %% [markdown]
# A typo in a file is refused with a message naming the file (by its name in your folder), the
# table and the key, not a traceback. Here the airship route's `extra_days` is misspelt:

# %%
routes = folder / "routes.toml"
routes.write_text(routes.read_text().replace("extra_days = 1", "extra_dayz = 1"))
try:
    kit.load("amazing_journey", players=1, content=str(folder))
except KitError as error:
    refusal = str(error)
print(f"refused: {refusal}")
assert refusal.startswith("my_lakes/routes.toml: routes[2].extra_dayz: unknown key")

# %% [markdown]
# ## Exercise
#
# Write a bot that **beats the random bot** in The Amazing Journey: a function `choose(state)`
# that `check_bot` passes, over 60 seeded games against `"random"`, with the whole 95 % interval
# of its win rate above one half. Start from `explorer`, or a rule of your own (which tokens are
# worth a detour? when is it time to go home?). In JupyterLab, give your function in the code
# cell that follows and run it: the checker replies in words.

# %%
your_bot = None  # your function here, e.g. explorer
check_bot(your_bot, against="random", games=60, seed=7)

# %% [markdown]
# ## Solution
#
# The solution is the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.


# %% jupyter={"source_hidden": true}
def token_hunter(state):
    """Until day 50: explore where a token lies, else travel to a city holding one; then any
    travel (home comes in time). Wandering at random wastes the days a token is worth."""
    actions, day = state.legal_actions(), state.day[state.player]
    explore = [action for action in actions if action.kind == "explore"]
    if explore and day < 50:
        return explore[0]
    tokens = [a for a in actions if a.kind == "travel" and state.city_token[a.dest] >= 0]
    travels = tokens if tokens and day < 50 else [a for a in actions if a.kind == "travel"]
    return random.Random(len(state.history)).choice(travels or actions)


assert check_bot(token_hunter, against="random", games=60, seed=7)
