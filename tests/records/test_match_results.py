"""The match_finished listener: one result per signed-in seat, recorded once; guests skipped;
forfeits, opponents and the rating rule."""

import io
import re

import pytest
from accounts_support import PASSWORD, verified_user
from factories import make_user, online_table
from stats_builders import computer_match, forfeit_now, play_out, player_of

from accounts.guests import GUEST_SESSION_KEY
from games import services, signals
from games.engine import Rules, load
from games.models import MatchResult, Rating, Table
from games.records import results

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_finished_match_against_the_computer_is_recorded_once_with_its_numbers():
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), preset="classic", level="medium")
    match = load(table.record)
    (row,) = MatchResult.objects.filter(table=table)
    assert (row.user, row.seat, row.preset, row.family, row.seats) == (
        alice,
        0,
        "classic",
        "draw",
        2,
    )
    assert row.opponent == "medium"
    assert row.won == (match.winners == (0,))
    assert row.hands_played == len(match.reports) >= 1
    assert row.hands_won == sum(1 for r in match.reports if r.winners == (0,))
    assert (row.points_for, row.points_against) == (match.scores[0], match.scores[1])
    assert max(match.scores) >= 25
    assert row.finished_at == table.updated_at
    assert not row.rated and row.rating_after is None

    signals.match_finished.send(sender=Table, public_id=table.public_id)
    signals.match_finished.send(sender=Table, public_id=table.public_id)
    assert MatchResult.objects.filter(table=table).count() == 1
    assert results.record_finished_match(public_id=table.public_id) == []


def test_guests_have_no_statistics():
    guest = services.Player(user_id=None, session_key="guest-session")
    table = computer_match(guest, preset="single_round")
    assert table.finished
    assert not MatchResult.objects.exists()


def test_an_unfinished_match_records_nothing():
    alice = make_user("alice@example.com")
    table = services.create_computer_table(
        player=player_of(alice),
        name="Alice",
        rules=Rules.for_preset("classic", seats=2),
        levels=["easy"],
    )
    assert results.record_finished_match(public_id=table.public_id) == []
    assert not MatchResult.objects.exists()


def test_a_tournament_bye_has_no_table_so_it_adds_no_match_and_no_win():
    # Byes are decided by the pairing alone: no table is dealt, no match_finished is sent,
    # and results are only ever written for a finished table's seats.
    make_user("alice@example.com")
    assert not Table.objects.exists()
    assert not MatchResult.objects.exists()


def test_two_signed_in_people_online_are_rated_against_each_other():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    people = [player_of(alice), player_of(bob)]
    table = play_out(
        online_table(people, preset="single_round", turn_seconds=None, start="easy"),
        dict(enumerate(people)),
    )
    match = load(table.record)
    rows = {row.seat: row for row in MatchResult.objects.filter(table=table)}
    assert set(rows) == {0, 1}
    assert all(row.opponent == "human" and row.rated for row in rows.values())
    ratings = {r.user_id: r for r in Rating.objects.filter(family="draw")}
    assert set(ratings) == {alice.id, bob.id}
    for seat, user in ((0, alice), (1, bob)):
        row, rating = rows[seat], ratings[user.id]
        assert row.rating_before == 1500 and row.rating_after == rating.rating
        assert rating.matches == 1 and rating.rd < 350 and rating.provisional
        if match.winners == (seat,):
            assert row.outcome == "win" and rating.rating > 1500
        elif len(match.winners) > 1:
            assert row.outcome == "draw" and rating.rating == pytest.approx(1500)
        else:
            assert row.outcome == "loss" and rating.rating < 1500

    signals.match_finished.send(sender=Table, public_id=table.public_id)
    assert Rating.objects.get(user=alice).matches == 1, "a second signal rates nothing"


def test_a_forfeit_is_a_loss_for_the_seat_out_of_time_and_a_win_for_the_other():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    table = online_table(
        [player_of(alice), player_of(bob)], preset="classic", turn_seconds=None, start="easy"
    )
    loser = forfeit_now(table)
    rows = {row.seat: row for row in MatchResult.objects.filter(table=table)}
    assert rows[loser].outcome == "loss" and rows[loser].forfeited
    assert rows[1 - loser].outcome == "win" and not rows[1 - loser].forfeited
    assert rows[loser].hands_played == 0, "the hand cut short by the forfeit is not counted"
    assert all(row.rated for row in rows.values())
    winner = rows[1 - loser].user
    assert Rating.objects.get(user=winner).rating > 1500


def test_a_table_with_a_computer_seat_or_a_guest_is_not_rated():
    alice = make_user("alice@example.com")
    guest = services.Player(user_id=None, session_key="guest-session")
    with_guest = online_table(
        [player_of(alice), guest], preset="single_round", turn_seconds=None, start="easy"
    )
    play_out(with_guest, {0: player_of(alice), 1: guest})
    with_computer = online_table(
        [player_of(alice)], preset="single_round", turn_seconds=None, start="easy"
    )  # the computer takes seat 1
    play_out(with_computer, {0: player_of(alice)})
    rows = list(MatchResult.objects.order_by("id"))
    assert [(row.table_id, row.opponent, row.rated) for row in rows] == [
        (with_guest.id, "human", False),
        (with_computer.id, "easy", False),
    ]
    assert not Rating.objects.exists()


def test_three_people_at_one_table_are_counted_but_not_rated():
    users = [make_user(f"p{n}@example.com") for n in range(3)]
    people = [player_of(user) for user in users]
    table = play_out(
        online_table(people, seats=3, preset="single_round", turn_seconds=None, start="easy"),
        dict(enumerate(people)),
    )
    rows = list(MatchResult.objects.filter(table=table))
    assert len(rows) == 3 and not any(row.rated for row in rows)
    match = load(table.record)
    for row in rows:
        assert row.points_against == sum(match.scores) - match.scores[row.seat]


def test_partners_share_their_sides_result_and_are_rated_against_the_other_teams_average():
    users = [make_user(f"p{n}@example.com") for n in range(4)]
    people = [player_of(user) for user in users]
    # Earlier results: seat 1 and seat 3 (the opponents of seats 0 and 2) rate differently.
    for user, rating in ((users[1], 1700), (users[3], 1300)):
        Rating.objects.create(user=user, family="block", rating=rating, rd=100, volatility=0.06)
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
    match = load(table.record)
    rows = {row.seat: row for row in MatchResult.objects.filter(table=table)}
    for seat in range(4):
        partner = (seat + 2) % 4
        assert rows[seat].outcome == rows[partner].outcome
        assert (rows[seat].points_for, rows[seat].points_against) == (
            match.scores[seat % 2],
            match.scores[1 - seat % 2],
        )
    # Seats 0 and 2 start equal and face the same average (1500, 100): they move alike.
    assert rows[0].rating_after == pytest.approx(rows[2].rating_after)
    assert all(row.rated and row.opponent == "human" for row in rows.values())


def test_the_computers_opponent_kind_names_its_level_or_mixed():
    alice = make_user("alice@example.com")
    easy = computer_match(player_of(alice), preset="single_round", level="hard", seats=3)
    assert MatchResult.objects.get(table=easy).opponent == "hard"
    rules = Rules.for_preset("single_round", seats=3)
    mixed = services.create_computer_table(
        player=player_of(alice), name="Alice", rules=rules, levels=["easy", "hard"]
    )
    play_out(mixed, {0: player_of(alice)})
    assert MatchResult.objects.get(table=mixed).opponent == "mixed"


def test_finished_matches_without_results_are_recorded_by_the_command_oldest_first():
    from django.core.management import call_command

    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    people = [player_of(alice), player_of(bob)]
    signals.match_finished.disconnect(dispatch_uid="games.records.results.on_match_finished")
    try:
        first = play_out(
            online_table(people, preset="single_round", turn_seconds=None, start="easy"),
            dict(enumerate(people)),
        )
        second = play_out(
            online_table(people, preset="single_round", turn_seconds=None, start="easy"),
            dict(enumerate(people)),
        )
        computer_match(services.Player(user_id=None, session_key="guest"), "single_round")
    finally:
        signals.match_finished.connect(
            results.on_match_finished, dispatch_uid="games.records.results.on_match_finished"
        )
    assert not MatchResult.objects.exists()
    out = io.StringIO()
    call_command("record_results", stdout=out)
    assert "Recorded the results of 2 finished match(es)." in out.getvalue()
    earlier = MatchResult.objects.get(table=first, user=alice)
    later = MatchResult.objects.get(table=second, user=alice)
    assert earlier.rating_before == 1500 and later.rating_before == earlier.rating_after
    assert Rating.objects.get(user=alice).matches == 2
    call_command("record_results", stdout=out)
    assert Rating.objects.get(user=alice).matches == 2, "nothing is recorded twice"


def test_a_failing_recording_is_logged_and_does_not_fail_the_move_that_ended_the_match(
    monkeypatch, caplog
):
    def broken(*, public_id):
        raise RuntimeError("the database is unhappy")

    monkeypatch.setattr(results, "record_finished_match", broken)
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "single_round")
    assert table.finished and not MatchResult.objects.exists()
    assert f"Recording the results of table {table.public_id} failed" in caplog.text


def test_a_guests_finished_match_counts_in_their_statistics_once_they_sign_in(client):
    user = verified_user("ada@example.com", display_name="Ada")
    setup = {"mode": "computer", "preset": "draw", "seats": "2", "name": "Guest"}
    setup |= {"level_1": "easy", "level_2": "easy", "level_3": "easy"}
    setup |= {"match_format": "target", "target": "25"}
    created = client.post("/play/", setup)
    assert created.status_code == 302, created.content.decode()[:2000]
    table = Table.objects.get(public_id=created["Location"].split("/")[2])
    guest = services.Player(user_id=None, session_key=client.session[GUEST_SESSION_KEY])
    play_out(table, {0: guest})
    assert not MatchResult.objects.exists()  # a guest has no statistics

    signed_in = client.post("/accounts/login/", {"login": user.email, "password": PASSWORD})
    assert signed_in.status_code == 302

    (row,) = MatchResult.objects.filter(table=table)
    assert (row.user, row.seat, row.opponent) == (user, 0, "easy")
    html = client.get("/me/statistics/").content.decode()
    assert "No finished matches yet." not in html
    assert re.search(r"<th scope=\"row\">[^<]+</th>\s*<td>1</td>", html)


def test_a_claimed_seat_gets_its_result_beside_the_ones_already_recorded():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    guest = services.Player(user_id=None, session_key="bobs-guest-token")
    table = play_out(
        online_table(
            [player_of(alice), guest], preset="single_round", turn_seconds=None, start="easy"
        ),
        {0: player_of(alice), 1: guest},
    )
    assert list(MatchResult.objects.filter(table=table).values_list("seat", flat=True)) == [0]

    services.claim_guest_seats(guest=guest.session_key, user_id=bob.pk)

    rows = {row.seat: row for row in MatchResult.objects.filter(table=table)}
    assert (rows[1].user, rows[1].rated) == (bob, False)  # a guest's match stays unrated
    assert rows[0].outcome != rows[1].outcome or rows[0].outcome == MatchResult.Outcome.DRAW
    assert not Rating.objects.filter(user=bob).exists()
