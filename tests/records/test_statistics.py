"""Statistics, history, profiles and the leaderboard: exact numbers on matches played through
the services, and query counts that do not grow with the number of matches."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from factories import make_user, online_table
from stats_builders import computer_match, play_out, player_of

from accounts.services import give_handle
from games.engine import load
from games.models import MatchResult, Rating
from games.records import stats
from games.records.families import Family
from games.records.profiles import profile_key, profile_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def expected_tally(tables, seat=0):
    """The tally a player at ``seat`` of each table should have, counted from the records."""
    totals = dict.fromkeys(
        ("matches", "won", "drawn", "lost", "hands_played", "hands_won", "points_for"), 0
    )
    totals["points_against"] = 0
    for table in tables:
        match = load(table.record)
        side = match.rules.side_of(seat)
        totals["matches"] += 1
        if match.winners == (side,):
            totals["won"] += 1
        elif side in match.winners:
            totals["drawn"] += 1
        else:
            totals["lost"] += 1
        totals["hands_played"] += len(match.reports)
        totals["hands_won"] += sum(1 for r in match.reports if r.winners == (side,))
        totals["points_for"] += match.scores[side]
        totals["points_against"] += sum(match.scores) - match.scores[side]
    return totals


def as_dict(tally):
    return {
        key: getattr(tally, key)
        for key in (
            "matches",
            "won",
            "drawn",
            "lost",
            "hands_played",
            "hands_won",
            "points_for",
            "points_against",
        )
    }


def test_statistics_add_up_exactly_in_all_by_preset_and_by_opponent():
    alice = make_user("alice@example.com")
    me = player_of(alice)
    classic = [computer_match(me, "classic", "easy") for _ in range(2)]
    block = [computer_match(me, "block", "medium")]
    fives = [computer_match(me, "all_fives", "easy")]
    everything = classic + block + fives
    figures = stats.statistics_of(alice)

    assert as_dict(figures.total) == expected_tally(everything)
    assert figures.total.matches == 4 and figures.total.hands_played >= 4
    by_preset = {t.label: as_dict(t) for t in figures.by_preset}
    assert by_preset == {
        "All Fives": expected_tally(fives),
        "Block": expected_tally(block),
        "Classic": expected_tally(classic),
    }
    by_opponent = {t.label: as_dict(t) for t in figures.by_opponent}
    assert by_opponent == {
        "Computer (easy)": expected_tally(classic + fives),
        "Computer (medium)": expected_tally(block),
    }
    (today,) = figures.by_day
    assert (today.won, today.drawn, today.lost) == (
        figures.total.won,
        figures.total.drawn,
        figures.total.lost,
    )


def test_another_players_matches_and_a_guests_do_not_count():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    computer_match(player_of(bob), "single_round")
    assert stats.statistics_of(alice).total.matches == 0
    assert stats.statistics_of(alice).overall == []


def test_a_rated_match_appears_in_both_players_ratings_and_on_the_leaderboard():
    alice, bob = (
        make_user("alice@example.com", first_name="Alice"),
        make_user("bob@example.com", first_name="Bob"),
    )
    people = [player_of(alice), player_of(bob)]
    play_out(
        online_table(people, preset="single_round", turn_seconds=None, start="easy"),
        dict(enumerate(people)),
    )
    draw = {entry.family: entry.rating for entry in stats.ratings_of(alice)}
    assert draw[Family.DRAW].matches == 1 and draw[Family.BLOCK] is None
    established, provisional = stats.leaderboard(Family.DRAW)
    assert established == [], "one match leaves both ratings provisional"
    assert [s.name for s in provisional] == sorted(
        ["Alice", "Bob"], key=lambda n: -Rating.objects.get(user__first_name=n).rating
    )
    Rating.objects.filter(user=alice).update(rd=60)
    established, provisional = stats.leaderboard(Family.DRAW)
    assert [(s.rank, s.name) for s in established] == [(1, "Alice")]
    assert [s.name for s in provisional] == ["Bob"]


def count_queries(function):
    with CaptureQueriesContext(connection) as queries:
        function()
    return len(queries)


def test_statistics_history_and_leaderboard_queries_do_not_grow_with_matches(
    client, django_assert_num_queries
):
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    client.force_login(alice)
    pages = [
        reverse("games:statistics"),
        reverse("games:history"),
        profile_url(alice.id),
        reverse("games:leaderboard"),
    ]

    def load_every_page():
        for url in pages:
            assert client.get(url).status_code == 200

    def play_one(preset, level):
        computer_match(player_of(alice), preset, level)
        people = [player_of(alice), player_of(bob)]
        play_out(
            online_table(people, preset="single_round", turn_seconds=None, start="easy"),
            dict(enumerate(people)),
        )

    play_one("single_round", "easy")
    with_one = count_queries(load_every_page)
    for preset, level in [("single_round", "hard"), ("block", "medium"), ("single_round", "easy")]:
        play_one(preset, level)
    play_one("draw", "easy")
    assert MatchResult.objects.filter(user=alice).count() == 10
    with django_assert_num_queries(with_one):
        load_every_page()
    for url in pages:
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        assert len(queries) <= 12, (url, [q["sql"] for q in queries])


def test_statistics_and_history_are_for_signed_in_players(client):
    for name in ("games:statistics", "games:history"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_statistics_page_shows_the_numbers_and_the_chart(client):
    alice = make_user("alice@example.com")
    tables = [computer_match(player_of(alice), "single_round") for _ in range(3)]
    client.force_login(alice)
    html = client.get(reverse("games:statistics")).content.decode()
    assert 'id="results-chart"' in html
    expected = expected_tally(tables)
    assert f"<td>{expected['matches']}</td>" in html
    assert html.count('class="won"') + html.count('class="lost"') + html.count('class="drawn"') >= 1


def test_history_is_paginated_newest_first_with_replay_links(client):
    alice = make_user("alice@example.com")
    tables = [
        computer_match(player_of(alice), "single_round") for _ in range(stats.HISTORY_PAGE_SIZE + 1)
    ]
    client.force_login(alice)
    first = client.get(reverse("games:history")).content.decode()
    assert first.count("Replay</a>") == stats.HISTORY_PAGE_SIZE
    assert first.index(tables[-1].public_id) < first.index(tables[-2].public_id)
    assert tables[0].public_id not in first
    second = client.get(reverse("games:history"), {"page": 2}).content.decode()
    assert second.count("Replay</a>") == 1 and tables[0].public_id in second
    assert client.get(reverse("games:history"), {"page": "nonsense"}).status_code == 200


def test_a_profile_is_public_and_an_unknown_player_is_not_found(client):
    alice = make_user("alice@example.com", first_name="Alice the Great")
    give_handle(user=alice)  # as at sign-up: the address is the handle's, never the email's
    computer_match(player_of(alice), "single_round")
    html = client.get(profile_url(alice.id)).content.decode()
    assert "Alice the Great" in html and "alice@example.com" not in html
    assert "Draw games" in html and "not rated yet" in html
    assert client.get(profile_url(alice.id + 100)).status_code == 404
    assert client.get("/leaderboard/nonsense/").status_code == 404


def test_history_names_opponents_and_partner_and_links_signed_in_players(client):
    users = [make_user(f"p{n}@example.com", first_name=name) for n, name in enumerate("ABCD")]
    people = [player_of(user) for user in users]
    table = play_out(
        online_table(
            people,
            preset="brazilian",
            seats=4,
            match={"target": 25},
            turn_seconds=None,
            start="easy",
        ),
        dict(enumerate(people)),
    )
    client.force_login(users[0])
    page, rows = stats.history_of(users[0], 1)
    (row,) = rows
    opponents = [(p.name, p.handle) for p in row.opponents]
    assert opponents == [("B", users[1].username), ("D", users[3].username)]
    assert (row.partner.name, row.partner.handle) == ("C", users[2].username)
    html = client.get(reverse("games:history")).content.decode()
    assert (
        f'<a href="{profile_url(users[1].id)}">B</a>, <a href="{profile_url(users[3].id)}">D</a>'
        in html
    )
    assert f'(partner: <a href="{profile_url(users[2].id)}">C</a>)' in html
    assert table.public_id in html and "rated" in html


@pytest.mark.parametrize("matches", [1, 5])
def test_each_selector_runs_a_fixed_number_of_queries(matches, django_assert_num_queries):
    alice = make_user("alice@example.com")
    for _ in range(matches):
        computer_match(player_of(alice), "single_round")
    Rating.objects.create(user=alice, family="draw", rating=1500, rd=80, volatility=0.06)
    with django_assert_num_queries(4):  # in all, by preset, by opponent, by day
        stats.statistics_of(alice)
    with django_assert_num_queries(5):  # count, results with tables, seats, users, reviews
        _page, rows = stats.history_of(alice, 1)
        assert len(rows) == matches and all(row.opponents for row in rows)
    with django_assert_num_queries(1):
        stats.ratings_of(alice)
    with django_assert_num_queries(1):
        stats.leaderboard(Family.DRAW)


def test_a_stranger_probing_player_numbers_finds_no_profile(client):
    """Profiles were /players/<id>/: counting up listed every player."""
    users = [make_user(f"p{n}@example.com", first_name=f"Player {n}") for n in range(3)]
    for user in users:
        assert client.get(f"/players/{user.id}/").status_code == 404
    alice, bob = users[0], users[1]
    assert client.get(profile_url(alice.id)).status_code == 200
    user_id, signature = profile_key(alice.id).split(".")
    for forged in (f"{bob.id}.{signature}", f"{user_id}.{signature[:-1]}x", f"{user_id}."):
        assert client.get(f"/players/{forged}/").status_code == 404
