"""Reads: tournaments as their pages show them. Nothing here changes a row."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.utils.translation import gettext, ngettext, pgettext

from accounts.selectors import display_name_words
from billing import plans
from tournaments import pairing, swiss
from tournaments.bracket import AwaitedSlot, whole_bracket
from tournaments.models import Entrant, Invitation, Tournament, TournamentMatch


class TournamentNotFound(Exception):
    pass


def tournament_for(public_id: str) -> Tournament:
    try:
        return Tournament.objects.select_related("host", "champion__user", "rematch").get(
            public_id=public_id
        )
    except Tournament.DoesNotExist:
        raise TournamentNotFound from None


def invitation_for(token: str) -> Invitation | None:
    return (
        Invitation.objects.select_related("tournament__host", "replaces__user", "match")
        .filter(token=token)
        .first()
    )


def version_of(public_id: str) -> int | None:
    """The tournament's version alone: the page's cheap poll."""
    return Tournament.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def tournaments_for(user: AbstractBaseUser) -> list[Tournament]:
    """The tournaments ``user`` hosts or has an entry in, newest first."""
    return list(
        Tournament.objects.filter(Q(host=user) | Q(entrants__user=user))
        .distinct()
        .select_related("host")
    )


def hosted_by(user: AbstractBaseUser) -> list[Tournament]:
    """The tournaments ``user`` hosts, newest first, each with its ``confirmed`` count."""
    confirmed = Count("entrants", filter=Q(entrants__status=Entrant.Status.CONFIRMED))
    return list(Tournament.objects.filter(host=user).annotate(confirmed=confirmed))


def player_limit(tournament: Tournament) -> int:
    """The most confirmed entrants ``tournament`` may have: its host's plan allows them, and
    the host may cap it lower."""
    plan = plans.tournament_player_limit(host=tournament.host)
    return plan if tournament.player_cap is None else min(plan, tournament.player_cap)


def is_full(tournament: Tournament) -> bool:
    """Whether the tournament has as many confirmed entrants as it may have."""
    confirmed = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()
    return confirmed >= player_limit(tournament)


def is_final(match: TournamentMatch) -> bool:
    """Whether ``match`` is a bracket's final (its last round, as the page names it)."""
    tournament = match.tournament
    if tournament.format != Tournament.Format.ELIMINATION:
        return False
    drawn = tournament.entrants.filter(seed_position__isnull=False).count()
    return drawn >= 2 and match.round == pairing.elimination_rounds(drawn)


def swiss_withdrawn(tournament: Tournament) -> dict[int, int]:
    """The entrants the host dropped from a Swiss, each with the round they were dropped in."""
    dropped = tournament.entrants.filter(withdrawn_after__isnull=False)
    return dict(dropped.values_list("pk", "withdrawn_after"))


def swiss_leader(tournament: Tournament) -> int:
    """The entrant id at the top of the Swiss standings among those still in: a dropped
    player keeps their results but is never champion."""
    dropped = swiss_withdrawn(tournament)
    table = swiss.standings(*swiss_record(tournament))
    return next(s.entrant for s in table if s.entrant not in dropped)


def standings(tournament: Tournament) -> list[pairing.Standing[Entrant]]:
    """The round-robin standings so far, best first (ties broken as ``pairing.standings``)."""
    order = list(
        tournament.entrants.filter(seed_position__isnull=False)
        .select_related("user")
        .order_by("seed_position")
    )
    by_id = {entrant.pk: entrant for entrant in order}
    results = [
        pairing.Result(
            by_id[m.first_id],
            by_id[m.second_id],
            by_id[m.winner_id],
            hands=(m.first_hands, m.second_hands),
            points=(m.first_points, m.second_points),
        )
        for m in tournament.matches.filter(status=TournamentMatch.Status.FINISHED)
    ]
    return pairing.standings(order, results)


def swiss_record(tournament: Tournament) -> tuple[list[int], list[pairing.Result[int]], list[int]]:
    """A Swiss so far, as :mod:`tournaments.swiss` takes it: the entrant ids in the seeded
    order, the results of the matches played (forfeits included), and the byes' holders."""
    order = list(
        tournament.entrants.filter(seed_position__isnull=False)
        .order_by("seed_position")
        .values_list("pk", flat=True)
    )
    results, byes = [], []
    for m in tournament.matches.filter(
        status__in=(TournamentMatch.Status.FINISHED, TournamentMatch.Status.BYE)
    ):
        if m.status == TournamentMatch.Status.BYE:
            byes.append(m.first_id)
        else:
            results.append(
                pairing.Result(
                    m.first_id,
                    m.second_id,
                    m.winner_id,
                    hands=(m.first_hands, m.second_hands),
                    points=(m.first_points, m.second_points),
                )
            )
    return order, results, byes


@dataclass
class MatchRow:
    match: TournamentMatch
    first: str
    second: str | None
    winner: str | None
    table_id: str | None
    mine: bool
    ready: bool = False  # the viewer's own "I'm ready" (their matches only)
    first_seed: int | None = None  # place in the seeded order, from 1
    second_seed: int | None = None

    @property
    def live(self) -> bool:
        return self.match.status == TournamentMatch.Status.PLAYING

    @property
    def duplicate_note(self) -> str:
        """Which deals a duplicate match's second leg plays, while it is played or awaited."""
        m = self.match
        if m.first_leg_id is None or m.status == TournamentMatch.Status.FINISHED:
            return ""
        if m.table_id is None:
            return gettext("First leg played: the second waits for the other table's first leg.")
        if m.table.deals_like_id == m.first_leg_id:
            return gettext(
                "Second leg on the first leg's deals, seats swapped: no other table plays "
                "this round."
            )
        if m.status == TournamentMatch.Status.WAITING:
            return gettext(
                "Both legs played: waiting for the other table to finish the same deals."
            )
        return gettext("Second leg on the other table's deals, seats swapped; compared with it.")

    @property
    def result(self) -> str:
        """The result in the match's own terms, the winner's score first: "Alice won 2–1 in
        hands" (Best of), "Alice won 100–64 in points" (a target), "Alice won by forfeit"
        (check-in or clock: the score then says nothing), "" while undecided; a result the
        host overrode says so, with the reason."""
        m = self.match
        if m.status != TournamentMatch.Status.FINISHED or self.winner is None:
            return ""
        said = ""
        if m.override_reason:
            said = gettext(" (set by the host: %(reason)s)") % {"reason": m.override_reason}
        winner = {"winner": self.winner}
        if m.by_forfeit:
            return gettext("%(winner)s won by forfeit") % winner + said
        hands = m.tournament.scoring == Tournament.Scoring.BEST_OF
        scores = (m.first_hands, m.second_hands) if hands else (m.first_points, m.second_points)
        if m.override_reason and not any(scores):  # the host's word, no score to show
            return gettext("%(winner)s won") % winner + said
        won, lost = scores if m.winner_id == m.first_id else scores[::-1]
        score = {**winner, "won": won, "lost": lost}
        if m.edge:  # compared across tables: the edge on the same deals decided
            edge = abs(m.edge)
            if hands:
                words = ngettext(
                    "%(winner)s won on the same deals, %(edge)s hand better than at the other "
                    "table (%(won)s–%(lost)s in hands)",
                    "%(winner)s won on the same deals, %(edge)s hands better than at the other "
                    "table (%(won)s–%(lost)s in hands)",
                    edge,
                )
            else:
                words = ngettext(
                    "%(winner)s won on the same deals, %(edge)s point better than at the "
                    "other table (%(won)s–%(lost)s in points)",
                    "%(winner)s won on the same deals, %(edge)s points better than at the "
                    "other table (%(won)s–%(lost)s in points)",
                    edge,
                )
            return words % {**score, "edge": edge} + said
        if won == lost:  # a duplicate level in its own terms: the other, then the seed decided
            return level_words(m, winner=self.winner) + said
        if not hands:
            return gettext("%(winner)s won %(won)s–%(lost)s in points") % score + said
        return gettext("%(winner)s won %(won)s–%(lost)s in hands") % score + said


def level_words(match: TournamentMatch, *, winner: str) -> str:
    """A duplicate match level in its own terms, said as :mod:`tournaments.duplicate` decided
    it: on the other unit, else as the higher seed (the winner's score first)."""
    side = slice(None, None, 1 if match.winner_id == match.first_id else -1)
    hands, points = (
        (match.first_hands, match.second_hands),
        (match.first_points, match.second_points),
    )
    said = {"winner": winner, "hands": "–".join(map(str, hands[side]))}
    said["points"] = "–".join(map(str, points[side]))
    if hands[0] == hands[1] and points[0] == points[1]:
        words = gettext(
            "%(winner)s went through as the higher seed: level on hands (%(hands)s) and "
            "on points (%(points)s)"
        )
    elif match.tournament.scoring == Tournament.Scoring.BEST_OF:
        words = gettext("%(winner)s won on points (%(points)s), level on hands (%(hands)s)")
    else:
        words = gettext("%(winner)s won on hands (%(hands)s), level on points (%(points)s)")
    return words % said


@dataclass
class Page:
    tournament: Tournament
    entrants: list[tuple[Entrant, str]]
    #: Each round's matches in slot order; in a bracket, an AwaitedSlot for one not yet paired.
    rounds: list[tuple[int, list[MatchRow | AwaitedSlot]]]
    standings: list[tuple[pairing.Standing[Entrant], str]] = field(default_factory=list)
    #: Each standing with its player's name and, if the host dropped them, the round.
    swiss_standings: list[tuple[swiss.SwissStanding[int], str, int | None]] = field(
        default_factory=list
    )
    my_entry: Entrant | None = None
    my_match: MatchRow | None = None
    champion: str | None = None
    final_round: int | None = None
    resting: bool = False  # the viewer rests in the round being played (round robin)
    bye: bool = False  # the viewer has the bye of the round being played (Swiss)
    full: bool = False  # no place left for another confirmed entrant


def page(tournament: Tournament, user: AbstractBaseUser) -> Page:
    """Everything a tournament page shows to ``user`` (signed in or not)."""
    entrants = list(tournament.entrants.select_related("user"))
    names = {entrant.pk: display_name_words(entrant.user) for entrant in entrants}
    seeds = {e.pk: e.seed_position + 1 for e in entrants if e.seed_position is not None}
    my_entry = next((e for e in entrants if e.user_id == user.pk), None)
    matches = tournament.matches.select_related("table", "tournament")
    rows = [
        MatchRow(
            match=m,
            first=names[m.first_id],
            second=names.get(m.second_id),
            first_seed=seeds.get(m.first_id),
            second_seed=seeds.get(m.second_id),
            winner=names.get(m.winner_id),
            table_id=m.table.public_id if m.table_id else None,
            mine=my_entry is not None and my_entry.pk in (m.first_id, m.second_id),
            ready=my_entry is not None
            and (
                (m.first_id == my_entry.pk and m.first_ready)
                or (m.second_id == my_entry.pk and m.second_ready)
            ),
        )
        for m in matches
    ]
    rounds = [(number, list(group)) for number, group in groupby(rows, lambda r: r.match.round)]
    drawn = sum(e.seed_position is not None for e in entrants)
    final_round = None
    if tournament.format == Tournament.Format.ELIMINATION and drawn >= 2:
        final_round = pairing.elimination_rounds(drawn)
        rounds = whole_bracket(rows, pairing.bracket_size(drawn), final_round)
    live = (TournamentMatch.Status.CHECK_IN, TournamentMatch.Status.PLAYING)
    result = Page(
        tournament=tournament,
        entrants=[(e, names[e.pk]) for e in entrants],
        rounds=rounds,
        my_entry=my_entry,
        my_match=next((r for r in rows if r.mine and r.match.status in live), None),
        champion=names.get(tournament.champion_id),
        final_round=final_round,
        full=tournament.status == Tournament.Status.DRAFT
        and sum(e.status == Entrant.Status.CONFIRMED for e in entrants) >= player_limit(tournament),
    )
    current = min((r.match.round for r in rows if r.match.status in live), default=None)
    mine_now = {r.match.status for r in rows if r.mine and r.match.round == current}
    result.resting = TournamentMatch.Status.REST in mine_now
    result.bye = tournament.format == Tournament.Format.SWISS and (
        TournamentMatch.Status.BYE in mine_now
    )
    if tournament.seed is None:
        return result
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        result.standings = [(s, names[s.entrant.pk]) for s in standings(tournament)]
    elif tournament.format == Tournament.Format.SWISS:
        table = swiss.standings(*swiss_record(tournament))
        dropped = swiss_withdrawn(tournament)
        result.swiss_standings = [(s, names[s.entrant], dropped.get(s.entrant)) for s in table]
    return result


def visible_page(*, public_id: str, user: AbstractBaseUser) -> Page:
    """The tournament's page as ``user`` sees it, if ``user`` may see the tournament: the one
    rule for its page, its live part and its results file. A tournament is seen by whoever has
    its link (signed in or not: players join from it, and its unguessable public id is what
    keeps it to them); TournamentNotFound for an id that names none."""
    return page(tournament_for(public_id), user)


def results_rows(page: Page) -> list[list[str]]:
    """The results file's rows: a heading, then every match played or to play, round by round
    (a bracket's empty slots left out)."""
    heading = [
        pgettext("column", "Round"),
        pgettext("column", "Player"),
        pgettext("column", "Opponent"),
        pgettext("column", "Status"),
        pgettext("column", "Winner"),
        pgettext("column", "Result"),
    ]
    return [heading] + [
        [
            str(number),
            row.first,
            row.second or "",
            row.match.get_status_display(),
            row.winner or "",
            row.result,
        ]
        for number, rows in page.rounds
        for row in rows
        if isinstance(row, MatchRow)
    ]
