"""Benchmark of the rules engine (games.engine): prints numbers, one JSON object a line.

What is measured, single process, random legal moves throughout:

- Whole random games per second (a "game" is one hand: deal, then random legal moves until a
  seat goes out or the hand blocks) through the fast core ``HandState``, for the 4-seat
  ``brazilian`` preset (all 28 tiles dealt, 6-6 opens), 2-seat ``draw`` and 4-seat
  ``all_fives``. Moves count plays, draws and passes; plays only the tiles laid.
- The same 4-seat partnership game on the PyPI package ``dominoes`` (a dev dependency, used only
  here), the yardstick the engine is held to: ours should play at least twice as many games per
  second. Its games are the same thing as ours: 28 tiles dealt, 6-6 opens, random plays until
  out or blocked.
- The cost of ``HandState.copy()`` on mid-hand states, which a search bot pays before every
  simulated move.

Each measured thing runs for ``--seconds`` in ``--rounds`` timed rounds, interleaved round by
round (ours, theirs, the other presets, copies, then again), so that noise on a shared machine
hits all alike; each line reports the median round. The last line is the 4-seat comparison:
``{"bench": "engine", "games_per_s": ..., "dominoes_games_per_s": ..., "ratio": ...}``.

``--base DIR`` adds the engine of another checkout (``DIR/games/engine``, e.g. main's in a
``git worktree``) on the same 4-seat game, in the same interleaved rounds: a change's before and
after side by side with the yardstick, whatever the machine's load does meanwhile.

Run from the repo root: ``.venv/bin/python bench/engine.py --seconds 5``.
"""

import argparse
import importlib.metadata
import importlib.util
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import Deal, Rules  # noqa: E402
from games.engine.hand import HandState  # noqa: E402
from games.engine.moves import DRAW  # noqa: E402

MID_HANDS = 1000

Rates = dict[str, float]


def load_pypi_dominoes() -> ModuleType:
    """The PyPI package ``dominoes``, loaded from site-packages by path.

    The project's settings package is also called ``dominoes`` and shadows it whenever the repo
    root is on ``sys.path``. The package's modules import themselves absolutely (``import
    dominoes``, ``from dominoes.board import Board``) and at run time reach everything through
    the ``dominoes`` name each bound while loading. So it is loaded under its own name with
    ``sys.modules`` pointing ``dominoes`` (and ``dominoes.*``) at it only while it loads: its
    modules keep the package object they bound, and whatever ``sys.modules`` held before is put
    back, so the project's own ``dominoes`` stays importable. One process runs both libraries,
    which is what lets their rounds interleave.
    """
    init = Path(importlib.metadata.distribution("dominoes").locate_file("dominoes/__init__.py"))
    spec = importlib.util.spec_from_file_location(
        "dominoes", init, submodule_search_locations=[str(init.parent)]
    )
    package = importlib.util.module_from_spec(spec)

    def own_entries() -> list[str]:
        return [name for name in sys.modules if name.partition(".")[0] == "dominoes"]

    saved = {name: sys.modules.pop(name) for name in own_entries()}
    sys.modules["dominoes"] = package
    try:
        spec.loader.exec_module(package)
    finally:
        for name in own_entries():
            del sys.modules[name]
        sys.modules.update(saved)
    return package


def game_rates(
    play_game: Callable[[], list], count_plays: Callable[[list], int], seconds: float
) -> Rates:
    """Plays whole games for ``seconds``: games, moves and plays per second.

    ``play_game`` returns the game's list of moves; moves and plays are counted once the clock
    has stopped.
    """
    games = []
    start = perf_counter()
    deadline = start + seconds
    while perf_counter() < deadline:
        games.append(play_game())
    elapsed = perf_counter() - start
    return {
        "games_per_s": len(games) / elapsed,
        "moves_per_s": sum(map(len, games)) / elapsed,
        "plays_per_s": sum(map(count_plays, games)) / elapsed,
    }


def our_round(
    rules: Rules, rng: random.Random, engine: tuple[type, type] = (Deal, HandState)
) -> Callable[[float], Rates]:
    """``engine``: the deal and hand classes (another checkout's, with ``--base``)."""
    deal_class, hand_class = engine

    def play_game() -> list[int]:
        hand = hand_class.first(rules, deal_class.shuffled(rules, rng))
        while not hand.result:
            hand.push(rng.choice(hand.legal_codes()))
        return hand.history

    def count_plays(history: list[int]) -> int:
        # History entries are seat << 7 | move code; codes below DRAW are plays.
        return sum(entry & 127 < DRAW for entry in history)

    return lambda seconds: game_rates(play_game, count_plays, seconds)


def load_engine(checkout: Path) -> ModuleType:
    """``checkout``'s ``games/engine`` under the name ``base_engine``: the engine imports only
    its own modules (relatively) and the standard library, so two versions load side by side."""
    init = checkout / "games" / "engine" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        "base_engine", init, submodule_search_locations=[str(init.parent)]
    )
    package = importlib.util.module_from_spec(spec)
    sys.modules["base_engine"] = package
    spec.loader.exec_module(package)
    return package


def their_round(dominoes: ModuleType) -> Callable[[float], Rates]:
    """The package deals with the global ``random``, so its moves are drawn from it too."""
    six_six = dominoes.Domino(6, 6)

    def play_game() -> list:
        game = dominoes.Game.new(starting_domino=six_six)
        while game.result is None:
            game.make_move(*random.choice(game.valid_moves))
        return game.moves

    def count_plays(moves: list) -> int:
        # Its moves are plays and passes (None); the passes that end a blocked hand are not
        # recorded, so its moves per game run a little lower than ours on the same game.
        return len(moves) - moves.count(None)

    return lambda seconds: game_rates(play_game, count_plays, seconds)


def mid_hands(rules: Rules, rng: random.Random, count: int) -> list[HandState]:
    """``count`` hands stopped halfway: each replays the first half of a finished random hand."""
    states = []
    for _ in range(count):
        deal = Deal.shuffled(rules, rng)
        codes = []
        hand = HandState.first(rules, deal)
        while not hand.result:
            codes.append(rng.choice(hand.legal_codes()))
            hand.push(codes[-1])
        state = HandState.first(rules, deal)
        for code in codes[: len(codes) // 2]:
            state.push(code)
        states.append(state)
    return states


def copy_round(states: list[HandState]) -> Callable[[float], Rates]:
    def run(seconds: float) -> Rates:
        copy = HandState.copy
        copies = 0
        start = perf_counter()
        deadline = start + seconds
        while perf_counter() < deadline:
            for state in states:
                copy(state)
            copies += len(states)
        return {"us_per_copy": (perf_counter() - start) / copies * 1e6}

    return run


def medians(samples: list[Rates]) -> Rates:
    return {key: statistics.median(sample[key] for sample in samples) for key in samples[0]}


def rounded(rates: Rates) -> dict[str, float]:
    """Per-second rates as whole numbers, microseconds to the nanosecond."""
    return {key: round(value, 3 if key.startswith("us_") else None) for key, value in rates.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time per measured thing (default 5)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every deal and move")
    parser.add_argument(
        "--base", type=Path, help="another checkout whose engine is timed beside this one"
    )
    args = parser.parse_args()
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")

    dominoes = load_pypi_dominoes()
    random.seed(args.seed)

    def ours(preset: str, seats: int) -> tuple[dict, Callable[[float], Rates]]:
        rules = Rules.for_preset(preset, seats=seats)
        fields = {"bench": "engine.preset", "preset": preset, "seats": seats}
        return fields, our_round(rules, random.Random(args.seed))

    # (fields of the output line, one timed round); the first two are the comparison.
    benches = [
        ours("brazilian", 4),
        (
            {
                "bench": "engine.dominoes",
                "version": importlib.metadata.version("dominoes"),
                "seats": 4,
            },
            their_round(dominoes),
        ),
        ours("draw", 2),
        ours("all_fives", 4),
        (
            {"bench": "engine.copy", "preset": "brazilian", "seats": 4, "states": MID_HANDS},
            copy_round(
                mid_hands(
                    Rules.for_preset("brazilian", seats=4), random.Random(args.seed), MID_HANDS
                )
            ),
        ),
    ]

    if args.base:
        base = load_engine(args.base.resolve())
        base_rules = base.Rules.for_preset("brazilian", seats=4)
        benches.insert(
            2,
            (
                {"bench": "engine.base", "checkout": str(args.base), "seats": 4},
                our_round(base_rules, random.Random(args.seed), (base.Deal, base.hand.HandState)),
            ),
        )

    samples: list[list[Rates]] = [[] for _ in benches]
    for _ in range(args.rounds):
        for (_, run), runs in zip(benches, samples, strict=True):
            runs.append(run(args.seconds / args.rounds))

    results = [medians(runs) for runs in samples]
    for (fields, _), result in zip(benches, results, strict=True):
        print(json.dumps(fields | rounded(result) | {"rounds": args.rounds}))
    our_rate, their_rate = results[0]["games_per_s"], results[1]["games_per_s"]
    last = {
        "bench": "engine",
        "games_per_s": round(our_rate),
        "dominoes_games_per_s": round(their_rate),
        "ratio": round(our_rate / their_rate, 2),
    }
    if args.base:
        base_rate = results[2]["games_per_s"]
        last |= {
            "base_games_per_s": round(base_rate),
            "base_ratio": round(base_rate / their_rate, 2),
            "speedup": round(our_rate / base_rate, 2),
        }
    print(json.dumps(last))


if __name__ == "__main__":
    main()
