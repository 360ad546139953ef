"""The tournament page, its live poll and buttons, and the hosts' admin (Django test client)."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from factories import make_user
from tournament_play import as_player, check_in_both, checking_in, make_host, tournament_with

from games.engine import Rules
from games.services import create_online_table
from tournaments import services
from tournaments.models import Entrant, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db(transaction=True)


def started(count=4, **settings) -> tuple[Tournament, list]:
    tournament, players = tournament_with(count, scoring="best_of", match_length=1, **settings)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    tournament.refresh_from_db()
    return tournament, players


def test_a_player_sees_their_match_and_checks_in(client):
    tournament, _ = started()
    match = checking_in(tournament)[0]
    client.force_login(match.first.user)
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    assert b"Your next match" in page.content and b"I'm ready" in page.content
    assert b"Bracket" in page.content and b"Final" in page.content
    answer = client.post(reverse("tournaments:ready", args=[match.pk]))
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.first_ready and not match.second_ready
    assert b"Waiting for your opponent" in client.get(answer.url).content


def test_only_the_matchs_players_check_in(client):
    tournament, players = started()
    match = checking_in(tournament)[0]
    client.force_login(tournament.host)
    answer = client.post(reverse("tournaments:ready", args=[match.pk]), follow=True)
    assert b"You are not playing this match." in answer.content
    match.refresh_from_db()
    assert not match.first_ready and not match.second_ready


def test_a_stranger_probing_match_ids_learns_no_tournament(client):
    """Match ids count up: each answer was a redirect to that match's tournament page."""
    tournament, players = started()
    first, second = checking_in(tournament)
    client.force_login(make_user("outsider"))
    for match_id in range(first.pk - 2, second.pk + 3):
        answer = client.post(reverse("tournaments:ready", args=[match_id]))
        assert answer.status_code == 404 and tournament.public_id not in answer.content.decode()
    client.force_login(second.first.user)  # in the tournament, not in this match
    assert client.post(reverse("tournaments:ready", args=[first.pk])).status_code == 404
    first.refresh_from_db()
    assert not first.first_ready and not first.second_ready


def test_the_live_poll_answers_the_version_alone_until_something_changes(client):
    tournament, _ = started()
    url = reverse("tournaments:live", args=[tournament.public_id])
    same = client.get(url, {"version": tournament.version}).json()
    assert same == {"version": tournament.version}
    match = checking_in(tournament)[0]
    services.check_in(player=match.first.user, match_id=match.pk)
    changed = client.get(url, {"version": tournament.version}).json()
    assert changed["version"] == tournament.version + 1
    assert "ready" in changed["html"]


def test_a_player_joins_from_the_page_and_accepts_an_invitation(client):
    tournament, _ = tournament_with(2)
    invited = make_user("invited")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=invited)
    client.force_login(invited)
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    assert b"Accept the invitation" in page.content
    client.post(reverse("tournaments:join", args=[tournament.public_id]))
    assert Entrant.objects.get(user=invited).status == Entrant.Status.CONFIRMED


def test_a_round_robin_page_shows_standings_and_who_rests(client):
    tournament, players = started(3, format="round_robin")
    resting = tournament.matches.get(round=1, status=TournamentMatch.Status.REST).first.user
    client.force_login(resting)
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    assert b"Standings" in page.content and b"You rest this round" in page.content
    playing = next(p for p in players if p != resting)
    client.force_login(playing)
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    assert b"You rest this round" not in page.content and b"Your next match" in page.content


def test_the_page_closes_an_ended_check_in_window_when_opened(client):
    from tournament_play import end_check_in_window

    tournament, _ = started(2)
    (match,) = checking_in(tournament)
    end_check_in_window(match)
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    assert b"Neither player checked in" in page.content


# --- admin ----------------------------------------------------------------------------------
#: The read-only matches inline's management form, which every admin save posts.
NO_MATCHES = {
    "matches-TOTAL_FORMS": 0,
    "matches-INITIAL_FORMS": 0,
    "matches-MIN_NUM_FORMS": 0,
    "matches-MAX_NUM_FORMS": 1000,
}


def test_a_host_sees_and_changes_only_their_own_tournaments(client):
    mine, _ = tournament_with(2, host=make_host("me"))
    theirs, _ = tournament_with(0, host=make_host("them"))
    client.force_login(mine.host)
    listing = client.get(reverse("admin:tournaments_tournament_changelist"))
    assert mine.name.encode() in listing.content
    assert listing.context["cl"].result_count == 1
    other = client.get(reverse("admin:tournaments_tournament_change", args=[theirs.pk]))
    assert other.status_code in (302, 403, 404)
    client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "start_tournaments", "_selected_action": [theirs.pk]},
    )
    theirs.refresh_from_db()
    assert theirs.status == Tournament.Status.DRAFT


def test_a_player_without_the_host_role_has_no_admin(client):
    player = make_user("player")
    player.is_staff = True
    player.save()
    client.force_login(player)
    assert client.get(reverse("admin:tournaments_tournament_add")).status_code == 403


def test_a_host_creates_invites_confirms_and_starts_in_the_admin(client):
    host = make_host()
    players = [make_user(f"p{i}") for i in range(3)]
    client.force_login(host)
    created = client.post(
        reverse("admin:tournaments_tournament_add"),
        {"name": "Club night", "format": "elimination", "scoring": "target", "points_target": 50},
    )
    assert created.status_code == 302, created.content
    tournament = Tournament.objects.get(name="Club night")
    assert tournament.host == host
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = client.get(change)
    assert b"Player limit of the host&#x27;s plan" in page.content
    form = {
        "name": "Club night",
        "format": "elimination",
        "scoring": "target",
        "points_target": 50,
        "entrants-TOTAL_FORMS": 3,
        "entrants-INITIAL_FORMS": 0,
        "entrants-MIN_NUM_FORMS": 0,
        "entrants-MAX_NUM_FORMS": 1000,
        **NO_MATCHES,
    }
    for index, player in enumerate(players):
        form[f"entrants-{index}-email"] = player.email
        form[f"entrants-{index}-status"] = "confirmed"
    saved = client.post(change, form)
    assert saved.status_code == 302, saved.context["inline_admin_formsets"][0].formset.errors
    assert tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count() == 3
    client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "start_tournaments", "_selected_action": [tournament.pk]},
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.matches.filter(status=TournamentMatch.Status.BYE).count() == 1


def test_the_admin_refuses_more_confirmed_entrants_than_the_plan_allows(client):
    host = make_host()
    tournament = services.create_tournament(host=host, name="Big")
    players = [make_user(f"p{i}") for i in range(11)]
    client.force_login(host)
    form = {
        "name": "Big",
        "format": "elimination",
        "scoring": "target",
        "points_target": 100,
        "entrants-TOTAL_FORMS": 11,
        "entrants-INITIAL_FORMS": 0,
        "entrants-MIN_NUM_FORMS": 0,
        "entrants-MAX_NUM_FORMS": 1000,
        **NO_MATCHES,
    }
    for index, player in enumerate(players):
        form[f"entrants-{index}-email"] = player.email
        form[f"entrants-{index}-status"] = "confirmed"
    page = client.post(reverse("admin:tournaments_tournament_change", args=[tournament.pk]), form)
    html = page.content.decode()
    pricing = reverse("billing:pricing")
    upgrade = f'Club allows 20 players: upgrade. <a href="{pricing}">Upgrade to Club</a>'
    assert "Free allows 10 players. " + upgrade in html  # the way up, as a link
    assert not tournament.entrants.exists()


def posted_as_shown(html: str) -> dict[str, str]:
    """The inputs of an admin change form as the page renders them (a save without edits)."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and "csrf" not in name.group(1):
            fields[name.group(1)] = value.group(1) if value else ""
    return fields


def test_saving_a_started_tournament_in_the_admin_changes_nothing(client):
    tournament, _ = started(2)
    client.force_login(tournament.host)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    shown = posted_as_shown(client.get(change).content.decode())
    assert "name" not in shown  # read-only once started
    saved = client.post(change, {**shown, "_continue": "1"})
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_a_tournament_tables_page_links_back_to_its_tournament_at_no_extra_query(client):
    tournament, _ = started(2)
    match = checking_in(tournament)[0]
    table = check_in_both(match)
    client.force_login(match.first.user)
    back = f'href="{reverse("tournaments:detail", args=[tournament.public_id])}"'
    with CaptureQueriesContext(connection) as tournament_page:
        html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert back in html and "Back to the tournament" in html
    # The end panel's first action (issue 20), and the page's own New match is not its primary.
    actions = re.search(r'<p class="end-actions">(.*?)</p>', html, re.S).group(1)
    assert re.findall(r'id="([\w-]+)"', actions)[0] == "back-to-tournament"
    assert 'class="button primary" id="new-match"' not in actions

    casual = create_online_table(
        player=as_player(match.first.user), name="Casual", rules=Rules.for_preset("draw", seats=2)
    )
    with CaptureQueriesContext(connection) as casual_page:
        html = client.get(reverse("games:table", args=[casual.public_id])).content.decode()
    assert "Back to" not in html
    assert len(tournament_page) <= len(casual_page)


def shown_with_choices(html: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """An admin change form as rendered: its inputs and each select's chosen value, and each
    select's offered values."""
    fields = posted_as_shown(html)
    offered = {}
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        offered[name] = re.findall(r'<option value="([^"]*)"', options)
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        fields[name] = chosen.group(1) if chosen else offered[name][0]
    return fields, offered


def entrant_row(fields: dict[str, str], entrant: Entrant) -> str:
    """The form prefix of ``entrant``'s row, e.g. ``entrants-0``."""
    (prefix,) = [
        name.removesuffix("-id")
        for name, value in fields.items()
        if name.startswith("entrants-") and name.endswith("-id") and value == str(entrant.pk)
    ]
    return prefix


def test_a_host_confirms_or_declines_a_request_to_join_in_the_admin(client):
    tournament = services.create_tournament(host=make_host(), name="Open night")
    asking, also_asking = make_user("asking"), make_user("also")
    for player in (asking, also_asking):
        services.join(player=player, public_id=tournament.public_id)
    client.force_login(tournament.host)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    fields, offered = shown_with_choices(client.get(change).content.decode())
    first = entrant_row(fields, Entrant.objects.get(user=asking))
    second = entrant_row(fields, Entrant.objects.get(user=also_asking))
    assert offered[f"{first}-status"] == ["requested", "confirmed", "decline"]
    assert offered["entrants-2-status"] == ["invited", "confirmed"]  # the empty new row

    saved = client.post(
        change, {**fields, f"{first}-status": "confirmed", f"{second}-status": "decline"}
    )
    assert saved.status_code == 302
    assert list(tournament.entrants.values_list("user", "status")) == [
        (asking.pk, Entrant.Status.CONFIRMED)
    ]
    fields, offered = shown_with_choices(client.get(change).content.decode())
    assert offered[f"{entrant_row(fields, Entrant.objects.get(user=asking))}-status"] == [
        "confirmed"
    ]


@pytest.mark.parametrize("status", ["requested", "decline", "bogus"])
def test_the_admin_refuses_a_status_that_is_no_step_from_where_an_entrant_is(client, status):
    tournament = services.create_tournament(host=make_host(), name="Open night")
    invited = make_user("invited")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=invited)
    client.force_login(tournament.host)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    fields, _ = shown_with_choices(client.get(change).content.decode())
    row = entrant_row(fields, Entrant.objects.get(user=invited))
    page = client.post(change, {**fields, f"{row}-status": status})
    assert page.status_code == 200
    assert "Select a valid choice." in page.content.decode()
    assert list(tournament.entrants.values_list("status", flat=True)) == ["invited"]


# --- the admin's fixes (issue 23, point 6) --------------------------------------------------
def test_a_hosts_admin_names_the_host_without_a_link_it_may_not_open(client):
    tournament, _ = tournament_with(2)
    client.force_login(tournament.host)
    html = client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk]))
    html = html.content.decode()
    assert f"Player {tournament.host.pk} (host@example.com)" in html
    user_page = reverse("admin:auth_user_change", args=[tournament.host.pk])
    assert user_page not in html
    assert client.get(user_page).status_code == 403  # what the link led to


def test_an_entrants_row_shows_its_email_and_a_save_keeps_it(client):
    tournament, players = tournament_with(2)
    client.force_login(tournament.host)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    html = client.get(change).content.decode()
    fields, _ = shown_with_choices(html)
    row = entrant_row(fields, Entrant.objects.get(user=players[0]))
    assert re.search(rf'name="{row}-email"[^>]*value="player0@example.com"[^>]*disabled', html)
    assert "None" not in re.sub(r"<option[^>]*>[^<]*</option>", "", html.split("entrants-group")[1])
    saved = client.post(change, {**fields, f"{row}-email": "someone@else.com", "_continue": "1"})
    assert saved.status_code == 302
    assert sorted(tournament.entrants.values_list("user__email", flat=True)) == [
        "player0@example.com",
        "player1@example.com",
    ]


@pytest.mark.parametrize(
    ("posted", "words"),
    [
        ({"scoring": "target", "points_target": 10}, "A points target is from 25 to 500 points."),
        ({"scoring": "best_of", "best_of_hands": 7}, "Select a valid choice. 7 is not one"),
    ],
)
def test_the_admin_refuses_match_rules_in_a_hosts_words(client, posted, words):
    client.force_login(make_host())
    page = client.post(
        reverse("admin:tournaments_tournament_add"),
        {"name": "Club night", "format": "elimination", **posted},
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert words in html and "best_of is a whole number" not in html
    assert not Tournament.objects.exists()


def test_best_of_hands_in_the_admin_keeps_no_points_target(client):
    host = make_host()
    client.force_login(host)
    page = client.get(reverse("admin:tournaments_tournament_add")).content.decode()
    assert 'name="points_target" value="100"' in page  # both lengths are offered with defaults
    created = client.post(
        reverse("admin:tournaments_tournament_add"),
        # as the form is sent with Best of chosen: the target's box still holds its 100
        {
            "name": "Club night",
            "format": "elimination",
            "scoring": "best_of",
            "points_target": 100,
            "best_of_hands": 3,
        },
    )
    assert created.status_code == 302
    tournament = Tournament.objects.get()
    assert (tournament.scoring, tournament.match_length) == ("best_of", 3)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    shown, _ = shown_with_choices(client.get(change).content.decode())
    assert shown["best_of_hands"] == "3"


def test_the_tournament_page_shows_a_message_once(client):
    tournament, players = started(2)
    client.force_login(players[0])
    page = client.post(
        reverse("tournaments:join", args=[tournament.public_id]), follow=True
    ).content.decode()
    assert page.count("Entrants can no longer change.") == 1


def test_a_superuser_sees_one_accounts_section(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.com", "pw"))
    html = client.get(reverse("admin:index")).content.decode()
    sections = re.findall(r'class="section"[^>]*>([^<]+)<', html)
    assert len(sections) == len(set(sections)) and "Accounts" in sections
