"""The five-round planner for Timeless Journeys: the best solo journey through the Grand Tour.

    from kit.solve.five_rounds import standard_puzzle, solve
    puzzle = standard_puzzle("intro", "en")
    plan = solve(puzzle, time_limit=60)
    print(plan)                           # round by round, the running VP, the score sheet
    state = puzzle.replay(plan.history)   # anyone can replay a plan in the engine

The parts, one per module:
- `puzzle`: a solo position and the reveals it fixes (`Puzzle`, `standard_puzzle`);
- `baseline`: the greedy bot's games (`greedy_score`, `best_greedy`);
- `search`: the beam search over whole turns, played in the engine;
- `bound`: a valid upper bound on every plan's score (`upper_bound`);
- `exact`: the exhaustive search over engine states for tiny puzzles;
- `planner`: `solve`, the parts put together within a time limit;
- `command`: `kit solve five-rounds` (`main`)."""
