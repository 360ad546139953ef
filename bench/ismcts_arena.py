"""Master against open_spiel's ISMCTS on two-seat block hands: the other side of ``arena.py``.

One game is one hand of the ``block`` preset for two (7 tiles each, 14 set aside, a stuck seat
passes, the holder of the highest double opens with it), played on our engine and mirrored on
open_spiel's ``python_block_dominoes``, whose rules are the same but for the opening (there
player 0 opens with any tile: here player 0 is our opener and its first play is our forced
one). Each deal is played twice, A in either seat. ISMCTS is open_spiel's stock
``ISMCTSBot`` (UCT, random rollouts, ``--ismcts-simulations`` a move) with the resampler of
``bench/bots.py``. A won hand scores 1, a tied block 1/2, a lost hand 0.
"""

import random

import numpy as np
import pyspiel
from bots import OPEN_SPIEL_GAME, UCT_C, block_resampler
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import block_dominoes

from games.engine import Deal, Match, Move, Play, Rules, Tile
from games.engine.bots import Budget
from games.engine.bots.arena import Game, hash_seed, player

RULES = Rules.for_preset("block", seats=2)


def their_tile(tile: Tile) -> tuple[float, float]:
    return (float(tile.low), float(tile.high))


def their_action(player_id: int, tile: Tile, edge: int | None) -> int:
    side = None if edge is None else float(edge)
    action = block_dominoes.Action(player_id, their_tile(tile), side)
    return block_dominoes._ACTIONS_STR.index(str(action))


def our_move(match: Match, action: int) -> Move:
    chosen = block_dominoes._ACTIONS[action]
    tile = Tile(int(chosen.tile[0]), int(chosen.tile[1]))
    for move in match.legal_moves():
        if not isinstance(move, Play) or move.tile is not tile:
            continue
        if move.end is None or match.view_for(None).ends[move.end] == chosen.edge:
            return move
    raise AssertionError(f"ISMCTS chose {chosen}, not legal here")


def play_pair(a: str, *, seed: int, index: int, budget: Budget, simulations: int) -> list[Game]:
    """Deal ``index`` played twice: A in seat 0, then in seat 1, ISMCTS in the other."""
    game = pyspiel.load_game(OPEN_SPIEL_GAME)
    games = []
    for rotation in range(2):
        deal = Deal.shuffled(RULES, random.Random(f"deals:{seed}:{index}"))
        match = Match(RULES)
        match.start_hand(deal)
        opener = match.view_for(None).opener
        assert opener is not None
        state = game.new_initial_state()
        for p in range(2):
            for tile in deal.hands[(opener + p) % 2]:
                state.apply_action(block_dominoes._DECK.index(their_tile(tile)))
        ours = player(a, seed=hash_seed(f"bot:{seed}:{index}:{rotation}"), budget=budget)
        their_rng = np.random.RandomState(hash_seed(f"ismcts:{seed}:{index}:{rotation}") % 2**32)
        theirs = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=their_rng),
            UCT_C,
            max_simulations=simulations,
            random_state=their_rng,
        )
        theirs.set_resampler(block_resampler(random.Random(hash_seed(f"resample:{seed}:{index}"))))
        while match.turn is not None:
            seat = match.turn
            legal = match.legal_moves()
            if len(legal) == 1:
                move = legal[0]
            elif seat == rotation:
                move = ours.choose(match.view_for(seat))
            else:
                move = our_move(match, theirs.step(state))
            if isinstance(move, Play):
                edge = None if move.end is None else match.view_for(None).ends[move.end]
                state.apply_action(their_action((seat - opener) % 2, move.tile, edge))
            match.apply(seat, move)
        assert state.is_terminal()
        report = match.reports[-1]
        score = 0.5 if not report.winners else float(report.winners == (rotation,))
        games.append(
            Game(
                index=index,
                rotation=rotation,
                a_score=score,
                a_points=report.points[rotation],
                b_points=report.points[1 - rotation],
                hands=1,
            )
        )
    return games
