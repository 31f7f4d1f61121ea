# %% [markdown]
# # Around the world in 80 days
#
# In *The Amazing Journey* every traveller leaves London on day 0, must pass two checkpoints in
# order, and should be back in London by day 80. On the way they collect Location tokens for
# points. **How much time does the journey itself need, and how much is left for collecting?**
#
# This lesson answers that question step by step, with the map as a graph.
#
# Vocabulary:
# - a **city** is a node of the map; a **route** is a line of one transport type (bus, train,
#   ship, balloon, airship, or a Secret route) through one or more cities;
# - the **Timeline** is the 80-day track: each day shows which transport types *depart* that day;
# - a **checkpoint** is a city you must reach, in order, on or after its activation day.

# %%
import networkx as nx
from IPython.display import display

import kit
from kit.amazing_journey import load_content
from kit.lessons import Exercise, image
from kit.widgets import board_svg

content = load_content("regular")
board = content.board
rules = content.rules  # the numbers of the rules, from kit/seeds/amazing_journey/rules.toml
graph = board.graph()
print(graph)

# %% [markdown]
# The map is a networkx `MultiGraph`: two cities may be joined by several routes of different
# types, so each edge carries its route's `kind` and its `extra_days` (long routes take longer).

# %%
display(
    image(
        board_svg(
            graph,
            labels=[c.name for c in board.cities if not c.tokens]
            + [cp.city for cp in board.checkpoints],
            title="The Regular side",
        )
    )
)

# %%
for checkpoint in board.checkpoints:
    print(f"{checkpoint.name:<7} {checkpoint.city:<14} from day {checkpoint.activation}")

# %% [markdown]
# ## Step 1: how many route hops is the journey?
#
# Forget time for a moment and count hops: London to the First checkpoint, then to the Second,
# then home. `nx.shortest_path` answers each leg.


# %%
def hops(a: str, b: str) -> list[str]:
    """The fewest-hop path between two cities, any transport type."""
    return nx.shortest_path(graph, a, b)


legs = [board.starting_city] + [cp.city for cp in board.checkpoints]
tour = [board.starting_city]
for a, b in zip(legs, legs[1:], strict=False):
    tour += hops(a, b)[1:]
print(" → ".join(tour), f"({len(tour) - 1} hops)")
display(
    image(board_svg(graph, path=tour, labels=tour, title="Fewest hops through the checkpoints"))
)

# %% [markdown]
# ## Step 2: a hop takes days
#
# Travelling by departure takes `rules.departure_days` (2) days, but only on a day when that type
# departs. So the cost of a hop depends on **when** you start it: you may have to wait. A tiny
# function says how long a traveller standing on `day` waits for the next departure of `kind`.

# %%
timeline = board.timeline


def wait_for(kind: str, day: int) -> int:
    """Days to wait, from `day`, until `kind` departs (0 if it departs today)."""
    wait = 0
    while not timeline.departs(kind, day + wait):
        wait += 1
    return wait


print("day 0 departures:", timeline.departures[0])
print("day 1 departures:", timeline.departures[1])
print("a traveller on day 1 waits", wait_for("airship", 1), "days for an airship")

# %% [markdown]
# ## Step 3: the fastest journey, day by day
#
# Now a **time-expanded graph**: a node is a pair *(city, day)*. From *(city, day)* you can wait
# for the next departure of a type, then take that route to *(next city, day + 2 + extra
# days)*. Hops take different numbers of days, so the earliest arrival is found by **Dijkstra's
# search**: always extend the earliest *(city, day)* not yet settled; the first time the goal is
# taken from the queue, no other way can reach it sooner. (This ignores tokens, which in the
# real game force you to stop, and Tickets, which can make a hop faster.)

# %%
import heapq  # noqa: E402


def earliest_arrival(start: str, day: int, goal: str) -> int:
    """The first day on which a traveller leaving `start` on `day` can stand in `goal`.

    Dijkstra's search: always extend the earliest (city, day) not yet settled."""
    settled = set()
    frontier = [(day, start)]
    while frontier:
        now, city = heapq.heappop(frontier)
        if city == goal:
            return now
        if city in settled:
            continue
        settled.add(city)
        for _, other, data in graph.edges(city, data=True):
            if data["kind"] == "secret":  # Secret routes never depart: they need Tickets
                continue
            arrive = now + wait_for(data["kind"], now) + rules.departure_days + data["extra_days"]
            heapq.heappush(frontier, (arrive, other))
    raise ValueError(f"{goal} cannot be reached from {start}")


day, city = 0, board.starting_city
for checkpoint in board.checkpoints:
    day = max(earliest_arrival(city, day, checkpoint.city), checkpoint.activation)
    city = checkpoint.city
    print(f"{checkpoint.name:<7} checkpoint {city:<14} completed on day {day}")
fastest = day
assert fastest < timeline.length

# %% [markdown]
# The bare journey ends well before day 80. What is left is the budget for exploring: each
# Explore rolls a die and takes 2 to 4 days (3 on average).

# %%
spare = timeline.length - fastest
explore = sum(face.days for face in content.die) / len(content.die)  # the die's average
print(
    f"the journey needs {fastest} days; {spare} days are spare, "
    f"about {int(spare // explore)} Explores of {explore:g} days"
)

# %% [markdown]
# ## Step 4: watch bots play
#
# The engine plays the real rules: tokens that force stops, tickets, checkpoints and scoring.
# A *greedy* bot collects what lies near its way; a *random* bot wanders. Compare their scores.

# %%
from kit.amazing_journey import BOTS  # noqa: E402
from kit.core.bots import simulate  # noqa: E402

game = kit.load("amazing_journey", players=1, seed=0)
greedy = simulate(game, [BOTS["greedy"]], games=20)
print(greedy)

# %%
state = kit.load("amazing_journey", players=1, seed=3).new_game()
from kit.core.bots import play  # noqa: E402

final = play(state, [BOTS["greedy"](3, 0)])
print(final.scores()[0])

# %% [markdown]
# To study a position of your own, the scenario builder fixes what chance would deal (the
# Traveller, which token lies where, the starting hand) and then plays actions by their names.
# Here Paulo takes the train to Paris, where the food Experience A03 lies face down.

# %%
from kit.amazing_journey import setup  # noqa: E402

state = setup(
    kit.load("amazing_journey", players=1, seed=3),
    travellers=["Paulo"],
    placement={"Paris": "A03"},
    actions=["take the T1 train to Paris"],
)
print(state.question(), "on day", state.day[0])
print([str(action) for action in state.legal_actions()][:6])

# %% [markdown]
# ## Step 5: why greedy fails
#
# The greedy bot judges one action at a time, by a rule of thumb: it explores only while it
# expects to be home with `MARGIN` days to spare (a margin made for an 80-day Timeline), and
# otherwise hurries on. Does that lose points? A board small enough to try **every** journey
# answers it: the Lakes (`kit/puzzles/lakes/`), six cities and a 16-day Timeline. A puzzle of
# `kit.puzzles` fixes the rest (Hendrika, every Explore taking 2 days, home by day 10) and
# comes with its optimum, proven by an exhaustive search over every engine state.
#
# Vocabulary: a **journey** is the list of the traveller's actions by their names; the
# **walk** of a puzzle plays a journey an action at a time, with chance as the puzzle assumes.

# %%
from kit.amazing_journey.bots import MARGIN, GreedyBot  # noqa: E402
from kit.puzzles import check_journey, journey_puzzle  # noqa: E402

lakes = journey_puzzle(1, "easy")
print(lakes.describe())
print("the greedy bot keeps", MARGIN, "days to spare; proven optimum:", lakes.score, "points")


# %%
def greedy_journey(puzzle) -> list[str]:
    """The greedy bot's journey on a puzzle, every chance as the puzzle assumes."""
    walk, bot = puzzle.walk(), GreedyBot(1, puzzle.puzzle.player)
    while not walk.finished:
        walk.take(str(bot.choose(walk.state)))
    return walk.route


hurried = greedy_journey(lakes)
print("\n".join(hurried))

# %% [markdown]
# The puzzle's checker compares a journey with the optimum, line by line of the score sheet
# (we leave out the optimal journey itself: it is drawn below):

# %%
verdict = check_journey(lakes, hurried)
print(verdict.headline)
print("\n".join(line for line in verdict.lines if "the optimal journey" not in line))
assert (verdict.score, verdict.optimum) == (14, 18)

# %% [markdown]
# Both journeys take the same train to Ford and reach it on day 2. There the bot sails on at
# once, because exploring would eat into its margin; the plan explores Ford first (2 days), and
# plays its food Objective. Each day on the way, where is each traveller?


# %%
def days_of(puzzle, journey) -> list[tuple[int, int, str, str]]:
    """Each action of a journey as (first day, day after, its name, the city after it)."""
    walk, rows = puzzle.walk(), []
    for name in journey:
        day = walk.day
        walk.take(name)
        rows.append((day, walk.day, name, walk.place))
    return rows


fork = [row for row in days_of(lakes, hurried) if row[2].startswith("take")][:2]
print(fork)
assert fork[0][1:] == days_of(lakes, lakes.route)[0][1:] and fork[0][3] == "Ford"

# %% [markdown]
# The two journeys on the Timeline, a bar per action that takes days:

# %%
import matplotlib.pyplot as plt  # noqa: E402

COLOURS = {"explore": "#009e73", "refresh": "#bbbbbb", "plan": "#bbbbbb"}  # else a travel
journeys = {"greedy bot": hurried, "best plan": list(lakes.route)}
figure, axes = plt.subplots(figsize=(9, 2.2))
for row, journey in enumerate(journeys.values()):
    for start, end, action, place in days_of(lakes, journey):
        if end > start:
            colour = COLOURS.get(action.split()[0], "#0072b2")  # a Ticket's discard ends one
            axes.broken_barh([(start, end - start)], (row - 0.35, 0.7), color=colour, ec="white")
            axes.text((start + end) / 2, row, place, ha="center", va="center", color="white")
for checkpoint in lakes.puzzle.content.board.checkpoints:
    axes.axvline(checkpoint.activation, color="#d55e00", linestyle=":", linewidth=1)
axes.axvline(lakes.limit, color="black", linewidth=1.5)
axes.set_yticks(range(len(journeys)), list(journeys))
axes.set(xlabel="day", xlim=(0, lakes.limit + 1))
handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in ("#0072b2", "#009e73")]
handles += [plt.Line2D([], [], color="#d55e00", linestyle=":"), plt.Line2D([], [], color="k")]
labels = ["travel (to the city named)", "explore", "a checkpoint opens", "the day limit"]
axes.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
axes.set_title(f"Two journeys on the Lakes: greedy {verdict.score} points, planned {lakes.score}")
plt.show()

# %% [markdown]
# The bot comes home on day 8, two days before the limit, and those two days are worth
# nothing: every checkpoint scores the same on the plan's days (its bars are wide), so the plan
# spends them in Ford and gains a region, a food Experience and an Objective. The bot's margin
# is a good rule on average and a bad one here: judging an action alone, it cannot see that the
# days it saves will not be needed. Seeing that takes the **whole** journey at once, which is
# what a planner does (the second part of this lesson).

# %%
home = {name: days_of(lakes, journey)[-1][1] for name, journey in journeys.items()}
print(home)
assert home == {"greedy bot": 8, "best plan": lakes.limit}
assert verdict.score + 4 == lakes.score  # 2 for a region, 1 for a food Experience, 1 Objective

# %% [markdown]
# ## Exercise
#
# A traveller stands on the First checkpoint on its activation day. On which day, at the
# earliest, can they complete the **Second** checkpoint? Use `earliest_arrival`, and remember that
# a checkpoint counts only from its activation day. Replace `None` by your answer and run the
# checker.

# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.

# %% jupyter={"source_hidden": true}
first, second = board.checkpoints[0], board.checkpoints[1]
exercise = Exercise(
    "the earliest day on which the Second checkpoint can be completed",
    expected=lambda: max(
        earliest_arrival(first.city, first.activation, second.city), second.activation
    ),
    hints={
        earliest_arrival(first.city, first.activation, second.city): (
            "that is the day of arrival: a checkpoint counts only from its activation day"
        )
    },
    why="the search's arrival, or the activation day if that is later",
)


# %%
answer = None  # your answer here
exercise.check(answer)

# %% [markdown]
# ## Solution
#
# The solution is the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.

# %% jupyter={"source_hidden": true}
arrival = earliest_arrival(first.city, first.activation, second.city)
assert exercise.check(max(arrival, second.activation))
