"""``python manage.py sweep_deadlines [--every SECONDS]``: resolve turn deadlines that passed.

Each deadline has its own job; this sweep is the safety net for jobs that were lost (a worker
killed, Redis restarted, a deployment). Run it once at start-up and then every few seconds.
"""

import logging
import time

from django.core.management.base import BaseCommand

from games.services import sweep_deadlines

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Play for every seat whose turn deadline has passed."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every", type=float, default=0, help="repeat every this many seconds (0: once)"
        )

    def handle(self, *args, every: float, **options) -> None:
        if every:
            logger.info("sweeping deadlines every %s s", every)
        while True:
            resolved = sweep_deadlines()
            if resolved:
                self.stdout.write(f"resolved {resolved} expired turn(s)")
            if not every:
                return
            time.sleep(every)
