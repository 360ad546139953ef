"""The only code that changes tournaments. The admin, views, jobs and the games signal call these.

Every change runs in one transaction with the tournament row locked (``select_for_update``),
so a double click, a job run twice or a result heard twice applies once, and bumps
``Tournament.version`` for the page's poll. Who meets whom comes from :mod:`tournaments.pairing`;
the matches are played at ordinary tables of :mod:`games` on the tournament clock.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from functools import partial

from django.contrib.auth.models import AbstractBaseUser, Group, Permission
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.selectors import display_name
from billing import plans
from games import services as games
from games.engine import TARGET_RANGE, InvalidRules, Rules, load
from games.models import Table
from tournaments import jobs, pairing, selectors
from tournaments.models import Entrant, Tournament, TournamentMatch

logger = logging.getLogger(__name__)

#: Seed 000: "Tournament check-in closes after five minutes."
CHECK_IN_SECONDS = 5 * 60
HOSTS_GROUP = "Tournament hosts"
#: Seed 000: "Both formats support a points target or Best of 1–5 hands."
BEST_OF_HANDS = range(1, 6)
#: What a host may do in the admin (their own tournaments only, unless they may manage all).
HOST_PERMISSIONS = (
    "host_tournaments",
    "add_tournament",
    "change_tournament",
    "view_tournament",
    "add_entrant",
    "change_entrant",
    "delete_entrant",
    "view_entrant",
    "view_tournamentmatch",
)
MANAGE_ALL = "tournaments.manage_all_tournaments"
OPEN = (TournamentMatch.Status.WAITING, TournamentMatch.Status.CHECK_IN)
DECIDED = (
    TournamentMatch.Status.FINISHED,
    TournamentMatch.Status.BYE,
    TournamentMatch.Status.REST,
)


class TournamentError(Exception):
    """A request about a tournament that cannot be honoured; the message is for the person."""


class NotYourTournament(TournamentError, PermissionError):
    def __init__(self) -> None:
        super().__init__("Only the tournament's host can do that.")


# --- who may host ---------------------------------------------------------------------------
def can_host(user: AbstractBaseUser) -> bool:
    """Hosts are staff with the "Can host tournaments" permission (superusers have it)."""
    return bool(user.is_active and user.is_staff and user.has_perm("tournaments.host_tournaments"))


def manages(user: AbstractBaseUser, tournament: Tournament) -> bool:
    """The host of ``tournament``, or staff allowed to manage every tournament."""
    return tournament.host_id == user.pk or (user.is_staff and user.has_perm(MANAGE_ALL))


def make_host(*, user: AbstractBaseUser) -> None:
    """Let ``user`` host tournaments: staff status and the "Tournament hosts" group (created
    with its permissions on first use)."""
    with transaction.atomic():
        group, _ = Group.objects.get_or_create(name=HOSTS_GROUP)
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename__in=HOST_PERMISSIONS
            )
        )
        user.is_staff = True
        user.save(update_fields=["is_staff"])
        user.groups.add(group)


def _check_player_limit(tournament: Tournament, confirmed: int) -> None:
    if confirmed > plans.tournament_player_limit(host=tournament.host):
        raise TournamentError(plans.limit_explanation(host=tournament.host).message)


# --- creating and entrants ------------------------------------------------------------------
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
) -> Tournament:
    """A new tournament taking entrants, hosted by ``host``."""
    if not can_host(host):
        raise TournamentError("Only tournament hosts can create tournaments.")
    fields = check_settings(name=name, format=format, scoring=scoring, length=match_length)
    return Tournament.objects.create(host=host, **fields)


def update_tournament(
    *,
    user: AbstractBaseUser,
    public_id: str,
    name: str,
    format: str,
    scoring: str,
    match_length: int,
) -> Tournament:
    """Change a tournament's name, format or match rules before it starts."""
    fields = check_settings(name=name, format=format, scoring=scoring, length=match_length)
    with transaction.atomic():
        tournament = _locked_for_host(public_id, user)
        _require_draft(tournament, "Its settings can no longer change.")
        for field, value in fields.items():
            setattr(tournament, field, value)
        _bump(tournament, *fields)
    return tournament


def check_settings(*, name: str, format: str, scoring: str, length: int) -> dict:
    """The tournament's settings as they would be saved, or the reason they cannot be."""
    name = name.strip()
    if not name:
        raise TournamentError("Give the tournament a name.")
    if format not in Tournament.Format.values:
        raise TournamentError(f"{format!r} is not a tournament format.")
    if scoring not in Tournament.Scoring.values:
        raise TournamentError(f"{scoring!r} is not a match scoring.")
    match_rules(scoring=scoring, match_length=length)
    return {"name": name, "format": format, "scoring": scoring, "match_length": length}


def invite(*, host: AbstractBaseUser, public_id: str, user: AbstractBaseUser) -> Entrant:
    """The host invites ``user``; one who had asked to join is confirmed at once."""
    with transaction.atomic():
        tournament = _locked_for_host(public_id, host)
        _require_draft(tournament, "Entrants can no longer change.")
        entrant = tournament.entrants.filter(user=user).first()
        if entrant is None:
            entrant = Entrant(tournament=tournament, user=user, status=Entrant.Status.INVITED)
        elif entrant.status == Entrant.Status.REQUESTED:
            entrant.status = Entrant.Status.CONFIRMED
        _save_entrant(tournament, entrant)
    return entrant


def join(*, player: AbstractBaseUser, public_id: str) -> Entrant:
    """A signed-in player joins: accepting an invitation confirms them; otherwise they ask and
    the host confirms."""
    if not player.is_authenticated:
        raise TournamentError("Sign in to join a tournament.")
    with transaction.atomic():
        tournament = _locked(public_id)
        _require_draft(tournament, "Entrants can no longer change.")
        entrant = tournament.entrants.filter(user=player).first()
        if entrant is not None and entrant.status != Entrant.Status.INVITED:
            return entrant  # asked already, or in
        if selectors.is_full(tournament):  # a player's words: the plan is the host's business
            raise TournamentError("This tournament is full.")
        if entrant is None:
            entrant = Entrant(tournament=tournament, user=player, status=Entrant.Status.REQUESTED)
        else:
            entrant.status = Entrant.Status.CONFIRMED
        _save_entrant(tournament, entrant)
    return entrant


def confirm_entrant(*, host: AbstractBaseUser, public_id: str, entrant_id: int) -> Entrant:
    """The host confirms a player who asked to join (or an invitation, on their word)."""
    with transaction.atomic():
        tournament = _locked_for_host(public_id, host)
        _require_draft(tournament, "Entrants can no longer change.")
        entrant = _entrant(tournament, entrant_id)
        entrant.status = Entrant.Status.CONFIRMED
        _save_entrant(tournament, entrant)
    return entrant


def remove_entrant(*, user: AbstractBaseUser, public_id: str, entrant_id: int) -> None:
    """The host removes an entrant, or a player withdraws, before the start."""
    with transaction.atomic():
        tournament = _locked(public_id)
        entrant = _entrant(tournament, entrant_id)
        if entrant.user_id != user.pk and not manages(user, tournament):
            raise NotYourTournament
        _require_draft(tournament, "Entrants can no longer change.")
        entrant.delete()
        _bump(tournament)


def _save_entrant(tournament: Tournament, entrant: Entrant) -> None:
    if entrant.status == Entrant.Status.CONFIRMED:
        others = tournament.entrants.filter(status=Entrant.Status.CONFIRMED)
        if entrant.pk:
            others = others.exclude(pk=entrant.pk)
        _check_player_limit(tournament, others.count() + 1)
    entrant.save()
    _bump(tournament)


def _entrant(tournament: Tournament, entrant_id: int) -> Entrant:
    try:
        return tournament.entrants.get(pk=entrant_id)
    except Entrant.DoesNotExist:
        raise TournamentError("There is no such entrant in this tournament.") from None


# --- starting -------------------------------------------------------------------------------
def start_tournament(*, host: AbstractBaseUser, public_id: str) -> Tournament:
    """Draw the tournament from a fresh server seed (stored) and open the first round."""
    with transaction.atomic():
        tournament = _locked_for_host(public_id, host)
        _require_draft(tournament, "It has already started.")
        confirmed = list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED).order_by("pk"))
        if len(confirmed) < 2:
            raise TournamentError("A tournament needs at least two confirmed entrants.")
        _check_player_limit(tournament, len(confirmed))
        tournament.seed = secrets.randbits(63)
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        _bump(tournament, "seed", "status", "started_at")
        _draw(tournament, confirmed)
    return tournament


def _draw(tournament: Tournament, confirmed: list[Entrant]) -> None:
    by_id = {entrant.pk: entrant for entrant in confirmed}
    ids = list(by_id)
    for position, entrant_id in enumerate(pairing.seeded_order(ids, tournament.seed)):
        by_id[entrant_id].seed_position = position
    Entrant.objects.bulk_update(confirmed, ["seed_position"])
    if tournament.format == Tournament.Format.ELIMINATION:
        first_round = pairing.first_round(ids, tournament.seed)
        byes = []
        for slot, pair in enumerate(first_round):
            match = _new_match(tournament, 1, slot, pair, by_id)
            if pair.is_bye:
                byes.append(match)
            else:
                _open(match)
        for match in byes:
            _advance_elimination(tournament, match)
    else:
        for number, pairs in enumerate(pairing.round_robin(ids, tournament.seed), start=1):
            for slot, pair in enumerate(pairs):
                match = _new_match(tournament, number, slot, pair, by_id)
                if number == 1 and not pair.is_bye:
                    _open(match)


def _new_match(
    tournament: Tournament, number: int, slot: int, pair: pairing.Pair, by_id: dict
) -> TournamentMatch:
    """A match row for ``pair``; a lone entrant has a bye (elimination) or rests (round robin),
    which decides nothing about anyone's record."""
    lone = pair.second is None
    if not lone:
        status = TournamentMatch.Status.WAITING
    elif tournament.format == Tournament.Format.ELIMINATION:
        status = TournamentMatch.Status.BYE
    else:
        status = TournamentMatch.Status.REST
    return TournamentMatch.objects.create(
        tournament=tournament,
        round=number,
        slot=slot,
        first=by_id[pair.first],
        second=None if lone else by_id[pair.second],
        status=status,
        winner=by_id[pair.first] if status == TournamentMatch.Status.BYE else None,
    )


def _open(match: TournamentMatch) -> None:
    """Open the check-in window of a match and schedule its closing."""
    match.status = TournamentMatch.Status.CHECK_IN
    match.check_in_deadline = timezone.now() + timedelta(seconds=CHECK_IN_SECONDS)
    match.save(update_fields=["status", "check_in_deadline"])
    transaction.on_commit(
        partial(jobs.schedule_check_in_close, match_id=match.pk, seconds=CHECK_IN_SECONDS)
    )


# --- check-in -------------------------------------------------------------------------------
def tournament_of_match(*, user: AbstractBaseUser, match_id: int) -> str:
    """The public id of the tournament of a match ``user`` plays or manages (the page their
    button sends them back to); TournamentNotFound for anyone else, as for no match at all:
    match ids count up, and a stranger must not learn every tournament's page from them."""
    match = (
        TournamentMatch.objects.select_related("tournament", "first", "second")
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise selectors.TournamentNotFound
    players = [entrant.user_id for entrant in (match.first, match.second) if entrant is not None]
    if user.pk not in players and not manages(user, match.tournament):
        raise selectors.TournamentNotFound
    return match.tournament.public_id


def check_in(*, player: AbstractBaseUser, match_id: int) -> TournamentMatch:
    """The player presses "I'm ready"; once both are, the match table is dealt."""
    with transaction.atomic():
        tournament, match = _locked_match(match_id)
        side = _side_of(match, player)
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError("This match is not checking in.")
        if match.check_in_deadline <= timezone.now():
            raise TournamentError("Check-in for this match has closed.")
        setattr(match, f"{side}_ready", True)
        match.save(update_fields=[f"{side}_ready"])
        if match.first_ready and match.second_ready:
            _deal_match(tournament, match)
        _bump(tournament)
    return match


def _deal_match(tournament: Tournament, match: TournamentMatch) -> None:
    rules = match_rules(scoring=tournament.scoring, match_length=tournament.match_length)
    players = [
        (games.Player(user_id=entrant.user_id, session_key=None), display_name(entrant.user))
        for entrant in (match.first, match.second)
    ]
    match.table = games.create_seated_table(
        players=players,
        rules=rules,
        turn_seconds=games.TOURNAMENT_TURN_SECONDS,
        grace_seconds=games.TOURNAMENT_GRACE_SECONDS,
        forfeit_at_deadline=True,
    )
    match.status = TournamentMatch.Status.PLAYING
    match.check_in_deadline = None
    match.save(update_fields=["table", "status", "check_in_deadline"])


def close_check_in(*, match_id: int) -> bool:
    """When the check-in window has ended: a lone ready player advances by forfeit; if neither
    checked in, the tournament is cancelled rather than inventing a result. The deadline is
    read from the database: called early, late or twice, this does nothing. Returns whether it
    closed the window."""
    with transaction.atomic():
        try:
            tournament, match = _locked_match(match_id)
        except TournamentError:
            return False
        if (
            match.status != TournamentMatch.Status.CHECK_IN
            or match.check_in_deadline > timezone.now()
        ):
            return False
        if match.first_ready or match.second_ready:
            match.winner = match.first if match.first_ready else match.second
            match.by_forfeit = True
            match.status = TournamentMatch.Status.FINISHED
            match.check_in_deadline = None
            match.save(update_fields=["winner", "by_forfeit", "status", "check_in_deadline"])
            _bump(tournament)
            _after_result(tournament, match)
        else:
            _cancel(tournament, f"Neither player checked in for {match}.")
    return True


def sweep_tournaments() -> int:
    """The safety net behind the jobs and the result signal (the deadline sweep calls it through
    ``settings.DEADLINE_SWEEPERS``, also after a deployment): close every check-in window that
    ended without its job, and record every finished table whose result was not heard (a
    process that died between the table's commit and the signal). Returns how many it did."""
    expired = TournamentMatch.objects.filter(
        status=TournamentMatch.Status.CHECK_IN, check_in_deadline__lte=timezone.now()
    )
    unheard = TournamentMatch.objects.filter(
        status=TournamentMatch.Status.PLAYING, table__finished=True
    )
    closed = sum(close_check_in(match_id=pk) for pk in expired.values_list("pk", flat=True))
    return closed + sum(
        record_table_result(public_id=public_id)
        for public_id in unheard.values_list("table__public_id", flat=True)
    )


def enforce_check_ins(*, public_id: str) -> None:
    """Opening a tournament's page closes its check-in windows that have ended."""
    expired = TournamentMatch.objects.filter(
        tournament__public_id=public_id,
        status=TournamentMatch.Status.CHECK_IN,
        check_in_deadline__lte=timezone.now(),
    )
    for pk in expired.values_list("pk", flat=True):
        close_check_in(match_id=pk)


# --- results --------------------------------------------------------------------------------
def on_match_finished(sender, *, public_id: str, **kwargs) -> None:
    """``games.signals.match_finished`` receiver: a tournament table's result counts.

    It runs after the table's own commit, in the request or job that ended the match: a failure
    here is logged rather than shown to the player whose move went through, and the sweep
    records the result later."""
    if not TournamentMatch.objects.filter(table__public_id=public_id).exists():
        return
    try:
        record_table_result(public_id=public_id)
    except Exception:
        logger.exception("recording the tournament result of table %s failed", public_id)


def record_table_result(*, public_id: str) -> bool:
    """Record the result of the finished table ``public_id`` (played out or forfeited on the
    clock) and move the tournament on. Idempotent: a result heard twice counts once."""
    with transaction.atomic():
        try:
            match_id = TournamentMatch.objects.get(table__public_id=public_id).pk
        except TournamentMatch.DoesNotExist:
            return False
        tournament, match = _locked_match(match_id)
        table = Table.objects.get(public_id=public_id)
        if match.status != TournamentMatch.Status.PLAYING or not table.finished:
            return False
        played = load(table.record)
        if table.forfeited_by is not None:
            winner_seat = 1 - table.forfeited_by
            match.by_forfeit = True
        else:
            winner_seat = played.winners[0]
        hands = [0, 0]
        for report in played.reports:
            if report.result is not None and len(report.winners) == 1:
                hands[report.winners[0]] += 1
        match.winner = match.first if winner_seat == 0 else match.second
        match.first_hands, match.second_hands = hands
        match.first_points, match.second_points = played.scores
        match.status = TournamentMatch.Status.FINISHED
        match.save()
        _bump(tournament)
        _after_result(tournament, match)
    return True


def _after_result(tournament: Tournament, match: TournamentMatch) -> None:
    if tournament.format == Tournament.Format.ELIMINATION:
        _advance_elimination(tournament, match)
    else:
        _advance_round_robin(tournament, match.round)


def _advance_elimination(tournament: Tournament, match: TournamentMatch) -> None:
    """Pair the winner with the winner of the sibling slot once both are known; the winner of
    the last round's only match is champion."""
    in_round = tournament.matches.filter(round=match.round)
    if in_round.count() == 1:
        _finish(tournament, match.winner)
        return
    sibling = in_round.filter(slot=match.slot ^ 1, status__in=DECIDED).first()
    following_exists = tournament.matches.filter(round=match.round + 1, slot=match.slot // 2)
    if sibling is None or following_exists.exists():  # two byes side by side: paired once
        return
    even, odd = sorted([match, sibling], key=lambda m: m.slot)
    (pair,) = pairing.next_round([even.winner_id, odd.winner_id])
    following = _new_match(
        tournament,
        match.round + 1,
        match.slot // 2,
        pair,
        {even.winner_id: even.winner, odd.winner_id: odd.winner},
    )
    _open(following)


def _advance_round_robin(tournament: Tournament, number: int) -> None:
    """Once every match of the round is decided, open the next round, or crown the leader of
    the standings after the last."""
    if tournament.matches.filter(round=number).exclude(status__in=DECIDED).exists():
        return
    following = list(tournament.matches.filter(round=number + 1))
    if not following:
        _finish(tournament, selectors.standings(tournament)[0].entrant)
        return
    for match in following:
        if match.status == TournamentMatch.Status.WAITING:
            _open(match)


def _finish(tournament: Tournament, champion: Entrant) -> None:
    tournament.champion = champion
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    _bump(tournament, "champion", "status", "finished_at")


# --- cancelling and rematches ---------------------------------------------------------------
def cancel_tournament(*, user: AbstractBaseUser, public_id: str, reason: str = "") -> Tournament:
    """The host calls the tournament off; open matches are cancelled, tables in play end
    without counting for it."""
    with transaction.atomic():
        tournament = _locked_for_host(public_id, user)
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise TournamentError("This tournament is already over.")
        _cancel(tournament, reason or "Cancelled by the host.")
    return tournament


def _cancel(tournament: Tournament, reason: str) -> None:
    tournament.matches.filter(Q(status__in=OPEN) | Q(status=TournamentMatch.Status.PLAYING)).update(
        status=TournamentMatch.Status.CANCELLED, check_in_deadline=None
    )
    tournament.status = Tournament.Status.CANCELLED
    tournament.cancelled_reason = reason[:200]
    tournament.finished_at = timezone.now()
    _bump(tournament, "status", "cancelled_reason", "finished_at")


def opt_in_rematch(*, player: AbstractBaseUser, public_id: str) -> Tournament:
    """An entrant asks for a rematch of a finished tournament; once every entrant has, a new
    tournament with the same host, entrants and rules is created (``tournament.rematch``),
    taking entrants until its host starts it."""
    with transaction.atomic():
        tournament = _locked(public_id)
        if tournament.status != Tournament.Status.FINISHED:
            raise TournamentError("A rematch is for a finished tournament.")
        entrants = list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED))
        mine = next((e for e in entrants if e.user_id == player.pk), None)
        if mine is None:
            raise TournamentError("Only the tournament's players can ask for a rematch.")
        if tournament.rematch_id is not None or mine.wants_rematch:
            return tournament
        mine.wants_rematch = True
        mine.save(update_fields=["wants_rematch"])
        if all(e.wants_rematch for e in entrants):
            _check_player_limit(tournament, len(entrants))
            twin = Tournament.objects.create(
                host=tournament.host,
                name=tournament.name,
                format=tournament.format,
                scoring=tournament.scoring,
                match_length=tournament.match_length,
            )
            Entrant.objects.bulk_create(
                Entrant(tournament=twin, user_id=e.user_id, status=Entrant.Status.CONFIRMED)
                for e in entrants
            )
            tournament.rematch = twin
        _bump(tournament, "rematch")
    return tournament


# --- inside ---------------------------------------------------------------------------------
def _locked(public_id: str) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(public_id=public_id)
    except Tournament.DoesNotExist:
        raise TournamentError("There is no such tournament.") from None


def _locked_for_host(public_id: str, user: AbstractBaseUser) -> Tournament:
    tournament = _locked(public_id)
    if not manages(user, tournament):
        raise NotYourTournament
    return tournament


def _locked_match(match_id: int) -> tuple[Tournament, TournamentMatch]:
    """The match's tournament locked first (one lock order for every change), then the match."""
    tournament_id = (
        TournamentMatch.objects.filter(pk=match_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise TournamentError("There is no such match.")
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    match = (
        TournamentMatch.objects.select_for_update(of=("self",))
        .select_related("first__user", "second__user")
        .get(pk=match_id)
    )
    return tournament, match


def _side_of(match: TournamentMatch, player: AbstractBaseUser) -> str:
    if match.first.user_id == player.pk:
        return "first"
    if match.second is not None and match.second.user_id == player.pk:
        return "second"
    raise TournamentError("You are not playing this match.")


def _require_draft(tournament: Tournament, why: str) -> None:
    if tournament.status != Tournament.Status.DRAFT:
        status = tournament.get_status_display().lower()
        raise TournamentError(f"This tournament is {status}. {why}")


def _bump(tournament: Tournament, *fields: str) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
