"""What a host records while a tournament runs (issue 35, 23): a no-show at check-in (the
opponent wins by forfeit, as when the window closes with one player ready) and a player dropped
from a running Swiss (paired no more, their results kept); only the host may."""

import pytest
from django.db.models import Q
from factories import make_user
from tournament_play import (
    check_in_both,
    checking_in,
    play_out,
    swiss_with,
    tournament_with,
)

from tournaments import selectors, services, swiss
from tournaments.models import Entrant, Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

Status = TournamentMatch.Status


def test_a_no_show_gives_the_match_to_the_opponent_by_forfeit_and_the_bracket_goes_on():
    tournament, _ = tournament_with(4)
    host = tournament.host
    services.start_tournament(host=host, public_id=tournament.public_id)
    first, second = checking_in(tournament)
    services.check_in(player=first.first.user, match_id=first.pk)
    services.record_no_show(
        host=host, public_id=tournament.public_id, match_id=first.pk, absent_id=first.second_id
    )
    first.refresh_from_db()
    assert first.status == Status.FINISHED and first.by_forfeit
    assert first.winner_id == first.first_id
    row = next(
        r
        for _, rows in selectors.page(tournament, host).rounds
        for r in rows
        if r and r.match.pk == first.pk
    )
    assert row.result.endswith("won by forfeit")
    services.record_no_show(
        host=host, public_id=tournament.public_id, match_id=second.pk, absent_id=second.first_id
    )
    (final,) = tournament.matches.filter(round=2)
    assert {final.first_id, final.second_id} == {first.first_id, second.second_id}
    assert final.status == Status.CHECK_IN


def test_only_the_host_records_a_no_show_and_only_at_check_in():
    tournament, players = tournament_with(2)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    with pytest.raises(services.NotYourTournament):
        services.record_no_show(
            host=players[0],
            public_id=tournament.public_id,
            match_id=match.pk,
            absent_id=match.second_id,
        )
    with pytest.raises(services.TournamentError, match="one of the match's two"):
        services.record_no_show(
            host=tournament.host, public_id=tournament.public_id, match_id=match.pk, absent_id=0
        )
    check_in_both(match)
    with pytest.raises(services.TournamentError, match="Only a match checking in"):
        services.record_no_show(
            host=tournament.host,
            public_id=tournament.public_id,
            match_id=match.pk,
            absent_id=match.second_id,
        )
    match.refresh_from_db()
    assert match.status == Status.PLAYING and match.winner_id is None


def test_a_dropped_swiss_player_is_never_paired_again_and_keeps_their_results():
    tournament = swiss_with(6, 3)
    for match in checking_in(tournament):
        play_out(check_in_both(match))
    # round 2 is paired and checking in: the dropped player's match goes to their opponent
    dropped = checking_in(tournament)[0].first
    round_one = tournament.matches.get(Q(first=dropped) | Q(second=dropped), round=1)
    services.drop_from_swiss(
        host=tournament.host, public_id=tournament.public_id, entrant_id=dropped.pk
    )
    dropped.refresh_from_db()
    assert dropped.withdrawn_after == 2
    theirs = tournament.matches.get(round=2, first=dropped)
    assert theirs.status == Status.FINISHED and theirs.by_forfeit
    assert theirs.winner_id == theirs.second_id
    for _ in (2, 3):
        for match in checking_in(tournament):
            play_out(check_in_both(match))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    third = list(tournament.matches.filter(round=3))
    assert dropped.pk not in {e.pk for m in third for e in m.entrants()}
    assert len(third) == 3  # five players left: two matches and a bye
    order, results, byes = selectors.swiss_record(tournament)
    mine = [r for r in results if dropped.pk in (r.first, r.second)]
    assert len(mine) == 2  # round 1 as played, round 2 forfeited
    assert any(r.winner == round_one.winner_id for r in mine)
    table = selectors.page(tournament, tournament.host).swiss_standings
    assert [entry for entry in table if entry[0].entrant == dropped.pk][0][2] == 2
    assert tournament.champion_id != dropped.pk
    assert tournament.champion_id == next(
        s.entrant for s in swiss.standings(order, results, byes) if s.entrant != dropped.pk
    )


def test_dropping_is_for_the_host_of_a_running_swiss_with_players_enough_for_its_rounds():
    tournament = swiss_with(6, 3)
    entrant = Entrant.objects.filter(tournament=tournament).first()
    with pytest.raises(services.NotYourTournament):
        services.drop_from_swiss(
            host=make_user("stranger"), public_id=tournament.public_id, entrant_id=entrant.pk
        )
    # six players, three rounds: one may go (five play three), a second may not (four play two)
    services.drop_from_swiss(
        host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk
    )
    other = Entrant.objects.filter(tournament=tournament, withdrawn_after=None).first()
    with pytest.raises(services.TournamentError, match="With 4 players left"):
        services.drop_from_swiss(
            host=tournament.host, public_id=tournament.public_id, entrant_id=other.pk
        )
    with pytest.raises(services.TournamentError, match="not in the tournament any more"):
        services.drop_from_swiss(
            host=tournament.host, public_id=tournament.public_id, entrant_id=entrant.pk
        )
    bracket = services.create_tournament(host=tournament.host, name="Cup")
    with pytest.raises(services.TournamentError, match="Only a running Swiss drops players"):
        services.drop_from_swiss(
            host=tournament.host, public_id=bracket.public_id, entrant_id=entrant.pk
        )


def test_the_swiss_pairing_leaves_the_withdrawn_out():
    order = list(range(5))
    pairs = swiss.next_round(order, [], withdrawn={2})
    paired = [e for pair in pairs for e in (pair.first, pair.second) if e is not None]
    assert sorted(paired) == [0, 1, 3, 4] and all(pair.second is not None for pair in pairs)
