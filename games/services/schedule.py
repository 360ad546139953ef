"""The table's jobs: the computer's turn, a turn's deadline, a gone person's seat, each run
later on the site's job machinery (dominoes.jobs). Their paths are stored in the queue; every
job re-checks the table version it was given, so running one late or twice does nothing."""

from django.conf import settings

from dominoes.jobs import SCHEDULE_SLACK_SECONDS, run_after_pause, run_later

BOT_TURN = "games.services.run_bot_turn"
DEADLINE = "games.services.expire_turn"
GONE_CHECK = "games.services.hand_over_if_gone"


def schedule_bot_turn(*, public_id: str, version: int) -> None:
    """The computer's move at ``public_id``, after the pause that lets people follow."""
    run_after_pause(
        BOT_TURN,
        queue="bots",
        pause=settings.BOT_PAUSE_SECONDS,
        public_id=public_id,
        expected_version=version,
    )


def schedule_deadline(*, public_id: str, version: int, seconds: float) -> None:
    """Play for the seat to move at ``public_id`` if it is still at ``version`` when time is up
    (the sweep catches any deadline whose job is lost)."""
    run_later(
        DEADLINE,
        queue="deadlines",
        delay=seconds + SCHEDULE_SLACK_SECONDS,
        public_id=public_id,
        expected_version=version,
    )


def schedule_gone_check(*, public_id: str, seat_index: int, seconds: float) -> None:
    """Hand the seat to the computer if its person is still gone after ``seconds``."""
    run_later(
        GONE_CHECK,
        queue="deadlines",
        delay=seconds + SCHEDULE_SLACK_SECONDS,
        public_id=public_id,
        seat_index=seat_index,
    )
