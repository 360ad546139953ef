"""``python manage.py make_host EMAIL``: let an account host tournaments (staff status and the
"Tournament hosts" group, which sees and changes only its own tournaments in the admin)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from tournaments.services import make_host


class Command(BaseCommand):
    help = "Let the account with this email host tournaments (from My tournaments)."

    def add_arguments(self, parser):
        parser.add_argument("email")

    def handle(self, *args, email: str, **options) -> None:
        user = get_user_model().objects.filter(email__iexact=email).first()
        if user is None:
            raise CommandError(f"No account has the email {email}.")
        make_host(user=user)
        console = reverse("tournaments:hosting")
        self.stdout.write(
            f"{user.email} can now host tournaments: signed in, they create one and invite "
            f"its players at {console} (My tournaments)."
        )
