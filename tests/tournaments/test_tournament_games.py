"""A tournament plays the game its host chooses (issue 36, point 3): every game two players can
play is offered, its matches are that game one on one with the host's target or Best of, the
seeding by rating reads that game's family, duplicate deals work for each, and the pages and
the invitation say which game is played, in English, Spanish and Portuguese."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from tournament_play import (
    check_in_both,
    checking_in,
    make_host,
    play_out,
    settings_of,
    tournament_with,
)

from games.engine import PRESET_SEATS, BestOf, Deal, InvalidRules, Preset, Rules, Target, load
from games.models import LogEntry, Rating
from games.records.families import family_of
from games.words import table_info
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

OFFERED = [preset.value for preset in services.tournament_games()]
#: The games that score points (a points target makes sense for them).
WITH_POINTS = [p for p in OFFERED if table_info(Rules.for_preset(p, seats=2))["keeps_points"]]


def console_url(tournament: Tournament) -> str:
    return reverse("tournaments:console", args=[tournament.public_id])


def checked_game(page: str) -> str:
    """The value of the game's radio the page has checked."""
    (value,) = re.findall(r'<input type="radio" name="preset" value="(\w+)"[^>]* checked', page)
    return value


# --- the games offered and the rules of their matches -----------------------------------------
def test_every_game_two_players_can_play_is_offered_and_classic_is_the_default():
    assert {"classic", "single_round", "draw", "block", "all_fives", "brazilian"} <= set(OFFERED)
    tournament = services.create_tournament(host=make_host(), name="Cup")
    assert Tournament.objects.get(pk=tournament.pk).preset == "classic"


@pytest.mark.parametrize("preset", OFFERED)
def test_a_match_is_the_game_one_on_one_with_the_hosts_best_of(preset):
    rules = services.match_rules(preset=preset, scoring="best_of", match_length=3)
    own = Rules.for_preset(preset, seats=2)
    assert (rules.preset, rules.seats, rules.match) == (preset, 2, BestOf(3))
    # the game's own rules otherwise, as the engine has them
    assert (rules.stuck, rules.score, rules.tied_block, rules.count_fives) == (
        own.stuck,
        own.score,
        own.tied_block,
        own.count_fives,
    )


@pytest.mark.parametrize("preset", WITH_POINTS)
def test_a_game_that_scores_points_plays_to_the_hosts_target(preset):
    rules = services.match_rules(preset=preset, scoring="target", match_length=150)
    assert (rules.preset, rules.seats, rules.match) == (preset, 2, Target(150))


def test_brazilian_to_the_hosts_target_keeps_its_own_tied_block():
    rules = services.match_rules(preset="brazilian", scoring="target", match_length=100)
    assert rules.match == Target(100)  # not the game's own 50: the host's target
    assert rules.tied_block.value == "blocker_loses" and rules.stuck.value == "pass"


@pytest.mark.parametrize(
    ("preset", "scoring", "length", "words"),
    [
        (
            "single_round",
            "target",
            100,
            "Single round scores no points, only hands won: choose Best of hands.",
        ),
        ("pinochle", "target", 100, "'pinochle' is not a game."),
        ("block", "best_of", 7, "Best of is from 1 to 5 hands."),
        ("all_fives", "target", 1000, "A points target is from 25 to 500 points."),
    ],
)
def test_a_match_the_engine_cannot_make_is_refused_in_the_hosts_words(
    preset, scoring, length, words
):
    with pytest.raises(services.TournamentError, match=f"^{words}$".replace("(", r"\(")):
        services.match_rules(preset=preset, scoring=scoring, match_length=length)
    with pytest.raises(services.TournamentError):
        services.create_tournament(
            host=make_host(), name="Cup", preset=preset, scoring=scoring, match_length=length
        )
    assert not Tournament.objects.exists()


def test_a_rule_of_the_game_that_does_not_fit_the_match_is_named_with_the_game(monkeypatch):
    def refuse(preset, *, seats, **options):
        raise InvalidRules("best_of needs two sides, not 3")

    monkeypatch.setattr(Rules, "for_preset", refuse)
    with pytest.raises(services.TournamentError) as refused:
        services.match_rules(preset="block", scoring="best_of", match_length=3)
    assert str(refused.value) == (
        "Block cannot be played one on one with this match (best_of needs two sides, not 3): "
        "choose another game or another match."
    )


def test_a_game_only_partners_play_is_not_offered_one_on_one(monkeypatch):
    """A partnership game (as the Cuban, Latin and Dominican ones will be: 4 seats only)."""
    monkeypatch.setitem(PRESET_SEATS, Preset.TEAM_DRAW, (4,))
    assert "team_draw" not in [p.value for p in services.tournament_games()]
    with pytest.raises(services.TournamentError) as refused:
        services.match_rules(preset="team_draw", scoring="target", match_length=100)
    assert str(refused.value) == (
        "Team draw is played by 4 players; a tournament's matches are one on one: "
        "choose another game."
    )


# --- choosing and changing the game -----------------------------------------------------------
def test_the_game_changes_while_a_draft_and_no_longer_once_started():
    tournament, _ = tournament_with(2, preset="block")
    assert tournament.preset == "block"
    services.update_tournament(**settings_of(tournament), preset="all_fives")
    tournament.refresh_from_db()
    assert tournament.preset == "all_fives"
    services.update_tournament(**settings_of(tournament))  # no game given: the game kept
    tournament.refresh_from_db()
    assert tournament.preset == "all_fives"
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    with pytest.raises(services.TournamentError, match="Its settings can no longer change."):
        services.update_tournament(**settings_of(tournament), preset="block")
    tournament.refresh_from_db()
    assert tournament.preset == "all_fives"


def test_a_block_tournaments_tables_deal_block_one_on_one_and_its_rematch_plays_block():
    tournament, players = tournament_with(
        2, preset="block", scoring="target", match_length=50, format="round_robin"
    )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    table = check_in_both(match)
    rules = load(table.record).rules
    assert (rules.preset.value, rules.seats, rules.match, rules.stuck.value) == (
        "block",
        2,
        Target(50),
        "pass",
    )
    play_out(table)
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.FINISHED and match.winner is not None
    # the result rates the block family, the game played
    assert set(Rating.objects.values_list("family", flat=True)) == {family_of("block").value}
    # and a rematch plays the same game
    for player in players:
        services.opt_in_rematch(player=player, public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.rematch.preset == "block"


def test_seeding_by_rating_reads_the_family_of_the_tournaments_game():
    tournament, players = tournament_with(4, preset="all_fives")
    services.update_tournament(**settings_of(tournament, seeding="rating"))
    fives, draw = family_of("all_fives").value, family_of("classic").value
    assert fives != draw
    for rank, player in enumerate(players):  # player0 best at All Fives, worst at Classic
        Rating.objects.create(
            user=player, family=fives, rating=1800 - 100 * rank, rd=80, volatility=0.06
        )
        Rating.objects.create(
            user=player, family=draw, rating=1500 + 100 * rank, rd=80, volatility=0.06
        )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    seeded = tournament.entrants.order_by("seed_position").values_list("user_id", flat=True)
    assert list(seeded) == [p.pk for p in players]


@pytest.mark.parametrize("preset", OFFERED)
def test_a_duplicate_second_leg_deals_the_first_legs_tiles_in_every_game(preset):
    """A match alone in its round replays its own first leg's deals, seats swapped."""
    tournament, _ = tournament_with(
        2, preset=preset, scoring="best_of", match_length=1, duplicate=True
    )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    first = check_in_both(match)
    play_out(first)
    match.refresh_from_db()
    second = check_in_both(match)
    assert second.deals_like_id == first.pk
    play_out(second)
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.FINISHED
    rules = load(first.record).rules
    assert rules.preset.value == preset
    one, two = (
        [e.payload["seed"] for e in LogEntry.objects.filter(table=t, kind="deal")]
        for t in (first, second)
    )
    assert two[0] == one[0]
    assert load(second.record).deals[0] == load(first.record).deals[0]
    assert load(first.record).deals[0] == Deal.from_seed(rules, one[0])


# --- the pages and the invitation say which game -----------------------------------------------
def test_the_host_chooses_the_game_as_cards_and_creates_a_block_tournament(client):
    client.force_login(make_host())
    page = client.get(reverse("tournaments:hosting")).content.decode()
    for preset in OFFERED:
        assert f'name="preset" value="{preset}"' in page
    assert page.count('class="preset-picture"') == len(OFFERED)
    assert '<span class="card-name">Block</span>' in page
    assert checked_game(page) == "classic"
    created = client.post(
        reverse("tournaments:hosting"),
        {"name": "Block night", "preset": "block", "format": "elimination", "scoring": "target"},
    )
    assert created.status_code == 302, created.content.decode()[-2000:]
    tournament = Tournament.objects.get()
    assert (tournament.preset, tournament.match_length) == ("block", 100)
    console = client.get(console_url(tournament)).content.decode()
    assert "Block, to 100 points" in console
    assert checked_game(console) == "block"


def test_a_game_the_form_cannot_play_reads_as_the_forms_error(client):
    client.force_login(make_host())
    page = client.post(
        reverse("tournaments:hosting"),
        {
            "name": "One hand",
            "preset": "single_round",
            "format": "elimination",
            "scoring": "target",
        },
    ).content.decode()
    assert "Single round scores no points, only hands won: choose Best of hands." in page
    assert not Tournament.objects.exists()
    created = client.post(
        reverse("tournaments:hosting"),
        {
            "name": "One hand",
            "preset": "single_round",
            "format": "elimination",
            "scoring": "best_of",
            "best_of_hands": 3,
        },
    )
    assert created.status_code == 302
    assert Tournament.objects.get().game_description == "Single round, best of 3 hands"


def test_the_host_changes_the_game_from_the_console(client):
    tournament, _ = tournament_with(2)
    client.force_login(tournament.host)
    saved = client.post(
        console_url(tournament),
        {"name": "Spring cup", "preset": "brazilian", "format": "elimination", "scoring": "target"},
    )
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert tournament.preset == "brazilian"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Block, to 100 points"),
        ("es", "Bloqueo, a 100 puntos"),
        ("pt-br", "Bloqueio, até 100 pontos"),
    ],
)
def test_the_tournaments_page_says_which_game_is_played(client, language, words):
    tournament, players = tournament_with(2, preset="block")
    client.force_login(players[0])
    page = client.get(
        reverse("tournaments:detail", args=[tournament.public_id]),
        headers={"accept-language": language},
    ).content.decode()
    assert f'<span class="game">{words}</span>' in page


def test_best_of_is_said_with_the_game_in_each_language():
    tournament, _ = tournament_with(0, preset="all_fives", scoring="best_of", match_length=3)
    expected = {
        "en": "All Fives, best of 3 hands",
        "es": "{}, al mejor de 3 manos",
        "pt-br": "{}, melhor de 3 mãos",
    }
    for language, words in expected.items():
        with translation.override(language):
            name = str(tournament.game_name)
            assert tournament.game_description == words.format(name)


def test_the_invitation_email_says_which_game(mailoutbox):
    tournament, _ = tournament_with(0, preset="block", scoring="best_of", match_length=3)
    mailoutbox.clear()
    with translation.override("es"):
        services.invite_by_email(
            host=tournament.host,
            public_id=tournament.public_id,
            emails="newcomer@example.com",
            site="https://dominoes.example",
            address="203.0.113.9",
        )
    (message,) = mailoutbox
    assert (
        "un torneo de dominó (Eliminación directa · Bloqueo, al mejor de 3 manos)." in message.body
    )


def test_a_tournament_tables_page_names_its_game(client):
    tournament, _ = tournament_with(2, preset="block", format="round_robin")
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    table = check_in_both(match)
    client.force_login(match.first.user)
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert '<h1 id="table-title">Block' in page
