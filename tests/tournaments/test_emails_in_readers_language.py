"""Every tournament email and notice is written in its reader's language (issue 24): an
account's pick, whatever the language of the host who acts; an invitation to an address with no
account, in the host's. The host's own words (a notice, a reason) are theirs, kept as written."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from factories import make_user
from tournament_play import tournament_with

from games.preferences import remember_language
from games.preferences.models import Preferences
from notifications.models import Notification
from tournaments import host_emails, notices, services
from tournaments.models import Entrant

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def reading(players, *languages):
    """Each player (in order) picks a language; "" leaves the browser's (here, the site's)."""
    for player, language in zip(players, languages, strict=True):
        if language:
            remember_language(user=player, language=language)


def subjects(outbox, players) -> list[str]:
    by_address = {message.to[0]: message.subject for message in outbox}
    return [by_address[player.email] for player in players]


def test_the_hosts_notice_is_headed_in_each_entrants_language(mailoutbox):
    tournament, players = tournament_with(3)
    reading(players, "es", "pt-br", "")
    mailoutbox.clear()
    with translation.override("en"):
        services.send_notice(
            host=tournament.host,
            public_id=tournament.public_id,
            text="Mesa 4",
            address="203.0.113.9",
        )
    host = tournament.host.pk  # a host who chose no name: "Player 42", in each reader's words
    assert subjects(mailoutbox, players) == [
        f"Spring cup: un aviso de Jugador {host}",
        f"Spring cup: um aviso de Jogador {host}",
        f"Spring cup: a notice from Player {host}",
    ]
    assert {message.body for message in mailoutbox} == {"Mesa 4"}


def test_the_start_is_told_to_each_confirmed_entrant_in_their_language(mailoutbox):
    tournament, players = tournament_with(2)
    reading(players, "pt-br", "es")
    Entrant.objects.create(tournament=tournament, user=make_user("asked"))  # not confirmed
    mailoutbox.clear()
    host_emails.send_started(tournament_id=tournament.pk)
    assert subjects(mailoutbox, players) == ["Spring cup começou", "Spring cup ha comenzado"]
    assert "primeira partida" in mailoutbox[0].body
    assert len(mailoutbox) == 2


def test_a_replacement_tells_the_substitute_and_the_replaced_in_their_own_languages(mailoutbox):
    tournament, players = tournament_with(2)
    substitute = make_user("sub")
    reading([substitute, players[0]], "es", "pt-br")
    mailoutbox.clear()
    with translation.override("en"):  # the host's console in English
        services.replace_entrant(
            host=tournament.host,
            public_id=tournament.public_id,
            entrant_id=tournament.entrants.get(user=players[0]).pk,
            email=substitute.email,
        )
    assert subjects(mailoutbox, [substitute, players[0]]) == [
        "Estás inscrito en Spring cup",
        "Sua vaga em Spring cup",
    ]


def test_an_invitation_to_an_address_with_no_account_speaks_the_hosts_language(mailoutbox):
    tournament, _ = tournament_with(0)
    mailoutbox.clear()
    with translation.override("es"):  # the host's console in Spanish
        services.invite_by_email(
            host=tournament.host,
            public_id=tournament.public_id,
            emails="newcomer@example.com",
            site="https://dominoes.example",
            address="203.0.113.9",
        )
    (message,) = mailoutbox
    assert message.subject == f"Jugador {tournament.host.pk} te invita a Spring cup"
    assert "torneo de dominó" in message.body
    assert "https://dominoes.example/tournaments/invitations/" in message.body


def test_the_bells_notices_are_in_each_entrants_language_read_in_one_query():
    tournament, players = tournament_with(4)
    reading(players, "es", "pt-br", "", "es")
    with CaptureQueriesContext(connection) as queries:
        assert notices.starting_soon(tournament_id=tournament.pk, minutes=10) == 4
    titles = [
        Notification.objects.get(user=p, kind=Notification.Kind.STARTING).title for p in players
    ]
    assert titles == [
        "Spring cup empieza en 10 minutos",
        "Spring cup começa em 10 minutos",
        "Spring cup starts in 10 minutes",
        "Spring cup empieza en 10 minutos",
    ]
    table = Preferences._meta.db_table
    assert sum(table in query["sql"] for query in queries.captured_queries) == 1
