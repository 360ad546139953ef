import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from accounts.management.commands.demo_data import DEMO_EMAIL, DEMO_PASSWORD

pytestmark = pytest.mark.django_db


def test_demo_data_creates_a_staff_host_that_can_sign_in(client, settings):
    settings.DEBUG = True
    call_command("demo_data", stdout=None)
    user = get_user_model().objects.get(email=DEMO_EMAIL)
    assert user.is_staff and user.is_active
    assert user.check_password(DEMO_PASSWORD)
    assert EmailAddress.objects.get(user=user, email=DEMO_EMAIL).verified

    # Signs in through allauth (email login, verification mandatory) and reaches the admin.
    response = client.post("/accounts/login/", {"login": DEMO_EMAIL, "password": DEMO_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/admin/").status_code == 200


def test_demo_data_is_idempotent(settings, capsys):
    settings.DEBUG = True
    call_command("demo_data")
    user = get_user_model().objects.get(email=DEMO_EMAIL)
    user.set_password("changed")
    user.save()
    call_command("demo_data")
    assert get_user_model().objects.filter(email=DEMO_EMAIL).count() == 1
    assert EmailAddress.objects.filter(email=DEMO_EMAIL).count() == 1
    assert get_user_model().objects.get(email=DEMO_EMAIL).check_password(DEMO_PASSWORD)
    out = capsys.readouterr().out
    assert f"email {DEMO_EMAIL}  password {DEMO_PASSWORD}" in out


def test_demo_data_refuses_to_run_with_debug_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only runs in local development"):
        call_command("demo_data")
    assert not get_user_model().objects.filter(email=DEMO_EMAIL).exists()
