"""The formats: how each draws its first round and moves on after a result.

Who meets whom comes from :mod:`tournaments.pairing` (pure); a match opens its check-in window
as soon as both its players are known.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from tournaments import jobs, notices, pairing, selectors, swiss
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import legs
from tournaments.services.access import bump

#: Seed 000: "Tournament check-in closes after five minutes": the default window.
CHECK_IN_SECONDS = 5 * 60
DECIDED = (
    TournamentMatch.Status.FINISHED,
    TournamentMatch.Status.BYE,
    TournamentMatch.Status.REST,
)


def draw(tournament: Tournament, confirmed: list[Entrant], order: list[int]) -> None:
    """Record the seeded ``order`` (entrant ids, best first) and make the first round (a
    round robin: every round). A shuffled draw makes its bracket and rounds from the seed as
    it always did; a draw seeded by rating or by the host places the order itself."""
    by_id = {entrant.pk: entrant for entrant in confirmed}
    shuffled = tournament.seeding == Tournament.Seeding.SHUFFLE
    for position, entrant_id in enumerate(order):
        by_id[entrant_id].seed_position = position
    Entrant.objects.bulk_update(confirmed, ["seed_position"])
    if tournament.format == Tournament.Format.SWISS:
        _open_round(tournament, 1, swiss.next_round(order, []), by_id)
    elif tournament.format == Tournament.Format.ELIMINATION:
        ids = [entrant.pk for entrant in confirmed]
        first_round = (
            pairing.first_round(ids, tournament.seed) if shuffled else pairing.seeded_bracket(order)
        )
        byes = []
        for slot, pair in enumerate(first_round):
            match = new_match(tournament, 1, slot, pair, by_id)
            if pair.is_bye:
                byes.append(match)
            else:
                open_match(match)
        for match in byes:
            _advance_elimination(tournament, match)
    else:
        for number, pairs in enumerate(pairing.round_robin_in_order(order), start=1):
            for slot, pair in enumerate(pairs):
                match = new_match(tournament, number, slot, pair, by_id)
                if number == 1 and not pair.is_bye:
                    open_match(match)


def new_match(
    tournament: Tournament, number: int, slot: int, pair: pairing.Pair, by_id: dict
) -> TournamentMatch:
    """A match row for ``pair``; a lone entrant has a bye (elimination: they advance; Swiss:
    a match point) or rests (round robin), which adds no match or win to their record."""
    lone = pair.second is None
    if not lone:
        status = TournamentMatch.Status.WAITING
    elif tournament.format == Tournament.Format.ROUND_ROBIN:
        status = TournamentMatch.Status.REST
    else:
        status = TournamentMatch.Status.BYE
    return TournamentMatch.objects.create(
        tournament=tournament,
        round=number,
        slot=slot,
        first=by_id[pair.first],
        second=None if lone else by_id[pair.second],
        status=status,
        winner=by_id[pair.first] if status == TournamentMatch.Status.BYE else None,
    )


def open_match(match: TournamentMatch) -> None:
    """Open the check-in window of a match (the host's length) and schedule its closing."""
    seconds = match.tournament.check_in_minutes * 60
    match.status = TournamentMatch.Status.CHECK_IN
    match.check_in_deadline = timezone.now() + timedelta(seconds=seconds)
    match.save(update_fields=["status", "check_in_deadline"])
    transaction.on_commit(partial(jobs.schedule_check_in_close, match_id=match.pk, seconds=seconds))
    notices.check_in_open(match=match)


def push_check_in(match: TournamentMatch, deadline: datetime) -> None:
    """Move a checking-in match's window to end at ``deadline`` and schedule its closing (the
    job scheduled for the old end finds the new one in the database and does nothing)."""
    match.check_in_deadline = deadline
    match.save(update_fields=["check_in_deadline"])
    seconds = (deadline - timezone.now()).total_seconds()
    transaction.on_commit(partial(jobs.schedule_check_in_close, match_id=match.pk, seconds=seconds))


def a_whole_window(tournament: Tournament, match: TournamentMatch) -> datetime:
    """The later of the match's deadline and a whole check-in window from now: what a player
    new to the match (a substitute, a result's new winner) has to check in."""
    window = timezone.now() + timedelta(minutes=tournament.check_in_minutes)
    return max(match.check_in_deadline, window)


def open_second_legs(tournament: Tournament, number: int) -> None:
    """Duplicate: open the check-in of the round's second legs whose deals are ready."""
    for match in legs.ready_second_legs(tournament, number):
        open_match(match)


def after_result(tournament: Tournament, match: TournamentMatch) -> None:
    notices.result(match=match)
    if tournament.duplicate:  # a second leg waiting on this match's deals may go on now
        open_second_legs(tournament, match.round)
    if tournament.format == Tournament.Format.ELIMINATION:
        _advance_elimination(tournament, match)
    elif tournament.format == Tournament.Format.SWISS:
        _advance_swiss(tournament, match.round)
    else:
        _advance_round_robin(tournament, match.round)


def _advance_elimination(tournament: Tournament, match: TournamentMatch) -> None:
    """Pair the winner with the winner of the sibling slot once both are known; the winner of
    the last round's only match is champion."""
    in_round = tournament.matches.filter(round=match.round)
    if in_round.count() == 1:
        finish(tournament, match.winner)
        return
    sibling = in_round.filter(slot=match.slot ^ 1, status__in=DECIDED).first()
    following_exists = tournament.matches.filter(round=match.round + 1, slot=match.slot // 2)
    if sibling is None or following_exists.exists():  # two byes side by side: paired once
        return
    even, odd = sorted([match, sibling], key=lambda m: m.slot)
    (pair,) = pairing.next_round([even.winner_id, odd.winner_id])
    following = new_match(
        tournament,
        match.round + 1,
        match.slot // 2,
        pair,
        {even.winner_id: even.winner, odd.winner_id: odd.winner},
    )
    open_match(following)


def _advance_round_robin(tournament: Tournament, number: int) -> None:
    """Once every match of the round is decided, open the next round, or crown the leader of
    the standings after the last."""
    if tournament.matches.filter(round=number).exclude(status__in=DECIDED).exists():
        return
    following = list(tournament.matches.filter(round=number + 1))
    if not following:
        finish(tournament, selectors.standings(tournament)[0].entrant)
        return
    for match in following:
        if match.status == TournamentMatch.Status.WAITING:
            open_match(match)


def _advance_swiss(tournament: Tournament, number: int) -> None:
    """Once every match of the round is decided, pair the next from the results so far, or
    crown the leader of the standings after the host's last round."""
    if tournament.matches.filter(round=number).exclude(status__in=DECIDED).exists():
        return
    if tournament.matches.filter(round=number + 1).exists():  # paired already
        return
    order, results, byes = selectors.swiss_record(tournament)
    dropped = selectors.swiss_withdrawn(tournament)
    if number >= tournament.rounds or len(order) - len(dropped) < 2:
        finish(tournament, tournament.entrants.get(pk=selectors.swiss_leader(tournament)))
        return
    pairs = swiss.next_round(order, results, byes, withdrawn=dropped)
    by_id = {entrant.pk: entrant for entrant in tournament.entrants.filter(pk__in=order)}
    _open_round(tournament, number + 1, pairs, by_id)


def _open_round(tournament: Tournament, number: int, pairs: list[pairing.Pair], by_id) -> None:
    """The round's matches, each opened for check-in; a bye is decided as it is made."""
    for slot, pair in enumerate(pairs):
        match = new_match(tournament, number, slot, pair, by_id)
        if not pair.is_bye:
            open_match(match)


def finish(tournament: Tournament, champion: Entrant) -> None:
    tournament.champion = champion
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    bump(tournament, "champion", "status", "finished_at")
    notices.champion(tournament=tournament)
    legs.publish_all(tournament)
