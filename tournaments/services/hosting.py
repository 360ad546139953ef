"""A tournament's settings: creating one and changing it before it starts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import available_timezones

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from billing import plans
from dominoes import limits
from games.engine import (
    PRESET_SEATS,
    TARGET_RANGE,
    InvalidRules,
    Preset,
    Rules,
    Target,
)
from games.words import PRESET_NAMES, players_words, table_info
from tournaments import emails, jobs, notices
from tournaments.models import Entrant, Tournament
from tournaments.services.access import (
    TournamentError,
    bump,
    can_host,
    locked_for_host,
    require_draft,
    spend,
)

#: Seed 000: "Both formats support a points target or Best of 1–5 hands."
BEST_OF_HANDS = range(1, 6)
#: A Swiss's rounds as a host may set them; the start also checks them against the entrants
#: (``swiss.max_rounds``: half the players).
SWISS_ROUNDS = range(1, 16)
#: Seed 000: "Tournament check-in closes after five minutes": the default; a host may choose.
DEFAULT_CHECK_IN_MINUTES = 5
CHECK_IN_MINUTES = range(1, 31)
#: The description's and the rules' length, at most each.
DESCRIPTION_LENGTH = 4000


#: A tournament match is one on one.
MATCH_SEATS = 2


def tournament_games() -> list[Preset]:
    """The games a tournament may play, in the engine's order: those two players can play (a
    partnership-only game needs pairs of entrants, which tournaments do not take yet)."""
    return [preset for preset in Preset if MATCH_SEATS in PRESET_SEATS[preset]]


def match_rules(*, preset: str = Preset.CLASSIC, scoring: str, match_length: int) -> Rules:
    """The rules of every match: the tournament's game (``preset``) one on one, with the
    host's target or Best of in place of the game's own match; its other rules as they are.
    Refused in the host's words when the engine cannot make that match."""
    game = next((p for p in Preset if p.value == preset), None)
    if game is None:
        raise TournamentError(gettext("'%(game)s' is not a game.") % {"game": preset})
    if game not in tournament_games():
        raise TournamentError(
            gettext(
                "%(game)s is played by %(players)s; a tournament's matches are one on one: "
                "choose another game."
            )
            % {"game": PRESET_NAMES[game], "players": players_words(game)}
        )
    if scoring == Tournament.Scoring.BEST_OF:
        allowed, words = BEST_OF_HANDS, gettext("Best of is from %(low)s to %(high)s hands.")
    else:
        allowed = TARGET_RANGE
        words = gettext("A points target is from %(low)s to %(high)s points.")
    if match_length not in allowed:
        raise TournamentError(words % {"low": allowed.start, "high": allowed.stop - 1})
    try:
        rules = Rules.for_preset(game, seats=MATCH_SEATS, match={scoring: match_length})
    except InvalidRules as error:  # a rule of the game that does not fit (the engine's words)
        raise TournamentError(
            gettext(
                "%(game)s cannot be played one on one with this match (%(why)s): choose "
                "another game or another match."
            )
            % {"game": PRESET_NAMES[game], "why": error}
        ) from None
    # what the table page reads too: a game keeping no points shows who won, never "+0"
    if isinstance(rules.match, Target) and not table_info(rules)["keeps_points"]:
        raise TournamentError(
            gettext("%(game)s scores no points, only hands won: choose Best of hands.")
            % {"game": PRESET_NAMES[game]}
        )
    return rules


@dataclass(frozen=True, kw_only=True)
class Schedule:
    """When a tournament starts and how it runs, beyond its format: the start (in UTC, with
    the host's time zone it was entered in), whether it starts by itself then, the check-in
    window, the player cap and the seeding; and the words players read."""

    description: str = ""
    rules_text: str = ""
    starts_at: datetime | None = None
    time_zone: str = "UTC"
    auto_start: bool = False
    check_in_minutes: int = DEFAULT_CHECK_IN_MINUTES
    player_cap: int | None = None
    seeding: str = Tournament.Seeding.SHUFFLE


def create_tournament(
    *,
    host: AbstractBaseUser,
    name: str,
    preset: str = Preset.CLASSIC,
    format: str = Tournament.Format.ELIMINATION,
    scoring: str = Tournament.Scoring.TARGET,
    match_length: int = 100,
    rounds: int | None = None,
    schedule: Schedule | None = None,
    duplicate: bool = False,
) -> Tournament:
    """A new tournament taking entrants, hosted by ``host``."""
    if not can_host(host):
        raise TournamentError(gettext("Only tournament hosts can create tournaments."))
    fields = check_settings(
        name=name,
        preset=preset,
        format=format,
        scoring=scoring,
        length=match_length,
        rounds=rounds,
    )
    schedule = schedule or Schedule()
    with transaction.atomic():
        tournament = Tournament(host=host, duplicate=duplicate, **fields)
        _apply_schedule(tournament, schedule, confirmed=0)
        tournament.save()
    return tournament


def update_tournament(
    *,
    user: AbstractBaseUser,
    public_id: str,
    name: str,
    preset: str | None = None,
    format: str,
    scoring: str,
    match_length: int,
    rounds: int | None = None,
    schedule: Schedule | None = None,
    duplicate: bool = False,
) -> Tournament:
    """Change a tournament's settings before it starts (``preset`` None keeps its game,
    ``schedule`` None its schedule)."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, user)
        require_draft(tournament, gettext("Its settings can no longer change."))
        fields = check_settings(
            name=name,
            preset=tournament.preset if preset is None else preset,
            format=format,
            scoring=scoring,
            length=match_length,
            rounds=rounds,
        )
        fields["duplicate"] = duplicate
        for field, value in fields.items():
            setattr(tournament, field, value)
        changed = list(fields)
        if schedule is not None:
            confirmed = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()
            changed += _apply_schedule(tournament, schedule, confirmed=confirmed)
        bump(tournament, *changed)
    return tournament


def _apply_schedule(tournament: Tournament, schedule: Schedule, *, confirmed: int) -> list[str]:
    """Check ``schedule`` against the tournament as it is, set it, and schedule the automatic
    start; returns the fields set."""
    if schedule.time_zone not in available_timezones():
        raise TournamentError(
            gettext("'%(zone)s' is not a time zone.") % {"zone": schedule.time_zone}
        )
    moved = schedule.starts_at is not None and schedule.starts_at != tournament.starts_at
    if moved and schedule.starts_at <= timezone.now():
        raise TournamentError(gettext("The start time has passed: choose a later one."))
    if schedule.auto_start and schedule.starts_at is None:
        raise TournamentError(gettext("Set a start time to start automatically."))
    if schedule.check_in_minutes not in CHECK_IN_MINUTES:
        raise TournamentError(
            gettext("A check-in window is from %(low)s to %(high)s minutes.")
            % {"low": CHECK_IN_MINUTES.start, "high": CHECK_IN_MINUTES.stop - 1}
        )
    if schedule.seeding not in Tournament.Seeding.values:
        raise TournamentError(
            gettext("'%(seeding)s' is not a way of seeding.") % {"seeding": schedule.seeding}
        )
    _check_cap(tournament, schedule.player_cap, confirmed)
    fields = {
        "description": schedule.description.strip()[:DESCRIPTION_LENGTH],
        "rules_text": schedule.rules_text.strip()[:DESCRIPTION_LENGTH],
        "starts_at": schedule.starts_at,
        "time_zone": schedule.time_zone,
        "auto_start": schedule.auto_start,
        "auto_start_refusal": "",
        "check_in_minutes": schedule.check_in_minutes,
        "player_cap": schedule.player_cap,
        "seeding": schedule.seeding,
    }
    for field, value in fields.items():
        setattr(tournament, field, value)
    if moved:
        public_id, due = tournament.public_id, schedule.starts_at
        transaction.on_commit(lambda: jobs.schedule_starting_soon(public_id=public_id, at=due))
    if schedule.auto_start and schedule.starts_at is not None:
        public_id, due = tournament.public_id, schedule.starts_at
        transaction.on_commit(lambda: jobs.schedule_start(public_id=public_id, at=due))
    return list(fields)


def _check_cap(tournament: Tournament, cap: int | None, confirmed: int) -> None:
    if cap is None:
        return
    limit = plans.limit_explanation(host=tournament.host)
    if cap > limit.players:
        raise TournamentError(
            ngettext(
                "Your %(plan)s plan allows up to %(players)s player a tournament: set a cap "
                "of %(players)s or fewer.",
                "Your %(plan)s plan allows up to %(players)s players a tournament: set a cap "
                "of %(players)s or fewer.",
                limit.players,
            )
            % {"plan": limit.plan_name, "players": limit.players}
        )
    if cap < 2:
        raise TournamentError(gettext("A tournament needs a cap of at least two players."))
    if cap < confirmed:
        raise TournamentError(
            ngettext(
                "%(confirmed)s player is confirmed already: remove some first, or set a cap "
                "of at least %(confirmed)s.",
                "%(confirmed)s players are confirmed already: remove some first, or set a cap "
                "of at least %(confirmed)s.",
                confirmed,
            )
            % {"confirmed": confirmed}
        )


def check_settings(
    *,
    name: str,
    preset: str = Preset.CLASSIC,
    format: str,
    scoring: str,
    length: int,
    rounds: int | None = None,
) -> dict:
    """The tournament's settings as they would be saved, or the reason they cannot be. A
    Swiss needs its rounds (whether the entrants are enough for them is known at the start);
    the other formats' rounds follow from the entrants."""
    name = name.strip()
    if not name:
        raise TournamentError(gettext("Give the tournament a name."))
    if format not in Tournament.Format.values:
        raise TournamentError(
            gettext("'%(format)s' is not a tournament format.") % {"format": format}
        )
    if scoring not in Tournament.Scoring.values:
        raise TournamentError(
            gettext("'%(scoring)s' is not a match scoring.") % {"scoring": scoring}
        )
    match_rules(preset=preset, scoring=scoring, match_length=length)
    if format != Tournament.Format.SWISS:
        rounds = None
    elif rounds is None or rounds not in SWISS_ROUNDS:
        raise TournamentError(
            gettext("A Swiss plays from %(low)s to %(high)s rounds.")
            % {"low": SWISS_ROUNDS.start, "high": SWISS_ROUNDS.stop - 1}
        )
    return {
        "name": name,
        "preset": preset,
        "format": format,
        "scoring": scoring,
        "match_length": length,
        "rounds": rounds,
    }


#: A notice's length, at most (an email's few paragraphs).
NOTICE_LENGTH = 2000


def send_notice(*, host: AbstractBaseUser, public_id: str, text: str, address: str) -> None:
    """Email the host's notice to every entrant (sent by a job once this commits), within the
    host's rate of notices (:data:`limits.NOTICES`, counted from the client ``address``)."""
    text = text.strip()
    if not text:
        raise TournamentError(gettext("Write the notice first."))
    if len(text) > NOTICE_LENGTH:
        raise TournamentError(
            gettext("A notice is at most %(length)s characters.") % {"length": NOTICE_LENGTH}
        )
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        spend(limits.NOTICES, host=host, address=address)
        emails.send_notice(tournament_id=tournament.pk, text=text)
        notices.notice(tournament=tournament, text=text)
