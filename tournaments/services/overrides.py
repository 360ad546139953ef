"""The host overrides a match's result (a dispute, a wrong report): with a reason shown beside
the result, the standings and the bracket following."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from tournaments import host_emails, selectors
from tournaments.models import Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import TournamentError, bump, locked_match_for_host

REASON_LENGTH = 200


def override_result(
    *,
    host: AbstractBaseUser,
    public_id: str,
    match_id: int,
    winner_id: int,
    reason: str,
    scores: tuple[int, int] | None = None,
) -> TournamentMatch:
    """Set a finished match's winner (an entrant id) and, optionally, its score in the match's
    terms (hands for Best of, points for a target; the first player's first). A bracket's next
    match takes the new winner if it has not begun; a finished tournament's champion follows
    the new result. Swiss rounds already paired stand (as over a board: the pairing was right
    for the results then); the standings follow."""
    reason = reason.strip()
    if not reason:
        raise TournamentError(gettext("Give the reason for the new result: the players read it."))
    if len(reason) > REASON_LENGTH:
        raise TournamentError(
            gettext("A reason is at most %(length)s characters.") % {"length": REASON_LENGTH}
        )
    with transaction.atomic():
        tournament, match = locked_match_for_host(public_id, match_id, host)
        if tournament.status == Tournament.Status.CANCELLED:
            raise TournamentError(
                gettext("This tournament was cancelled: its results stand as they are.")
            )
        if match.status != TournamentMatch.Status.FINISHED:
            raise TournamentError(gettext("Only a played match's result can be overridden."))
        if winner_id not in (match.first_id, match.second_id):
            raise TournamentError(gettext("The winner must be one of the match's two players."))
        _check_scores(tournament, match, winner_id, scores)
        changed = winner_id != match.winner_id
        if changed and tournament.format == Tournament.Format.ELIMINATION:
            _move_on_in_bracket(tournament, match, winner_id)
        match.winner_id = winner_id
        match.override_reason = reason
        if scores is not None:
            match.first_hands, match.second_hands = _hands(tournament, scores, match)
            match.first_points, match.second_points = _points(tournament, scores, match)
            match.by_forfeit = False
        elif changed:  # the old score said the other won: the host's word alone now
            match.first_hands = match.second_hands = match.first_points = match.second_points = 0
            match.by_forfeit = False
        match.save()
        if tournament.status == Tournament.Status.FINISHED:
            _crown_again(tournament, match)
        bump(tournament)
        tell_result_overridden(match)
    return match


def tell_result_overridden(match: TournamentMatch) -> None:
    """Tell both players of the match its new result and why."""
    host_emails.send_result_overridden(match_id=match.pk)


def _check_scores(
    tournament: Tournament,
    match: TournamentMatch,
    winner_id: int,
    scores: tuple[int, int] | None,
) -> None:
    if scores is None:
        return
    if min(scores) < 0:
        raise TournamentError(gettext("A score is a whole number, 0 or more."))
    won, lost = scores if winner_id == match.first_id else scores[::-1]
    if won <= lost:
        raise TournamentError(gettext("The winner's score must be the higher."))
    if tournament.scoring == Tournament.Scoring.BEST_OF and won > tournament.match_length:
        raise TournamentError(
            ngettext(
                "Best of %(hands)s: nobody wins more than %(hands)s hand.",
                "Best of %(hands)s: nobody wins more than %(hands)s hands.",
                tournament.match_length,
            )
            % {"hands": tournament.match_length}
        )


def _hands(tournament: Tournament, scores: tuple[int, int], match: TournamentMatch):
    if tournament.scoring == Tournament.Scoring.BEST_OF:
        return scores
    return match.first_hands, match.second_hands


def _points(tournament: Tournament, scores: tuple[int, int], match: TournamentMatch):
    if tournament.scoring == Tournament.Scoring.TARGET:
        return scores
    return match.first_points, match.second_points


def _move_on_in_bracket(tournament: Tournament, match: TournamentMatch, winner_id: int) -> None:
    """The new winner takes the old one's place in the next round's match, if that has not
    begun (a fresh check-in window); once it has, the result can no longer change."""
    following = (
        TournamentMatch.objects.select_for_update()
        .filter(tournament=tournament, round=match.round + 1, slot=match.slot // 2)
        .first()
    )
    if following is None:
        return
    if following.status not in (TournamentMatch.Status.WAITING, TournamentMatch.Status.CHECK_IN):
        raise TournamentError(
            gettext(
                "The winner has already played on in the next round: a result can change "
                "only until the winner's next match begins."
            )
        )
    side = "first" if following.first_id == match.winner_id else "second"
    setattr(following, f"{side}_id", winner_id)
    setattr(following, f"{side}_ready", False)
    following.save(update_fields=[side, f"{side}_ready"])
    if following.status == TournamentMatch.Status.CHECK_IN:
        formats.push_check_in(following, formats.a_whole_window(tournament, following))


def _crown_again(tournament: Tournament, match: TournamentMatch) -> None:
    """A finished tournament's champion, by the results as they now are."""
    if tournament.format == Tournament.Format.ELIMINATION:
        champion_id = match.winner_id  # only the final can change once it is over
    elif tournament.format == Tournament.Format.SWISS:
        champion_id = selectors.swiss_leader(tournament)
    else:
        champion_id = selectors.standings(tournament)[0].entrant.pk
    if champion_id != tournament.champion_id:
        tournament.champion_id = champion_id
        tournament.save(update_fields=["champion"])
