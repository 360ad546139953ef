"""A match in which moves were taken back (undo, against the computer): its results, record,
replay, history and statistics say so, and it is counted apart from clean matches (issue 18)."""

import json

import pytest
from deal_support import CLEAN, dealt_computer_table
from django.urls import reverse
from factories import make_user, online_table
from stats_builders import computer_match, play_out, player_of, upload

from games import services
from games.engine import Play, Rules, Tile
from games.models import MatchResult
from games.records import stats

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_match_with_take_backs_says_so_and_counts_apart(monkeypatch, client):
    alice = make_user("alice@example.com", first_name="Alice")
    me = player_of(alice)
    table = dealt_computer_table(
        monkeypatch, "draw", CLEAN, player=me, match={"single_round": True}
    )
    table.refresh_from_db()
    services.play(
        public_id=table.public_id, player=me, move=Play(Tile(6, 6)), seen_version=table.version
    )
    table.refresh_from_db()
    services.undo(public_id=table.public_id, player=me, seen_version=table.version)
    table = play_out(table, {0: me})
    (result,) = MatchResult.objects.filter(user=alice)
    assert result.take_backs and not result.rated

    figures = stats.statistics_of(alice)
    assert figures.total.matches == 0 and figures.total.label == "Without take-backs"
    assert figures.with_take_backs.matches == 1
    assert figures.with_take_backs.won + figures.with_take_backs.lost == 1
    assert figures.by_preset == [] and figures.by_opponent == [] and figures.by_day == []
    assert figures.overall == [figures.with_take_backs]

    client.force_login(alice)
    download = client.get(reverse("games:record", args=[table.public_id])).content
    assert json.loads(download)["take_backs"] == 1
    opened = upload(client, download).content.decode()  # the record file says it by itself
    assert "With take-backs" in opened and "taken back 1 time in this match" in opened
    replay = client.get(reverse("games:replay", args=[table.public_id])).content.decode()
    assert "With take-backs" in replay and "taken back 1 time in this match" in replay
    history = client.get(reverse("games:history")).content.decode()
    assert "with take-backs" in history
    page = client.get(reverse("games:statistics")).content.decode()
    assert "With take-backs" in page and "counted apart" in page


def test_a_clean_match_counts_as_before_and_its_record_says_nothing_of_take_backs(client):
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "single_round")
    figures = stats.statistics_of(alice)
    assert figures.total.matches == 1 and figures.with_take_backs.matches == 0
    assert figures.overall == [figures.total]
    client.force_login(alice)
    record = json.loads(client.get(reverse("games:record", args=[table.public_id])).content)
    assert "take_backs" not in record
    assert "With take-backs" not in client.get(reverse("games:statistics")).content.decode()


def test_a_match_with_take_backs_is_never_rated():
    people = [player_of(make_user(f"p{number}@example.com")) for number in range(2)]
    table = online_table(people, preset="single_round", turn_seconds=None, start="easy")
    seats = list(table.seats.all())
    rules = Rules.from_record(table.rules)
    assert services.is_rated(table, rules, seats)
    table.take_backs = 1
    assert not services.is_rated(table, rules, seats)
