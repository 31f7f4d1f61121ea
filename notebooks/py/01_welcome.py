# %% [markdown]
# # Welcome to the journeys kit
#
# **What is in the kit, and how do you play one of its games in a notebook?** This first lesson
# loads each game, plays a few turns of it in the play panel, and says where the other lessons
# go from here.
#
# Vocabulary:
# - a **game** is a set of rules with its options (`kit.load(name, players=2, seed=7)`);
# - a **state** is one position of a game: whose turn it is, the question they face, the
#   **legal actions** they may take (each has a plain English label);
# - **chance** (a die, a card drawn, a token dealt face down) is decided by the game's **seed**,
#   so the same seed plays the same game everywhere;
# - a **bot** chooses actions for a player (`random`, `greedy`, `mcts`);
# - the **play panel** is a game on the screen: the board, the buttons, the log;
# - a **planner** looks for the best plan, and proves how good it is where it can.
#
# The kit holds three travel board games:

# %%
import kit
from kit.lessons import Exercise
from kit.widgets import play

for name in kit.GAMES:
    game = kit.load(name)
    print(f"{name:<18} {game.title}")

# %% [markdown]
# ## A game is states and actions
#
# A game's first state waits for its setup (chance: who is which traveller, which token lies
# where). `resolve_chance()` lets the seed decide; then the first player is to move.

# %%
state = kit.load("amazing_journey", players=2, seed=7).new_game()
state.resolve_chance()
print(state.question())
print([str(action) for action in state.legal_actions()][:5], "...")
assert state.current_player == 0

# %% [markdown]
# An action is taken by its label, and the state as a cell's last line shows the board and a
# summary as a picture:

# %%
state.apply("plan")
state

# %% [markdown]
# ## Playing in the panel
#
# `play(state, seat=0, bots={1: "greedy"})` puts a game on the screen: you are player 0, a
# greedy bot plays player 1. Click an action's button to take it, a place on the map to keep
# its actions, **Play to my turn** to let the bot move. Here code clicks for you, with a tiny
# function that presses the button of an action by its label:


# %%
def click(panel, label: str) -> None:
    """Press the panel's button for the action `label`, as a player would."""
    button = next(b for b in panel.action_buttons if b.description == label)
    button.click()


journey = play(
    kit.load("amazing_journey", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"}
)
click(journey, "plan")
click(journey, "take the T1 train to Paris")
journey.play_button.click()  # the bot plays its turn; the panel stops at ours
print("\n".join(journey.logbook.lines[-6:]))
assert journey.state.current_player == 0
journey

# %% [markdown]
# The Italian Grand Tour: five rounds of five cards, each played face up (its effect, or a
# chain with the cards of its category) or face down (two coins, a step, or a market card).

# %%
grand_tour = play(
    kit.load("timeless_journeys", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"}
)
click(grand_tour, "play the Ideas card face down")
click(grand_tour, "take 2 coins")
grand_tour.play_button.click()
print("\n".join(grand_tour.logbook.lines[-4:]))
grand_tour

# %% [markdown]
# Four weeks in Europe: a week is seven days to fill with visits, each placed as a Day disc on
# the calendar.

# %%
weeks = play(kit.load("four_weeks", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"})
click(weeks, weeks.action_buttons[0].description)
weeks.play_button.click()
print("\n".join(weeks.logbook.lines[-4:]))
weeks

# %% [markdown]
# The panels play on their own copy: `journey.state` is the position on the board, ready for
# code. `notebooks/play.ipynb` holds a panel of each game to play for real, and `voila
# notebooks/play.ipynb` serves it as a page without code.
#
# ## Where to go next
#
# | lesson | the question |
# |---|---|
# | 2. The Amazing Journey, rule by rule | What does each choice cost in days and points? |
# | 3. Eighty days as a graph | How long does the bare journey take, and how many days are left? |
# | 3, part two: eighty days planned | What is the best score in 80 days, and how sure can we be? |
# | 4. Orienteering classics | Where do you go when you cannot go everywhere? |
# | 5. Timeless Journeys, rule by rule | What can five cards do, and what differs by edition? |
# | 6. Five rounds to plan | How many actions can five plays give, at what cost? |
# | 7. Four weeks in Europe | Which visits fill a week of seven days best? |
# | 8. Classroom | Can you match a proven optimum, and can your own bot beat chance? |
#
# ## Exercise
#
# Every lesson ends with an exercise and a checker that says, in words, what is right or
# wrong. Try it: how many legal actions has player 0 at the very start of a two-player Amazing
# Journey with seed 7 (after setup)? Work it out with code, replace `None`, and run the cell.


# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.


# %% jupyter={"source_hidden": true}
def first_position():
    """The position after setup of a two-player Amazing Journey with seed 7."""
    first = kit.load("amazing_journey", players=2, seed=7).new_game()
    first.resolve_chance()
    return first


start = Exercise(
    "the number of legal actions at the start",
    expected=lambda: len(first_position().legal_actions()),
    hints={5: "that is only the five the cell above printed; count them all"},
)


# %%
answer = None  # your answer here
start.check(answer)

# %% [markdown]
# ## Solution
#
# The solution is the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.

# %% jupyter={"source_hidden": true}
assert start.check(len(first_position().legal_actions()))
