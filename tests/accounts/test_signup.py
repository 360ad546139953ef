"""Signing up with a display name, verifying the email address through the emailed link, and
resetting a password: allauth's flows with the site's form (mail read from the outbox)."""

import pytest
from accounts_support import PASSWORD, emailed_link, verified_user
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SIGNUP = {
    "display_name": "  Ada L.  ",
    "email": "ada@example.com",
    "password1": PASSWORD,
    "password2": PASSWORD,
}


def test_sign_up_asks_a_display_name_and_verification_comes_before_signing_in(client):
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    user = get_user_model().objects.get(email="ada@example.com")
    assert user.first_name == "Ada L."  # trimmed
    assert [message.to for message in mail.outbox] == [["ada@example.com"]]

    # Not verified yet: signing in sends the player back to the verification notice.
    response = client.post("/accounts/login/", {"login": "ada@example.com", "password": PASSWORD})
    assert response["Location"] == "/accounts/confirm-email/"
    assert "_auth_user_id" not in client.session

    link = emailed_link("/accounts/confirm-email/")
    assert client.get(link).status_code == 200  # a page with a button: no change on GET
    assert not user.emailaddress_set.get().verified
    client.post(link)
    assert user.emailaddress_set.get().verified

    response = client.post("/accounts/login/", {"login": "ada@example.com", "password": PASSWORD})
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert '<li class="signed-in-as">Ada L.</li>' in client.get("/").content.decode()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"display_name": ""}, "This field is required"),
        ({"display_name": "x" * 41}, "at most 40 characters"),
        ({"password2": "something-else-9"}, "You must type the same password each time"),
    ],
)
def test_sign_up_refuses_bad_input_and_creates_nobody(client, change, message):
    response = client.post("/accounts/signup/", {**SIGNUP, **change})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not get_user_model().objects.exists()
    assert mail.outbox == []


def test_a_forgotten_password_is_reset_through_the_emailed_link(client):
    verified_user("ada@example.com")
    client.post("/accounts/password/reset/", {"email": "ada@example.com"})
    link = emailed_link("/accounts/password/reset/key/")
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0]
    new = "another-long-passphrase-7"
    response = client.post(set_url, {"password1": new, "password2": new})
    assert response.status_code == 302
    signed_in = client.post("/accounts/login/", {"login": "ada@example.com", "password": new})
    assert signed_in["Location"] == "/"
