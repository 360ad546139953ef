from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games.signals import match_finished
        from tournaments import services

        match_finished.connect(
            services.on_match_finished, dispatch_uid="tournaments.record_table_result"
        )
