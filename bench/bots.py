"""Benchmark of the computer opponents (games.engine.bots): prints numbers, one JSON object a line.

What is measured, single process, on decision points sampled from random hands (a fresh random
deal played out with random legal moves; one of the turns where the seat to move had at least two
legal moves is picked at random, and that seat's view is kept):

- Master's decision time, end to end: ``Bot(Level.MASTER).choose(view)`` with its default budget
  (``Budget()``: a time limit and a cap on deals), for 2-seat ``classic`` and 4-seat
  ``brazilian``. The goal is a p95 of at most 1 s on this 2-core machine.
- Master's simulation rate: ``decide(Knowledge.from_view(view), rng, budget)`` with a budget
  capped by time only (``--playout-seconds``, deals unbounded), playouts per second from the
  decision's own count and clock (the knowledge is built off the clock), for the same two presets
  and 2-seat ``block``. The goal is at least 10,000 playouts per second.
- Hint latency: ``hint(view)`` end to end (knowledge, master's search at the hint's own budget,
  the reason in words) on the ``classic`` and ``brazilian`` points. The goal is a p95 of at most
  300 ms.
- The yardstick: open_spiel's ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random
  rollout evaluator, UCT) on its 2-player block dominoes ``python_block_dominoes`` (7 tiles each,
  no drawing, a stuck player's turn passes), timing ``bot.step(state)`` with
  ``--ismcts-simulations`` simulations at decision points of random games sampled the same way.
  Ours should run clearly more simulations per second than theirs.

What a "simulation" is on each side, so that the comparison is honest. Ours, a playout: one
candidate move valued on one sampled deal of the hidden tiles, to the end of the hand: solved
exactly (both sides playing perfectly on that deal, ``games.engine.bots.solver``) when the deal
solves within master's node limit, else played out with every seat following a quick policy that
sees the dealt hands; one sampled deal serves every candidate move, so a decision runs deals x
candidates playouts (``solved_share`` says how many deals were solved). Theirs: one resampling of
the hidden tiles, one descent of the search tree (selection, expanding one node) and one
uniformly random rollout from there to the end of the game. Both simulations run from the
decision to the end of the hand and both pay for a sampled deal (ours shared by the candidates).
``python_block_dominoes``
implements no ``resample_from_infostate``, which ISMCTS needs, so this script supplies it through
``ISMCTSBot.set_resampler``: a clone of the state with the rival's hand dealt uniformly from the
tiles the player cannot see and the rival is not known to lack (a rival that could not answer the
open ends lacks their numbers), checked to replay the game's history move for move. Its cost,
mostly the state's clone (a deep copy, as every open_spiel Python game clones), counts in their
simulations as the sampler's counts in ours.

Each decision point is one round: the same point goes through master, the hint, the playouts and,
at the same index, ISMCTS, so that noise on a shared machine hits all alike. Times are milliseconds
(p50, p95 and max over the decisions); rates are the median over the decisions. The last line:
``{"bench": "bots", "master_p95_ms": {...}, "playouts_per_s": {...}, "hint_p95_ms": {...},
"open_spiel_simulations_per_s": ..., "ratio": ...}``; the ratio is our ``block`` playouts per
second over their simulations per second, the same game on both sides.

Run from the repo root: ``.venv/bin/python bench/bots.py`` (about 75 s).
"""

import argparse
import importlib.metadata
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import block_dominoes  # registers python_block_dominoes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import Deal, Match, Rules  # noqa: E402
from games.engine.bots import (  # noqa: E402
    Bot,
    Level,
    hint,  # noqa: E402
)
from games.engine.bots.knowledge import Knowledge  # noqa: E402
from games.engine.bots.master import Budget, decide  # noqa: E402
from games.engine.view import SeatView  # noqa: E402

#: (preset, seats): master's decisions and the hint are timed on the first two, playouts on all.
TIMED = (("classic", 2), ("brazilian", 4))
PLAYOUTS = (*TIMED, ("block", 2))
OPEN_SPIEL_GAME = "python_block_dominoes"
UCT_C = 2.0


def decision_views(rules: Rules, rng: random.Random, count: int) -> list[SeatView]:
    """``count`` views of a seat to move with two or more legal moves, one per random hand."""
    views = []
    while len(views) < count:
        match = Match(rules)
        match.start_hand(Deal.shuffled(rules, rng))
        points = []
        while match.turn is not None:
            moves = match.legal_moves()
            if len(moves) >= 2:
                points.append(match.view_for(match.turn))
            match.apply(match.turn, rng.choice(moves))
        if points:
            views.append(rng.choice(points))
    return views


def decision_states(game: pyspiel.Game, rng: np.random.RandomState, count: int) -> list:
    """The same for open_spiel: ``count`` states of random games, two or more legal actions."""
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        points = []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probabilities)))
                continue
            actions = state.legal_actions()
            if len(actions) >= 2:
                points.append(state.clone())
            state.apply_action(int(rng.choice(actions)))
        if points:
            states.append(points[rng.randint(len(points))])
    return states


def block_resampler(rng: random.Random) -> Callable:
    """``resample_from_infostate`` for ``python_block_dominoes``, which lacks one.

    The rival of ``player`` holds 7 tiles less those it played. Every tile ``player`` does not
    hold and nobody played may be one of them, except tiles showing a number the rival is known
    to lack: when a player moves twice running, its rival could not answer the open ends between.
    Tiles only leave a hand in this game, so such a number stays lacking. The rival's hand is a
    uniform draw from the tiles left, which is the exact posterior over its hand. What is read
    from the history is worked out once per root state (ISMCTS resamples the same root each
    simulation); each call then clones the state and deals the rival a hand.
    """
    cached: list = [None, None]  # the root state, and what its history tells

    def resample(state, player: int):
        if cached[0] is not state:
            cached[:] = [state, read_history(state, player)]
        rival, size, candidates, unseen = cached[1]
        twin = state.clone()
        twin.hands[rival] = sorted(rng.sample(candidates, size))
        dealt = set(twin.hands[rival])
        twin.deck = [tile for tile in unseen if tile not in dealt]  # the undealt tiles
        return twin

    def read_history(state, player: int) -> tuple[int, int, list, list]:
        """The rival, its hand size, the tiles it may hold and the tiles ``player`` cannot see."""
        rival = 1 - player
        history = state.actions_history
        lacks: set[float] = set()
        ends: list[float] = []
        for i, action in enumerate(history):
            if not ends:
                ends = list(action.tile)
            else:
                ends.remove(action.edge)
                ends.append(action.tile[0] if action.tile[0] != action.edge else action.tile[1])
            following = history[i + 1] if i + 1 < len(history) else None
            if action.player == player and following is not None and following.player == player:
                lacks.update(ends)
        if history and history[-1].player == player:  # and now it moves again
            lacks.update(ends)
        seen = {action.tile for action in history} | set(state.hands[player])
        unseen = [tile for tile in block_dominoes._DECK if tile not in seen]
        candidates = [tile for tile in unseen if tile[0] not in lacks and tile[1] not in lacks]
        size = block_dominoes._HAND_SIZE - sum(action.player == rival for action in history)
        return rival, size, candidates, unseen

    return resample


def timed(run: Callable[[], object]) -> float:
    start = perf_counter()
    run()
    return perf_counter() - start


def percentiles_ms(seconds: list[float]) -> dict[str, float]:
    """p50, p95 (linear between the closest ranks) and max, in milliseconds."""
    p95 = statistics.quantiles(seconds, n=20, method="inclusive")[18]
    return {
        "p50_ms": round(statistics.median(seconds) * 1000, 1),
        "p95_ms": round(p95 * 1000, 1),
        "max_ms": round(max(seconds) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument(
        "--decisions", type=int, default=60, help="decision points per preset (default 60)"
    )
    parser.add_argument(
        "--playout-seconds",
        type=float,
        default=0.2,
        help="master's time per decision when counting playouts (default 0.2)",
    )
    parser.add_argument(
        "--ismcts-simulations",
        type=int,
        default=300,
        help="open_spiel ISMCTS simulations per decision (default 300)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of every deal and move")
    args = parser.parse_args()
    if args.decisions < 2 or args.playout_seconds <= 0 or args.ismcts_simulations < 1:
        parser.error(
            "--decisions must be at least 2, --playout-seconds positive"
            " and --ismcts-simulations at least 1"
        )

    presets = {(preset, seats): Rules.for_preset(preset, seats=seats) for preset, seats in PLAYOUTS}
    views = {
        key: decision_views(rules, random.Random(args.seed), args.decisions)
        for key, rules in presets.items()
    }
    masters = {key: Bot(Level.MASTER, seed=args.seed) for key in TIMED}
    playout_budget = Budget(seconds=args.playout_seconds, max_deals=10**6)
    playout_rng = random.Random(args.seed)

    game = pyspiel.load_game(OPEN_SPIEL_GAME)
    states = decision_states(game, np.random.RandomState(args.seed), args.decisions)
    their_rng = np.random.RandomState(args.seed)
    their_bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=their_rng),
        UCT_C,
        max_simulations=args.ismcts_simulations,
        random_state=their_rng,
    )
    their_bot.set_resampler(block_resampler(random.Random(args.seed)))

    master_seconds: dict[tuple[str, int], list[float]] = {key: [] for key in TIMED}
    hint_seconds: dict[tuple[str, int], list[float]] = {key: [] for key in TIMED}
    playout_rates: dict[tuple[str, int], list[float]] = {key: [] for key in PLAYOUTS}
    deal_rates: dict[tuple[str, int], list[float]] = {key: [] for key in PLAYOUTS}
    solved: dict[tuple[str, int], list[float]] = {key: [] for key in PLAYOUTS}
    their_seconds: list[float] = []

    for index in range(args.decisions):
        for key in TIMED:
            view = views[key][index]
            master_seconds[key].append(timed(lambda: masters[key].choose(view)))  # noqa: B023
            hint_seconds[key].append(timed(lambda: hint(view)))  # noqa: B023
        for key in PLAYOUTS:
            knowledge = Knowledge.from_view(views[key][index])
            decision = decide(knowledge, playout_rng, playout_budget)
            playout_rates[key].append(decision.playouts / decision.seconds)
            deal_rates[key].append(decision.deals / decision.seconds)
            solved[key].append(decision.solved / decision.deals)
        state = states[index]
        their_seconds.append(timed(lambda: their_bot.step(state)))  # noqa: B023

    playouts_per_s = {key: round(statistics.median(rates)) for key, rates in playout_rates.items()}
    for key in PLAYOUTS:
        preset, seats = key
        line = {"bench": "bots.master", "preset": preset, "seats": seats}
        line["decisions"] = args.decisions
        if key in master_seconds:
            line |= percentiles_ms(master_seconds[key])
            line["budget"] = {
                "seconds": Budget().seconds,
                "max_deals": Budget().max_deals,
                "exact_nodes": Budget().exact_nodes,
            }
        line["playouts_per_s"] = playouts_per_s[key]
        line["deals_per_s"] = round(statistics.median(deal_rates[key]))
        line["solved_share"] = round(statistics.mean(solved[key]), 2)
        line["playout_seconds"] = args.playout_seconds
        print(json.dumps(line))
    for (preset, seats), seconds in hint_seconds.items():
        line = {"bench": "bots.hint", "preset": preset, "seats": seats}
        print(json.dumps(line | {"decisions": args.decisions} | percentiles_ms(seconds)))
    their_rate = statistics.median(args.ismcts_simulations / t for t in their_seconds)
    print(
        json.dumps(
            {
                "bench": "bots.open_spiel_ismcts",
                "game": OPEN_SPIEL_GAME,
                "version": importlib.metadata.version("open_spiel"),
                "decisions": args.decisions,
                "simulations": args.ismcts_simulations,
                "uct_c": UCT_C,
                **percentiles_ms(their_seconds),
                "simulations_per_s": round(their_rate),
            }
        )
    )
    print(
        json.dumps(
            {
                "bench": "bots",
                "master_p95_ms": {
                    preset: percentiles_ms(seconds)["p95_ms"]
                    for (preset, _), seconds in master_seconds.items()
                },
                "playouts_per_s": {preset: rate for (preset, _), rate in playouts_per_s.items()},
                "hint_p95_ms": {
                    preset: percentiles_ms(seconds)["p95_ms"]
                    for (preset, _), seconds in hint_seconds.items()
                },
                "open_spiel_simulations_per_s": round(their_rate),
                "ratio": round(playouts_per_s["block", 2] / their_rate, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
