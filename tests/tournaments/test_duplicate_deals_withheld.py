"""A duplicate leg gives nothing of the deals to come (issue 33, point 1): while another table
has a first leg's deals still to play, no surface shows them (the record, the replay, the
coach's reviews and figures, playing on, the history's replay link, the table's own replay
button), to its own players and staff alike; once both legs are over, all of them open. A
duplicate pair is rated as one result, once both legs are played, never leg by leg."""

import json

import pytest
from django.contrib.auth.models import Permission
from factories import make_user
from tournament_play import check_in_both, checking_in, play_out, tournament_with

from billing import plans
from games import services as games
from games.coach.service import review_finished_hand
from games.models import MatchResult, Rating, Table
from games.records.results import rate_pair
from tournaments import services
from tournaments.models import TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def final(monkeypatch):
    """A duplicate knockout of two: one match, alone in its round, whose second leg replays
    its first leg's deals with the seats swapped (the issue's case at its starkest)."""
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    tournament, _ = tournament_with(2, scoring="target", match_length=50, duplicate=True)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    return match


def play_leg(match: TournamentMatch) -> Table:
    table = check_in_both(match)
    play_out(table)
    table.refresh_from_db()
    match.refresh_from_db()
    return table


def surfaces(client, table: Table) -> dict:
    """What a player of ``table`` gets of its deals on each surface."""
    tables_before = Table.objects.count()
    play_on = client.post(f"/tables/{table.public_id}/play-on/", {"hand": 0, "ply": 0})
    history = client.get("/me/history/").content.decode()
    row = history[history.index(f'data-table="{table.public_id}"') :]
    page = client.get(f"/tables/{table.public_id}/").content.decode()
    return {
        "record": client.get(f"/tables/{table.public_id}/record.json").status_code,
        "replay": client.get(f"/tables/{table.public_id}/replay/").status_code,
        "play_on": Table.objects.count() - tables_before,  # a table dealt the same
        "played_on_at": play_on["Location"].split("/")[2] != table.public_id,
        "reviews": json.loads(client.get(f"/tables/{table.public_id}/reviews.json").content)[
            "reviews"
        ],
        "history_link": f"/tables/{table.public_id}/replay/" in row[: row.index("</tr>")],
        "replay_button": 'id="replay-match"' in page,
        # The coach's figures on the statistics page (and so the public profile): its luck.
        "skill": 'id="skill"' in client.get("/me/statistics/").content.decode(),
    }


def test_no_surface_shows_a_first_legs_deals_until_its_replay_is_played(client, final):
    first_leg = play_leg(final)
    assert final.status == TournamentMatch.Status.CHECK_IN and first_leg.deals_private
    assert review_finished_hand(public_id=first_leg.public_id, hand=0)  # the coach graded it
    client.force_login(final.first.user)

    shut = surfaces(client, first_leg)
    assert shut == {
        "record": 403,
        "replay": 403,
        "play_on": 0,
        "played_on_at": False,
        "reviews": [],
        "history_link": False,
        "replay_button": False,
        "skill": False,
    }
    refused = client.get(f"/tables/{first_leg.public_id}/replay/").content.decode()
    assert "Another table has still to play this match&#x27;s deals" in refused
    history = client.get("/me/history/").content.decode()
    assert "Replay once the other table has played these deals" in history

    # Staff who may replay any match are refused too: nobody reads them before they are played.
    staff = make_user("referee")
    staff.user_permissions.add(Permission.objects.get(codename="view_any_record"))
    client.force_login(staff)
    assert client.get(f"/tables/{first_leg.public_id}/record.json").status_code == 403

    second_leg = play_leg(final)
    assert second_leg.deals_like_id == first_leg.pk and final.status == "finished"
    first_leg.refresh_from_db()
    client.force_login(final.first.user)
    shown = surfaces(client, first_leg)
    assert shown["record"] == shown["replay"] == 200
    assert shown["play_on"] == 1 and shown["played_on_at"]
    assert shown["reviews"] and shown["history_link"] and shown["replay_button"]
    assert shown["skill"]
    record = client.get(f"/tables/{first_leg.public_id}/record.json").json()
    assert all(hand["seed"] for hand in record["hands"])  # the seeds shown with the deals


def test_a_duplicate_pair_is_rated_once_on_both_legs_never_leg_by_leg(final):
    players = [final.first.user, final.second.user]
    first_leg = play_leg(final)
    assert set(first_leg.results.values_list("rated", flat=True)) == {False}
    assert not Rating.objects.filter(user__in=players, matches__gt=0).exists()

    second_leg = play_leg(final)
    assert final.status == TournamentMatch.Status.FINISHED
    ratings = {r.user_id: r for r in Rating.objects.filter(user__in=players)}
    assert {r.matches for r in ratings.values()} == {1}  # one result for the pair
    winner, loser = (
        (final.first.user, final.second.user)
        if final.winner_id == final.first_id
        else (final.second.user, final.first.user)
    )
    assert ratings[winner.pk].rating > 1500 > ratings[loser.pk].rating  # the pair's winner
    rated = MatchResult.objects.filter(table__in=[first_leg, second_leg], rated=True)
    assert sorted((r.table_id, r.user_id) for r in rated) == sorted(
        (second_leg.pk, user.pk) for user in players
    )
    for row in rated:
        assert row.rating_after == ratings[row.user_id].rating
    legs = [first_leg.public_id, second_leg.public_id]
    assert rate_pair(legs=legs, winner=winner.pk) == []  # heard twice, rated once
    assert {r.matches for r in Rating.objects.filter(user__in=players)} == {1}


def test_a_first_leg_lost_on_the_clock_is_the_pairs_one_rated_result(final):
    """The forfeit decides the match at once: no second leg, the one leg rated as the pair
    (the leg, dealt for another table, is recorded unrated: the tournament rates it)."""
    table = check_in_both(final)
    table.refresh_from_db()
    Table.objects.filter(pk=table.pk).update(deadline=table.deadline.replace(year=2000))
    assert games.sweep_deadlines() == 1
    final.refresh_from_db()
    table.refresh_from_db()
    assert final.by_forfeit and final.status == TournamentMatch.Status.FINISHED
    assert not table.deals_withheld  # the tournament is over: no table will replay them
    loser = table.seats.get(index=table.forfeited_by).user_id
    ratings = {r.user_id: r for r in Rating.objects.filter(matches=1)}
    assert len(ratings) == 2 and ratings[loser].rating < 1500
    assert set(table.results.values_list("rated", flat=True)) == {True}
