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
rules = content.rules  # the numbers of the rules, from seeds/amazing_journey/rules.toml
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
# ## Exercise
#
# A traveller stands on the First checkpoint on its activation day. On which day, at the
# earliest, can they complete the **Second** checkpoint? Use `earliest_arrival`, and remember that
# a checkpoint counts only from its activation day. Replace `None` by your answer and run the
# checker.

# %% [markdown]
# The checker is in the collapsed cell below (it works the answer out, so it would give the
# method away); run it, then write your answer in the cell after it.

# %% jupyter={"source_hidden": true}
first, second = board.checkpoints[0], board.checkpoints[1]
exercise = Exercise(
    "the earliest day on which the Second checkpoint can be completed",
    expected=lambda: max(
        earliest_arrival(first.city, first.activation, second.city), second.activation
    ),
    hints={second.activation: "can the traveller be there by then? Search from the First"},
    why="the search's arrival, or the activation day if that is later",
)


# %%
answer = None  # your answer here
exercise.check(answer)

# %% [markdown]
# ## Solution
#
# The cell below is collapsed; open it once you have tried.

# %% jupyter={"source_hidden": true}
arrival = earliest_arrival(first.city, first.activation, second.city)
assert exercise.check(max(arrival, second.activation))
