"""Create the local demo data (idempotent): a staff "host" account that can sign in at once.

Refuses to run with DEBUG off, so a production database never gets a known password.
"""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_EMAIL = "host@example.com"
DEMO_PASSWORD = "dominoes-demo-host"
DEMO_USERNAME = "host"


class Command(BaseCommand):
    help = "Create or reset the local demo host account (development only)."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError(
                "demo_data only runs in local development (DEBUG on): it creates an account "
                "with a published password."
            )
        User = get_user_model()
        with transaction.atomic():
            user, created = User.objects.get_or_create(
                email=DEMO_EMAIL, defaults={"username": DEMO_USERNAME}
            )
            user.email = DEMO_EMAIL
            user.first_name = "Demo"
            user.last_name = "Host"
            user.is_active = True
            user.is_staff = True
            user.is_superuser = True  # hosts run tournaments from the admin
            user.set_password(DEMO_PASSWORD)
            user.save()
            # allauth requires a verified address before an email login succeeds.
            EmailAddress.objects.update_or_create(
                user=user,
                email=DEMO_EMAIL,
                defaults={"verified": True, "primary": True},
            )
        action = "Created" if created else "Reset"
        self.stdout.write(
            f"{action} the demo host's account: email {DEMO_EMAIL}  password {DEMO_PASSWORD}\n"
            "  Sign in with it to play as a member, host tournaments (Tournaments in the menu)\n"
            "  and open the admin (/admin/): it is staff and superuser, so it may see and change\n"
            "  every account, table and tournament of this local database."
        )
