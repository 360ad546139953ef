from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    # Not "Accounts": allauth's app (email addresses) is named so in the admin already.
    verbose_name = "Players"
