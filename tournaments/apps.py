from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from allauth.account.signals import email_confirmed

        from games.signals import match_finished
        from tournaments import services, sign_up

        match_finished.connect(
            services.on_match_finished, dispatch_uid="tournaments.record_table_result"
        )
        email_confirmed.connect(sign_up.on_email_confirmed, dispatch_uid="tournaments.invited")
