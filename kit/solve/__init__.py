"""Planners on OR-Tools CP-SAT that find provably optimal routes and timelines.

Each planner lives in its own module (start with `kit.solve.orienteering`) and is imported from
there, so that importing this package stays cheap and never pulls in OR-Tools by itself. A
planner's `main(argv)` is its command, `kit solve <planner> ...`; `kit.solve.plan` holds the
`Result` every planner returns (a game planner's `Plan`, an orienteering route) and
`run_solver`, which lets Ctrl-C stop a CP-SAT search and keep the best solution found so far;
`kit.solve.puzzle` the `Puzzle` every game planner's puzzle is and `planner_main`, the command
made from the options a planner declares."""
