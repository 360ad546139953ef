"""``python manage.py demo_tournament``: a demo tournament to try locally (idempotent).

"Demo cup", hosted by the demo host of ``demo_data`` (run that first), with three demo players
who can sign in (player1@example.com ... player3@example.com, password below), confirmed and
ready for the host to start from the admin. Refuses to run with DEBUG off (known passwords).
"""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.management.commands.demo_data import DEMO_EMAIL
from tournaments import services
from tournaments.models import Tournament

DEMO_TOURNAMENT = "Demo cup"
DEMO_PLAYER_PASSWORD = "dominoes-demo-player"
DEMO_PLAYERS = 3


class Command(BaseCommand):
    help = "Create the local demo tournament and its players (development only)."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError("demo_tournament only runs in local development (DEBUG on).")
        User = get_user_model()
        host = User.objects.filter(email=DEMO_EMAIL).first()
        if host is None:
            raise CommandError("Run `manage.py demo_data` first: it creates the demo host.")
        with transaction.atomic():
            services.make_host(user=host)
            tournament = Tournament.objects.filter(host=host, name=DEMO_TOURNAMENT).first()
            if tournament is None:
                tournament = services.create_tournament(host=host, name=DEMO_TOURNAMENT)
            for number in range(1, DEMO_PLAYERS + 1):
                email = f"player{number}@example.com"
                player, _ = User.objects.get_or_create(
                    username=f"player{number}", defaults={"email": email}
                )
                player.set_password(DEMO_PLAYER_PASSWORD)
                player.save()
                EmailAddress.objects.update_or_create(
                    user=player, email=email, defaults={"verified": True, "primary": True}
                )
                if tournament.status == Tournament.Status.DRAFT:
                    services.invite(host=host, public_id=tournament.public_id, user=player)
                    services.join(player=player, public_id=tournament.public_id)
        self.stdout.write(
            f"{DEMO_TOURNAMENT}: /tournaments/{tournament.public_id}/ hosted by {DEMO_EMAIL}; "
            f"players player1..{DEMO_PLAYERS}@example.com, password {DEMO_PLAYER_PASSWORD}"
        )
