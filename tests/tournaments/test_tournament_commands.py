"""make_host and demo_tournament."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from accounts.management.commands.demo_data import DEMO_EMAIL
from tournaments import services
from tournaments.models import Entrant, Tournament

pytestmark = pytest.mark.django_db


def test_make_host_lets_an_account_host_and_says_where(client):
    user = get_user_model().objects.create_user(username="ann", email="ann@example.com")
    assert not services.can_host(user)
    said = io.StringIO()
    call_command("make_host", "ANN@example.com", stdout=said)
    # the hosts' own pages, not the admin (issue 35, 24)
    assert said.getvalue() == (
        "ann@example.com can now host tournaments: signed in, they create one and invite its "
        "players at /tournaments/host/ (My tournaments).\n"
    )
    user = get_user_model().objects.get(pk=user.pk)
    assert services.can_host(user) and not user.is_superuser
    with pytest.raises(CommandError, match="No account"):
        call_command("make_host", "nobody@example.com")


def test_the_demo_tournament_is_hosted_by_the_demo_host_and_idempotent(settings):
    settings.DEBUG = True
    with pytest.raises(CommandError, match="demo_data"):
        call_command("demo_tournament")
    call_command("demo_data", stdout=None)
    call_command("demo_tournament", stdout=None)
    call_command("demo_tournament", stdout=None)
    (tournament,) = Tournament.objects.all()
    assert tournament.host.email == DEMO_EMAIL
    assert tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count() == 3


def test_the_demo_tournament_refuses_to_run_with_debug_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only runs in local development"):
        call_command("demo_tournament")
