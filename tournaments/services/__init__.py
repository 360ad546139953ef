"""The only code that changes tournaments. The admin, views, jobs and the games signal call these.

One module a role: :mod:`.access` (who may, the locked rows), :mod:`.hosting` (settings),
:mod:`.entrants`, :mod:`.rounds` (start, cancel), :mod:`.formats` (each format's rounds),
:mod:`.checkin`, :mod:`.absences` (no-shows, drops), :mod:`.results`, :mod:`.seeding`,
:mod:`.replacements` and :mod:`.overrides`. Their public functions are named here, where
callers find them; every one is keyword-only and checks who may call it.
"""

from tournaments.services.absences import drop_from_swiss, record_no_show
from tournaments.services.access import (
    HOSTS_GROUP,
    MANAGE_ALL,
    NotYourTournament,
    TournamentError,
    can_host,
    make_host,
    manages,
)
from tournaments.services.checkin import (
    check_in,
    close_check_in,
    enforce_check_ins,
    extend_check_in,
    sweep_tournaments,
    tournament_of_match,
)
from tournaments.services.entrants import (
    Invited,
    accept_invitation,
    accept_invitations_for,
    confirm_entrant,
    invite,
    invite_by_email,
    join,
    opt_in_rematch,
    remove_entrant,
    resend_invitation,
    withdraw_invitation,
)
from tournaments.services.formats import CHECK_IN_SECONDS
from tournaments.services.hosting import (
    BEST_OF_HANDS,
    CHECK_IN_MINUTES,
    Schedule,
    check_settings,
    create_tournament,
    match_rules,
    send_notice,
    tournament_games,
    update_tournament,
)
from tournaments.services.overrides import override_result
from tournaments.services.replacements import Replacement, replace_entrant, replace_no_show
from tournaments.services.results import on_match_finished, record_table_result
from tournaments.services.rounds import (
    cancel_tournament,
    start_tournament,
    start_when_due,
    tell_starting_soon,
)
from tournaments.services.seeding import move_seed, set_seed_order

__all__ = [
    "BEST_OF_HANDS",
    "CHECK_IN_MINUTES",
    "CHECK_IN_SECONDS",
    "HOSTS_GROUP",
    "MANAGE_ALL",
    "NotYourTournament",
    "TournamentError",
    "can_host",
    "cancel_tournament",
    "check_in",
    "check_settings",
    "close_check_in",
    "confirm_entrant",
    "create_tournament",
    "drop_from_swiss",
    "enforce_check_ins",
    "Invited",
    "accept_invitation",
    "accept_invitations_for",
    "extend_check_in",
    "invite",
    "invite_by_email",
    "join",
    "make_host",
    "manages",
    "match_rules",
    "tournament_games",
    "move_seed",
    "override_result",
    "replace_entrant",
    "replace_no_show",
    "Replacement",
    "Schedule",
    "set_seed_order",
    "start_when_due",
    "tell_starting_soon",
    "on_match_finished",
    "opt_in_rematch",
    "record_no_show",
    "record_table_result",
    "remove_entrant",
    "resend_invitation",
    "send_notice",
    "start_tournament",
    "sweep_tournaments",
    "tournament_of_match",
    "update_tournament",
    "withdraw_invitation",
]
