"""A tournament's settings: creating one and changing it before it starts."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.engine import TARGET_RANGE, InvalidRules, Rules
from tournaments import emails, notices
from tournaments.models import Tournament
from tournaments.services.access import (
    TournamentError,
    bump,
    can_host,
    locked_for_host,
    require_draft,
)

#: Seed 000: "Both formats support a points target or Best of 1–5 hands."
BEST_OF_HANDS = range(1, 6)
#: A Swiss's rounds as a host may set them; the start also checks them against the entrants
#: (``swiss.max_rounds``: half the players).
SWISS_ROUNDS = range(1, 16)


def match_rules(*, scoring: str, match_length: int) -> Rules:
    """The rules of every match: the classic preset with the host's target or Best of."""
    try:
        return Rules.for_preset("classic", seats=2, match={scoring: match_length})
    except InvalidRules:
        if scoring == Tournament.Scoring.BEST_OF:
            allowed, words = BEST_OF_HANDS, "Best of is from {} to {} hands"
        else:
            allowed, words = TARGET_RANGE, "A points target is from {} to {} points"
        raise TournamentError(words.format(allowed.start, allowed.stop - 1) + ".") from None


def create_tournament(
    *,
    host: AbstractBaseUser,
    name: str,
    format: str = Tournament.Format.ELIMINATION,
    scoring: str = Tournament.Scoring.TARGET,
    match_length: int = 100,
    rounds: int | None = None,
    duplicate: bool = False,
) -> Tournament:
    """A new tournament taking entrants, hosted by ``host``."""
    if not can_host(host):
        raise TournamentError("Only tournament hosts can create tournaments.")
    fields = check_settings(
        name=name, format=format, scoring=scoring, length=match_length, rounds=rounds
    )
    fields["duplicate"] = duplicate
    return Tournament.objects.create(host=host, **fields)


def update_tournament(
    *,
    user: AbstractBaseUser,
    public_id: str,
    name: str,
    format: str,
    scoring: str,
    match_length: int,
    rounds: int | None = None,
    duplicate: bool = False,
) -> Tournament:
    """Change a tournament's name, format or match rules before it starts."""
    fields = check_settings(
        name=name, format=format, scoring=scoring, length=match_length, rounds=rounds
    )
    fields["duplicate"] = duplicate
    with transaction.atomic():
        tournament = locked_for_host(public_id, user)
        require_draft(tournament, "Its settings can no longer change.")
        for field, value in fields.items():
            setattr(tournament, field, value)
        bump(tournament, *fields)
    return tournament


def check_settings(
    *, name: str, format: str, scoring: str, length: int, rounds: int | None = None
) -> dict:
    """The tournament's settings as they would be saved, or the reason they cannot be. A
    Swiss needs its rounds (whether the entrants are enough for them is known at the start);
    the other formats' rounds follow from the entrants."""
    name = name.strip()
    if not name:
        raise TournamentError("Give the tournament a name.")
    if format not in Tournament.Format.values:
        raise TournamentError(f"{format!r} is not a tournament format.")
    if scoring not in Tournament.Scoring.values:
        raise TournamentError(f"{scoring!r} is not a match scoring.")
    match_rules(scoring=scoring, match_length=length)
    if format != Tournament.Format.SWISS:
        rounds = None
    elif rounds is None or rounds not in SWISS_ROUNDS:
        raise TournamentError(
            f"A Swiss plays from {SWISS_ROUNDS.start} to {SWISS_ROUNDS.stop - 1} rounds."
        )
    return {
        "name": name,
        "format": format,
        "scoring": scoring,
        "match_length": length,
        "rounds": rounds,
    }


#: A notice's length, at most (an email's few paragraphs).
NOTICE_LENGTH = 2000


def send_notice(*, host: AbstractBaseUser, public_id: str, text: str) -> None:
    """Email the host's notice to every entrant (sent by a job once this commits)."""
    text = text.strip()
    if not text:
        raise TournamentError("Write the notice first.")
    if len(text) > NOTICE_LENGTH:
        raise TournamentError(f"A notice is at most {NOTICE_LENGTH} characters.")
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        emails.send_notice(tournament_id=tournament.pk, text=text)
        notices.notice(tournament=tournament, text=text)
