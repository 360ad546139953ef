"""Results in their own terms (hands for Best of, points for a target, "won by forfeit") and a
full tournament as a player meets it (issue 23, 2; issue 20's "Alice won (0-0 points)")."""

import re

import pytest
from django.urls import reverse
from factories import make_user
from tournament_play import (
    check_in_both,
    checking_in,
    end_check_in_window,
    play_out,
    tournament_with,
)

from billing import plans
from tournaments import services
from tournaments.models import Entrant, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def played(scoring: str, length: int) -> tuple[TournamentMatch, str]:
    """A two-player tournament played to its end, and its page's result line."""
    tournament, _ = tournament_with(2, scoring=scoring, match_length=length)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    play_out(check_in_both(match))
    match.refresh_from_db()
    return match, result_line(tournament)


def result_line(tournament) -> str:
    from django.test import Client

    html = Client().get(reverse("tournaments:detail", args=[tournament.public_id]))
    (line,) = re.findall(r'<span class="result">([^<]*)</span>', html.content.decode())
    return line


def test_a_best_of_result_reads_in_hands_the_winners_first():
    match, line = played("best_of", 3)
    won, lost = sorted([match.first_hands, match.second_hands], reverse=True)
    assert won == 2 and lost in (0, 1)
    assert line == f"Player {match.winner.user.pk} won {won}–{lost} in hands"


def test_a_target_result_reads_in_points_the_winners_first():
    match, line = played("target", 25)
    winner_points = match.first_points if match.winner == match.first else match.second_points
    loser_points = match.second_points if match.winner == match.first else match.first_points
    assert winner_points >= 25 > loser_points
    assert line.endswith(f" won {winner_points}–{loser_points} in points")


def test_a_forfeit_reads_won_by_forfeit_and_no_score():
    tournament, _ = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    services.check_in(player=match.first.user, match_id=match.pk)
    end_check_in_window(match)
    services.close_check_in(match_id=match.pk)
    line = result_line(tournament)
    assert line.endswith(" won by forfeit") and "–" not in line and "points" not in line


@pytest.fixture
def two_places(monkeypatch):
    """The plan allows two players from when it is called: the host's plan fell back (past
    due, say) with an invitation out, which invitations hold places only while it lasts."""
    return lambda: monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 2)


def test_a_player_meets_a_full_tournament_in_a_players_words(client, two_places):
    tournament, _ = tournament_with(2)
    invited, stranger = make_user("invited"), make_user("stranger")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=invited)
    two_places()
    for player in (invited, stranger):
        before = list(tournament.entrants.values_list("user", "status"))
        with pytest.raises(services.TournamentError) as refused:
            services.join(player=player, public_id=tournament.public_id)
        assert str(refused.value) == "This tournament is full."
        assert list(tournament.entrants.values_list("user", "status")) == before

        client.force_login(player)
        page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
        html = page.content.decode()
        assert "This tournament is full." in html
        assert "Ask to join" not in html and "Accept the invitation" not in html
        assert "upgrade" not in html.lower() and "Club" not in html
    assert Entrant.objects.get(user=invited).status == Entrant.Status.INVITED


def test_the_host_meets_the_plans_limit_with_the_way_up(two_places):
    tournament, _ = tournament_with(2)
    asking = make_user("asking")
    services.invite(host=tournament.host, public_id=tournament.public_id, user=asking)
    two_places()
    entrant = Entrant.objects.get(user=asking)
    with pytest.raises(services.TournamentError, match="Club allows 20 players: upgrade."):
        services.confirm_entrant(
            host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk
        )


def test_the_results_download_as_csv_in_their_own_terms(client):
    import csv
    import io

    match, line = played("best_of", 1)
    tournament = match.tournament
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id]))
    url = reverse("tournaments:results_csv", args=[tournament.public_id])
    assert url in page.content.decode()
    answer = client.get(url)
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="spring-cup-results.csv"' in answer["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == ["Round", "Player", "Opponent", "Status", "Winner", "Result"]
    first, second = (f"Player {e.user.pk}" for e in (match.first, match.second))
    winner = f"Player {match.winner.user.pk}"
    assert rows[1:] == [["1", first, second, "Finished", winner, line]]


def test_the_bracket_shows_seeds_the_bye_as_a_bye_and_the_live_match(client):
    """Issue 23, 5: each player's seed by their name, a bye read "v bye", the match being
    played marked live, and the champion's banner once it is over."""
    tournament, _ = tournament_with(3)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    page = reverse("tournaments:detail", args=[tournament.public_id])
    html = client.get(page).content.decode()
    assert sorted(re.findall(r'title="Seed (\d)"', html)) == ["1", "2", "3"]
    assert html.count('<span class="bye-mark">bye</span>') == 1
    assert 'class="live-mark"' not in html  # checking in is not live yet
    (match,) = checking_in(tournament)
    table = check_in_both(match)
    assert client.get(page).content.decode().count('<span class="live-mark">Live</span>') == 1
    play_out(table)
    while opened := checking_in(tournament):
        play_out(check_in_both(opened[0]))
    html = client.get(page).content.decode()
    assert 'class="live-mark"' not in html and "champion-banner" in html


def test_a_duplicate_decided_across_tables_says_by_how_much_on_the_same_deals():
    from tournaments.notices import score_words

    match, _ = played("target", 25)
    edge = 30 if match.winner_id == match.first_id else -30  # the winner's edge: 30
    TournamentMatch.objects.filter(pk=match.pk).update(edge=edge)
    match.refresh_from_db()
    line = result_line(match.tournament)
    assert "won on the same deals, 30 points better than at the other table (" in line
    winner_first = match.winner_id == match.first_id
    assert score_words(match, me_first=winner_first).endswith(
        "; on the same deals as the other table: +30."
    )
    assert score_words(match, me_first=not winner_first).endswith(": -30.")
