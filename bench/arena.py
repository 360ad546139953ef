"""Arena: how often one bot level beats another, with a 95% confidence interval.

Plays ``--matches`` matches of A against B: each is played once per rotation of the sides on
the same deals (mirrored), so luck cancels. Matches run in parallel processes; the result is
deterministic from ``--seed`` whatever the number of processes. One JSON object a line; the last:
``{"bench": "arena", "a": ..., "b": ..., "matches": N, "a_win_rate": ..., "ci95": [lo, hi], ...}``

    .venv/bin/python bench/arena.py --preset classic --seats 2 --a hard --b medium --matches 400

A player is a level or ``master-2026-12``, master as it was in December 2026, frozen. ``--b
ismcts`` plays A against open_spiel's ISMCTS on two-seat block hands instead
(``bench/ismcts_arena.py``; each "match" is then one deal played in both seats).

``--results FILE`` keeps every finished match as a line of FILE (JSONL) under a key of the
run's settings and of the bots' source (the git tree of games/engine/bots): a run with the same
key plays only the match indexes not yet there, appends each as it ends, and sums up all of
them. The goals need about a thousand games, hours of a core; a run stopped at any point keeps
what it played, and later runs (another session, another quiet hour) add to it, on the same
deals as one long run would.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import Rules  # noqa: E402
from games.engine.bots import Budget  # noqa: E402
from games.engine.bots.arena import PLAYERS, Game, play_rotations, wilson_interval  # noqa: E402

ISMCTS = "ismcts"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", required=True, choices=PLAYERS)
    parser.add_argument("--b", required=True, choices=(*PLAYERS, ISMCTS))
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--rules", default="{}", help='more options as JSON, e.g. {"teams": true}')
    parser.add_argument("--matches", type=int, default=200, help="mirrored sets of matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--report-every", type=int, default=0, help="matches (0: a tenth)")
    parser.add_argument("--master-seconds", type=float, default=Budget().seconds)
    parser.add_argument("--master-deals", type=int, default=Budget().max_deals)
    parser.add_argument("--master-exact-nodes", type=int, default=Budget().exact_nodes)
    parser.add_argument("--ismcts-simulations", type=int, default=1000)
    parser.add_argument("--results", type=Path, help="JSONL file the matches accumulate in")
    return parser.parse_args()


def results_key(args: argparse.Namespace) -> dict:
    """What makes two runs' matches the same games: the settings that decide them and the
    bots' source (a change to the bots starts a new tally; the rules under them are held by
    the engine's tests and the bots' pinned decisions)."""
    engine = subprocess.run(
        ["git", "rev-parse", "HEAD:games/engine/bots"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "games/engine/bots"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return {
        "a": args.a,
        "b": args.b,
        "preset": args.preset,
        "seats": args.seats,
        "rules": json.loads(args.rules),
        "seed": args.seed,
        "budget": [args.master_seconds, args.master_deals, args.master_exact_nodes],
        "ismcts_simulations": args.ismcts_simulations if args.b == ISMCTS else None,
        "bots": engine + ("+uncommitted" if dirty else ""),
    }


def kept_games(path: Path | None, key: dict) -> dict[int, list[Game]]:
    """The matches a results file holds for ``key``, by index."""
    kept: dict[int, list[Game]] = {}
    if path is None or not path.exists():
        return kept
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row["key"] == key:
            kept[row["index"]] = [Game(**game) for game in row["games"]]
    return kept


def summary(args: argparse.Namespace, games: list[Game], seconds: float) -> dict:
    n = len(games)
    wins = sum(game.a_score for game in games)
    low, high = wilson_interval(wins, n)
    return {
        "bench": "arena",
        "a": args.a,
        "b": args.b,
        "preset": args.preset,
        "seats": args.seats,
        "rules": json.loads(args.rules),
        "matches": n,
        "a_win_rate": round(wins / n, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "a_points_per_match": round(sum(g.a_points for g in games) / n, 2),
        "b_points_per_match": round(sum(g.b_points for g in games) / n, 2),
        "hands_per_match": round(sum(g.hands for g in games) / n, 2),
        "budget": [args.master_seconds, args.master_deals, args.master_exact_nodes],
        **({"ismcts_simulations": args.ismcts_simulations} if args.b == ISMCTS else {}),
        "seed": args.seed,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    args = parse_args()
    if args.b == ISMCTS:
        args.preset, args.seats = "block", 2
    rules = Rules.for_preset(args.preset, seats=args.seats, **json.loads(args.rules))
    budget = Budget(
        seconds=args.master_seconds,
        max_deals=args.master_deals,
        exact_nodes=args.master_exact_nodes,
    )
    if args.b == ISMCTS:
        from ismcts_arena import play_pair  # open_spiel, a dev dependency, only when asked

        play_one = partial(
            play_pair, args.a, seed=args.seed, budget=budget, simulations=args.ismcts_simulations
        )
    else:
        play_one = partial(play_rotations, rules, args.a, args.b, seed=args.seed, budget=budget)
    key = results_key(args) if args.results else {}
    if args.results:
        args.results.parent.mkdir(parents=True, exist_ok=True)
    kept = kept_games(args.results, key)
    games: list[Game] = [game for rotations in kept.values() for game in rotations]
    todo = [i for i in range(args.matches) if i not in kept]
    if kept:
        print(json.dumps({"bench": "arena.kept", "matches": len(kept), "to_play": len(todo)}))
    started = time.perf_counter()
    report_every = args.report_every or max(1, args.matches // 10)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [(play_one, i) for i in todo]
        for done, rotations in enumerate(pool.map(_by_index, jobs), start=1):
            games.extend(rotations)
            if args.results:
                row = {
                    "key": key,
                    "index": rotations[0].index,
                    "games": [asdict(g) for g in rotations],
                }
                with args.results.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            if done % report_every == 0 and done < len(todo):
                line = summary(args, games, time.perf_counter() - started)
                print(json.dumps({**line, "bench": "arena.progress"}), flush=True)
    print(json.dumps(summary(args, games, time.perf_counter() - started)), flush=True)


def _by_index(job: tuple[partial, int]) -> list[Game]:
    play_one, index = job
    return play_one(index=index)


if __name__ == "__main__":
    main()
