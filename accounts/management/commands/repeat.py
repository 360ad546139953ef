"""``python manage.py repeat --every SECONDS COMMAND``: run a management command at start-up and
then every SECONDS, for ever (the Procfile's ``sessions`` line runs Django's ``clearsessions``
hourly, so expired sessions do not pile up in the database).

A run that fails (the database restarting, say) is logged and the next one tried as planned:
one bad hour must not stop the process, which a Procfile runner would take as the whole site
stopping. Each run starts on fresh database connections, as a request would.
"""

import logging
import time

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Run a management command now and then every --every seconds."

    def add_arguments(self, parser):
        parser.add_argument("command", help="the management command to run, e.g. clearsessions")
        parser.add_argument("--every", type=float, required=True, help="seconds between runs")

    def handle(self, *args, command: str, every: float, **options) -> None:
        if command not in get_commands():
            raise CommandError(f"There is no management command {command!r}.")
        if every <= 0:
            raise CommandError("--every takes a number of seconds above 0.")
        while True:
            close_old_connections()
            try:
                call_command(command)
            except Exception:
                logger.exception("%s failed; the next run is in %g s", command, every)
            time.sleep(every)
