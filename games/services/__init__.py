"""The only code that changes tables: views, consumers, jobs and other apps call these
functions, from this package's public face (its modules, one per role of a live table, are
its inside).

Every change checks the version the caller last saw (so a double click, two tabs or a replayed
message applies once), applies the move with the engine, appends it to the log, saves the
record and bumps the version: in one transaction with the table row locked, or, for a player's
move or deal that this process's snapshot of that version decides, in one statement that
applies only if the row is still at that version (games.live.writes). ``aplay`` and ``anext_hand``
are the same from the server's event loop (the table consumer), which sends that statement
itself (games.live.async_db). Both executors end a change with one ``Decided`` value, and
whatever follows it (the snapshot kept, the announcement, the jobs, the coach's review, a
finished match's listeners) runs once committed, by :mod:`.pipeline` only.

- :mod:`.creating`: a table against the computer or for friends, starting it.
- :mod:`.lobby`: joining a friends table at a chosen seat, moving, un-joining, the host
  removing someone, a friend who comes late taking a computer's seat at the next deal, the
  host allowing partners to talk during the hands.
- :mod:`.moves`: a play, the next hand, undo (one-statement and locked paths).
- :mod:`.decision`: what a change does (:func:`decide`), pure, for both paths, and its input
  (``DecisionInput``, from the snapshot or the row).
- :mod:`.pipeline`: what follows a committed change (``Decided``, ``after_commit``).
- :mod:`.presence`: a socket opening the table, closing, the heartbeat; leave and come back.
- :mod:`.clock`: deadlines, the computer's turns, the sweep behind their jobs.
- :mod:`.remarks`: a phrase or reaction said at the table (games.phrases).
- :mod:`.playing_on`: a computer table from a moment of a finished match (the coach's board).
- :mod:`.rated`: which tables are rated (a person gone for good then loses).
- :mod:`.computer_games`: a game against the computer resigned (the table) or dropped (Your
  games: aborted if the person never moved).
- :mod:`.rematch` (a computer table's Play again too), :mod:`.hints`, :mod:`.guests` (a guest
  signing in), :mod:`.tournament_tables` (a tournament's seated table).
- :mod:`._tables`: the shared inside (locking, seating, dealing, the locked path's saving).

The job paths stored in the queue (dominoes.jobs: ``games.services.run_bot_turn``...) name this
face, so moving a function between the modules never strands a queued job.
"""

from accounts.players import Player
from games.errors import (
    DealsWithheld,
    NotYourSeat,
    SeatAway,
    StaleVersion,
    TableError,
    TableNotFound,
)
from games.services._tables import OWN_NAME, display_name, seeds_of_table
from games.services.clock import (
    CASUAL_TURN_SECONDS,
    REJOIN_GRACE_SECONDS,
    STAND_IN_LEVEL,
    TOURNAMENT_GRACE_SECONDS,
    TOURNAMENT_TURN_SECONDS,
    expire_turn,
    hand_over_if_gone,
    read_on_time,
    run_bot_turn,
    sweep_deadlines,
)
from games.services.computer_games import (
    Dropped,
    drop_computer_game,
    has_moved,
    resign_computer_game,
)
from games.services.creating import (
    FIRST_HAND_SEED,
    OPEN_TABLES,
    OPEN_TABLES_WITHIN,
    TooManyOpenTables,
    create_computer_table,
    create_first_hand,
    create_online_table,
    start_table,
)
from games.services.decision import (
    BETWEEN_HANDS_SECONDS,
    COMPUTER_OVERDUE_SECONDS,
    Outcome,
    Running,
    decide,
    turn_of,
)
from games.services.guests import claim_guest_seats, on_user_logged_in
from games.services.hints import HINT_CACHE_SECONDS, hint_for
from games.services.lobby import (
    allow_table_talk,
    choose_seat,
    join_table,
    remove_from_table,
    unjoin_table,
)
from games.services.moves import anext_hand, aplay, next_hand, play, undo
from games.services.playing_on import PERSON_STAND_IN, play_on, play_on_levels
from games.services.presence import (
    Opened,
    come_back,
    leave_table,
    open_table,
    seat_connected,
    seat_disconnected,
    seats_seen,
)
from games.services.rated import is_rated
from games.services.remarks import remarks_heard, say_remark, speaker_token
from games.services.rematch import vote_rematch
from games.services.tournament_tables import create_seated_table, publish_deals

__all__ = [
    "BETWEEN_HANDS_SECONDS",
    "CASUAL_TURN_SECONDS",
    "COMPUTER_OVERDUE_SECONDS",
    "FIRST_HAND_SEED",
    "HINT_CACHE_SECONDS",
    "OWN_NAME",
    "OPEN_TABLES",
    "OPEN_TABLES_WITHIN",
    "REJOIN_GRACE_SECONDS",
    "STAND_IN_LEVEL",
    "TOURNAMENT_GRACE_SECONDS",
    "TOURNAMENT_TURN_SECONDS",
    "DealsWithheld",
    "NotYourSeat",
    "Opened",
    "SeatAway",
    "Outcome",
    "Player",
    "Running",
    "StaleVersion",
    "TableError",
    "TableNotFound",
    "TooManyOpenTables",
    "allow_table_talk",
    "anext_hand",
    "aplay",
    "choose_seat",
    "claim_guest_seats",
    "come_back",
    "create_computer_table",
    "create_first_hand",
    "create_online_table",
    "create_seated_table",
    "publish_deals",
    "decide",
    "display_name",
    "expire_turn",
    "hand_over_if_gone",
    "read_on_time",
    "hint_for",
    "is_rated",
    "join_table",
    "leave_table",
    "next_hand",
    "on_user_logged_in",
    "open_table",
    "play",
    "play_on",
    "remove_from_table",
    "run_bot_turn",
    "seat_connected",
    "seat_disconnected",
    "seats_seen",
    "start_table",
    "sweep_deadlines",
    "turn_of",
    "remarks_heard",
    "say_remark",
    "seeds_of_table",
    "speaker_token",
    "undo",
    "unjoin_table",
    "vote_rematch",
    "Dropped",
    "PERSON_STAND_IN",
    "play_on_levels",
    "drop_computer_game",
    "has_moved",
    "resign_computer_game",
]
