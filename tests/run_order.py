"""The order in which the parallel pass of scripts/run-tests.sh hands out test files.

pytest-xdist's ``--dist loadfile`` keeps a file in one process and hands the files out in the
order collected (``--no-loadscope-reorder``; by default it sorts them by their number of
tests, which put the long files of one or two tests last). A process that takes a long file at
the end runs alone while the other has nothing left: so the long files go first, longest first,
and the many short ones fill in behind them (the longest-processing-time rule).

>>> class Item:
...     def __init__(self, nodeid):
...         self.nodeid = nodeid
>>> items = [Item("a.py::one"), Item("c.py::two"), Item("b.py::three"), Item("a.py::four")]
>>> long_files_first(items, long_files=["b.py", "c.py"])
>>> [item.nodeid for item in items]
['b.py::three', 'c.py::two', 'a.py::one', 'a.py::four']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: Files that took a minute or more in one process of the parallel pass, longest first (per-file
#: sums of --durations, 2026-12-06, at load 10 on the shared 2-core machine). A file missing
#: here only starts later; measure again when a file grows.
LONG_FILES = (
    "tests/test_odd_values_urls_site.py",
    "tests/test_odd_values_urls_admin.py",
    "tests/test_odd_values_urls_tournaments.py",
    "tests/records/test_coach.py",
    "tests/tournaments/test_whole_tournaments.py",
    "tests/games/test_hidden_information_audit.py",
    "tests/browser/test_table_fits.py",
    "tests/browser/test_pages_in_spanish_and_portuguese.py",
    "tests/browser/test_table_senses.py",
    "tests/browser/test_billing_upgrade.py",
    "tests/test_hostile_requests.py",
    "tests/test_replay_command.py",
    "tests/browser/test_stats_replay.py",
    "tests/browser/test_table_play.py",
    "tests/browser/test_table_fits_a_phone_more_seats.py",
    "tests/browser/test_table_fits_a_phone_two_seats.py",
    "tests/browser/test_accounts.py",
    "tests/browser/test_felt_space.py",
    "tests/browser/test_table_popovers.py",
    "tests/browser/test_fair_play_buttons.py",
    "tests/tournaments/test_host_actions.py",
    "tests/browser/test_front_door.py",
    "tests/tournaments/test_tournament_results.py",
    "tests/games/test_hostile_messages.py",
)


class _Item(Protocol):
    nodeid: str


def long_files_first(items: list[_Item], long_files: Sequence[str] = LONG_FILES) -> None:
    """Sorts ``items`` in place: the tests of ``long_files`` first, in that order; every other
    test after them, in the order collected."""
    rank = {path: index for index, path in enumerate(long_files)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
