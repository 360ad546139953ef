from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.guests import player_for
from dominoes import first_hand
from games import setup_memory
from games.engine import Preset
from games.words import PRESET_NAMES, PRESET_SUMMARIES
from games.your_games import games_in_progress, people_playing_now
from tournaments.selectors import tournaments_for

#: The tournaments shown on the home page (the rest are on the tournaments page).
TOURNAMENTS_SHOWN = 5

# The rule presets (docs/rules.md#presets), one line each: each a card that opens the
# setup page with it chosen.
RULE_PRESETS = [
    (
        "classic",
        pgettext_lazy("preset", "Classic"),
        gettext_lazy(
            "Two players, seven tiles each, draw when stuck; to 100 points or best of 1-5."
        ),
    ),
    (
        "single_round",
        pgettext_lazy("preset", "Single round"),
        gettext_lazy("Two to four players and one hand decides; tied blocked hands share the win."),
    ),
    (
        "team_draw",
        pgettext_lazy("preset", "Team draw"),
        gettext_lazy("Two players, or four as partners with all 28 tiles dealt; play to 100."),
    ),
    (
        "draw",
        pgettext_lazy("preset", "Draw"),
        gettext_lazy(
            "Two to four players draw from the boneyard until they can play; play to 100."
        ),
    ),
    (
        "block",
        pgettext_lazy("preset", "Block"),
        gettext_lazy("Two to four players, no drawing: pass when you cannot play; play to 100."),
    ),
    (
        "all_fives",
        pgettext_lazy("preset", "All Fives"),
        gettext_lazy(
            "Score whenever the open ends add up to a multiple of five, spinner included."
        ),
    ),
    (
        "brazilian",
        pgettext_lazy("preset", "Brazilian partnership"),
        gettext_lazy("Two teams of two, pass when stuck, the blocker's side loses a tie."),
    ),
    # The partnership games of issue 36: their setup summaries until they have cards of their
    # own.
    *(
        (preset.value, PRESET_NAMES[preset], PRESET_SUMMARIES[preset])
        for preset in (Preset.LATIN, Preset.PUERTO_RICAN, Preset.DOMINICAN)
    ),
]


def home(request: HttpRequest) -> HttpResponse:
    """The front door: three ways to play, the person's games in progress, their tournaments."""
    user = request.user
    games = games_in_progress(player_for(user, request.session))
    return render(
        request,
        "home.html",
        {
            "rule_presets": RULE_PRESETS,
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
