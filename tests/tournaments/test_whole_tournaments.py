"""Whole tournaments played through the services on PostgreSQL, the entrants' moves chosen by
computer players: byes, a forfeit by check-in, a champion; and a check-in nobody attends."""

import pytest
from factories import make_user
from tournament_play import (
    check_in_both,
    checking_in,
    end_check_in_window,
    make_host,
    play_out,
    tournament_with,
)

from billing import plans
from games import services as games
from games.models import Table
from tournaments import pairing, selectors, services
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import TournamentError
from tournaments.services import results as recording

# Real commits: match results arrive through games.signals.match_finished, sent on commit.
pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

Status = TournamentMatch.Status


@pytest.fixture
def club_plan(monkeypatch):
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)


def play_everything(tournament: Tournament) -> None:
    """Check both players in and play out every match that opens, until the tournament ends."""
    while True:
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.RUNNING:
            return
        opened = checking_in(tournament)
        assert opened, "a running tournament always has a match to check in to"
        for match in opened:
            play_out(check_in_both(match))


def assert_undefeated_champion(tournament: Tournament) -> None:
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    final = tournament.matches.order_by("-round").first()
    assert tournament.champion == final.winner
    champion_matches = [
        m for m in tournament.matches.all() if tournament.champion_id in (m.first_id, m.second_id)
    ]
    assert all(m.winner_id == tournament.champion_id for m in champion_matches)


def test_seven_entrants_play_a_bracket_with_a_bye_and_a_check_in_forfeit():
    tournament, players = tournament_with(7, scoring="target", match_length=50)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.seed is not None and tournament.status == Tournament.Status.RUNNING
    first_round = list(tournament.matches.filter(round=1))
    assert len(first_round) == 4
    # The stored seed redraws the same bracket.
    ids = sorted(tournament.entrants.values_list("pk", flat=True))
    assert [(p.first, p.second) for p in pairing.first_round(ids, tournament.seed)] == [
        (m.first_id, m.second_id) for m in first_round
    ]
    (bye,) = [m for m in first_round if m.status == Status.BYE]
    assert bye.second is None and bye.winner == bye.first and bye.table is None

    # One match: only the first player says "I'm ready"; the deadline sweep (the same one as
    # the tables' turn deadlines) closes the window and that player advances by forfeit.
    forfeited = checking_in(tournament)[0]
    services.check_in(player=forfeited.first.user, match_id=forfeited.pk)
    end_check_in_window(forfeited)
    assert games.sweep_deadlines() == 1
    forfeited.refresh_from_db()
    assert (forfeited.status, forfeited.winner, forfeited.by_forfeit) == (
        Status.FINISHED,
        forfeited.first,
        True,
    )
    assert forfeited.table is None

    play_everything(tournament)
    assert_undefeated_champion(tournament)
    assert [tournament.matches.filter(round=n).count() for n in (1, 2, 3)] == [4, 2, 1]
    # Winners were paired: every later match is between winners of the round before.
    for match in tournament.matches.filter(round__gt=1):
        feeders = tournament.matches.filter(
            round=match.round - 1, slot__in=[2 * match.slot, 2 * match.slot + 1]
        )
        assert {m.winner_id for m in feeders} == {match.first_id, match.second_id}
    # A bye and a check-in forfeit are played at no table: nothing for statistics.
    played = tournament.matches.exclude(table=None)
    assert played.count() == 7 - 1 - 1  # seven match rows, less the bye and the forfeit
    assert Table.objects.count() == played.count()
    assert all(m.table.finished for m in played)


def test_twelve_entrants_play_a_bracket_with_four_byes(club_plan):
    tournament, _ = tournament_with(12, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    assert tournament.matches.filter(round=1, status=Status.BYE).count() == 4
    play_everything(tournament)
    assert_undefeated_champion(tournament)
    assert [tournament.matches.filter(round=n).count() for n in (1, 2, 3, 4)] == [8, 4, 2, 1]
    assert Table.objects.count() == 11  # twelve entrants, one champion: eleven defeats


def test_seven_entrants_play_a_round_robin_with_rest_rounds():
    tournament, players = tournament_with(
        7, format="round_robin", scoring="best_of", match_length=1
    )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    assert tournament.matches.filter(round=1, status=Status.REST).count() == 1
    assert tournament.matches.filter(round=2, status=Status.WAITING).count() == 3
    # Round 2 opens only once round 1 is complete.
    first, *rest = checking_in(tournament)
    for match in rest:
        play_out(check_in_both(match))
    assert (
        not tournament.matches.filter(round=2)
        .exclude(status__in=[Status.WAITING, Status.REST])
        .exists()
    )
    play_out(check_in_both(first))
    assert tournament.matches.filter(round=2, status=Status.CHECK_IN).count() == 3

    play_everything(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Table.objects.count() == 21  # everyone met everyone once
    table = selectors.standings(tournament)
    assert tournament.champion == table[0].entrant
    assert all(row.played == 6 for row in table)  # seven rounds, one rest each
    assert sum(row.wins for row in table) == 21  # a rest is never a win


def test_twelve_entrants_play_a_round_robin_without_rests(club_plan):
    tournament, _ = tournament_with(12, format="round_robin", scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    assert not tournament.matches.filter(status=Status.REST).exists()
    play_everything(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.matches.values("round").distinct().count() == 11
    assert Table.objects.count() == 66
    table = selectors.standings(tournament)
    assert tournament.champion == table[0].entrant
    assert all(row.played == 11 for row in table)


def test_when_neither_player_checks_in_the_tournament_is_cancelled():
    tournament, _ = tournament_with(4, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    absent, playing = checking_in(tournament)
    table = check_in_both(playing)
    end_check_in_window(absent)
    assert services.close_check_in(match_id=absent.pk) is True
    assert services.close_check_in(match_id=absent.pk) is False  # a second run does nothing
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    assert "Neither player checked in" in tournament.cancelled_reason
    assert tournament.champion is None
    absent.refresh_from_db()
    assert absent.winner is None and absent.status == Status.CANCELLED
    # The table already in play ends without counting for the cancelled tournament.
    play_out(table)
    playing.refresh_from_db()
    assert playing.status == Status.CANCELLED and playing.winner is None
    assert tournament.matches.filter(round=2).count() == 0


def test_check_in_jobs_and_results_apply_once():
    tournament, _ = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    assert services.close_check_in(match_id=match.pk) is False  # early: the window is open
    table = check_in_both(match)
    play_out(table)
    assert services.record_table_result(public_id=table.public_id) is False  # heard already
    tournament.refresh_from_db()
    match.refresh_from_db()
    assert tournament.champion == match.winner
    with pytest.raises(TournamentError):
        services.check_in(player=match.first.user, match_id=match.pk)


def test_a_clock_forfeit_at_the_table_decides_the_match():
    tournament, _ = tournament_with(2, scoring="target", match_length=100)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    table = check_in_both(match)
    table.refresh_from_db()
    Table.objects.filter(pk=table.pk).update(deadline=table.deadline.replace(year=2000))
    assert games.sweep_deadlines() == 1
    match.refresh_from_db()
    table.refresh_from_db()
    loser = match.first if table.forfeited_by == 0 else match.second
    assert match.by_forfeit and match.winner != loser and match.status == Status.FINISHED


# --- entrants and the plan limit ------------------------------------------------------------
def test_the_free_plan_limit_is_enforced_with_a_clear_message():
    """The player reads that it is full; the host reads the plan and its way up (an
    invitation holds a place: the eleventh's is refused)."""
    tournament, players = tournament_with(10)
    extra = make_user("eleventh")
    with pytest.raises(TournamentError, match="Free allows 10 players"):
        services.invite(host=tournament.host, public_id=tournament.public_id, user=extra)
    with pytest.raises(TournamentError, match="This tournament is full."):
        services.join(player=extra, public_id=tournament.public_id)
    assert not Entrant.objects.filter(user=extra).exists()


def test_only_confirmed_entrants_play():
    tournament, players = tournament_with(3)
    asked = make_user("asker")
    services.join(player=asked, public_id=tournament.public_id)  # asked; the host never confirms
    invited = make_user("invited")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=invited)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    in_matches = {
        e for m in tournament.matches.all() for e in (m.first.user, m.second and m.second.user)
    }
    assert in_matches - {None} == set(players)


def test_a_player_who_asked_is_confirmed_by_the_host():
    tournament, _ = tournament_with(1)
    asked = make_user("asker")
    entrant = services.join(player=asked, public_id=tournament.public_id)
    assert entrant.status == Entrant.Status.REQUESTED
    services.confirm_entrant(
        host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk
    )
    entrant.refresh_from_db()
    assert entrant.status == Entrant.Status.CONFIRMED


def test_only_the_host_manages_a_tournament():
    tournament, players = tournament_with(2)
    other_host = make_host("other")
    for attempt in (
        lambda: services.start_tournament(host=other_host, public_id=tournament.public_id),
        lambda: services.cancel_tournament(user=players[0], public_id=tournament.public_id),
        lambda: services.invite(host=players[0], public_id=tournament.public_id, user=other_host),
    ):
        with pytest.raises(services.NotYourTournament):
            attempt()
    with pytest.raises(TournamentError, match="Only tournament hosts"):
        services.create_tournament(host=players[0], name="Mine")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


def test_bad_settings_are_refused():
    host = make_host()
    with pytest.raises(TournamentError, match="Best of is from 1 to 5 hands."):
        services.create_tournament(host=host, name="Cup", scoring="best_of", match_length=7)
    with pytest.raises(TournamentError, match="name"):
        services.create_tournament(host=host, name="  ")
    assert not Tournament.objects.exists()


def test_a_rematch_needs_every_entrant():
    tournament, players = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    play_everything(tournament)
    services.opt_in_rematch(player=players[0], public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.rematch is None
    services.opt_in_rematch(player=players[1], public_id=tournament.public_id)
    tournament.refresh_from_db()
    twin = tournament.rematch
    assert twin.status == Tournament.Status.DRAFT and twin.host == tournament.host
    assert {e.user for e in twin.entrants.filter(status=Entrant.Status.CONFIRMED)} == set(players)
    with pytest.raises(TournamentError):
        services.opt_in_rematch(player=make_user("stranger"), public_id=tournament.public_id)


def test_a_result_that_failed_to_record_is_recorded_by_the_sweep(monkeypatch, caplog):
    tournament, _ = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    table = check_in_both(match)

    def broken(**kwargs):
        raise RuntimeError("the tournament side failed")

    with monkeypatch.context() as patched:
        patched.setattr(recording, "record_table_result", broken)
        play_out(table)  # the last move goes through for the players all the same
    assert "recording the tournament result" in caplog.text
    match.refresh_from_db()
    assert match.status == Status.PLAYING
    assert games.sweep_deadlines() == 1
    match.refresh_from_db()
    tournament.refresh_from_db()
    assert match.status == Status.FINISHED and tournament.champion == match.winner
    assert games.sweep_deadlines() == 0
