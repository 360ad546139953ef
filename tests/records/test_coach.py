"""The coach through the real services, PostgreSQL and Redis: the end of a hand queues its
review on the coach queue and a worker stores it; a hand in play is never reviewed; who sees a
review and when (the player's own seat after each hand at a casual table, only after the match
at a rated one); "play on from here" starts a table against the computer at that moment."""

import json

import django_rq
import pytest
from django.urls import reverse
from factories import make_user, online_table
from rq import SimpleWorker
from stats_builders import computer_match, play_out, player_of

from games import services
from games.coach import selectors
from games.coach.review import HandNotOver
from games.coach.service import review_finished_hand
from games.engine import Rules, load
from games.models import HandReview, MatchResult, Table
from games.services import play_on

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ALICE = services.Player(user_id=None, session_key="alice-session")
BOB = services.Player(user_id=None, session_key="bob-session")


def play_until(table: Table, players: dict[int, services.Player], done) -> Table:
    """The people's first legal moves until ``done(match)``."""
    for _ in range(500):
        table.refresh_from_db()
        match = load(table.record)
        if done(match):
            return table
        services.play(
            public_id=table.public_id,
            player=players[match.turn],
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    raise AssertionError("the hand did not get there")


def moves_of(table: Table, hand: int, seat: int) -> int:
    return sum(move["seat"] == seat for move in table.record["hands"][hand]["moves"])


def test_a_hand_s_end_queues_its_review_on_the_coach_queue_and_a_worker_stores_it(settings):
    settings.COACH_REVIEWS = True
    table = online_table(
        [ALICE, BOB], match={"target": 200}, preset="classic", turn_seconds=None, start="easy"
    )
    settings.JOBS_BACKEND = "rq"
    queue = django_rq.get_queue("coach")
    queue.empty()

    table = play_until(table, {0: ALICE, 1: BOB}, lambda match: len(match.histories[0]) >= 4)
    assert queue.count == 0, "no review while the hand is played"
    with pytest.raises(HandNotOver):
        review_finished_hand(public_id=table.public_id, hand=0)
    assert not HandReview.objects.exists()

    table = play_until(table, {0: ALICE, 1: BOB}, lambda match: match.needs_deal)
    assert queue.count == 1
    SimpleWorker([queue], connection=queue.connection).work(burst=True)

    reviews = {row.seat: row for row in HandReview.objects.filter(table=table)}
    assert set(reviews) == {0, 1} and {row.hand for row in reviews.values()} == {0}
    for seat, row in reviews.items():
        assert len(row.decisions) + row.forced == moves_of(table, 0, seat)
        assert all(
            d["grade"] in {"best", "good", "inaccuracy", "mistake", "blunder"}
            for d in row.decisions
        )
        assert row.accuracy is None or 0 <= row.accuracy <= 100
    # Each player sees their own seat's review, between hands of a casual table.
    mine = selectors.own_reviews(table=table, player=ALICE)
    assert [(r["hand"], r["seat"]) for r in mine] == [(0, 0)]
    assert [r["seat"] for r in selectors.own_reviews(table=table, player=BOB)] == [1]
    stranger = services.Player(user_id=None, session_key="mallory")
    assert selectors.own_reviews(table=table, player=stranger) == []

    # Running the job again stores nothing new.
    assert review_finished_hand(public_id=table.public_id, hand=0) == []


def test_the_reviews_endpoint_never_shows_the_hand_in_play(client, settings):
    settings.COACH_REVIEWS = True
    alice = make_user("alice@example.com", first_name="Alice")
    table = services.create_computer_table(
        player=player_of(alice),
        name="Alice",
        rules=Rules.for_preset("classic", seats=2, match={"target": 200}),
        levels=["easy"],
    )
    client.force_login(alice)
    url = reverse("games:own_reviews", args=[table.public_id])
    assert client.get(url).json() == {"reviews": []}
    table = play_until(table, {0: player_of(alice)}, lambda match: match.needs_deal)
    assert [r["hand"] for r in client.get(url).json()["reviews"]] == [0]
    services.next_hand(
        public_id=table.public_id, player=player_of(alice), seen_version=table.version
    )
    table = play_until(table, {0: player_of(alice)}, lambda match: len(match.histories[-1]) >= 2)
    shown = client.get(url).json()["reviews"]
    assert [r["hand"] for r in shown] == [0], "the second hand is being played"


def test_at_a_rated_table_the_reviews_wait_for_the_end_of_the_match(settings):
    settings.COACH_REVIEWS = True
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    players = {0: player_of(alice), 1: player_of(bob)}
    table = online_table(
        [players[0], players[1]],
        match={"target": 100},
        preset="classic",
        turn_seconds=None,
        start="easy",
    )
    table = play_until(table, players, lambda match: match.needs_deal)
    assert HandReview.objects.filter(table=table, hand=0).count() == 2, "computed, not shown"
    assert selectors.own_reviews(table=table, player=players[0]) == []
    assert selectors.match_reviews(table) == []

    table = play_out(table, players)
    assert table.finished
    assert MatchResult.objects.filter(table=table, rated=True).count() == 2
    assert [r["hand"] for r in selectors.own_reviews(table=table, player=players[0])][:1] == [0]
    assert {r["seat"] for r in selectors.match_reviews(table)} == {0, 1}


def test_the_replay_carries_the_reviews_of_a_finished_match(client, settings):
    settings.COACH_REVIEWS = True
    alice = make_user("alice@example.com", first_name="Alice")
    table = computer_match(player_of(alice), "single_round")
    client.force_login(alice)
    html = client.get(reverse("games:replay", args=[table.public_id])).content.decode()
    start = html.index('<script id="replay-data" type="application/json">') + 49
    data = json.loads(html[start : html.index("</script>", start)])
    assert data["coach"]["mine"] == 0
    assert [(r["hand"], r["seat"]) for r in data["coach"]["reviews"]] == [(0, 0)]
    assert 'id="play-on"' in html

    # Accuracy and luck in the history, the statistics and the profile.
    review = HandReview.objects.get(table=table, hand=0, seat=0)
    history = client.get(reverse("games:history")).content.decode()
    row = history[history.index(f'data-table="{table.public_id}"') :]
    accuracy = row[
        row.index('class="accuracy"') : row.index("</td>", row.index('class="accuracy"'))
    ]
    if review.accuracy is None:
        assert "–" in accuracy
    else:
        assert f"{review.accuracy:.0f}%" in accuracy
    statistics = client.get(reverse("games:statistics")).content.decode()
    assert 'id="skill"' in statistics and "Hands reviewed</dt><dd>1</dd>" in statistics


def test_play_on_from_a_moment_of_a_finished_match_against_the_computer():
    alice = make_user("alice@example.com", first_name="Alice")
    source = computer_match(player_of(alice), "single_round", seats=3)
    moves = source.record["hands"][0]["moves"]

    table = play_on(public_id=source.public_id, player=player_of(alice), hand=0, ply=3)
    table.refresh_from_db()
    assert table.kind == Table.Kind.COMPUTER and table.public_id != source.public_id
    seats = {seat.index: seat for seat in table.seats.all()}
    assert seats[0].user_id == alice.id and not seats[0].is_bot
    assert [seats[i].bot_level for i in (1, 2)] == ["easy", "easy"], "the level it had"
    hand = table.record["hands"][0]
    assert hand["deal"] == source.record["hands"][0]["deal"]
    assert hand["moves"][:3] == moves[:3], "the moves up to the moment, as they were"
    assert load(table.record).turn in (0, None) or table.finished

    stranger = make_user("mallory@example.com")
    with pytest.raises(services.NotYourSeat):
        play_on(public_id=source.public_id, player=player_of(stranger), hand=0, ply=0)
    with pytest.raises(services.TableError, match="no such moment"):
        play_on(public_id=source.public_id, player=player_of(alice), hand=0, ply=len(moves))
    with pytest.raises(services.TableError, match="once the match is over"):
        play_on(public_id=table.public_id, player=player_of(alice), hand=0, ply=0)
