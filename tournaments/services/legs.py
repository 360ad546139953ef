"""Duplicate matches across tables (:mod:`tournaments.duplicate` says the rules): which deals a
second leg plays, when it may check in, and when a match is decided.

A match's first leg is dealt private (``Table.deals_private``): another table plays its deals
again, so nobody watches it and its seeds stay hidden until that table has played them. A
second leg checks in once the first leg it replays is over, so every hand it deals is a hand
already played; its match is decided once the table replaying its own first leg's deals has
finished too (status ``WAITING`` with both legs meanwhile).
"""

from __future__ import annotations

from games import services as games
from games.engine import load
from games.models import Table
from tournaments import duplicate
from tournaments.models import Tournament, TournamentMatch

Status = TournamentMatch.Status
OVER = (Status.FINISHED, Status.BYE, Status.REST, Status.CANCELLED)


def leg_of(table: Table) -> duplicate.Leg:
    """The table's result by seat: hands won outright, points, who lost on the clock."""
    played = load(table.record)
    hands = [0, 0]
    for report in played.reports:
        if report.result is not None and len(report.winners) == 1:
            hands[report.winners[0]] += 1
    return duplicate.Leg(
        hands=(hands[0], hands[1]),
        points=(played.scores[0], played.scores[1]),
        forfeited_by=table.forfeited_by,
    )


def _played_slots(tournament: Tournament, number: int) -> list[int]:
    """The slots of the round's two-player matches, made or still to be made: a bracket's
    later rounds are paired as their feeders finish, and have no byes."""
    if tournament.format == Tournament.Format.ELIMINATION and number > 1:
        return list(range(tournament.matches.filter(round=1).count() >> (number - 1)))
    pairs = tournament.matches.filter(round=number, second__isnull=False)
    return sorted(pairs.values_list("slot", flat=True))


def source_of(tournament: Tournament, match: TournamentMatch) -> TournamentMatch | None:
    """The match whose first leg's deals ``match``'s second leg plays: itself when alone in
    its round; None while that match is not made yet."""
    slot = duplicate.source(match.slot, _played_slots(tournament, match.round))
    if slot == match.slot:
        return match
    return tournament.matches.filter(round=match.round, slot=slot).first()


def second_leg_deals(tournament: Tournament, match: TournamentMatch) -> Table | None:
    """The finished table whose deals ``match``'s second leg plays, or None while it must wait
    (the other table's first leg still to be played). A source decided without a first leg
    (its check-in forfeited, or cancelled) leaves the match its own first leg's deals."""
    source = source_of(tournament, match)
    if source is None:
        return None
    if source.first_leg_id is not None:
        return source.first_leg
    if source.status in OVER:
        if source.table_id is not None and source.table.finished:  # lost on the clock
            return source.table
        return match.first_leg
    return None


def ready_second_legs(tournament: Tournament, number: int) -> list[TournamentMatch]:
    """The second legs of round ``number`` waiting to check in whose deals are ready."""
    waiting = tournament.matches.filter(
        round=number, status=Status.WAITING, first_leg__isnull=False, table__isnull=True
    ).select_related("first_leg", "first__user", "second__user", "tournament")
    return [match for match in waiting if second_leg_deals(tournament, match) is not None]


def elsewhere(
    tournament: Tournament, match: TournamentMatch
) -> tuple[duplicate.Leg | None, duplicate.Leg | None] | None:
    """The other tables' results on ``match``'s two deals (each None when there is nothing to
    compare with, both when its legs replayed each other), or None while the table replaying
    its first leg's deals has still to finish."""
    source = match.table.deals_like
    if source is None or source.pk == match.first_leg_id:  # alone: no other table
        return None, None
    replaying = Table.objects.filter(deals_like=match.first_leg).first()
    if replaying is None:
        before = [
            m
            for m in tournament.matches.filter(round=match.round).exclude(pk=match.pk)
            if source_of(tournament, m) == match
        ]
        if any(m.status not in OVER for m in before):
            return None
        return None, leg_of(source)
    if not replaying.finished:
        return None
    return leg_of(replaying), leg_of(source)


def publish(tables: list[Table | None]) -> None:
    """Show the seeds of these first legs: every table replaying their deals has played them."""
    games.publish_deals(public_ids=[t.public_id for t in tables if t is not None])


def publish_all(tournament: Tournament) -> None:
    """The tournament is over: no table will replay any of its deals now."""
    tables = tournament.matches.values_list("table__public_id", "first_leg__public_id")
    games.publish_deals(
        public_ids=[public_id for pair in tables for public_id in pair if public_id]
    )
