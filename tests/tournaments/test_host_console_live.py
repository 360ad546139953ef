"""What the host's console shows and hears (issue 35, 20, 22 and 24): the emailed invitations
(sent again, withdrawn), the matches in play, its live part polled by version, the host told
when someone asks to join; a duplicate decided by seeding said so; the final named."""

import pytest
from django.core import mail
from django.urls import reverse
from factories import make_user
from tournament_play import check_in_both, checking_in, tournament_with

from accounts.selectors import display_name_words
from notifications.models import Notification
from tournaments import notices, selectors, services
from tournaments.models import Invitation, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def emailed(tournament, address: str = "newcomer@example.com") -> Invitation:
    services.invite_by_email(
        host=tournament.host,
        public_id=tournament.public_id,
        emails=address,
        site="https://dominoes.example",
        address="203.0.113.9",
    )
    return tournament.invitations.get(email=address)


def console_html(client, tournament) -> str:
    client.force_login(tournament.host)
    return client.get(reverse("tournaments:console", args=[tournament.public_id])).content.decode()


def test_the_console_lists_an_emailed_invitation_and_sends_it_again(client, mailoutbox):
    tournament, _ = tournament_with(2)
    invitation = emailed(tournament)
    html = console_html(client, tournament)
    assert "Emailed, no account yet" in html and "newcomer@example.com" in html
    mailoutbox.clear()
    url = reverse("tournaments:resend_invitation", args=[tournament.public_id, invitation.pk])
    response = client.post(url, follow=True)
    assert "Sent the invitation again to newcomer@example.com." in response.content.decode()
    (again,) = mailoutbox
    assert again.to == ["newcomer@example.com"]
    assert f"/tournaments/invitations/{invitation.token}/" in again.body  # the same link


def test_a_withdrawn_invitation_link_stops_working_and_frees_its_place(client):
    tournament, _ = tournament_with(2)
    invitation = emailed(tournament)
    url = reverse("tournaments:withdraw_invitation", args=[tournament.public_id, invitation.pk])
    client.force_login(tournament.host)
    response = client.post(url, follow=True)
    assert "Withdrew the invitation to newcomer@example.com" in response.content.decode()
    assert not Invitation.objects.filter(pk=invitation.pk).exists()
    page = client.get(reverse("tournaments:invitation", args=[invitation.token]))
    assert page.status_code == 404


def test_only_the_host_resends_or_withdraws_an_invitation():
    tournament, players = tournament_with(2)
    invitation = emailed(tournament)
    for change in (services.withdraw_invitation, services.resend_invitation):
        extra = (
            {"site": "", "address": "203.0.113.9"} if change is services.resend_invitation else {}
        )
        with pytest.raises(services.NotYourTournament):
            change(
                host=players[0],
                public_id=tournament.public_id,
                invitation_id=invitation.pk,
                **extra,
            )
    assert Invitation.objects.filter(pk=invitation.pk).exists()


def test_the_host_is_told_by_bell_and_email_when_someone_asks_to_join(mailoutbox):
    tournament, _ = tournament_with(1)
    asking = make_user("asking")
    mailoutbox.clear()
    services.join(player=asking, public_id=tournament.public_id)
    (told,) = Notification.objects.filter(user=tournament.host, kind="requested")
    assert told.title == f"{display_name_words(asking)} asks to join Spring cup"
    assert told.link == f"/tournaments/{tournament.public_id}/host/#entrants-title"
    assert [m.to for m in mailoutbox] == [[tournament.host.email]]
    services.join(player=asking, public_id=tournament.public_id)  # asked again: told once
    assert Notification.objects.filter(user=tournament.host, kind="requested").count() == 1


def test_the_console_live_part_answers_the_version_then_the_new_part(client):
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    tournament.refresh_from_db()
    client.force_login(tournament.host)
    url = reverse("tournaments:console_live", args=[tournament.public_id])
    assert client.get(url, {"version": tournament.version}).json() == {
        "version": tournament.version
    }
    services.check_in(player=match.first.user, match_id=match.pk)
    answer = client.get(url, {"version": tournament.version}).json()
    assert answer["version"] == tournament.version + 1
    assert f"{display_name_words(match.first.user)}: ready" in answer["html"]
    check_in_both(match)
    answer = client.get(url, {"version": answer["version"]}).json()
    assert "Playing now" in answer["html"] and "Watch" in answer["html"]
    client.force_login(make_user("stranger"))
    assert client.get(url, {"version": 0}).status_code == 404


def test_a_duplicate_level_on_hands_and_points_says_the_seed_decided():
    tournament, _ = tournament_with(2, scoring="best_of", match_length=1, duplicate=True)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    TournamentMatch.objects.filter(pk=match.pk).update(
        status=TournamentMatch.Status.FINISHED,
        winner=match.first,
        first_hands=1,
        second_hands=1,
        first_points=11,
        second_points=11,
    )
    (row,) = [r for _, rows in selectors.page(tournament, tournament.host).rounds for r in rows]
    assert row.result == (
        f"{row.first} went through as the higher seed: level on hands (1–1) and on points (11–11)"
    )
    match.refresh_from_db()
    assert "went through as the higher seed" in notices.score_words(match, me_first=True)


def test_the_final_is_named_the_final_in_notifications():
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (final,) = checking_in(tournament)
    titles = set(Notification.objects.filter(kind="check_in").values_list("title", flat=True))
    assert titles == {"Check in now: the final of Spring cup"}
    services.record_no_show(
        host=tournament.host,
        public_id=tournament.public_id,
        match_id=final.pk,
        absent_id=final.second_id,
    )
    results = set(Notification.objects.filter(kind="result").values_list("title", flat=True))
    assert all("in the final of Spring cup" in title for title in results), results
    assert mail.outbox  # told by email as well
