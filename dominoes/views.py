from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.guests import player_for
from dominoes import first_hand
from games import setup_memory
from games.preset_cards import preset_cards
from games.your_games import games_in_progress, people_playing_now
from tournaments.selectors import tournaments_for

#: The tournaments shown on the home page (the rest are on the tournaments page).
TOURNAMENTS_SHOWN = 5


def home(request: HttpRequest) -> HttpResponse:
    """The front door: three ways to play, the person's games in progress, their tournaments."""
    user = request.user
    games = games_in_progress(player_for(user, request.session))
    return render(
        request,
        "home.html",
        {
            "preset_cards": preset_cards(),
            "computer_game": setup_memory.summary(setup_memory.computer_game(request)),
            "games": games,
            # A newcomer (no answer yet, no game going) is offered the guided first hand.
            "offer_first_hand": first_hand.offered(request) and not games,
            "playing_now": people_playing_now(),
            "tournaments": tournaments_for(user)[:TOURNAMENTS_SHOWN]
            if user.is_authenticated
            else [],
        },
    )
