"""Telling people (issue 23, point 4): each tournament event's notification, in the bell and
by email (sent by the mail job with retries after the commit; the test mailer is immediate)."""

from datetime import timedelta

import django_rq
import pytest
from django.core import mail
from django.utils import timezone
from factories import make_user
from rq.job import Job
from tournament_play import (
    check_in_both,
    checking_in,
    end_check_in_window,
    make_host,
    play_out,
    settings_of,
    tournament_with,
)

from accounts.selectors import display_name
from games.models import LogEntry
from notifications.models import Notification
from tournaments import notices, services
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

Kind = Notification.Kind


def told(user, kind) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=kind))


def mailed(user) -> list:
    return [message for message in mail.outbox if message.to == [user.email]]


def test_an_invited_player_with_an_account_is_told_and_emailed():
    host = make_host()
    tournament = services.create_tournament(host=host, name="Spring cup")
    ann = make_user("ann")
    services.invite(host=host, public_id=tournament.public_id, user=ann)
    (note,) = told(ann, Kind.INVITED)
    assert note.title == f"{display_name(host)} invites you to Spring cup"
    assert note.link == f"/tournaments/{tournament.public_id}/"
    assert [m.subject for m in mailed(ann)] == [note.title]
    services.invite(host=host, public_id=tournament.public_id, user=ann)  # again: told once
    assert len(told(ann, Kind.INVITED)) == 1


def test_a_request_accepted_or_declined_is_told_to_the_player_who_asked():
    host = make_host()
    tournament = services.create_tournament(host=host, name="Spring cup")
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    entries = {p: services.join(player=p, public_id=tournament.public_id) for p in (ann, bob, cy)}
    services.confirm_entrant(host=host, public_id=tournament.public_id, entrant_id=entries[ann].pk)
    services.remove_entrant(user=host, public_id=tournament.public_id, entrant_id=entries[bob].pk)
    services.remove_entrant(user=cy, public_id=tournament.public_id, entrant_id=entries[cy].pk)
    assert [n.title for n in told(ann, Kind.ACCEPTED)] == ["You are in Spring cup"]
    assert [n.title for n in told(bob, Kind.DECLINED)] == ["Your entry to Spring cup was declined"]
    assert not told(cy, Kind.DECLINED)  # withdrew: nobody declined them
    assert mailed(ann) and mailed(bob) and not mailed(cy)


def test_a_request_the_host_accepts_by_inviting_is_told_accepted():
    host = make_host()
    tournament = services.create_tournament(host=host, name="Spring cup")
    ann = make_user("ann")
    services.join(player=ann, public_id=tournament.public_id)
    services.invite(host=host, public_id=tournament.public_id, user=ann)
    assert len(told(ann, Kind.ACCEPTED)) == 1
    assert not told(ann, Kind.INVITED)


def test_starting_soon_tells_the_confirmed_entrants_until_it_starts():
    tournament, players = tournament_with(2)
    waiting = make_user("waiting")
    services.join(player=waiting, public_id=tournament.public_id)  # asked, not confirmed
    assert notices.starting_soon(tournament_id=tournament.pk, minutes=15) == 2
    for player in players:
        (note,) = told(player, Kind.STARTING)
        assert note.title == "Spring cup starts in 15 minutes"
    assert not told(waiting, Kind.STARTING)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    assert notices.starting_soon(tournament_id=tournament.pk) == 0


def test_a_start_time_schedules_the_starting_soon_notice_for_that_start_only(settings):
    tournament, players = tournament_with(2)
    settings.JOBS_BACKEND = "rq"
    scheduled = django_rq.get_queue("deadlines").scheduled_job_registry
    before = set(scheduled.get_job_ids())
    starts = timezone.now() + timedelta(hours=1)
    services.update_tournament(**settings_of(tournament, starts_at=starts))
    (job_id,) = set(scheduled.get_job_ids()) - before
    job = Job.fetch(job_id, connection=scheduled.connection)
    try:
        assert job.func_name == "tournaments.services.rounds.tell_starting_soon"
        assert job.kwargs == {"public_id": tournament.public_id, "starts_at": starts.isoformat()}
        assert (scheduled.get_scheduled_time(job) - timezone.now()).total_seconds() > 44 * 60
        # run early (an hour before the start): nothing said
        assert services.tell_starting_soon(**job.kwargs) == 0
        # on time: the confirmed entrants are told
        Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
        tournament.refresh_from_db()
        on_time = {"public_id": tournament.public_id, "starts_at": tournament.starts_at.isoformat()}
        assert services.tell_starting_soon(**on_time) == 2
        for player in players:
            (note,) = told(player, Kind.STARTING)
            assert note.title == "Spring cup starts in 15 minutes"
        # the job of a start moved since says nothing
        assert services.tell_starting_soon(**job.kwargs) == 0
    finally:
        scheduled.remove(job, delete_job=True)


def test_check_in_open_tells_both_players_with_the_link_and_the_bye_nobody():
    tournament, players = tournament_with(3)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    playing = {match.first.user, match.second.user}
    (resting,) = set(players) - playing
    for player in playing:
        (note,) = told(player, Kind.CHECK_IN)
        assert note.title == "Check in now: round 1 of Spring cup"
        assert note.link == f"/tournaments/{tournament.public_id}/#my-match"  # "I'm ready"
        (opponent,) = playing - {player}
        assert f"Your match against {display_name(opponent)}" in note.body
        (message,) = [m for m in mailed(player) if m.subject == note.title]
        assert f"http://localhost:8000/tournaments/{tournament.public_id}/#my-match" in message.body
    assert not told(resting, Kind.CHECK_IN)


def test_results_and_the_champion_are_told_in_the_matchs_own_terms():
    tournament, players = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    table = check_in_both(match)
    play_out(table)
    match.refresh_from_db()
    tournament.refresh_from_db()
    winner, loser = (match.first, match.second)
    if match.winner_id != winner.pk:
        winner, loser = loser, winner
    (won,) = told(winner.user, Kind.RESULT)
    (lost,) = told(loser.user, Kind.RESULT)
    # two players: their one match is the bracket's final, named so (issue 35, 24)
    assert won.title == f"You beat {display_name(loser.user)} in the final of Spring cup"
    assert lost.title == f"{display_name(winner.user)} beat you in the final of Spring cup"
    assert won.body == "1–0 in hands."
    assert lost.body == "0–1 in hands."
    assert [n.title for n in told(winner.user, Kind.CHAMPION)] == [
        "You are the champion of Spring cup!"
    ]
    assert [n.title for n in told(loser.user, Kind.CHAMPION)] == [
        f"{display_name(winner.user)} is the champion of Spring cup"
    ]
    # Nothing from inside the game: no deal's seed, no tile, in any notification or email.
    seeds = [e.payload["seed"] for e in LogEntry.objects.filter(table=table, kind="deal")]
    said = [n.title + n.body for n in Notification.objects.all()] + [
        m.subject + m.body for m in mail.outbox
    ]
    assert not any(seed in text for seed in seeds for text in said)
    assert not any("[" in text or "|" in text for text in said)  # tiles read "[6|4]"


def test_a_forfeit_by_check_in_is_told_as_a_forfeit():
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    services.check_in(player=match.first.user, match_id=match.pk)
    end_check_in_window(match)
    services.close_check_in(match_id=match.pk)
    for player in players:
        (note,) = told(player, Kind.RESULT)
        assert note.body == "By forfeit."
    assert Tournament.objects.get(pk=tournament.pk).champion == match.first


def test_the_hosts_notice_rings_the_bell_and_is_emailed_once():
    tournament, players = tournament_with(2)
    services.send_notice(
        host=tournament.host, public_id=tournament.public_id, text="Table 4", address="203.0.113.9"
    )
    for player in players:
        (note,) = told(player, Kind.NOTICE)
        assert note.body == "Table 4"
        assert len(mailed(player)) == 2  # the invitation, then the notice: not twice
