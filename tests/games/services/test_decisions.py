"""What a change does is decided once (services.decide), with no database work, for both the
locked path and the one-statement path: the automatic draws and passes, the next version, the
deadline, whether the match finished and whether the computer is to move."""

from datetime import UTC, datetime, timedelta

import pytest

from games import services
from games.engine import Draw, Pass
from games.models import LogEntry
from tests.games.services.service_builders import a_forced_draw

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_the_forced_draws_are_applied_and_logged_at_the_next_versions_without_a_query(
    django_assert_num_queries,
):
    match = a_forced_draw()
    person = match.turn
    with django_assert_num_queries(0):
        outcome = services.decide(
            match,
            version=7,
            computer=set(),
            auto_pass=True,
            turn_seconds=60,
            grace_seconds=5,
            now=NOW,
        )
    assert outcome.entries, "the draw the person had no choice about was made for them"
    assert [entry.version for entry in outcome.entries] == list(range(8, 8 + len(outcome.entries)))
    assert outcome.version == 7 + len(outcome.entries)
    assert all(entry.kind == LogEntry.Kind.MOVE for entry in outcome.entries)
    assert all(entry.seat == person for entry in outcome.entries)
    assert all(set(entry.payload) & {"draw", "pass"} for entry in outcome.entries)
    assert (
        match.turn is None
        or len(match.legal_moves()) > 1
        or not isinstance(match.legal_moves()[0], Draw | Pass)
    )
    if match.turn is not None:
        assert outcome.deadline == NOW + timedelta(seconds=65)
        assert not outcome.computer_turn and not outcome.finished


def test_without_auto_pass_the_person_draws_for_themselves_on_their_clock():
    match = a_forced_draw()
    before = match.copy()
    outcome = services.decide(
        match,
        version=7,
        computer=set(),
        auto_pass=False,
        turn_seconds=60,
        grace_seconds=0,
        now=NOW,
    )
    assert outcome == services.Outcome(
        entries=(),
        version=7,
        seconds=60,
        deadline=NOW + timedelta(seconds=60),
        finished=False,
        computer_turn=False,
    )
    assert match.legal_moves() == before.legal_moves()


def test_the_computers_turn_has_the_sweeps_deadline_and_no_automatic_moves(settings):
    settings.BOT_PAUSE_SECONDS = 2
    match = a_forced_draw()
    outcome = services.decide(
        match,
        version=3,
        computer={match.turn},
        auto_pass=True,
        turn_seconds=None,
        grace_seconds=0,
        now=NOW,
    )
    seconds = 2 + services.COMPUTER_OVERDUE_SECONDS
    assert outcome == services.Outcome(
        (), 3, seconds, NOW + timedelta(seconds=seconds), False, True
    )
    assert outcome.starts_jobs


def test_a_hand_over_waits_for_the_next_deal_on_a_clock_and_without_one():
    match = a_forced_draw()
    while match.turn is not None:  # the hand played out: every move the first legal one
        match.apply(match.turn, match.legal_moves()[0])
    assert match.needs_deal or match.finished
    clocked = services.decide(
        match.copy(),
        version=9,
        computer=set(),
        auto_pass=False,
        turn_seconds=60,
        grace_seconds=0,
        now=NOW,
    )
    unclocked = services.decide(
        match.copy(),
        version=9,
        computer=set(),
        auto_pass=False,
        turn_seconds=None,
        grace_seconds=0,
        now=NOW,
    )
    assert unclocked.deadline is None and not unclocked.computer_turn
    if match.needs_deal:
        assert clocked.seconds == services.BETWEEN_HANDS_SECONDS
    assert clocked.finished == unclocked.finished == match.finished
