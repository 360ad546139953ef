"""The engine's replay report against an independent referee written from docs/rules.md alone.

`tests/reference_referee.py` is a deliberately plain second implementation of the replay
contract. Both replay the same random records, finished, cut short and damaged (forged tiles,
wrong seats and ends, extra and missing moves, bad deals, unreadable rules); their reports must
agree on everything but the wording of the reason.
"""

import random

import engine_builders as built
import pytest
from hypothesis import given, settings
from random_play import random_record, seeds
from reference_referee import replay_record

from games.engine import replay


def comparable(report: dict, *, readable: bool) -> dict:
    report = {key: value for key, value in report.items() if key != "readable"}
    if "error" in report:
        report["error"] = {k: v for k, v in report["error"].items() if k != "reason"}
    if not readable:
        # docs/rules.md#unreadable-records fixes only ok and the error's position for an
        # unreadable record.
        report["match"] = {**report["match"], "scores": None}
    return report


@settings(max_examples=400, deadline=None)
@given(seed=seeds)
def test_engine_and_reference_referee_agree(seed):
    record = random_record(random.Random(seed))
    ours = replay(record)
    theirs = replay_record(record)
    assert ours.readable == theirs["readable"]
    assert comparable(ours.to_json(), readable=ours.readable) == comparable(
        theirs, readable=theirs["readable"]
    )


LA, PR, DO = ({"preset": name, "seats": 4} for name in ("latin", "puerto_rican", "dominican"))
#: The worked examples of VARIANTS.md sections 2-4 (engine_builders.py), under their rules.
WORKED = {
    "latin spanish": ({**LA, "spanish_federation": True}, built.BL4_HANDS, built.FOUR_MOVES),
    "latin opener_team": ({**LA, "tied_block": "opener_team"}, built.BT4_HANDS, built.FOUR_MOVES),
    "pr capicu": (PR, built.CAP_HANDS, built.CAP_MOVES),
    "pr no capicu": (PR, built.NOCAP_HANDS, built.NOCAP_MOVES),
    "pr chuchazo": (PR, built.CHUCHA_HANDS, built.CHUCHA_MOVES),
    "pr block 0-0": ({**PR, "tranque_bonus": 100}, built.BLOCK00_HANDS, built.BLOCK00_MOVES),
    "pr two": ({**PR, "seats": 2}, built.PR2_HANDS, built.PR2_MOVES),
    "do salida": (DO, built.SALIDA_HANDS, built.SALIDA_MOVES),
    "do corrido": (DO, built.CORRIDO_HANDS, built.CORRIDO_MOVES),
    "do corrido out": (DO, built.CORRIDO_OUT_HANDS, built.CORRIDO_OUT_MOVES),
    "do tie": (DO, built.TIE42_HANDS, built.TIE42_MOVES),
    "do vs next": ({**DO, "block_winner": "blocker_vs_next"}, built.VN4_HANDS, built.FOUR_MOVES),
    "do sized": ({**DO, "bonus_size": 30}, built.CAP_HANDS, built.CAP_MOVES),
}


@pytest.mark.parametrize("case", WORKED)
def test_engine_and_reference_referee_agree_on_the_worked_examples(case):
    rules, hands, moves = WORKED[case]
    record = built.record(rules, built.hand(hands, moves))
    ours = replay(record).to_json()
    assert ours["ok"] and ours["hands"][0]["result"]
    assert {**ours, "readable": True} == replay_record(record)
