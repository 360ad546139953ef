"""Ending a game against the computer early (resign, drop), Play again (a rematch nobody else
has to agree to), and Play the computer's second tap taking the person back to the same game."""

import pytest
from accounts_support import verified_user
from django.test import Client
from django.urls import reverse

from games import selectors, services
from games.engine import Rules, load
from games.models import MatchResult, Table
from games.services import NotYourSeat, Player, TableError
from games.your_games import games_in_progress, same_computer_game
from tests.games.services.service_builders import BOB, HOST, started

pytestmark = pytest.mark.django_db(transaction=True)

ALICE = Player(user_id=None, session_key="alice-session")


def computer_table(player: Player = ALICE, level: str = "medium", preset: str = "draw") -> Table:
    return services.create_computer_table(
        player=player, name="Alice", rules=Rules.for_preset(preset, seats=2), levels=[level]
    )


def play_first_move(table: Table, player: Player = ALICE) -> None:
    table.refresh_from_db()
    match = load(table.record)
    assert match.turn == 0, "the person moves first at seat 0 in these deals, or after the bot"
    services.play(
        public_id=table.public_id,
        player=player,
        move=match.legal_moves()[0],
        seen_version=table.version,
    )


def your_turn(table: Table) -> Table:
    """The table once the person is to move (the computer moves inline under the tests)."""
    table.refresh_from_db()
    assert load(table.record).turn == 0
    return table


def test_resigning_ends_the_match_as_a_loss_only_for_the_tables_own_person():
    user = verified_user("ann@example.com", display_name="Ann")
    ann = Player(user_id=user.pk, session_key=None)
    table = computer_table(ann)
    with pytest.raises(NotYourSeat):
        services.resign_computer_game(public_id=table.public_id, player=BOB)
    table.refresh_from_db()
    assert not table.finished

    services.resign_computer_game(public_id=table.public_id, player=ann)
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == 0 and table.deadline is None
    result = MatchResult.objects.get(table=table, user=user)
    assert result.outcome == MatchResult.Outcome.LOSS and result.forfeited
    state = selectors.table_state(selectors.table_for(table.public_id), 0)
    assert state["table"]["forfeit_reason"] == "resigned"
    with pytest.raises(TableError, match="already over"):
        services.resign_computer_game(public_id=table.public_id, player=ann)
    assert MatchResult.objects.filter(table=table).count() == 1


def test_a_match_with_people_is_neither_resigned_nor_dropped_this_way():
    table = started(seats=2)
    for end in (services.resign_computer_game, services.drop_computer_game):
        with pytest.raises(TableError, match="leave it at the table"):
            end(public_id=table.public_id, player=HOST)
    table.refresh_from_db()
    assert not table.finished and table.forfeited_by is None


def test_dropping_a_game_not_moved_in_aborts_it_and_one_moved_in_resigns_it():
    untouched = computer_table()
    with pytest.raises(NotYourSeat):
        services.drop_computer_game(public_id=untouched.public_id, player=BOB)
    assert [game.drop_resigns for game in games_in_progress(ALICE)] == [False]
    dropped = services.drop_computer_game(public_id=untouched.public_id, player=ALICE)
    assert dropped is services.Dropped.ABORTED
    assert not Table.objects.filter(pk=untouched.pk).exists()
    assert games_in_progress(ALICE) == []

    played = computer_table()
    play_first_move(your_turn(played))
    assert [game.drop_resigns for game in games_in_progress(ALICE)] == [True]
    dropped = services.drop_computer_game(public_id=played.public_id, player=ALICE)
    assert dropped is services.Dropped.RESIGNED
    played.refresh_from_db()
    assert played.finished and played.forfeited_by == 0
    assert games_in_progress(ALICE) == []
    with pytest.raises(TableError, match="already over"):
        services.drop_computer_game(public_id=played.public_id, player=ALICE)


def test_play_again_deals_the_same_settings_once_however_often_it_is_asked():
    table = computer_table(level="hard", preset="block")
    services.resign_computer_game(public_id=table.public_id, player=ALICE)
    services.vote_rematch(public_id=table.public_id, player=ALICE)
    services.vote_rematch(public_id=table.public_id, player=ALICE)  # a second tap: the same
    table.refresh_from_db()
    again = table.rematch
    assert again is not None and Table.objects.filter(rematch_of__isnull=False).count() == 1
    assert again.kind == Table.Kind.COMPUTER and again.rules == table.rules
    assert [(s.index, s.bot_level, s.guest) for s in again.seats.order_by("index")] == [
        (0, "", ALICE.session_key),
        (1, "hard", ""),
    ]
    assert load(again.record).dealt and not again.finished
    with pytest.raises(NotYourSeat):
        services.vote_rematch(public_id=table.public_id, player=BOB)


def test_the_same_game_is_found_only_with_every_setting_the_same_and_unfinished():
    rules = Rules.for_preset("draw", seats=2)
    settings = {"rules": rules, "levels": ["medium"], "show_hints": True, "auto_pass": False}
    assert same_computer_game(ALICE, **settings) is None
    table = computer_table()
    assert same_computer_game(ALICE, **settings) == table.public_id
    assert same_computer_game(BOB, **settings) is None
    assert same_computer_game(ALICE, **{**settings, "levels": ["easy"]}) is None
    assert same_computer_game(ALICE, **{**settings, "show_hints": False}) is None
    other_rules = Rules.for_preset("block", seats=2)
    assert same_computer_game(ALICE, **{**settings, "rules": other_rules}) is None
    services.resign_computer_game(public_id=table.public_id, player=ALICE)
    assert same_computer_game(ALICE, **settings) is None


def test_a_second_tap_on_play_the_computer_goes_back_to_the_game_going():
    browser = Client()
    first = browser.post(reverse("play_computer"))
    assert first.status_code == 302
    again = browser.post(reverse("play_computer"), follow=True)
    assert again.redirect_chain[0][0] == first.url
    assert "still on: here it is" in again.content.decode()
    assert Table.objects.count() == 1

    # Dropped from Your games (nothing played: aborted), the next tap deals a new one.
    public_id = first.url.strip("/").split("/")[-1]
    dropped = browser.post(reverse("drop_game", args=[public_id]), {"next": "/me/"}, follow=True)
    assert dropped.redirect_chain[-1][0] == "/me/"
    assert "nothing was played" in dropped.content.decode()
    assert Table.objects.count() == 0
    third = browser.post(reverse("play_computer"))
    assert third.url != first.url and Table.objects.count() == 1

    # Nobody else drops it: the other browser is told, the game stays.
    stranger = Client()
    stranger.get(reverse("home"))
    refused = stranger.post(
        reverse("drop_game", args=[third.url.strip("/").split("/")[-1]]),
        {"next": "https://elsewhere.example/"},
        follow=True,
    )
    assert refused.redirect_chain[-1][0] == "/me/", "never sent to another site"
    assert "no seat at this table" in refused.content.decode()
    assert Table.objects.count() == 1


def test_play_on_keeps_the_level_of_the_match_it_comes_from():
    source = computer_table(level="medium", preset="single_round")
    play_first_move(your_turn(source))
    services.resign_computer_game(public_id=source.public_id, player=ALICE)
    table = services.play_on(public_id=source.public_id, player=ALICE, hand=0, ply=0)
    assert [(s.index, s.bot_level) for s in table.seats.order_by("index")] == [
        (0, ""),
        (1, "medium"),
    ]
    # A seat a person had is played at the stand-in level, which the replay page says.
    people = started(seats=2)
    seats = list(people.seats.all())
    assert services.play_on_levels(seats, 0) == {1: services.PERSON_STAND_IN}
