"""bench/arena.py --results: the matches of a run accumulate in a file, a later run plays only
the ones not there, and the tally is the one a single long run gives (the same deals)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
QUICK = ["--a", "medium", "--b", "easy", "--rules", '{"match": {"target": 25}}', "--jobs", "1"]


def arena(*args: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "bench/arena.py", *QUICK, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_a_later_run_adds_to_the_kept_matches_and_sums_up_all(tmp_path):
    kept = tmp_path / "results" / "arena.jsonl"  # its folder made by the first run
    first = arena("--matches", "2", "--results", str(kept))
    assert len(kept.read_text().splitlines()) == 2
    later = arena("--matches", "3", "--results", str(kept))
    assert later[0] == {"bench": "arena.kept", "matches": 2, "to_play": 1}
    assert len(kept.read_text().splitlines()) == 3

    whole = arena("--matches", "3")[-1]
    for field in ("matches", "a_win_rate", "ci95", "a_points_per_match", "b_points_per_match"):
        assert later[-1][field] == whole[field], field
    assert first[-1]["matches"] == 4  # two matches, each once per rotation of the sides
    other = arena("--matches", "1", "--seed", "2", "--results", str(kept))
    assert other[0]["bench"] != "arena.kept", "another seed is other games: a tally of its own"
