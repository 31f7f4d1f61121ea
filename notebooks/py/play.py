# %% [markdown]
# # Play: a panel for each game
#
# Each panel below plays one of the kit's games: you are player 0, a greedy bot plays player 1.
# Open this notebook in JupyterLab (`jupyter lab notebooks/`) and run it, or open it as a page
# of its own with Voila (`voila notebooks/play.ipynb`).
#
# - **The board**: the pawns, the tokens face down (their backs), the checkpoints with their
#   days, the Famous Travellers, the Day discs; hover a place to read what lies there. The
#   buttons above it zoom in and out or to a region (Europe, on the world map); once zoomed in,
#   drag the map to move it.
# - **Click a place** on the map: the buttons beside it keep the actions of that place (click it
#   again to see them all). The buttons are grouped by kind; a click takes that action.
# - **Chance** (the die, the cards drawn) is resolved by the game's seed and written in the log.
# - **Step** lets the bot make one move, **Play to my turn** lets it play until you are to move.
# - **Undo** takes back your last action (and what followed it); the **step** slider shows any
#   earlier position without changing the game (**Back to now** returns); **Save** downloads
#   the game as a file that **Load** (or `kit play --load FILE`) takes back.
# - Under them, tabs: the **log** (what each action brought you), the **players'** boards, what
#   lies **on the table**, the game's **timeline**, and at the end the **final scores**, line by
#   line, with the ranking.
#
# With `seat=0` the panel shows only what player 0 may see: the others' hands by size, the
# tokens by their backs, the others' draws without naming the card.

# %%
import kit
from kit.widgets import play

# %% [markdown]
# ## The Amazing Journey
#
# Around the world and back to London within 80 days: travel by the day's departures or by
# Tickets, explore cities for their tokens, pass the three checkpoints from their days on.

# %%
journey = play(
    kit.load("amazing_journey", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"}
)
journey

# %% [markdown]
# ## Timeless Journeys: The Italian Grand Tour
#
# Five rounds of five cards each, played face up (their effect, or a chain of them) or face
# down (2 coins, a step, or a market card).

# %%
grand_tour = play(
    kit.load("timeless_journeys", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"}
)
grand_tour

# %% [markdown]
# ## Four weeks in Europe
#
# Four weeks of seven days: travel, then one Activity (a visit, Write, Rest or Plan), then the
# Extras, until the week's days are spent.

# %%
weeks = play(kit.load("four_weeks", players=2, seed=7).new_game(), seat=0, bots={1: "greedy"})
weeks

# %% [markdown]
# The panel plays on its own copy of the game: `journey.state` is the position on the board,
# ready for code. A state as a cell's last line draws its board and a summary as a still
# picture, which also shows in an exported notebook (`kit.widgets.state_html(state, seat)` is
# the same picture as another player sees it):

# %%
journey.state
