from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import signals
        from games.records import results

        signals.match_finished.connect(
            results.on_match_finished, dispatch_uid="games.records.results.on_match_finished"
        )
