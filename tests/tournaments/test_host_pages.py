"""The hosts' pages outside the admin (issue 23, 1): "My tournaments", a tournament's console
and each of its actions, through the services, for the host's own tournaments only."""

from urllib.parse import quote

import pytest
from accounts_support import PASSWORD, emailed_link
from django.urls import reverse
from factories import make_user
from tournament_play import checking_in, make_host, signed_up, tournament_with

from tournaments import services
from tournaments.models import Entrant, Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def console_url(tournament: Tournament, name: str = "console", *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.public_id, *args])


def test_a_host_creates_a_swiss_from_my_tournaments(client):
    host = make_host()
    client.force_login(host)
    page = client.get(reverse("tournaments:hosting"))
    assert page.status_code == 200 and b"New tournament" in page.content
    created = client.post(
        reverse("tournaments:hosting"),
        {
            "name": "Thursday Swiss",
            "format": "swiss",
            "rounds": 3,
            "scoring": "best_of",
            "points_target": 100,
            "best_of_hands": 3,
        },
    )
    assert created.status_code == 302, created.content.decode()[-3000:]
    tournament = Tournament.objects.get()
    assert created.url == console_url(tournament)
    assert (tournament.host, tournament.format, tournament.rounds) == (host, "swiss", 3)
    assert (tournament.scoring, tournament.match_length) == ("best_of", 3)
    listing = client.get(reverse("tournaments:hosting")).content.decode()
    assert "Thursday Swiss" in listing and "Swiss, 3 rounds" in listing


def test_my_tournaments_is_for_hosts_only(client):
    client.force_login(make_user("player"))
    assert client.get(reverse("tournaments:hosting")).status_code == 403
    client.post(reverse("tournaments:hosting"), {"name": "Mine", "format": "elimination"})
    assert not Tournament.objects.exists()


def test_a_refused_setting_reads_in_the_form(client):
    client.force_login(make_host())
    page = client.post(
        reverse("tournaments:hosting"),
        {"name": "Swiss", "format": "swiss", "scoring": "target", "points_target": 100},
    )
    assert "A Swiss plays from 1 to 15 rounds." in page.content.decode()
    assert not Tournament.objects.exists()


def test_the_host_edits_the_settings_before_the_start(client):
    tournament, _ = tournament_with(2)
    client.force_login(tournament.host)
    saved = client.post(
        console_url(tournament),
        {"name": "Renamed", "format": "round_robin", "scoring": "target", "points_target": 150},
    )
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.format, tournament.match_length) == (
        "Renamed",
        "round_robin",
        150,
    )


def test_the_host_invites_a_pasted_list_and_newcomers_are_emailed_a_link(client, mailoutbox):
    tournament, _ = tournament_with(0)
    known = [make_user(f"known{i}") for i in range(3)]
    client.force_login(tournament.host)
    pasted = "known0@example.com, KNOWN1@example.com\nknown2@example.com; nobody@example.com x@"
    page = client.post(console_url(tournament, "invite"), {"emails": pasted}, follow=True)
    html = page.content.decode()
    assert "Invited 3 players." in html
    assert "Emailed a link to sign up and join: nobody@example.com." in html
    # Players with an account are told by email too (tests/tournaments/test_notices.py).
    (mail,) = [m for m in mailoutbox if m.to == ["nobody@example.com"]]
    assert "Spring cup" in mail.subject
    invitation = tournament.invitations.get()
    assert f"http://testserver/tournaments/invitations/{invitation.token}/" in mail.body
    assert "Not an email address: x@." in html
    assert set(tournament.entrants.values_list("user", "status")) == {
        (user.pk, Entrant.Status.INVITED) for user in known
    }
    for user in known:
        assert user.email in html  # listed under "Invited"


def test_invitations_hold_places_within_the_plans_limit_and_nothing_is_sent_past_it(
    client, mailoutbox
):
    """One POST sent 40 invitation emails from a Free host (10 players)."""
    tournament, _ = tournament_with(4)
    client.force_login(tournament.host)
    client.post(console_url(tournament, "invite"), {"emails": "a@example.com b@example.com"})
    mailoutbox.clear()

    pasted = " ".join(f"spam{n}@example.com" for n in range(40))
    page = client.post(console_url(tournament, "invite"), {"emails": pasted}, follow=True)
    assert (
        "Invitations hold places: with these, 46 players would be in or invited. Free allows 10 "
        "players. Club allows 20 players: upgrade." in page.content.decode()
    )
    # One more than the room left (4 in, 2 emailed): refused too, all or nothing.
    known = make_user("known")
    five = "known@example.com " + " ".join(f"new{n}@example.com" for n in range(4))
    page = client.post(console_url(tournament, "invite"), {"emails": five}, follow=True)
    assert "with these, 11 players would be in or invited" in page.content.decode()
    assert mailoutbox == [] and tournament.invitations.count() == 2
    assert not tournament.entrants.filter(user=known).exists()

    four = "known@example.com " + " ".join(f"new{n}@example.com" for n in range(3))
    page = client.post(console_url(tournament, "invite"), {"emails": four}, follow=True)
    assert "Invited 1 player." in page.content.decode()
    assert len(mailoutbox) == 4 and tournament.invitations.count() == 5


def test_a_hosts_invitations_are_limited_in_words(client, mailoutbox, settings):
    settings.RATE_LIMITS = {"invitations": {"per_person": "5/hour"}}
    first, _ = tournament_with(0)
    second = services.create_tournament(host=first.host, name="Autumn cup")
    client.force_login(first.host)
    pasted = " ".join(f"friend{n}@example.com" for n in range(4))
    client.post(console_url(first, "invite"), {"emails": pasted})
    mailoutbox.clear()
    # Each address counts, and across the host's tournaments.
    page = client.post(
        console_url(second, "invite"), {"emails": "x@example.com y@example.com"}, follow=True
    )
    assert (
        "You have invited many players in a short time: wait an hour before inviting more."
        in page.content.decode()
    )
    assert mailoutbox == [] and not second.invitations.exists()


def test_a_hosts_notices_are_limited_in_words(client, mailoutbox):
    tournament, players = tournament_with(2)
    client.force_login(tournament.host)
    mailoutbox.clear()
    for n in range(3):
        page = client.post(console_url(tournament, "notice"), {"text": f"Table {n}"}, follow=True)
        assert "The notice is on its way to every entrant." in page.content.decode()
    page = client.post(console_url(tournament, "notice"), {"text": "Table 9"}, follow=True)
    assert (
        "You have sent several notices in a short time: wait an hour before the next."
        in page.content.decode()
    )
    assert len(mailoutbox) == 3 * len(players)
    assert not [m for m in mailoutbox if "Table 9" in m.body]


def test_the_host_approves_and_declines_requests_and_removes_an_entrant(client):
    tournament, players = tournament_with(1)
    asking, also = make_user("asking"), make_user("also")
    for player in (asking, also):
        services.join(player=player, public_id=tournament.public_id)
    client.force_login(tournament.host)
    html = client.get(console_url(tournament)).content.decode()
    assert "Asking to join" in html and "Approve" in html
    entrant = {e.user: e for e in tournament.entrants.all()}
    client.post(console_url(tournament, "confirm", entrant[asking].pk))
    client.post(console_url(tournament, "remove", entrant[also].pk))
    client.post(console_url(tournament, "remove", entrant[players[0]].pk))
    assert list(tournament.entrants.values_list("user", "status")) == [
        (asking.pk, Entrant.Status.CONFIRMED)
    ]


def test_the_host_starts_and_extends_a_check_in(client):
    tournament, _ = tournament_with(2)
    client.force_login(tournament.host)
    client.post(console_url(tournament, "start"))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    (match,) = checking_in(tournament)
    before = match.check_in_deadline
    page = client.post(
        console_url(tournament, "extend", match.pk), {"minutes": "5"}, follow=True
    ).content.decode()
    assert "Check-in extended by 5 minutes." in page
    match.refresh_from_db()
    assert (match.check_in_deadline - before).total_seconds() >= 5 * 60 - 1
    refused = client.post(
        console_url(tournament, "extend", match.pk), {"minutes": "99"}, follow=True
    )
    assert "Extend a check-in by 1 to 30 minutes." in refused.content.decode()


def test_cancelling_needs_the_confirmation_and_shows_the_reason(client):
    tournament, _ = tournament_with(2)
    client.force_login(tournament.host)
    page = client.post(console_url(tournament, "cancel"), {"reason": "Rain"}, follow=True)
    assert "Tick the box to confirm the cancellation." in page.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT
    client.post(console_url(tournament, "cancel"), {"reason": "Rain", "confirm": "yes"})
    tournament.refresh_from_db()
    assert (tournament.status, tournament.cancelled_reason) == ("cancelled", "Rain")


@pytest.mark.parametrize(
    ("name", "args", "data"),
    [
        ("console", (), {"name": "Taken", "format": "elimination", "scoring": "target"}),
        ("invite", (), {"emails": "someone@example.com"}),
        ("start", (), {}),
        ("cancel", (), {"reason": "Mine now", "confirm": "yes"}),
        ("confirm", ("entrant",), {}),
        ("remove", ("entrant",), {}),
        ("extend", ("match",), {"minutes": "5"}),
        ("notice", (), {"text": "Come to my other tournament"}),
    ],
)
@pytest.mark.parametrize("who", ["another host", "an entrant"])
def test_a_console_is_its_hosts_alone(client, name, args, data, who, mailoutbox):
    tournament, players = tournament_with(3)
    if name == "extend":
        services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    make_user("someone")
    entrant = tournament.entrants.first()
    match = TournamentMatch.objects.filter(tournament=tournament).first()
    ids = {"entrant": entrant.pk, "match": match.pk if match else 0}
    before = (
        list(Tournament.objects.values_list("name", "status", "version")),
        sorted(Entrant.objects.values_list("user", "status")),
        list(TournamentMatch.objects.values_list("check_in_deadline", flat=True)),
    )
    mailoutbox.clear()  # the setup's own mail (the entrants' invitations)
    client.force_login(make_host("other") if who == "another host" else players[0])
    assert client.get(console_url(tournament)).status_code == 404
    answer = client.post(console_url(tournament, name, *[ids[a] for a in args]), data)
    assert answer.status_code == 404
    after = (
        list(Tournament.objects.values_list("name", "status", "version")),
        sorted(Entrant.objects.values_list("user", "status")),
        list(TournamentMatch.objects.values_list("check_in_deadline", flat=True)),
    )
    assert after == before and mailoutbox == []


def test_the_services_refuse_another_host_in_words():
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    other = make_host("other")
    with pytest.raises(services.NotYourTournament, match="Only the tournament's host"):
        services.extend_check_in(
            host=other, public_id=tournament.public_id, match_id=match.pk, minutes=5
        )
    with pytest.raises(services.NotYourTournament):
        services.invite_by_email(
            host=other,
            public_id=tournament.public_id,
            emails="new@example.com",
            site="",
            address="203.0.113.9",
        )
    assert not tournament.invitations.exists()


def newcomer_invited(client, mailoutbox) -> tuple[Tournament, str]:
    tournament, _ = tournament_with(1)
    client.force_login(tournament.host)
    client.post(console_url(tournament, "invite"), {"emails": "newcomer@example.com"})
    client.logout()
    (link,) = [w for m in mailoutbox for w in m.body.split() if "/invitations/" in w]
    return tournament, link.removeprefix("http://testserver")


def test_a_newcomer_signs_up_from_the_emailed_link_and_joins_once(client, mailoutbox):
    tournament, link = newcomer_invited(client, mailoutbox)
    page = client.get(link).content.decode()
    assert f"Player {tournament.host.pk} invites you to Spring cup" in page
    assert "/accounts/signup/?email=newcomer%40example.com" in page  # issue 35, 21
    newcomer = signed_up("newcomer")
    client.force_login(newcomer)
    assert b"Accept the invitation" in client.get(link).content
    joined = client.post(link)
    assert joined.url == reverse("tournaments:detail", args=[tournament.public_id])
    assert tournament.entrants.get(user=newcomer).status == Entrant.Status.CONFIRMED
    client.force_login(make_user("sharer"))  # the link works once
    assert client.get(link).status_code == 404
    with pytest.raises(services.TournamentError, match="used or withdrawn"):
        services.accept_invitation(player=make_user("late"), token=link.split("/")[-2])
    assert tournament.entrants.count() == 2


def test_a_newcomer_signs_up_with_the_address_filled_in_and_joins_on_confirming(client, mailoutbox):
    """Issue 35, 21: the sign-up form has the invited address, and confirming it joins and
    opens the tournament's page (no second trip to the email's Accept)."""
    tournament, link = newcomer_invited(client, mailoutbox)
    signup = "/accounts/signup/?email=newcomer%40example.com"
    assert signup in client.get(link).content.decode()
    assert 'value="newcomer@example.com"' in client.get(signup).content.decode()
    fields = {"display_name": "Newcomer", "email": "newcomer@example.com"}
    answer = client.post(signup, {**fields, "password1": PASSWORD, "password2": PASSWORD})
    assert answer["Location"] == "/accounts/confirm-email/"
    assert not tournament.entrants.filter(user__email="newcomer@example.com").exists()
    page = reverse("tournaments:detail", args=[tournament.public_id])
    confirmed = client.post(emailed_link("/accounts/confirm-email/"))
    assert confirmed["Location"] == f"/accounts/login/?next={quote(page, safe='')}"
    entrant = tournament.entrants.get(user__email="newcomer@example.com")
    assert entrant.status == Entrant.Status.CONFIRMED
    assert not tournament.invitations.exists()  # used
    assert "You are in Spring cup." in client.get(confirmed["Location"]).content.decode()
    login = {"login": "newcomer@example.com", "password": PASSWORD}
    assert client.post(confirmed["Location"], login)["Location"] == page


def test_an_invitation_accepted_by_another_account_waits_for_the_host(client, mailoutbox):
    """The link reached someone else (forwarded, shared): they joined confirmed. Now they ask,
    the host sees them among the requests and confirms, and the link stays its addressee's."""
    tournament, link = newcomer_invited(client, mailoutbox)
    sharer = signed_up("sharer")
    client.force_login(sharer)
    asked = client.post(link, follow=True)
    assert asked.redirect_chain[-1][0] == reverse("tournaments:detail", args=[tournament.public_id])
    assert (
        "This invitation was sent to another email address: you have asked to join Spring cup, "
        "and its host decides." in asked.content.decode()
    )
    entrant = tournament.entrants.get(user=sharer)
    assert entrant.status == Entrant.Status.REQUESTED
    assert tournament.invitations.count() == 1

    client.force_login(tournament.host)
    console = client.get(console_url(tournament)).content.decode()
    requests = console[console.index("Asking to join") :]
    assert f"Player {sharer.pk}" in requests[: requests.index("</ul>")]
    client.post(console_url(tournament, "confirm", entrant.pk))
    entrant.refresh_from_db()
    assert entrant.status == Entrant.Status.CONFIRMED

    # The addressee's own verified address still joins at once.
    newcomer = signed_up("newcomer")
    client.force_login(newcomer)
    client.post(link)
    assert tournament.entrants.get(user=newcomer).status == Entrant.Status.CONFIRMED


def test_an_unverified_address_is_no_proof_of_the_invitation(client, mailoutbox):
    tournament, link = newcomer_invited(client, mailoutbox)
    client.force_login(make_user("newcomer"))  # the address, never verified
    client.post(link)
    assert tournament.entrants.get(user__username="newcomer").status == Entrant.Status.REQUESTED


def test_an_invitation_to_a_full_tournament_is_refused_in_a_players_words(
    client, mailoutbox, monkeypatch
):
    from billing import plans

    tournament, link = newcomer_invited(client, mailoutbox)
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 1)
    with pytest.raises(services.TournamentError, match="This tournament is full."):
        services.accept_invitation(player=signed_up("newcomer"), token=link.split("/")[-2])
    assert tournament.entrants.count() == 1 and tournament.invitations.count() == 1


def test_the_host_sends_a_notice_to_every_entrant(client, mailoutbox):
    tournament, players = tournament_with(2)
    invited = make_user("invited")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=invited)
    services.join(player=make_user("asking"), public_id=tournament.public_id)  # not yet in
    mailoutbox.clear()  # the invitations
    client.force_login(tournament.host)
    empty = client.post(console_url(tournament, "notice"), {"text": "  "}, follow=True)
    assert "Write the notice first." in empty.content.decode() and mailoutbox == []
    page = client.post(
        console_url(tournament, "notice"), {"text": "We start at 8 sharp."}, follow=True
    )
    assert "The notice is on its way to every entrant." in page.content.decode()
    assert sorted(mail.to[0] for mail in mailoutbox) == sorted(
        [p.email for p in players] + [invited.email]
    )
    assert all(len(mail.to) == 1 and mail.body == "We start at 8 sharp." for mail in mailoutbox)
    assert mailoutbox[0].subject.startswith("Spring cup: a notice from")


def test_the_host_replaces_a_no_show_by_a_newcomer_from_the_console(client, mailoutbox):
    """The console's "Replace" at check-in with an address of no account: the newcomer is
    emailed a link, signs up, sees whose place they take, accepts and is in the match."""
    tournament, _ = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    absent = match.second
    client.force_login(tournament.host)
    console = client.get(console_url(tournament)).content.decode()
    assert "No account yet? They are emailed a link to sign up and take the place." in console
    answer = client.post(
        console_url(tournament, "replace_no_show", match.pk),
        {"entrant": absent.pk, "email": "newcomer@example.com"},
        follow=True,
    ).content.decode()
    assert (
        f"newcomer@example.com has no account: emailed a link to sign up and take {absent}"
        "&#x27;s place, which stays theirs until then." in answer
    )
    (message,) = [m for m in mailoutbox if m.to == ["newcomer@example.com"]]
    (link,) = [w for w in message.body.split() if "/invitations/" in w]
    assert link.startswith("http://testserver/tournaments/invitations/")  # the host's site
    client.logout()
    newcomer = signed_up("newcomer")
    client.force_login(newcomer)
    page = client.get(link).content.decode()
    assert f"You take {absent}'s place in round 1, checking in now." in page
    joined = client.post(link)
    assert joined.url == reverse("tournaments:detail", args=[tournament.public_id])
    match.refresh_from_db()
    assert match.second.user == newcomer and match.status == TournamentMatch.Status.CHECK_IN
    assert b"I'm ready" in client.get(joined.url).content
