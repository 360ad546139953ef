"""Issue 35, point 16: words and addresses a person would choose. A profile at
``/players/<handle>/`` made from the display name (allauth made usernames from the email:
"newbie1796520092"), old signed links sent on there, sign-in named by the display name, and
the sign-up mail in the site's words (allauth's said "Hello from 127.0.0.1:8201!")."""

import pytest
from accounts_support import emailed_link, verified_user
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.handles import handle_base, unused_handle
from accounts.services import give_handle
from games.records.profiles import profile_key, profile_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_handle_comes_from_the_display_name_and_is_never_a_number():
    assert handle_base("Ada Lovelace") == "ada-lovelace"
    assert handle_base("Zoë  O'Brien!") == "zoe-obrien"
    for no_latin in ("李雷", "1234", "", "🙂"):
        assert handle_base(no_latin).startswith("player-")
    taken = {"ada", "ada-2"}
    assert unused_handle("Ada", taken=lambda handle: handle in taken) == "ada-3"


def test_sign_up_gives_a_handle_and_a_mail_in_the_sites_words(client):
    client.post(
        "/accounts/signup/",
        {
            "display_name": "Newbie Nora",
            "email": "newbie@example.com",
            "password1": "a-long-passphrase-1",
            "password2": "a-long-passphrase-1",
        },
    )
    user = get_user_model().objects.get(email="newbie@example.com")
    assert user.username == "newbie-nora"
    sent = mail.outbox[-1]
    assert sent.subject == "Dominoes: Confirm your email address"
    assert sent.body.startswith("Hello Newbie Nora,")
    assert "Hello from" not in sent.body and "open this link:" in sent.body
    client.post(emailed_link("/accounts/confirm-email/"))
    response = client.post(
        "/accounts/login/",
        {"login": "newbie@example.com", "password": "a-long-passphrase-1"},
        follow=True,
    )
    shown = [str(message) for message in response.context["messages"]]
    assert "Successfully signed in as Newbie Nora." in shown, shown


def test_a_profile_lives_at_the_handle_and_old_signed_links_redirect(client):
    ada = verified_user("ada@example.com", display_name="Ada Lovelace")
    assert give_handle(user=ada) == "ada-lovelace"
    assert profile_url(ada.pk) == "/players/ada-lovelace/"
    assert "Ada Lovelace" in client.get("/players/ada-lovelace/").content.decode()
    old = client.get(f"/players/{profile_key(ada.pk)}/")
    assert old.status_code == 301 and old["Location"] == "/players/ada-lovelace/"
    assert client.get(f"/players/{ada.pk}/").status_code == 404  # a probed number finds nobody
    assert client.get("/players/nobody-here/").status_code == 404


def test_a_handle_is_kept_when_the_display_name_changes(client):
    ada = verified_user("ada@example.com", display_name="Ada")
    give_handle(user=ada)
    client.force_login(ada)
    client.post("/accounts/settings/", {"display_name": "Countess", "preset": "draw"})
    ada.refresh_from_db()
    assert ada.username == "ada"
