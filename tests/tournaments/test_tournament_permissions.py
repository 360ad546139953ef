"""Every tournament service refuses a person acting on a tournament or a match that is not
theirs, and a refusal changes nothing."""

import pytest
from factories import make_user
from tournament_play import check_in_both, checking_in, make_host, play_out, tournament_with

from tournaments import services
from tournaments.models import Entrant, Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def snapshot(tournament: Tournament) -> tuple:
    tournament.refresh_from_db()
    return (
        tournament.version,
        tournament.status,
        tournament.name,
        sorted(tournament.entrants.values_list("user_id", "status", "wants_rematch")),
        sorted(tournament.matches.values_list("id", "status", "first_ready", "second_ready")),
    )


def manage(action: str, someone, tournament: Tournament, asking: Entrant) -> None:
    """``someone`` tries one of the host's actions on ``tournament``."""
    public_id = tournament.public_id
    match action:
        case "update":
            services.update_tournament(
                user=someone,
                public_id=public_id,
                name="Taken over",
                format=tournament.format,
                scoring=tournament.scoring,
                match_length=tournament.match_length,
            )
        case "invite":
            services.invite(host=someone, public_id=public_id, user=make_user("invited"))
        case "confirm":
            services.confirm_entrant(host=someone, public_id=public_id, entrant_id=asking.pk)
        case "remove":
            others = tournament.entrants.exclude(user=someone)
            services.remove_entrant(user=someone, public_id=public_id, entrant_id=others[0].pk)
        case "start":
            services.start_tournament(host=someone, public_id=public_id)
        case "cancel":
            services.cancel_tournament(user=someone, public_id=public_id)


@pytest.mark.parametrize("who", ["another host", "an entrant"])
@pytest.mark.parametrize("action", ["update", "invite", "confirm", "remove", "start", "cancel"])
def test_only_its_host_manages_a_tournament(who, action):
    tournament, players = tournament_with(3)
    asking = services.join(player=make_user("asking"), public_id=tournament.public_id)
    someone = make_host("other") if who == "another host" else players[0]
    before = snapshot(tournament)
    with pytest.raises(services.NotYourTournament):
        manage(action, someone, tournament, asking)
    assert snapshot(tournament) == before


def test_only_a_matchs_players_check_in_and_only_entrants_ask_for_a_rematch():
    tournament, players = tournament_with(2)
    host = tournament.host
    services.start_tournament(host=host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    before = snapshot(tournament)
    for someone in (host, make_user("stranger")):
        with pytest.raises(services.TournamentError, match="not playing this match"):
            services.check_in(player=someone, match_id=match.pk)
    assert snapshot(tournament) == before

    play_out(check_in_both(match))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    before = snapshot(tournament)
    for someone in (host, make_user("outsider")):
        with pytest.raises(services.TournamentError, match="Only the tournament's players"):
            services.opt_in_rematch(player=someone, public_id=tournament.public_id)
    assert snapshot(tournament) == before
    assert not Entrant.objects.filter(wants_rematch=True).exists()
    assert TournamentMatch.objects.count() == 1
