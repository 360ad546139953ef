"""Swiss tournaments through the services on PostgreSQL: each round paired as the previous one
finishes, no repeats, one bye each at most, the standings' leader champion (issue 23, 3)."""

import pytest
from django.urls import reverse
from tournament_play import (
    check_in_both,
    checking_in,
    make_host,
    play_out,
    swiss_with,
    tournament_with,
)

from tournaments import selectors, services, swiss
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

Status = TournamentMatch.Status


def play_round(tournament: Tournament, number: int) -> None:
    opened = checking_in(tournament)
    assert opened and {m.round for m in opened} == {number}
    assert not tournament.matches.filter(round=number + 1).exists()  # not paired before
    for match in opened:
        play_out(check_in_both(match))


@pytest.mark.parametrize(("count", "rounds"), [(6, 3), (5, 3)])
def test_a_swiss_plays_its_rounds_without_repeats_to_the_standings_leader(count, rounds):
    tournament = swiss_with(count, rounds)
    for number in range(1, rounds + 1):
        play_round(tournament, number)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    matches = list(tournament.matches.all())
    assert {m.round for m in matches} == set(range(1, rounds + 1))
    played = [frozenset((m.first_id, m.second_id)) for m in matches if m.status == Status.FINISHED]
    assert len(played) == len(set(played)) == rounds * (count // 2)
    byes = [m.first_id for m in matches if m.status == Status.BYE]
    assert len(byes) == len(set(byes)) == rounds * (count % 2)
    for number in range(1, rounds + 1):
        in_round = [e for m in matches if m.round == number for e in m.entrants()]
        assert len(in_round) == len(set(in_round)) == count
    leader = swiss.standings(*selectors.swiss_record(tournament))[0]
    assert tournament.champion_id == leader.entrant


def test_the_swiss_page_shows_the_tie_break_columns_and_the_bye(client):
    tournament = swiss_with(5, 2)
    (bye,) = tournament.matches.filter(status=Status.BYE)
    client.force_login(bye.first.user)
    html = client.get(reverse("tournaments:detail", args=[tournament.public_id])).content.decode()
    assert "Swiss, 2 rounds" in html
    for column in ("Match points", "Opponents' scores", "Hands ±", "Points ±"):
        assert column in html
    assert "You have the bye this round: it scores you a match point." in html


def test_a_swiss_needs_its_rounds_and_enough_players_for_them():
    host = make_host()
    with pytest.raises(services.TournamentError, match="A Swiss plays from 1 to 15 rounds."):
        services.create_tournament(host=host, name="Swiss", format="swiss")
    tournament, _ = tournament_with(4, host=host, format="swiss", rounds=3)
    with pytest.raises(services.TournamentError, match="A Swiss of 4 players plays at most 2"):
        services.start_tournament(host=host, public_id=tournament.public_id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT and not tournament.matches.exists()
