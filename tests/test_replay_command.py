"""`python manage.py replay FILE...`: the engine's public contract on the command line."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import Deal, Match, Rules, export

ROOT = Path(__file__).resolve().parent.parent


def run_replay(*files: Path | str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def finished_record() -> dict:
    rules = Rules.for_preset("classic", seats=2, match={"target": 25})
    rng = random.Random(11)
    match = Match(rules)
    while not match.finished:
        match.start_hand(Deal.shuffled(rules, rng))
        while match.turn is not None:
            match.apply(match.turn, rng.choice(match.legal_moves()))
    return export(match)


def test_prints_one_line_per_file_and_exits_0_when_all_are_readable(tmp_path, finished_record):
    good = tmp_path / "a.json"
    good.write_text(json.dumps(finished_record))
    illegal = dict(finished_record, hands=[json.loads(json.dumps(finished_record["hands"][0]))])
    illegal["hands"][0]["moves"][1] = {"seat": 7, "pass": True}
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps(illegal))

    done = run_replay(good, bad)

    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert list(first) == ["file", "ok", "hands", "match"]
    assert first["file"] == str(good) and first["ok"] is True
    assert first["match"]["finished"] is True
    assert first["match"]["scores"] == first["hands"][-1]["scores"]
    assert max(first["match"]["scores"]) >= 25
    assert second["ok"] is False
    assert second["error"]["hand"] == 0 and second["error"]["move"] == 1
    assert second["error"]["reason"].startswith("it is seat")
    assert second["hands"] == []
    assert second["match"] == {"finished": False, "winners": [], "scores": [0, 0]}


def test_the_documented_reason_for_a_tile_that_does_not_fit(tmp_path):
    rules = {"preset": "draw", "seats": 2}
    hands = [
        ["6-6", "6-4", "5-5", "3-3", "2-2", "1-1", "0-0"],
        ["6-2", "5-4", "4-4", "3-2", "2-1", "1-0", "5-0"],
    ]
    dealt = {tile for hand in hands for tile in hand}
    boneyard = [f"{a}-{b}" for a in range(7) for b in range(a + 1) if f"{a}-{b}" not in dealt]
    record = {
        "format": "dominoes-record/1",
        "rules": rules,
        "hands": [
            {
                "deal": {"hands": hands, "boneyard": boneyard},
                "moves": [
                    {"seat": 0, "play": "6-6"},
                    {"seat": 1, "play": "6-2", "end": "right"},
                    {"seat": 0, "play": "6-4", "end": "left"},
                    {"seat": 1, "play": "6-2", "end": "left"},
                ],
            }
        ],
    }
    path = tmp_path / "b.json"
    path.write_text(json.dumps(record))

    (line,) = run_replay(path).stdout.splitlines()

    assert json.loads(line)["error"] == {
        "hand": 0,
        "move": 3,
        "reason": "6-2 is not in seat 1's hand",
    }
    record["hands"][0]["moves"][3] = {"seat": 1, "play": "5-0", "end": "left"}
    path.write_text(json.dumps(record))
    (line,) = run_replay(path).stdout.splitlines()
    assert json.loads(line)["error"]["reason"] == "5-0 does not fit the left end (4)"


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        json.dumps({"format": "dominoes-record/2", "rules": {}, "hands": []}),
        json.dumps({"format": "dominoes-record/1", "rules": {"preset": "x", "seats": 2}}),
        json.dumps({"format": "dominoes-record/1", "rules": {"preset": "draw", "seats": 2}}),
    ],
)
def test_exits_2_when_a_file_is_not_a_readable_record(tmp_path, finished_record, content):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record))
    unreadable = tmp_path / "unreadable.json"
    unreadable.write_text(content)

    done = run_replay(good, unreadable)

    assert done.returncode == 2
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["ok"] is True
    assert second["ok"] is False
    assert second["error"]["hand"] is None and second["error"]["move"] is None


def test_a_missing_file_is_not_readable(tmp_path):
    done = run_replay(tmp_path / "missing.json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["reason"].startswith("cannot read the file")
