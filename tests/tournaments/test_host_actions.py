"""The host's actions on a tournament under way (issue 23, 1): the automatic start at the
start time, replacing an entrant before the start or a no-show at check-in, and overriding a
result with a reason (the standings, the bracket and the champion follow). Each refuses
anyone but the host, in words, and a refusal changes nothing."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from factories import make_user
from tournament_play import (
    check_in_both,
    checking_in,
    end_check_in_window,
    make_host,
    play_out,
    settings_of,
    signed_up,
    tournament_with,
)

from accounts.selectors import display_name
from tournaments import selectors, services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def auto_starting(count: int, **settings) -> Tournament:
    """A tournament set to start by itself tomorrow, then moved to a start a second ago."""
    tournament, _ = tournament_with(count, **settings)
    tomorrow = timezone.now() + timedelta(days=1)
    services.update_tournament(**settings_of(tournament, starts_at=tomorrow, auto_start=True))
    Tournament.objects.filter(pk=tournament.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1)
    )
    return tournament


# --- the automatic start ---------------------------------------------------------------------
def test_the_job_does_nothing_before_the_start_time():
    tournament, _ = tournament_with(2)
    soon = timezone.now() + timedelta(hours=1)
    # the inline job runs at once: too early
    services.update_tournament(**settings_of(tournament, starts_at=soon, auto_start=True))
    assert not services.start_when_due(public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


def test_a_tournament_starts_by_itself_at_its_start_time_once(mailoutbox):
    tournament = auto_starting(4)
    assert services.start_when_due(public_id=tournament.public_id)
    assert not services.start_when_due(public_id=tournament.public_id)  # a job run twice
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.seed is not None
    assert len(checking_in(tournament)) == 2
    started = [m for m in mailoutbox if m.subject == "Spring cup has started"]
    assert sorted(m.to[0] for m in started) == [f"player{i}@example.com" for i in range(4)]


def test_the_sweep_starts_a_tournament_whose_job_was_lost():
    tournament = auto_starting(2)
    assert services.sweep_tournaments() >= 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_opening_the_page_starts_a_tournament_that_is_due(client):
    tournament = auto_starting(2)
    client.get(f"/tournaments/{tournament.public_id}/")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_a_start_that_cannot_happen_tells_the_host_and_waits_for_them(mailoutbox):
    tournament = auto_starting(1)
    assert not services.start_when_due(public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT and not tournament.auto_start
    assert tournament.auto_start_refusal == "A tournament needs at least two confirmed entrants."
    (mail,) = [m for m in mailoutbox if m.to == ["host@example.com"]]
    assert "could not start" in mail.body and "two confirmed entrants" in mail.body
    assert services.sweep_tournaments() == 0  # not tried again and again


def test_a_cancelled_or_hand_started_tournament_is_not_started_again():
    tournament = auto_starting(2)
    services.cancel_tournament(user=tournament.host, public_id=tournament.public_id, reason="Rain")
    assert not services.start_when_due(public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED


# --- replacing an entrant before the start --------------------------------------------------
def test_the_host_replaces_an_entrant_before_the_start(mailoutbox):
    tournament, players = tournament_with(3)
    substitute = make_user("sub")
    entrant = tournament.entrants.get(user=players[0])
    mailoutbox.clear()  # the entries' own notices
    services.replace_entrant(
        host=tournament.host,
        public_id=tournament.public_id,
        entrant_id=entrant.pk,
        email="SUB@example.com",
    )
    entrant.refresh_from_db()
    assert entrant.user == substitute and entrant.status == "confirmed"
    assert not tournament.entrants.filter(user=players[0]).exists()
    assert {m.to[0] for m in mailoutbox} == {"sub@example.com", "player0@example.com"}


@pytest.mark.parametrize(
    ("email", "refusal"),
    [
        ("", "Give the substitute's email address."),
        ("not an address", "not an address is not an email address."),
        ("player1@example.com", "player1@example.com is in this tournament already."),
    ],
)
def test_a_replacement_needs_an_address_of_someone_not_in_it(email, refusal):
    tournament, players = tournament_with(2)
    entrant = tournament.entrants.get(user=players[0])
    with pytest.raises(services.TournamentError, match=refusal):
        services.replace_entrant(
            host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk, email=email
        )
    entrant.refresh_from_db()
    assert entrant.user == players[0]


def test_only_its_host_replaces_and_before_the_start_only():
    tournament, players = tournament_with(2)
    make_user("sub")
    entrant = tournament.entrants.get(user=players[0])
    for someone in (make_host("other"), players[1]):
        with pytest.raises(services.NotYourTournament):
            services.replace_entrant(
                host=someone,
                public_id=tournament.public_id,
                entrant_id=entrant.pk,
                email="sub@example.com",
            )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    with pytest.raises(services.TournamentError, match="replace a player who does not check in"):
        services.replace_entrant(
            host=tournament.host,
            public_id=tournament.public_id,
            entrant_id=entrant.pk,
            email="sub@example.com",
        )
    entrant.refresh_from_db()
    assert entrant.user == players[0]


# --- replacing by a newcomer (no account): the emailed link takes the place ------------------
def emailed_token(mailoutbox, address: str) -> str:
    (message,) = [m for m in mailoutbox if m.to == [address] and "/invitations/" in m.body]
    return re.search(r"/invitations/([\w-]+)/", message.body).group(1)


def test_the_host_replaces_an_entrant_by_a_newcomer_who_signs_up_from_the_link(mailoutbox):
    tournament, players = tournament_with(3)
    entrant = tournament.entrants.get(user=players[0])
    mailoutbox.clear()
    replacement = services.replace_entrant(
        host=tournament.host,
        public_id=tournament.public_id,
        entrant_id=entrant.pk,
        email="Newcomer@example.com",
        site="https://dominoes.example",
    )
    assert replacement.emailed == "newcomer@example.com" and replacement.entrant == entrant
    entrant.refresh_from_db()
    assert entrant.user == players[0]  # theirs until the newcomer accepts
    (message,) = mailoutbox
    assert message.to == ["newcomer@example.com"]
    assert f"You take {display_name(players[0])}'s place." in message.body
    assert "https://dominoes.example/tournaments/invitations/" in message.body
    token = emailed_token(mailoutbox, "newcomer@example.com")
    mailoutbox.clear()
    newcomer = signed_up("newcomer")  # signed up from the link
    assert services.accept_invitation(player=newcomer, token=token) == entrant
    entrant.refresh_from_db()
    assert entrant.user == newcomer and entrant.status == "confirmed"
    assert entrant.seed_position is None and tournament.entrants.count() == 3
    assert {m.to[0] for m in mailoutbox} == {"newcomer@example.com", "player0@example.com"}
    with pytest.raises(services.TournamentError, match="used or withdrawn"):
        services.accept_invitation(player=make_user("sharer"), token=token)


def test_a_newcomers_place_is_refused_in_words_once_it_cannot_be_taken(mailoutbox):
    tournament, players = tournament_with(3)
    entrant = tournament.entrants.get(user=players[0])
    ask = dict(host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk)
    services.replace_entrant(**ask, email="newcomer@example.com")
    token = emailed_token(mailoutbox, "newcomer@example.com")
    with pytest.raises(services.TournamentError, match="offered to another email address"):
        services.accept_invitation(player=players[1], token=token)  # not its addressee
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    before = f"{display_name(players[0])}'s place was to be taken before"
    with pytest.raises(services.TournamentError, match=before):
        services.accept_invitation(player=signed_up("newcomer"), token=token)
    entrant.refresh_from_db()
    assert entrant.user == players[0]


def test_a_newcomer_who_asked_to_join_meanwhile_cannot_take_another_place(mailoutbox):
    tournament, players = tournament_with(2)
    entrant = tournament.entrants.get(user=players[0])
    ask = dict(host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk)
    services.replace_entrant(**ask, email="newcomer@example.com")
    newcomer = signed_up("newcomer")
    services.join(player=newcomer, public_id=tournament.public_id)
    token = emailed_token(mailoutbox, "newcomer@example.com")
    with pytest.raises(services.TournamentError, match="You are in this tournament already"):
        services.accept_invitation(player=newcomer, token=token)


def test_a_place_given_to_another_voids_the_newcomers_link(mailoutbox):
    tournament, players = tournament_with(2)
    entrant = tournament.entrants.get(user=players[0])
    ask = dict(host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk)
    services.replace_entrant(**ask, email="newcomer@example.com")
    token = emailed_token(mailoutbox, "newcomer@example.com")
    substitute = make_user("sub")
    services.replace_entrant(**ask, email=substitute.email)  # the host changed their mind
    with pytest.raises(services.TournamentError, match="used or withdrawn"):
        services.accept_invitation(player=signed_up("newcomer"), token=token)
    entrant.refresh_from_db()
    assert entrant.user == substitute


def test_only_the_host_emails_a_newcomer_a_place(mailoutbox):
    tournament, players = tournament_with(2)
    entrant = tournament.entrants.get(user=players[0])
    mailoutbox.clear()
    for someone in (make_host("other"), players[1]):
        with pytest.raises(services.NotYourTournament):
            services.replace_entrant(
                host=someone,
                public_id=tournament.public_id,
                entrant_id=entrant.pk,
                email="newcomer@example.com",
            )
    assert not tournament.invitations.exists() and mailoutbox == []


def test_the_host_replaces_a_no_show_by_a_newcomer_who_checks_in_and_plays(mailoutbox):
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    present, absent = match.first, match.second
    services.check_in(player=present.user, match_id=match.pk)
    TournamentMatch.objects.filter(pk=match.pk).update(
        check_in_deadline=timezone.now() + timedelta(seconds=30)
    )
    ask = dict(host=tournament.host, public_id=tournament.public_id, match_id=match.pk)
    replacement = services.replace_no_show(
        **ask, entrant_id=absent.pk, email="newcomer@example.com"
    )
    assert replacement.emailed == "newcomer@example.com"
    match.refresh_from_db()
    assert match.second.user == absent.user  # the place waits for the newcomer
    assert match.check_in_deadline - timezone.now() > timedelta(minutes=4)  # time to sign up
    (message,) = [m for m in mailoutbox if m.to == ["newcomer@example.com"]]
    assert "place in round 1, which is checking in now" in message.body
    TournamentMatch.objects.filter(pk=match.pk).update(
        check_in_deadline=timezone.now() + timedelta(seconds=30)
    )
    newcomer = signed_up("newcomer")
    services.accept_invitation(player=newcomer, token=emailed_token(mailoutbox, newcomer.email))
    match.refresh_from_db()
    assert match.second.user == newcomer and match.first_ready and not match.second_ready
    assert match.check_in_deadline - timezone.now() > timedelta(minutes=4)  # a whole window
    services.check_in(player=newcomer, match_id=match.pk)
    match.refresh_from_db()
    play_out(match.table)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


@pytest.mark.parametrize("change", ["checked in after all", "check-in closed"])
def test_a_no_shows_place_emailed_is_refused_once_it_cannot_be_taken(change, mailoutbox):
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    services.replace_no_show(
        host=tournament.host,
        public_id=tournament.public_id,
        match_id=match.pk,
        entrant_id=match.second_id,
        email="newcomer@example.com",
    )
    absent = match.second.user
    if change == "checked in after all":
        services.check_in(player=absent, match_id=match.pk)
        refusal = f"{display_name(absent)} checked in after all: the place is theirs."
    else:
        end_check_in_window(match)
        refusal = f"The check-in of {display_name(absent)}'s match has closed"
    token = emailed_token(mailoutbox, "newcomer@example.com")
    with pytest.raises(services.TournamentError, match=refusal):
        services.accept_invitation(player=signed_up("newcomer"), token=token)
    match.refresh_from_db()
    assert match.second.user == absent


# --- replacing a no-show at check-in ---------------------------------------------------------
def test_the_host_replaces_a_no_show_and_the_substitute_plays():
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    present, absent = match.first, match.second
    services.check_in(player=present.user, match_id=match.pk)
    substitute = make_user("sub")
    TournamentMatch.objects.filter(pk=match.pk).update(
        check_in_deadline=timezone.now() + timedelta(seconds=30)
    )
    services.replace_no_show(
        host=tournament.host,
        public_id=tournament.public_id,
        match_id=match.pk,
        entrant_id=absent.pk,
        email="sub@example.com",
    )
    match.refresh_from_db()
    assert match.check_in_deadline - timezone.now() > timedelta(minutes=4)  # a whole window
    assert match.second.user == substitute and match.first_ready and not match.second_ready
    services.check_in(player=substitute, match_id=match.pk)
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.PLAYING
    play_out(match.table)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_a_player_who_checked_in_or_a_closed_window_cannot_be_replaced():
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    make_user("sub")
    services.check_in(player=match.first.user, match_id=match.pk)
    ask = dict(host=tournament.host, public_id=tournament.public_id, match_id=match.pk)
    with pytest.raises(services.TournamentError, match="only a no-show can be replaced"):
        services.replace_no_show(**ask, entrant_id=match.first_id, email="sub@example.com")
    with pytest.raises(services.NotYourTournament):
        services.replace_no_show(
            **{**ask, "host": make_host("other")},
            entrant_id=match.second_id,
            email="sub@example.com",
        )
    end_check_in_window(match)
    with pytest.raises(services.TournamentError, match="Check-in for this match has closed."):
        services.replace_no_show(**ask, entrant_id=match.second_id, email="sub@example.com")
    match.refresh_from_db()
    assert match.second.user.username != "sub" and match.first.user.username != "sub"


# --- overriding a result ---------------------------------------------------------------------
def played_round_robin(count: int) -> Tournament:
    tournament, _ = tournament_with(count, format="round_robin")
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    while opened := checking_in(tournament):
        for match in opened:
            play_out(check_in_both(match))
    tournament.refresh_from_db()
    return tournament


def test_an_overridden_result_moves_the_standings_and_the_champion(mailoutbox):
    tournament = played_round_robin(3)
    assert tournament.status == Tournament.Status.FINISHED
    champion = tournament.champion
    # every match the champion won now goes the other way: they can no longer lead
    for match in tournament.matches.filter(winner=champion):
        loser = match.second_id if match.winner_id == match.first_id else match.first_id
        services.override_result(
            host=tournament.host,
            public_id=tournament.public_id,
            match_id=match.pk,
            winner_id=loser,
            reason="Misreported",
        )
    tournament.refresh_from_db()
    assert tournament.champion_id != champion.pk
    assert tournament.champion_id == selectors.standings(tournament)[0].entrant.pk
    row = next(
        r
        for _, rows in selectors.page(tournament, tournament.host).rounds
        for r in rows
        if r.match.override_reason
    )
    assert row.result.endswith("won (set by the host: Misreported)")
    assert any(m.subject == "Spring cup: a result was changed" for m in mailoutbox)


def test_an_override_with_a_score_reads_in_the_matchs_terms():
    tournament, _ = tournament_with(2, scoring="best_of", match_length=3)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    play_out(check_in_both(match))
    match.refresh_from_db()
    loser = match.second if match.winner_id == match.first_id else match.first
    scores = (2, 1) if loser == match.first else (1, 2)
    services.override_result(
        host=tournament.host,
        public_id=tournament.public_id,
        match_id=match.pk,
        winner_id=loser.pk,
        reason="A hand was misdealt",
        scores=scores,
    )
    tournament.refresh_from_db()
    assert tournament.champion_id == loser.pk  # the final: the champion follows
    (row,) = [r for _, rows in selectors.page(tournament, tournament.host).rounds for r in rows]
    assert row.result == f"{row.winner} won 2–1 in hands (set by the host: A hand was misdealt)"


def test_in_a_bracket_the_new_winner_takes_the_next_match_until_it_begins():
    tournament, _ = tournament_with(4)
    public_id, host = tournament.public_id, tournament.host
    services.start_tournament(host=host, public_id=public_id)
    first, second = checking_in(tournament)
    play_out(check_in_both(first))
    first.refresh_from_db()
    loser = first.second_id if first.winner_id == first.first_id else first.first_id
    play_out(check_in_both(second))
    (final,) = checking_in(tournament)
    services.check_in(player=final.first.user, match_id=final.pk)  # the old winner was ready
    services.override_result(
        host=host, public_id=public_id, match_id=first.pk, winner_id=loser, reason="Disconnect"
    )
    final.refresh_from_db()
    assert final.first_id == loser and not final.first_ready  # slot 0's winner comes first
    check_in_both(final)
    with pytest.raises(services.TournamentError, match="already played on in the next round"):
        services.override_result(
            host=host,
            public_id=public_id,
            match_id=first.pk,
            winner_id=first.winner_id,
            reason="Changed my mind",
        )


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"reason": "  "}, "Give the reason for the new result"),
        ({"winner_id": 0}, "The winner must be one of the match's two players."),
        ({"scores": "the winner's lower"}, "The winner's score must be the higher."),
        ({"scores": (-1, -5)}, "A score is a whole number, 0 or more."),
        ({"host": "other"}, "Only the tournament's host can do that."),
        ({"public_id": "elsewhere"}, "There is no such match in this tournament."),
    ],
)
def test_an_override_that_cannot_be_is_refused_in_words(change, refusal):
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    play_out(check_in_both(match))
    match.refresh_from_db()
    asked = {
        "host": tournament.host,
        "public_id": tournament.public_id,
        "match_id": match.pk,
        "winner_id": match.winner_id,
        "reason": "Checked",
        "scores": None,
        **change,
    }
    if asked["host"] == "other":
        asked["host"] = make_host("other")
    if asked["scores"] == "the winner's lower":  # whichever of the two won the deals
        asked["scores"] = (10, 50) if match.winner_id == match.first_id else (50, 10)
    before = (match.winner_id, match.first_points, match.second_points, match.override_reason)
    with pytest.raises(services.TournamentError, match=refusal):
        services.override_result(**asked)
    match.refresh_from_db()
    assert (match.winner_id, match.first_points, match.second_points, match.override_reason) == (
        before
    )


def test_only_a_played_match_is_overridden():
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    with pytest.raises(services.TournamentError, match="Only a played match's result"):
        services.override_result(
            host=tournament.host,
            public_id=tournament.public_id,
            match_id=match.pk,
            winner_id=match.first_id,
            reason="Early",
        )
