"""A word at the table through the services: the fixed list, refused forgeries, partnership
tables, spectators apart and the rate limit (real PostgreSQL and Redis)."""

import re

import pytest
from deal_support import play_out_the_hand
from django.utils import translation

from dominoes import limits
from games import phrases, selectors, services
from games.engine import Rules
from games.models import LogEntry, Remark, Table
from games.services import Player, TableError

pytestmark = pytest.mark.django_db(transaction=True)

HOST = Player(user_id=None, session_key="host-session")
BOB = Player(user_id=None, session_key="bob-session")
CAROL = Player(user_id=None, session_key="carol-session")
DAN = Player(user_id=None, session_key="dan-session")
WATCHER = Player(user_id=None, session_key="watcher-session")
ADDRESS = "203.0.113.7"


PEOPLE = {0: HOST, 1: BOB, 2: CAROL, 3: DAN}


def seated(preset: str = "draw", seats: int = 2, **options: object) -> Table:
    """A friends table in its lobby, every seat taken by a person (Bob's partner: Dan)."""
    table = services.create_online_table(
        player=HOST, name="Host", rules=Rules.for_preset(preset, seats=seats, **options)
    )
    for player, name in ((BOB, "Bob"), (CAROL, "Carol"), (DAN, "Dan"))[: seats - 1]:
        services.join_table(public_id=table.public_id, player=player, name=name)
    return table


def started(preset: str = "draw", seats: int = 2, **options: object) -> Table:
    table = seated(preset, seats, **options)
    services.start_table(public_id=table.public_id, player=HOST)
    table.refresh_from_db()
    return table


def say(table: Table, player: Player, phrase: object) -> dict:
    return services.say_remark(
        public_id=table.public_id, player=player, phrase=phrase, address=ADDRESS
    )


def test_a_phrase_is_stored_in_its_own_words_and_leaves_the_game_alone():
    table = started()
    version, entries = table.version, LogEntry.objects.filter(table=table).count()
    said = say(table, BOB, "good_game")
    assert said == {
        "id": said["id"],
        "seat": 1,
        "name": "Bob",
        "speaker": services.speaker_token(BOB),
        "phrase": "good_game",
        "kind": "phrase",
        "text": "Good game",
        "spoken": "Good game",
        "spectator": False,
    }
    reaction = say(table, HOST, "smile")
    assert (reaction["text"], reaction["spoken"]) == ("🙂", "smile")
    assert reaction["kind"] == "reaction"
    table.refresh_from_db()
    assert table.version == version
    assert LogEntry.objects.filter(table=table).count() == entries
    heard = services.remarks_heard(public_id=table.public_id, player=HOST)
    assert [r["phrase"] for r in heard["remarks"]] == ["good_game", "smile"]
    assert heard["speaker"] == services.speaker_token(HOST)


@pytest.mark.parametrize(
    "forged",
    ["free text", "Good game", "GOOD_GAME", "", None, 7, ["good_game"], {"text": "6-6"}, "6-6"],
)
def test_anything_but_an_offered_phrase_id_is_refused_in_words_and_stores_nothing(forged):
    table = started()
    with pytest.raises(TableError, match="Only the phrases and reactions offered"):
        say(table, BOB, forged)
    assert not Remark.objects.exists()


def test_a_partnership_table_refuses_a_phrase_about_the_game_that_two_opponents_may_say():
    partners = started("team_draw", seats=4)
    with pytest.raises(TableError, match="partnership table no phrase may say anything about"):
        say(partners, BOB, "stuck")
    assert not Remark.objects.exists()
    offered = services.remarks_heard(public_id=partners.public_id, player=BOB)["phrases"]
    assert "stuck" not in {p["id"] for p in offered}
    play_out_the_hand(partners.public_id, PEOPLE)  # between hands, where partners talk
    with pytest.raises(TableError, match="partnership table no phrase may say anything about"):
        say(partners, BOB, "stuck")
    assert say(partners, CAROL, "well_played_partner")["text"] == "Well played, partner"

    head_to_head = started("draw", seats=2)
    assert say(head_to_head, BOB, "stuck")["text"] == "I'm stuck"


# Numbers, tiles and suits in any spelling a partner could read as a signal ("One moment" is
# asked for by name: a wait, not a number).
GAME_WORDS = re.compile(
    r"[0-9]|\b(blank|ace|one(?! moment)|deuce|two|trey|three|four|five|six|double|tile|suit|"
    r"spinner|draw|pass|knock|boneyard|hand|stuck|block)s?\b",
    re.IGNORECASE,
)


def test_no_phrase_allowed_between_partners_spells_a_number_a_tile_or_a_suit():
    allowed = phrases.allowed(partnership=True, spectator=False)
    assert {p.id for p in allowed} >= {"good_game", "nice_play", "well_played_partner", "oops"}
    for phrase in allowed:
        assert not GAME_WORDS.search(phrase.text), phrase
        assert not GAME_WORDS.search(phrase.spoken), phrase
    # The yardstick itself finds the one that is held back.
    assert GAME_WORDS.search(phrases.BY_ID["stuck"].text)


def test_a_spectator_only_reacts_and_is_heard_by_spectators_only():
    table = started()
    with pytest.raises(TableError, match="Spectators can send reactions only"):
        say(table, WATCHER, "good_game")
    cheer = say(table, WATCHER, "wow")
    assert cheer["spectator"] and cheer["seat"] is None and cheer["name"].startswith("Guest")
    say(table, BOB, "nice_play")
    player_hears = services.remarks_heard(public_id=table.public_id, player=HOST)
    assert [r["phrase"] for r in player_hears["remarks"]] == ["nice_play"]
    watcher_hears = services.remarks_heard(public_id=table.public_id, player=WATCHER)
    assert [r["phrase"] for r in watcher_hears["remarks"]] == ["wow", "nice_play"]
    assert {p["kind"] for p in watcher_hears["phrases"]} == {"reaction"}


def test_past_the_rate_a_remark_is_refused_with_the_wait_and_stores_nothing(settings):
    settings.RATE_LIMITS = {"remarks": {"per_person": "2/minute"}}
    table = started()
    say(table, BOB, "oops")
    say(table, BOB, "thanks")
    with pytest.raises(limits.Refused, match="You have said a lot") as refused:
        say(table, BOB, "one_moment")
    assert refused.value.retry_after >= 1
    assert Remark.objects.count() == 2
    say(table, HOST, "one_moment")  # another person's budget is their own


def test_a_table_against_the_computer_has_nobody_to_talk_to():
    table = services.create_computer_table(
        player=HOST, name="Host", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )
    with pytest.raises(TableError, match="tables of people"):
        say(table, HOST, "good_game")
    assert services.remarks_heard(public_id=table.public_id, player=HOST)["phrases"] == []


def test_the_speaker_is_one_person_at_every_table_and_names_no_session():
    first, second = started(), started()
    a, b = say(first, BOB, "hello"), say(second, BOB, "hello")
    assert a["speaker"] == b["speaker"] != say(first, HOST, "hello")["speaker"]
    assert "bob-session" not in a["speaker"]


# Every pip of the set is 168 points: no hand ends a match to 500, so a hand played out leaves
# the table between hands.
TO_500 = {"match": {"target": 500}}


def test_partners_say_nothing_during_a_hand_and_talk_again_once_it_is_over():
    partners = started("team_draw", seats=4, **TO_500)
    for phrase in ("good_game", "smile", "well_played_partner"):
        with pytest.raises(TableError, match="No table talk between partners during a hand"):
            say(partners, BOB, phrase)
    with translation.override("es"), pytest.raises(TableError) as refused:
        say(partners, DAN, "oops")
    assert str(refused.value).startswith("Nada de hablar entre compañeros durante una mano")
    assert not Remark.objects.exists()
    # Spectators are not partners of anyone: their reactions reach spectators only, as ever.
    assert say(partners, WATCHER, "wow")["spectator"]

    version = play_out_the_hand(partners.public_id, PEOPLE)
    assert say(partners, BOB, "good_game")["text"] == "Good game"
    assert say(partners, DAN, "smile")["kind"] == "reaction"
    services.next_hand(public_id=partners.public_id, player=HOST, seen_version=version)
    with pytest.raises(TableError, match="No table talk between partners during a hand"):
        say(partners, BOB, "thanks")
    assert [r.phrase for r in Remark.objects.order_by("id")] == ["wow", "good_game", "smile"]


def test_partners_talk_in_the_lobby_and_once_the_match_is_over():
    partners = seated("team_draw", seats=4, match={"single_round": True})
    say(partners, BOB, "hello")
    services.start_table(public_id=partners.public_id, player=HOST)
    with pytest.raises(TableError, match="during a hand"):
        say(partners, DAN, "hello")
    play_out_the_hand(partners.public_id, PEOPLE)
    partners.refresh_from_db()
    assert partners.finished
    assert say(partners, DAN, "good_game")["seat"] == 3


def test_two_opponents_talk_during_the_hand():
    head_to_head = started("draw", seats=2)
    assert say(head_to_head, BOB, "nice_play")["seat"] == 1


def test_the_host_may_let_partners_talk_during_the_hands_before_the_start():
    partners = seated("team_draw", seats=4, **TO_500)
    pid = partners.public_id
    with pytest.raises(TableError, match="Only the host decides"):
        services.allow_table_talk(public_id=pid, player=BOB, allowed=True)
    assert services.allow_table_talk(public_id=pid, player=HOST, allowed=True).table_talk
    # Everyone seated is shown it: the state every seat receives says so.
    state = selectors.table_state(selectors.table_for(pid), 3)
    assert state["table"]["table_talk"] is True
    services.start_table(public_id=pid, player=HOST)
    assert say(partners, BOB, "well_played_partner")["seat"] == 1
    with pytest.raises(TableError, match="partnership table no phrase may say anything about"):
        say(partners, BOB, "stuck")  # allowed talk is still no talk about the hand
    with pytest.raises(TableError, match="decided before the start"):
        services.allow_table_talk(public_id=pid, player=HOST, allowed=False)
    partners.refresh_from_db()
    assert partners.table_talk

    two = seated("draw", seats=2)
    with pytest.raises(TableError, match="Only a table of partners"):
        services.allow_table_talk(public_id=two.public_id, player=HOST, allowed=True)


def test_a_table_whose_partners_may_talk_is_never_rated(django_user_model):
    users = [django_user_model.objects.create_user(f"talker{i}", password="x") for i in range(4)]
    people = [Player(user_id=user.pk, session_key=None) for user in users]
    table = services.create_online_table(
        player=people[0], name="Ann", rules=Rules.for_preset("team_draw", seats=4)
    )
    for player, name in zip(people[1:], ("Ben", "Cid", "Dot"), strict=True):
        services.join_table(public_id=table.public_id, player=player, name=name)
    table.refresh_from_db()
    rules, seats = Rules.from_record(table.rules), list(table.seats.all())
    assert services.is_rated(table, rules, seats)
    services.allow_table_talk(public_id=table.public_id, player=people[0], allowed=True)
    table.refresh_from_db()
    assert not services.is_rated(table, rules, seats)


def test_a_tournament_or_quick_match_table_never_allows_talk_during_the_hands():
    tournament_lobby = services.create_online_table(
        player=HOST,
        name="Host",
        rules=Rules.for_preset("team_draw", seats=4),
        turn_seconds=services.TOURNAMENT_TURN_SECONDS,
        forfeit_at_deadline=True,
    )
    with pytest.raises(TableError, match="tournament table never allows table talk"):
        services.allow_table_talk(public_id=tournament_lobby.public_id, player=HOST, allowed=True)
    seated_people = list(zip((HOST, BOB, CAROL, DAN), ("Host", "Bob", "Carol", "Dan"), strict=True))
    rules = Rules.for_preset("team_draw", seats=4)
    tournament = services.create_seated_table(players=seated_people, rules=rules)
    quick_match = services.create_seated_table(
        players=seated_people,
        rules=rules,
        turn_seconds=services.CASUAL_TURN_SECONDS,
        grace_seconds=0,
        forfeit_at_deadline=False,
    )
    for table in (tournament, quick_match):
        with pytest.raises(TableError):
            services.allow_table_talk(public_id=table.public_id, player=HOST, allowed=True)
        table.refresh_from_db()
        assert not table.table_talk
        with pytest.raises(TableError, match="during a hand"):
            say(table, BOB, "good_game")


def test_a_rematch_keeps_the_hosts_table_talk():
    partners = seated("team_draw", seats=4, match={"single_round": True})
    services.allow_table_talk(public_id=partners.public_id, player=HOST, allowed=True)
    services.start_table(public_id=partners.public_id, player=HOST)
    play_out_the_hand(partners.public_id, PEOPLE)
    for player in PEOPLE.values():
        services.vote_rematch(public_id=partners.public_id, player=player)
    partners.refresh_from_db()
    assert partners.rematch.table_talk
    assert say(partners.rematch, DAN, "well_played_partner")["seat"] == 3  # mid-hand
