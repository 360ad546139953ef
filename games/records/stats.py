"""Reads for statistics, match history, replays, profiles and the leaderboard.

Nothing here changes a row, and every function runs a fixed number of queries however many
matches a player has (statistics are aggregated by the database, history rows are fetched with
their tables, seats and users in one go).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncDate
from django.utils.translation import gettext

from accounts.selectors import avatar_of, display_name_words
from games.coach.selectors import Skill, skill_by_match
from games.engine import Rules, Scoring, SingleRound
from games.models import MatchResult, Rating, Seat, Table
from games.names import seat_name_words
from games.records.charts import DayResults
from games.records.families import FAMILY_LABELS, Family
from games.services import (
    DealsWithheld,
    NotYourSeat,
    Player,
    TableError,
    TableNotFound,
    seeds_of_table,
)
from games.words import PRESET_NAMES, computer_name

HISTORY_PAGE_SIZE = 20
LEADERBOARD_SIZE = 100
#: The statistics page's chart shows the most recent days with matches, this many at most.
CHART_DAYS = 30
#: Who may replay any finished match, not only their own (staff status alone may not).
VIEW_ANY_RECORD = "games.view_any_record"

_OUTCOME = MatchResult.Outcome
_TALLY = {
    "matches": Count("id"),
    "won": Count("id", filter=Q(outcome=_OUTCOME.WIN)),
    "drawn": Count("id", filter=Q(outcome=_OUTCOME.DRAW)),
    "lost": Count("id", filter=Q(outcome=_OUTCOME.LOSS)),
    "hands_played": Sum("hands_played", default=0),
    "hands_won": Sum("hands_won", default=0),
    "points_for": Sum("points_for", default=0),
    "points_against": Sum("points_against", default=0),
}


@dataclass(frozen=True, slots=True)
class Tally:
    """Matches and hands played and won, and points for and against, of one group of matches."""

    label: str
    matches: int
    won: int
    drawn: int
    lost: int
    hands_played: int
    hands_won: int
    points_for: int
    points_against: int

    @property
    def win_percent(self) -> int | None:
        return round(100 * self.won / self.matches) if self.matches else None


@dataclass(frozen=True, slots=True)
class Statistics:
    """A player's figures. Matches with take-backs (moves undone against the computer) are
    counted apart, in ``with_take_backs`` only: a win after taking moves back is not a clean
    win, so every other figure (the total, by preset, by opponent, the chart) leaves them out.
    """

    total: Tally
    with_take_backs: Tally
    by_preset: list[Tally]
    by_opponent: list[Tally]
    by_day: list[DayResults]

    @property
    def overall(self) -> list[Tally]:
        """The clean total and the matches with take-backs, as a table's rows (none empty)."""
        return [tally for tally in (self.total, self.with_take_backs) if tally.matches]


def opponent_label(opponent: str) -> str:
    """Words for a result's ``opponent``: people, a computer level, or a mix."""
    if opponent == MatchResult.HUMAN:
        return gettext("People")
    if opponent == MatchResult.MIXED:
        return gettext("People and computer, or mixed levels")
    return computer_name(opponent)


def statistics_of(user: AbstractBaseUser) -> Statistics:
    """A player's statistics: in all (clean, and with take-backs apart), by preset, by
    opponent, and per day (the chart's data, the most recent ``CHART_DAYS`` days with
    matches). Four queries."""
    mine = MatchResult.objects.filter(user=user)
    totals = {row.pop("take_backs"): row for row in mine.values("take_backs").annotate(**_TALLY)}
    empty = dict.fromkeys(_TALLY, 0)
    total = Tally(gettext("Without take-backs"), **totals.get(False, empty))
    with_take_backs = Tally(gettext("With take-backs"), **totals.get(True, empty))
    results = mine.filter(take_backs=False)
    by_preset = [
        Tally(PRESET_NAMES.get(row.pop("preset"), gettext("Other")), **row)
        for row in results.values("preset").annotate(**_TALLY).order_by("preset")
    ]
    by_opponent = [
        Tally(opponent_label(row.pop("opponent")), **row)
        for row in results.values("opponent").annotate(**_TALLY).order_by("opponent")
    ]
    days = (
        results.annotate(day=TruncDate("finished_at"))
        .values("day")
        .annotate(
            won=Count("id", filter=Q(outcome=_OUTCOME.WIN)),
            drawn=Count("id", filter=Q(outcome=_OUTCOME.DRAW)),
            lost=Count("id", filter=Q(outcome=_OUTCOME.LOSS)),
        )
        .order_by("-day")[:CHART_DAYS]
    )
    by_day = [DayResults(**row) for row in reversed(days)]
    return Statistics(total, with_take_backs, by_preset, by_opponent, by_day)


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """Another player of a match: their shown name, and their handle when signed in (their
    profile's address)."""

    name: str
    handle: str | None


@dataclass(frozen=True, slots=True)
class HistoryRow:
    result: MatchResult
    opponents: list[MatchPlayer]
    partner: MatchPlayer | None
    skill: Skill | None = None  # accuracy and luck (games.coach); None: not reviewed
    #: The score as the History page shows it, the side's first: the points, or for a single
    #: round that keeps none, the hand that decided it ("Won 1-0", never "Won 0-0").
    score: tuple[int, int] = (0, 0)

    @property
    def preset_name(self) -> str:
        return PRESET_NAMES.get(self.result.preset, self.result.preset)

    @property
    def replayable(self) -> bool:
        """Its replay may open (``Table.deals_withheld``): not yet for a duplicate's first leg
        whose deals another table has still to play."""
        return not self.result.table.deals_withheld


def seat_name(seat: Seat) -> str:
    """A seat's shown name: the player's display name when signed in, else the table's in the
    reader's words (games.names)."""
    if seat.user is not None:
        return display_name_words(seat.user)
    return seat_name_words(name=seat.name, bot_level=seat.bot_level, index=seat.index)


def history_of(user: AbstractBaseUser, page_number: Any) -> tuple[Page, list[HistoryRow]]:
    """One page of a player's finished matches, newest first, with the other players' names.
    A page number out of range gives the last page."""
    results = (
        MatchResult.objects.filter(user=user)
        .select_related("table")
        .prefetch_related("table__seats__user")
    )
    page = Paginator(results, HISTORY_PAGE_SIZE).get_page(page_number)
    skills = skill_by_match(page.object_list)
    rows = []
    for result in page.object_list:
        rules = Rules.from_record(result.table.rules)
        mine = rules.side_of(result.seat)
        others = [s for s in result.table.seats.all() if s.index != result.seat]
        players = [
            (MatchPlayer(seat_name(s), s.user and s.user.username), rules.side_of(s.index))
            for s in others
        ]
        partners = [player for player, side in players if side == mine]
        rows.append(
            HistoryRow(
                result=result,
                opponents=[player for player, side in players if side != mine],
                partner=partners[0] if partners else None,
                score=shown_score(rules, result),
                # The coach's figures wait with the replay they come from.
                skill=None if result.table.deals_withheld else skills.get(result.id),
            )
        )
    return page, rows


def shown_score(rules: Rules, result: MatchResult) -> tuple[int, int]:
    """A result's score, the side's first: its points against the others', or for a single
    round that keeps no points (the preset's own: the first empty hand wins, nobody scores) the
    hand that decided it, 1-0 won, 0-1 lost, 1-1 shared."""
    keeps_points = rules.score is not Scoring.NONE or rules.count_fives
    if keeps_points or not isinstance(rules.match, SingleRound):
        return (result.points_for, result.points_against)
    outcome = MatchResult.Outcome(result.outcome)
    return (
        int(outcome is not MatchResult.Outcome.LOSS),
        int(outcome is not MatchResult.Outcome.WIN),
    )


@dataclass(frozen=True, slots=True)
class FamilyRating:
    family: Family
    rating: Rating | None

    @property
    def label(self) -> str:
        return FAMILY_LABELS[self.family]


def ratings_of(user: AbstractBaseUser) -> list[FamilyRating]:
    """The player's rating in every family (None where they have played no rated match)."""
    ratings = {rating.family: rating for rating in Rating.objects.filter(user=user)}
    return [FamilyRating(family, ratings.get(family.value)) for family in Family]


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int | None
    name: str
    user_id: int
    handle: str  # the profile's address
    rating: Rating
    avatar: dict[str, str]  # accounts.avatars


def leaderboard(family: Family) -> tuple[list[Standing], list[Standing]]:
    """The family's established ratings ranked, then the provisional ones (unranked): a few
    lucky games do not put a newcomer above players whose rating is known. One query."""
    ratings = (
        Rating.objects.filter(family=family.value, user__is_active=True)
        .select_related("user__avatar")
        .order_by("-rating", "user_id")[: 2 * LEADERBOARD_SIZE]
    )
    established: list[Standing] = []
    provisional: list[Standing] = []
    for rating in ratings:
        group = provisional if rating.provisional else established
        rank = None if rating.provisional else len(established) + 1
        group.append(
            Standing(
                rank,
                display_name_words(rating.user),
                rating.user_id,
                rating.user.username,
                rating,
                avatar_of(rating.user),
            )
        )
    return established[:LEADERBOARD_SIZE], provisional[:LEADERBOARD_SIZE]


def profile_user(handle: str) -> AbstractBaseUser:
    """The active user a profile page shows, or ``DoesNotExist``."""
    return get_user_model().objects.get(username=handle, is_active=True)


# --- replays ----------------------------------------------------------------------------------
def replayable_table(
    public_id: str, player: Player, *, viewer: AbstractBaseUser | AnonymousUser
) -> Table:
    """A finished table that ``player`` may replay with every hand shown: its players (signed
    in, or the guest's browser session) and a ``viewer`` holding :data:`VIEW_ANY_RECORD` (staff
    status alone is not enough). While a match runs its hidden tiles stay hidden from
    everyone, players included; so do a duplicate leg's while another table has its deals
    still to play (``Table.deals_withheld``)."""
    try:
        table = Table.objects.prefetch_related("seats__user").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None
    if not viewer.has_perm(VIEW_ANY_RECORD) and player.seat_in(table.seats.all()) is None:
        raise NotYourSeat
    if not table.finished:
        raise TableError(
            gettext("This match is still being played: it can be replayed once it is over.")
        )
    if table.deals_withheld:
        raise DealsWithheld
    return table


def record_with_seeds(table: Table) -> dict[str, Any]:
    """The match's ``dominoes-record/1`` with each hand's seed added (``"seed"``), so anyone
    holding the file can check the deals, and ``"take_backs"``, how many times moves were
    taken back, when they were (a key the record's readers ignore, as they ignore the seeds)."""
    record = table.record
    seeds = seeds_of_table(table)
    hands = [{**hand, "seed": seed} for hand, seed in zip(record["hands"], seeds, strict=True)]
    taken_back = {"take_backs": table.take_backs} if table.take_backs else {}
    return {**record, **taken_back, "hands": hands}


def seat_names(table: Table) -> list[str]:
    return [seat_name(seat) for seat in table.seats.all()]
