"""Tournament throughput: games per second of greedy-bot tournaments in one process, on a pool of
processes and on a Dask `LocalCluster`, and whether the three give the same results.

    python benchmarks/tournament.py [--games 1000] [--workers 2] [game ...]

Each game's tournament (its greedy bot against itself, one entrant per seat of a 2-player game)
is played four times: in this process, on a pool of `--workers` processes, and on two local Dask
clusters of as many single-threaded workers (started before the clock starts; they need the
`cluster` extra): one as Dask starts it, one whose workers run without their statistical
profiler, which samples the running task every 10 ms and costs pure-Python games about a sixth
more CPU. A cluster's workers start fresh: their first games also import the kit and load the
game (a pool's processes are forks of this one, which has, where `kit.core.pools` forks:
a single-threaded process on Linux or macOS), about 0.4 s a worker. So each
cluster plays each game's tournament twice: the first (`1st`) pays that once, the second is
what every later tournament on the same workers takes. Prints the load average first, then
per game and executor the time, the games per second and the speed-up over one process."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Sequence

import kit
from kit.core.bench import load_average
from kit.core.commands import ArgumentParser, count, run
from kit.tournament import Tournament, tournament


def timed(game: str, games: int, **where: object) -> tuple[float, Tournament]:
    start = time.perf_counter()
    result = tournament(game, ["greedy", "greedy"], games=games, seed=0, **where)  # type: ignore[arg-type]
    return time.perf_counter() - start, result


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="tournament", description=__doc__)
    parser.add_argument("games_of", nargs="*", default=list(kit.GAMES), metavar="game")
    parser.add_argument("--games", type=count, default=1000)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args(argv)
    import dask
    from distributed import Client, LocalCluster

    print(load_average(), flush=True)
    with contextlib.ExitStack() as stack:
        clients = {}
        for name, profiled in (("Dask", True), ("Dask, no profiler", False)):
            with dask.config.set({"distributed.worker.profile.enabled": profiled}):
                cluster = stack.enter_context(
                    LocalCluster(
                        n_workers=args.workers, threads_per_worker=1, dashboard_address=None
                    )
                )
            clients[name] = stack.enter_context(Client(cluster))
        for game in args.games_of:
            alone, reference = timed(game, args.games, workers=1)
            rows = [("one process", alone, reference)]
            rows.append((f"pool of {args.workers}", *timed(game, args.games, workers=args.workers)))
            for name, client in clients.items():
                executor = client.get_executor()
                rows.append((f"{name}, 1st", *timed(game, args.games, executor=executor)))
                rows.append((name, *timed(game, args.games, executor=executor)))
            for name, seconds, result in rows:
                same = "same results" if result.results == reference.results else "DIFFERENT"
                print(
                    f"{game:<18} {name:<22} {args.games} games {seconds:8.1f} s "
                    f"{args.games / seconds:8.1f} games/s  x{alone / seconds:4.2f}  {same}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="tournament"))
