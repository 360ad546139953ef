"""``python manage.py record_results``: record the results (statistics, ratings) of finished
matches that have none yet. Safe to run at any time: recording is idempotent."""

from django.core.management.base import BaseCommand

from games.records.results import record_missing_results


class Command(BaseCommand):
    help = "Record the results of finished matches that have none yet."

    def handle(self, *args, **options) -> None:
        recorded = record_missing_results()
        self.stdout.write(f"Recorded the results of {recorded} finished match(es).")
