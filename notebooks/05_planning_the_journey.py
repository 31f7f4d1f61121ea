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
# # Planning the whole journey
#
# Lesson 1 found the fastest way around the world: about 50 days, which leaves some 30 days for
# collecting Location tokens. Lesson 2 solved the Orienteering Problem: the most points on a
# limited budget. This lesson puts the two together: **what is the best score one traveller can
# make in 80 days, and how sure can we be of the answer?**
#
# Vocabulary:
# - a **puzzle** is one traveller's position plus what cannot be known in advance: how long each
#   Explore takes (the die) and the last day the journey may end on;
# - a **plan** is every action with the day it happens, and the score sheet it earns;
# - a plan is **optimal** when no plan scores more, and **proven** optimal when the solver has
#   shown it: a *bound* that no plan can beat, equal to the plan's score.

# %%
from pathlib import Path

from kit.amazing_journey import AmazingJourney
from kit.amazing_journey.bots import GreedyBot
from kit.core.bots import play
from kit.solve import eighty_days
from kit.solve.eighty_days import Network, Puzzle, exact_search, solve, standard_puzzle

# %% [markdown]
# ## Step 1: a puzzle and its assumptions
#
# `standard_puzzle` deals a solo game on the reference board: Paulo, every Explore taking 3 days.
# Every plan lists what it assumes; read them before trusting any number.

# %%
puzzle = standard_puzzle("regular", "Paulo", explore=3)
for text in puzzle.assumptions():
    print("-", text)

# %% [markdown]
# The greedy bot plays the same puzzle one action at a time: at each step it takes whatever
# looks best right now. It is our yardstick.

# %%
print("the greedy bot scores", eighty_days.greedy_score(puzzle))

# %% [markdown]
# ## Step 2: on a tiny board, a proof
#
# The tests use a tiny board: six cities, two regions, a 16-day Timeline. There an exhaustive
# search over every game state is possible, and the constraint solver must agree with it.
# The solver's model is a **time-expanded network**: a node is (city, day, checkpoints done),
# an arc is one action (a Travel, an Explore, a Wait) from one node to a later one. A plan is a
# path from the start to "back home", and the score is a sum over the arcs and tokens chosen.

# %%
tiny_board = Path("..") / "tests" / "data" / "tiny_journey"
tiny = standard_puzzle(
    "regular", "Wolfgang", 3, days=12, board=tiny_board,
    placement={"Pine": "A1", "Quay": "A2", "Reef": "B1", "Sands": "B3", "Tor": "B2"},
    tickets=[["bus"]], objectives=[["food", "party"]],
)  # fmt: skip
network = Network(tiny)
print(f"{len(network.alive)} nodes, {len(network.arcs)} arcs")
plan = solve(tiny, time_limit=30)
print(plan)

# %%
exact = exact_search(tiny)
print("exhaustive search:", exact.objective, "- constraint solver:", plan.objective, plan.status)

# %% [markdown]
# The solver's answer is *proven*: its bound equals the plan's score (gap 0%). And the plan is
# not just a number: it was replayed in the game's own engine, which scored it the same.

# %% [markdown]
# ## Step 3: on the real board, no proof (yet)
#
# The same model on the reference board is about ten thousand times bigger.

# %%
network = Network(puzzle)
print(f"{len(network.alive)} nodes, {len(network.arcs)} arcs")

# %% [markdown]
# A constraint solver proves optimality by *bounding*: it relaxes the puzzle into an easier one
# (here, letting the path split into fractions of many journeys) and shows that even the easy
# one cannot score more. On this board the relaxed puzzle scores far more than any real
# journey, so the bound proves nothing. What the planner does instead:
#
# 1. it plays a few hundred randomised greedy journeys and keeps the best;
# 2. it improves that plan **one window of days at a time**: everything outside an 8-day
#    window stays fixed, the solver may change anything inside it, and the score still counts
#    the whole journey. A window is small enough to search completely.
#
# When a whole pass over the windows finds nothing better, the plan says so: no change within
# 8 days in a row improves it. That is a real guarantee, but a local one: a plan that changes
# the route from the first week on could still score more.

# %%
seen = []
plan = solve(puzzle, time_limit=30, on_solution=lambda score, bound, s: seen.append(score))
print("improving plans found:", seen)
print(plan)

# %% [markdown]
# Read the timeline: where does the plan spend Tickets to travel in one day instead of two?
# Which Souvenirs and Experiences make its points? Compare with the greedy bot's score above.

# %% [markdown]
# ## Step 4: in a live game the tokens lie face down
#
# During a real game nobody knows which token lies in which city: only the back shows its
# region, sometimes a symbol (which names the token) and a curse mark. A puzzle made from a live
# position plans without peeking: an unmarked token is worth what its region can still hold,
# the least valuable first. Here is a two-player game of greedy bots, stopped once both
# travellers have reached day 8.

# %%
game = AmazingJourney(players=2, seed=3, side="regular")
bots = [GreedyBot(3, seat) for seat in range(2)]
state = play(game.new_game(), bots, stop=lambda s: min(s.day) >= 8 and not s.steps)
live = Puzzle.from_state(state)
print("player", live.player, "on day", state.day[live.player])
print("\n".join("- " + text for text in live.assumptions()[-1:]))
plan = solve(live, time_limit=15)
print(plan.timeline().splitlines()[0])
print(plan.sheet)

# %% [markdown]
# ## Exercise
#
# The die decides how long each Explore takes: 2 days (and a Ticket discarded), 3 days, or 4
# days (and a Ticket drawn). Which result is the lucky one? Plan Paulo's puzzle assuming every
# Explore takes 2 days, then 4 days, and compare the scores. Then explain the difference: count
# the Explores and the Travels that spend Tickets in each plan.

# %% [markdown]
# ### One solution

# %%
for days in (2, 4):
    plan = solve(standard_puzzle("regular", "Paulo", explore=days), time_limit=15)
    explores = sum("explore" in step.actions[-1] for step in plan.steps)
    tickets = sum("ticket" in step.actions[-1] for step in plan.steps)
    print(
        f"Explore = {days} days: {plan.objective} points, {explores} Explores, "
        f"{tickets} Travels on Tickets"
    )

# %% [markdown]
# Short Explores leave more days for travelling, but each one throws a Ticket away, and without
# Tickets every Travel waits for its departure and takes two days. Long Explores cost days but
# pay for one-day Travels. Neither plan is proven optimal, so a difference of a point or two may
# be the search, not the die: run both with a longer time limit before you trust it.
