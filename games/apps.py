from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from dominoes import language
        from games import services, signals
        from games.records import results

        signals.match_finished.connect(
            results.on_match_finished, dispatch_uid="games.records.results.on_match_finished"
        )
        signals.finished_seats_claimed.connect(
            results.on_match_finished, dispatch_uid="games.records.results.on_seats_claimed"
        )
        user_logged_in.connect(services.on_user_logged_in, dispatch_uid="games.claim_guest_seats")
        user_logged_in.connect(language.on_user_logged_in, dispatch_uid="games.account_language")
