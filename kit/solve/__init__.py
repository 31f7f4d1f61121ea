"""Planners on OR-Tools CP-SAT that find provably optimal routes and timelines.

Each planner lives in its own module (start with `kit.solve.orienteering`) and is imported from
there, so that importing this package stays cheap and never pulls in OR-Tools by itself."""
