"""Helpers for tournament tests: users, a host, and computer players who play a match's moves
through games.services (the entrants are users; a bot chooses each of their moves); the
tournament pages' screenshots at a phone's and a laptop's width."""

from datetime import timedelta

from browser_support import SCREENSHOTS
from django.contrib.auth import get_user_model
from django.utils import timezone
from factories import make_user

from games import services as games
from games.engine import load
from games.engine.bots import Bot, Level
from games.models import Table
from tournaments import services
from tournaments.models import Tournament, TournamentMatch


def signed_up(name: str):
    """:func:`make_user` as sign-up leaves one: its address verified (allauth's mandatory
    verification passed), the proof an emailed invitation asks of its addressee."""
    from allauth.account.models import EmailAddress

    user = make_user(name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def make_host(name: str = "host"):
    user = make_user(name)
    services.make_host(user=user)
    return get_user_model().objects.get(pk=user.pk)  # fresh: permissions are cached per object


def tournament_with(count: int, *, host=None, **settings) -> tuple[Tournament, list]:
    """A tournament of ``host`` with ``count`` confirmed entrants (invited, then joined)."""
    host = host or make_host()
    tournament = services.create_tournament(host=host, name="Spring cup", **settings)
    players = [make_user(f"player{i}") for i in range(count)]
    for player in players:
        services.invite(host=host, public_id=tournament.public_id, user=player)
        services.join(player=player, public_id=tournament.public_id)
    return tournament, players


def swiss_with(count: int, rounds: int) -> Tournament:
    """A Swiss of ``count`` entrants, Best of 1, started: its first round checking in."""
    tournament, _ = tournament_with(
        count, format="swiss", rounds=rounds, scoring="best_of", match_length=1
    )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    tournament.refresh_from_db()
    return tournament


def as_player(user) -> games.Player:
    return games.Player(user_id=user.pk, session_key=None)


def play_out(table: Table) -> None:
    """Play a tournament table to its end, each seat's moves chosen by an easy bot."""
    bot = Bot(Level.EASY, seed=7)
    players = {seat.index: as_player(seat.user) for seat in table.seats.select_related("user")}
    while True:
        table.refresh_from_db()
        if table.finished:
            return
        match = load(table.record)
        if match.needs_deal:
            games.next_hand(
                public_id=table.public_id, player=players[0], seen_version=table.version
            )
            continue
        seat = match.turn
        games.play(
            public_id=table.public_id,
            player=players[seat],
            move=bot.choose(match.view_for(seat)),
            seen_version=table.version,
        )


def checking_in(tournament: Tournament) -> list[TournamentMatch]:
    return list(tournament.matches.filter(status=TournamentMatch.Status.CHECK_IN))


def check_in_both(match: TournamentMatch) -> Table:
    """Check in whichever of the match's players is not ready yet; the table is dealt."""
    match.refresh_from_db()
    for side in ("first", "second"):
        if not getattr(match, f"{side}_ready"):
            services.check_in(player=getattr(match, side).user, match_id=match.pk)
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.PLAYING
    return match.table


def end_check_in_window(match: TournamentMatch) -> None:
    """Move the match's check-in deadline into the past (as if five minutes went by)."""
    TournamentMatch.objects.filter(pk=match.pk).update(
        check_in_deadline=timezone.now() - timedelta(seconds=1)
    )


def settings_of(tournament: Tournament, **schedule) -> dict:
    """The arguments of ``update_tournament`` that keep ``tournament``'s settings and give it
    the schedule ``schedule`` (``services.Schedule``'s fields)."""
    return {
        "user": tournament.host,
        "public_id": tournament.public_id,
        "name": tournament.name,
        "format": tournament.format,
        "scoring": tournament.scoring,
        "match_length": tournament.match_length,
        "rounds": tournament.rounds,
        "schedule": services.Schedule(**schedule),
    }


def screenshots(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name} scrolls sideways at {width} px"
