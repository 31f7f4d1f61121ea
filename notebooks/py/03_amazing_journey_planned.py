# %% [markdown]
# # Planning the whole journey
#
# The first part of this lesson found the fastest way around the world: about 50 days, which
# leaves some 30 days for collecting Location tokens. Lesson 4 solves the Orienteering Problem:
# the most points on a limited budget. This second part puts the two together: **what is the
# best score one traveller can make in 80 days, and how sure can we be of the answer?**
#
# Vocabulary:
# - a **puzzle** is one traveller's position plus what cannot be known in advance: how long each
#   Explore takes (the die) and the last day the journey may end on;
# - a **plan** is every action with the day it happens, and the score sheet it earns;
# - a plan is **optimal** when no plan scores more, and **proven** optimal when the solver has
#   shown it: a *bound* that no plan can beat, equal to the plan's score;
# - the **gap** is how far the plan may still be from the best: (bound - score) / bound.

# %%
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import display

import kit.widgets
from kit.amazing_journey import AmazingJourney, load_content
from kit.amazing_journey.bots import GreedyBot
from kit.core.bots import play
from kit.lessons import check_function, image
from kit.solve import amazing_journey
from kit.solve.amazing_journey import Network, Puzzle, exact_search, solve, standard_puzzle
from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.bound import most_explores, sheet_bound
from kit.widgets import board_svg

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
print("the greedy bot scores", amazing_journey.greedy_score(puzzle))

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
plan = solve(tiny, time_limit=2)
print(plan)

# %%
exact = exact_search(tiny)
print("exhaustive search:", exact.objective, "- constraint solver:", plan.objective, plan.status)

# %% [markdown]
# The solver's answer is *proven*: its bound equals the plan's score (gap 0%). And the plan is
# not just a number: it was replayed in the game's own engine, which scored it the same.

# %% [markdown]
# ## Step 3: on the real board, a plan and a bound
#
# The same model on the reference board is about ten thousand times bigger.

# %%
network = Network(puzzle)
print(f"{len(network.alive)} nodes, {len(network.arcs)} arcs")

# %% [markdown]
# Far too big to search completely. The planner searches in three ways, each for a share of the
# time limit: a search over the *events* of the journey (which city to explore next, when to
# pass a checkpoint), each leg between events the fastest one by the timetable; a few hundred
# randomised greedy journeys; and the constraint solver, which improves the best journey a
# window of 8 days at a time. Beside every plan it reports a **bound**, computed separately,
# and the gap between the two. Six seconds are enough to see it at work, in the **solver
# panel**: it runs the planner beside the page and draws each better plan as it comes, the
# score and the bound over time; then it shows the plan on the map, as a chart of the days and
# beside the greedy bot's score sheet. Move the **step** slider to walk Paulo's pawn along the
# plan, one step at a time; the status line gives the score and the bound. (Change the Explore
# days or the day limit, and Solve again.)

# %%
panel = kit.widgets.solve(puzzle)
panel.time_limit.value = 6
panel.solve_button.click()  # as a click on Solve: the planner runs while the page goes on
panel

# %% [markdown]
# Once the search has ended, its plan is the panel's `result`: every improving score it found,
# then the last plan's score, bound and gap.

# %%
panel.wait()
plan = panel.result
print("improving plans found:", [score for _, score, _ in panel.found])
print(f"score {plan.objective}, bound {plan.bound:g}, gap {plan.gap:.0%}")
assert plan.objective <= plan.bound

# %% [markdown]
# A plan is a list of engine actions (`plan.history`). To draw it, replay it in the engine and
# note where the traveller stands after each action.


# %%
def route(puzzle: Puzzle, history) -> list[str]:
    """The cities the journey passes through, in order (a stay counts once)."""
    names = [city.name for city in puzzle.content.board.cities]
    state = puzzle.state()
    cities = [names[state.pos[puzzle.player]]]
    for action in history:
        state.apply(action)
        here = names[state.pos[puzzle.player]]
        if here != cities[-1]:
            cities.append(here)
    return cities


print(" → ".join(route(puzzle, plan.history)[:6]), "...")


# %%
def explored(puzzle: Puzzle, history) -> dict[str, str]:
    """The day of each Explore, by the city where it happens."""
    names = [city.name for city in puzzle.content.board.cities]
    state, days = puzzle.state(), {}
    for action in history:
        if action.startswith("explore"):
            days[names[state.pos[puzzle.player]]] = f"day {state.day[puzzle.player]}"
        state.apply(action)
    return days


print(list(explored(puzzle, plan.history).items())[:3])

# %%
graph = puzzle.content.board.graph()
journey = route(puzzle, plan.history)
display(
    image(
        board_svg(
            graph,
            path=journey,
            labels=(),
            marks=explored(puzzle, plan.history),
            title=f"Paulo's plan: {plan.objective} points (bound {plan.bound:g})",
        )
    )
)

# %% [markdown]
# The plan day by day, a bar per action and a row per kind of action: where does it spend
# Tickets to travel in one day instead of two? How long does it wait?


# %%
def kind_of(step) -> str:
    """The kind of a plan's step, by its first action's name."""
    name = step.actions[0]
    if name.startswith("take"):
        return "by ticket or power" if (" with " in name or " by " in name) else "by departure"
    return "explore" if name.startswith("explore") else "wait"


KINDS = {"by departure": "#0072b2", "by ticket or power": "#cc79a7", "explore": "#009e73"}
KINDS["wait"] = "#bbbbbb"
figure, axes = plt.subplots(figsize=(9, 2.6))
for row, (kind, colour) in enumerate(KINDS.items()):
    spans = [
        (step.day, max(step.end - step.day, 0.3)) for step in plan.steps if kind_of(step) == kind
    ]
    axes.broken_barh(spans, (row - 0.4, 0.8), color=colour)
for checkpoint in puzzle.content.board.checkpoints:
    axes.axvline(checkpoint.activation, color="#d55e00", linestyle=":", linewidth=1)
    axes.text(checkpoint.activation + 0.5, len(KINDS) - 0.4, f"{checkpoint.name} opens", fontsize=8)
axes.set_yticks(range(len(KINDS)), list(KINDS))
axes.set(xlabel="day", xlim=(0, 80))
axes.set_title(f"Paulo's plan: {plan.objective} points", pad=16)
plt.show()

# %% [markdown]
# And its score sheet, line by line. Which Souvenirs and Experiences make its points? Compare
# with the greedy bot's score above.

# %%
print(plan.sheet)

# %% [markdown]
# ## Step 4: why the proof is hard here
#
# The bound is a score no journey can beat. The kit computes it in two halves:
#
# 1. **how many tokens** a journey could collect: the most Explores of a *relaxed* journey, one
#    that may collect the same token twice and ignores tokens in the way;
# 2. **the best score sheet** with that many tokens, chosen anywhere on the map.

# %%
relaxed = most_explores(Board(puzzle))
tokens = len(explored(puzzle, plan.history))
print("the relaxed journey explores", relaxed, "times; the plan explores", tokens, "times")
print("at best", sheet_bound(puzzle, relaxed), "points on the score sheet, plus the checkpoints")

# %% [markdown]
# Why so many? The relaxed journey finds a trick: shuttle between two neighbouring token
# cities. Each Souvenir explored gives two Tickets, and two Tickets pay the one-day hop back,
# so it explores every four days with a 3-day die. A real traveller cannot: each token is
# there once.
#
# The second half is loose too. Look at what the best score sheet is worth, token by token:

# %%
for count in (1, 3, 6, 9, 12, 15, 19):
    print(f"{count:>2} tokens: at best {sheet_bound(puzzle, count):>3} points on the score sheet")

# %% [markdown]
# The Experience table pays 1, 3 and 9 points for one, two and three Experiences of a type;
# every region visited adds 2 points and a full row of Souvenirs a bonus. Those points grow
# fast with the count, but only *together*: three Adventures are worth 9 only if the journey
# can reach three Adventure tokens, and the regions only if it can cross them all in time. The
# bound picks the best tokens wherever they lie; the geography is forgotten. A proof would need
# a bound that keeps the route and the score sheet together, and such a relaxation has far
# more states than a computer can visit: here nobody has a proof of the best 80-day journey.
#
# The Timeline bites as well: the Final checkpoint opens on day 50, so no journey ends sooner,
# whatever the score. A puzzle with a 40-day limit has no plan at all; asked for one
# (`standard_puzzle("regular", "Paulo", explore=3, days=40)`), the planner says it is
# infeasible and names the first day the journey can end.

# %%
final = puzzle.content.board.checkpoints[-1]
print(f"the {final.name} checkpoint opens on day {final.activation}")
assert final.activation == 50

# %% [markdown]
# ## Step 5: in a live game the tokens lie face down
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
plan = solve(live, time_limit=12)
print(plan.timeline().splitlines()[0])
print(plan.sheet or "(no score sheet: no plan within the time limit)")

# %% [markdown]
# ## Step 6: what is a day worth, and an Explore's length?
#
# Every plan above rests on two assumptions: the day limit and how long an Explore takes. How
# much does the best score depend on them? On the reference board each answer would be a
# plan and a bound apart; on the tiny board of Step 2 the exhaustive search **proves** each
# best score in about a second. We change one assumption at a time.


# %%
def tiny_puzzle(days: int, explore: int = 3) -> Puzzle:
    """Step 2's tiny puzzle with another day limit or Explore length."""
    return standard_puzzle(
        "regular", "Wolfgang", explore, days=days, board=tiny_board,
        placement={"Pine": "A1", "Quay": "A2", "Reef": "B1", "Sands": "B3", "Tor": "B2"},
        tickets=[["bus"]], objectives=[["food", "party"]],
    )  # fmt: skip


def best_score(puzzle: Puzzle) -> int | None:
    """The proven best score of a tiny puzzle (None: no journey is home by the limit)."""
    plan = exact_search(puzzle)
    assert plan.objective is None or plan.is_optimal
    return plan.objective


assert best_score(tiny_puzzle(12)) == exact.objective  # Step 2's puzzle: the same answer

# %%
by_days = {days: best_score(tiny_puzzle(days)) for days in range(6, 12)}
by_explore = {explore: best_score(tiny_puzzle(10, explore)) for explore in (2, 3, 4)}
print("day limit -> best score:", by_days)
print("Explore days -> best score (home by day 10):", by_explore)
assert by_days == {6: None, 7: None, 8: 12, 9: 12, 10: 15, 11: 15}
assert by_explore == {2: 16, 3: 15, 4: 15}

# %%
figure, (left, right) = plt.subplots(1, 2, figsize=(9, 3))
feasible = {days: score for days, score in by_days.items() if score is not None}
left.step(list(feasible), list(feasible.values()), where="post", marker="o", label="proven best")
left.plot([d for d, s in by_days.items() if s is None], [0, 0], "x", color="#d55e00",
          label="no journey home")  # fmt: skip
left.set(xlabel="day limit", ylabel="best score", title="Against the day limit (Explore 3 days)")
right.bar([f"{e} days" for e in by_explore], list(by_explore.values()), color="#009e73")
right.set(xlabel="every Explore takes", title="Against the Explore (home by day 10)")
left.legend(fontsize=8)
plt.show()

# %% [markdown]
# The best score grows by **steps**, not by a point a day: no journey is home before day 8
# (the Final checkpoint opens then), and a day more is worth something only when it completes
# a whole Explore and the travel it needs. Between two steps the extra day is worthless, as
# the greedy bot's spare days were in the first part of this lesson. A shorter Explore works
# the same way: from 3 days to 4 nothing changes by day 10, while 2-day Explores leave time
# for one more point. A day saved counts only where it pays for more of the journey.

# %% [markdown]
# ## Exercise
#
# The Experience table is where the bound and the real journeys part ways. Three Experiences of
# one type score 9, two score 3, one scores 1 (`experience_points`, indexed by the count), and a
# token of every type adds the all-types bonus. Write `experience_score(counts)`: the points of
# the Experience lines and the bonus for the number of Experiences of each of the five types
# (at most 3 each, the spaces of the travel board). Then find the best way to spread nine
# Experience tokens over the five types.

# %%
scoring = load_content("regular").scoring
print(scoring.experience_points, "bonus", scoring.all_types_bonus)


# %%
worked = [  # spreads worked out by hand from the table 1/3/9 and the 5-point bonus
    (((3, 0, 0, 0, 0),), 9),
    (((1, 1, 1, 1, 1),), 10),
    (((3, 3, 3, 0, 0),), 27),
    (((2, 2, 2, 2, 1),), 18),
]
experience_score = None  # your function here
check_function(experience_score, worked, what="experience_score")

# %% [markdown]
# ## Solution
#
# The solution is the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.


# %% jupyter={"source_hidden": true}
def solution(counts) -> int:
    """The Experience lines and the all-types bonus for `counts` Experiences per type."""
    lines = sum(scoring.experience_points[count] for count in counts)
    return lines + (scoring.all_types_bonus if all(counts) else 0)


assert check_function(solution, worked)
assert [solution(c) for c in [(3, 3, 3, 0, 0), (3, 3, 1, 1, 1), (2, 2, 2, 2, 1)]] == [27, 26, 18]
# Three full lines (27 points) beat two full lines with a token of every other type and the
# bonus (26), and leave an even spread (18) far behind: the best sheet wants three tokens of a
# type, as many times as it can. Where do the three Adventures lie on the map above? Usually in
# three different corners of the world. The bound takes them anyway; a journey has to travel
# there, and the regions it crosses on the way are what it also scores. That is why the score
# of a journey cannot be told apart from its route, and why a proof needs both at once.
