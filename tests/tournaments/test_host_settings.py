"""The host's settings beyond the format (issue 23, 1): description and rules, a start time
entered on the host's clock, the automatic start, the check-in window, the player cap within
the plan, and the seeding (shuffled, by rating, in the host's order)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from factories import make_user
from tournament_play import checking_in, make_host, settings_of, tournament_with

from billing import plans
from games.models import Rating
from tournaments import pairing, services
from tournaments.models import Entrant, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def later(hours: float = 24) -> datetime:
    return timezone.now() + timedelta(hours=hours)


def test_the_schedule_is_saved_with_the_tournament():
    host = make_host()
    starts = later()
    tournament = services.create_tournament(
        host=host,
        name="Club night",
        schedule=services.Schedule(
            description="Our monthly cup.",
            rules_text="Be kind.",
            starts_at=starts,
            time_zone="Europe/London",
            auto_start=True,
            check_in_minutes=10,
            player_cap=8,
            seeding=Tournament.Seeding.RATING,
        ),
    )
    tournament.refresh_from_db()
    assert (tournament.description, tournament.rules_text) == ("Our monthly cup.", "Be kind.")
    assert (tournament.starts_at, tournament.time_zone) == (starts, "Europe/London")
    assert tournament.auto_start and tournament.check_in_minutes == 10
    assert (tournament.player_cap, tournament.seeding) == (8, "rating")


@pytest.mark.parametrize(
    ("schedule", "refusal"),
    [
        ({"starts_at": timezone.now() - timedelta(minutes=1)}, "The start time has passed"),
        ({"auto_start": True}, "Set a start time to start automatically."),
        ({"check_in_minutes": 0}, "A check-in window is from 1 to 30 minutes."),
        ({"check_in_minutes": 31}, "A check-in window is from 1 to 30 minutes."),
        ({"time_zone": "Mars/Olympus"}, "'Mars/Olympus' is not a time zone."),
        ({"seeding": "age"}, "'age' is not a way of seeding."),
        ({"player_cap": 1}, "A tournament needs a cap of at least two players."),
        (
            {"player_cap": plans.FREE_TOURNAMENT_PLAYERS + 1},
            f"Your Free plan allows up to {plans.FREE_TOURNAMENT_PLAYERS} players",
        ),
    ],
)
def test_a_schedule_that_cannot_be_is_refused_in_words(schedule, refusal):
    tournament, _ = tournament_with(0)
    before = (tournament.version, tournament.check_in_minutes, tournament.player_cap)
    with pytest.raises(services.TournamentError, match=refusal.replace("(", r"\(")):
        services.update_tournament(**settings_of(tournament, **schedule))
    tournament.refresh_from_db()
    assert (tournament.version, tournament.check_in_minutes, tournament.player_cap) == before


def test_the_cap_cannot_fall_below_the_confirmed_players():
    tournament, _ = tournament_with(4)
    with pytest.raises(services.TournamentError, match="4 players are confirmed already"):
        services.update_tournament(**settings_of(tournament, player_cap=3))


def test_a_capped_tournament_is_full_at_its_cap():
    tournament, _ = tournament_with(2)
    host, public_id = tournament.host, tournament.public_id
    services.update_tournament(**settings_of(tournament, player_cap=3))
    third, late = make_user("third"), make_user("late")
    services.invite(host=host, public_id=public_id, user=third)
    services.join(player=third, public_id=public_id)
    with pytest.raises(services.TournamentError, match=r"^This tournament is full\.$"):
        services.join(player=late, public_id=public_id)  # a player's words, no plan pitch
    invited = services.invite(host=host, public_id=public_id, user=late)
    with pytest.raises(services.TournamentError, match="capped at 3 players: raise the cap"):
        services.confirm_entrant(host=host, public_id=public_id, entrant_id=invited.pk)
    assert tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count() == 3


def test_the_check_in_window_is_the_hosts():
    tournament, _ = tournament_with(2)
    services.update_tournament(**settings_of(tournament, check_in_minutes=12))
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    left = match.check_in_deadline - timezone.now()
    assert timedelta(minutes=11) < left <= timedelta(minutes=12)


def test_only_its_host_changes_the_schedule():
    tournament, _ = tournament_with(2)
    other = make_host("other")
    with pytest.raises(services.NotYourTournament):
        services.update_tournament(**{**settings_of(tournament, player_cap=2), "user": other})
    tournament.refresh_from_db()
    assert tournament.player_cap is None


def test_the_start_time_is_entered_on_the_hosts_clock_and_shown_on_it(client):
    host = make_host()
    client.force_login(host)
    created = client.post(
        reverse("tournaments:hosting"),
        {
            "name": "Summer cup",
            "format": "elimination",
            "scoring": "target",
            "points_target": 100,
            "starts_at": "2030-06-01T19:00",
            "time_zone": "Europe/London",
            "auto_start": "on",
            "check_in_minutes": 7,
            "player_cap": 6,
            "seeding": "manual",
            "description": "Bring a friend.",
        },
    )
    assert created.status_code == 302, created.content.decode()[-2000:]
    tournament = Tournament.objects.get()
    assert tournament.starts_at == datetime(2030, 6, 1, 18, 0, tzinfo=UTC)  # London is UTC+1
    assert tournament.start_in_host_zone == "Saturday 1 June 2030, 19:00 (Europe/London)"
    console = client.get(created.url).content.decode()
    assert 'value="2030-06-01T19:00"' in console  # the form shows it as it was entered
    assert 'datetime="2030-06-01T18:00:00+00:00"' in console  # the browser's clock reads it
    client.logout()
    page = client.get(reverse("tournaments:detail", args=[tournament.public_id])).content
    assert b"Bring a friend." in page and b"Saturday 1 June 2030, 19:00" in page


# --- seeding ---------------------------------------------------------------------------------
def test_by_rating_the_best_rated_are_the_top_seeds_and_kept_apart():
    tournament, players = tournament_with(6)
    services.update_tournament(**settings_of(tournament, seeding="rating"))
    ratings = [1400, 1900, 1500, 1700, 1600, 1800]
    for player, rating in zip(players, ratings, strict=True):
        Rating.objects.create(user=player, family="draw", rating=rating, rd=80, volatility=0.06)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    seeded = list(tournament.entrants.order_by("seed_position").values_list("user__pk", flat=True))
    by_rating = sorted(players, key=lambda p: -ratings[players.index(p)])
    assert seeded == [p.pk for p in by_rating]
    # 6 in a bracket of 8: seeds 1 and 2 have the byes and meet only in the final
    first_round = list(tournament.matches.filter(round=1).order_by("slot"))
    byes = {m.first.user_id for m in first_round if m.second_id is None}
    assert byes == {by_rating[0].pk, by_rating[1].pk}
    halves = [
        {m.first.user_id for m in first_round[:2]},
        {m.first.user_id for m in first_round[2:]},
    ]
    assert not any({by_rating[0].pk, by_rating[1].pk} <= half for half in halves)


def test_unrated_players_seed_at_the_starting_rating():
    tournament, players = tournament_with(3)
    services.update_tournament(**settings_of(tournament, seeding="rating"))
    Rating.objects.create(user=players[2], family="draw", rating=1600, rd=80, volatility=0.06)
    Rating.objects.create(user=players[0], family="draw", rating=1400, rd=80, volatility=0.06)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    order = list(tournament.entrants.order_by("seed_position").values_list("user__pk", flat=True))
    assert order == [players[2].pk, players[1].pk, players[0].pk]


def test_the_hosts_order_seeds_the_draw():
    tournament, players = tournament_with(4, format="round_robin")
    entrants = {e.user_id: e.pk for e in tournament.entrants.all()}
    host, public_id = tournament.host, tournament.public_id
    wanted = [players[3], players[1], players[0], players[2]]
    services.set_seed_order(
        host=host, public_id=public_id, entrant_ids=[entrants[p.pk] for p in wanted]
    )
    tournament.refresh_from_db()
    assert tournament.seeding == Tournament.Seeding.MANUAL
    assert (
        services.move_seed(
            host=host, public_id=public_id, entrant_id=entrants[players[2].pk], places=-1
        )
        == 3
    )
    assert (
        services.move_seed(
            host=host, public_id=public_id, entrant_id=entrants[players[3].pk], places=-1
        )
        == 1
    )
    services.start_tournament(host=host, public_id=public_id)
    order = list(tournament.entrants.order_by("seed_position").values_list("user__pk", flat=True))
    assert order == [players[3].pk, players[1].pk, players[2].pk, players[0].pk]
    # the circle method over that order: the first seed meets the last in round 1
    first = tournament.matches.get(round=1, slot=0)
    assert {first.first.user_id, first.second.user_id} == {players[3].pk, players[0].pk}


def test_a_seeding_order_must_name_every_confirmed_entrant_once():
    tournament, _ = tournament_with(3)
    ids = list(tournament.entrants.values_list("pk", flat=True))
    tournament.refresh_from_db()
    version = tournament.version
    for wrong in (ids[:2], [*ids, ids[0]], [ids[0], ids[0], ids[1]]):
        with pytest.raises(services.TournamentError, match="every confirmed entrant once"):
            services.set_seed_order(
                host=tournament.host, public_id=tournament.public_id, entrant_ids=wrong
            )
    tournament.refresh_from_db()
    assert tournament.version == version


def test_only_its_host_seeds_and_only_before_the_start():
    tournament, players = tournament_with(2)
    entrant = tournament.entrants.first()
    for someone in (make_host("other"), players[0]):
        with pytest.raises(services.NotYourTournament):
            services.move_seed(
                host=someone, public_id=tournament.public_id, entrant_id=entrant.pk, places=1
            )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    with pytest.raises(services.TournamentError, match="Its seeding can no longer change."):
        services.move_seed(
            host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk, places=1
        )


@pytest.mark.parametrize("count", range(2, 34))
def test_a_seeded_bracket_places_everyone_once_byes_to_the_top(count):
    pairs = pairing.seeded_bracket(list(range(count)))
    placed = [e for pair in pairs for e in (pair.first, pair.second) if e is not None]
    assert sorted(placed) == list(range(count))
    byes = sorted(pair.first for pair in pairs if pair.is_bye)
    assert byes == list(range(pairing.bracket_size(count) - count))
    # seeds 0 and 1 are in different halves: they can meet only in the final
    half = len(pairs) // 2
    if half:
        top = {e for pair in pairs[:half] for e in (pair.first, pair.second)}
        assert (0 in top) != (1 in top)
