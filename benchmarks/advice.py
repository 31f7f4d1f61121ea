"""The play panel's advisor in every game: how long the advice takes and how good it is.

    python benchmarks/advice.py [--time-limit 5] [--games amazing_journey ...] [--seed 1]

For each game and player count it plays greedy bots at every seat for a number of decisions
(0: the game's first decision), opens a play panel for the seat to move and clicks Advise with
the time limit (the panel's default is 5 s). It prints, per position:

- where: the question of the position (shortened);
- puzzle ms: making the planner's puzzle from the position (`kit.solve.position.puzzle_from`,
  what the player sees, the others standing still);
- planner s: the planner's own time (`Plan.solve_time`);
- panel s: from the click to the advice shown (the puzzle, the planner's processes started,
  the planner, the plan's route walked in the engine, the panel drawn again), and of those the
  panel's own: the panel's less the planner's;
- advice, status: the advised plan's score and status (in the puzzle: the game played on by
  the player alone, what is out of sight guessed by the seed);
- greedy: the greedy bot's score in the same puzzle (the planner panel's yardstick), and the
  advice's lead over it.

The machine's load average is printed first and last: the times are only comparable on a quiet
machine."""

from __future__ import annotations

import argparse
import time
from typing import Any

import kit
from kit.amazing_journey.state import JourneyState
from kit.core import State
from kit.core.bench import load_average
from kit.core.bots import after
from kit.core.bots import play as play_out
from kit.solve.position import puzzle_from
from kit.widgets import play

POSITIONS = (
    ("amazing_journey", 2, 0),
    ("amazing_journey", 2, 40),
    ("timeless_journeys", 2, 0),
    ("timeless_journeys", 2, 60),
    ("timeless_journeys", 4, 0),
    ("timeless_journeys", 4, 80),
    ("four_weeks", 1, 0),
    ("four_weeks", 1, 17),
    ("four_weeks", 2, 0),
    ("four_weeks", 2, 46),
)
"""The positions measured: a game, its players and the greedy decisions played first."""


def position(name: str, players: int, decisions: int, seed: int) -> State:
    """A game of greedy bots after `decisions` decisions, at the next decision that the
    advisor can plan from (an 80-day action's questions are answered first)."""
    state = kit.load(name, players=players, seed=seed).new_game()
    greedy = kit.game_module(name).BOTS["greedy"]
    bots = [greedy(seed, p) for p in range(players)]
    made = after(decisions)
    return play_out(state, bots, stop=lambda at: made(at) and not _mid_action(at))


def _mid_action(state: State) -> bool:
    """Whether an 80-day action is under way (its questions come before any advice)."""
    return isinstance(state, JourneyState) and bool(state.steps)


def measure(state: State, limit: float) -> dict[str, Any]:
    """One advice on a panel playing the seat to move: its times, its plan and the greedy
    bot's score in the same puzzle."""
    began = time.perf_counter()
    puzzle = puzzle_from(state)
    made = time.perf_counter() - began
    panel = play(state, seat=state.current_player)
    panel.advisor.time_limit.value = limit
    began = time.perf_counter()
    panel.advisor.button.click()
    panel.advisor.wait()
    shown = time.perf_counter() - began
    plan = panel.advisor.plan
    if plan is None:
        raise SystemExit(f"no advice: {panel.advisor.message}")
    greedy = puzzle.greedy_sheet().total
    return {"puzzle": made, "plan": plan, "shown": shown, "greedy": greedy}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    games = sorted({name for name, _, _ in POSITIONS})
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--games", nargs="*", default=games, choices=games)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(load_average())
    print(
        f"{'game':<17} {'pl':>2} {'dec':>3} {'where':<34} {'puzzle ms':>9} {'planner s':>9} "
        f"{'panel s':>7} {'own s':>5} {'advice':>6} {'status':<9} {'greedy':>6} {'lead':>5}"
    )
    for name, players, decisions in POSITIONS:
        if name not in args.games:
            continue
        state = position(name, players, decisions, args.seed)
        found = measure(state, args.time_limit)
        plan = found["plan"]
        where = state.question()[:34]
        print(
            f"{name:<17} {players:>2} {decisions:>3} {where:<34} {found['puzzle'] * 1000:>9.1f} "
            f"{plan.solve_time:>9.2f} {found['shown']:>7.2f} "
            f"{found['shown'] - plan.solve_time:>5.2f} {plan.objective:>6} {plan.status:<9} "
            f"{found['greedy']:>6} {plan.objective - found['greedy']:>+5}",
            flush=True,
        )
    print(load_average())


if __name__ == "__main__":
    main()
