"""``python manage.py replay FILE...``: replay game records and print one JSON line per file.

The line is the engine's replay report (docs/rules.md#replay-report). The exit status is 0 when
every file was read, legal or not, and 2 when any file is not a readable record.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from games.engine import ReplayReport, replay_text, unreadable

NOT_READABLE = 2


class Command(BaseCommand):
    help = "Replay dominoes-record/1 files; print one JSON report a line."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args, files: list[str], **options) -> None:
        all_readable = True
        for name in files:
            report = _replay_file(name)
            all_readable &= report.readable
            self.stdout.write(json.dumps(report.to_json(file=name)))
        if not all_readable:
            sys.exit(NOT_READABLE)


def _replay_file(name: str) -> ReplayReport:
    try:
        text = Path(name).read_bytes()
    except OSError as error:
        return unreadable(f"cannot read the file: {error.strerror}")
    return replay_text(text)
