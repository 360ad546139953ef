"""The language: the browser's Accept-Language until a person picks one from the header; a
guest keeps the pick in Django's language cookie, an account in its preferences, and it
survives sign-in (dominoes.language)."""

import gzip

import pytest
from accounts_support import PASSWORD, verified_user
from django.conf import settings

from games.preferences import preferences_of

pytestmark = pytest.mark.django_db
COOKIE = settings.LANGUAGE_COOKIE_NAME


@pytest.mark.parametrize(
    ("accept", "lang", "words"),
    [
        ("es-ES,es;q=0.9", "es", "Jugar contra la computadora"),
        ("es-MX", "es", "Partida rápida"),
        ("pt-BR,pt;q=0.9,en;q=0.5", "pt-br", "Jogar contra o computador"),
        ("en-US,en;q=0.9", "en", "Play the computer"),
        ("de-DE", "en", "Play the computer"),
    ],
)
def test_the_page_follows_the_browser(client, accept, lang, words):
    html = client.get("/", headers={"accept-language": accept}).content.decode()
    assert f'<html lang="{lang}">' in html
    assert words in html


def test_a_guest_picks_a_language_and_keeps_it_in_the_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "pt-br", "next": "/pricing/"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "pt-br"
    html = client.get("/billing/pricing/", headers={"accept-language": "es"}).content.decode()
    assert "Planos" in html and "Planes" not in html


def test_a_language_not_offered_changes_nothing(client):
    response = client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert COOKIE not in response.cookies


def test_an_account_keeps_its_pick_and_gets_it_back_at_sign_in(client):
    user = verified_user("ana@example.com")
    client.post("/accounts/login/", {"login": user.email, "password": PASSWORD})
    client.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert preferences_of(user).language == "es"

    elsewhere = client.__class__()  # another browser, English by its header
    signed_in = elsewhere.post(
        "/accounts/login/",
        {"login": user.email, "password": PASSWORD},
        headers={"accept-language": "en"},
    )
    assert signed_in.cookies[COOKIE].value == "es"
    html = elsewhere.get("/", headers={"accept-language": "en"}).content.decode()
    assert "Jugar contra la computadora" in html


def test_a_guests_pick_becomes_the_accounts_at_sign_in(client):
    user = verified_user("bea@example.com")
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"})
    client.post("/accounts/login/", {"login": user.email, "password": PASSWORD})
    assert preferences_of(user).language == "pt-br"


def test_the_scripts_catalog_speaks_the_language(client):
    page = client.get("/", headers={"accept-language": "es"}).content.decode()
    # Each language its own address: a catalog kept by the browser is never another language's.
    assert 'src="/i18n/catalog.js?language=es"' in page
    response = client.get("/i18n/catalog.js?language=es", headers={"accept-language": "es"})
    assert response.status_code == 200
    assert "Notificaciones" in response.content.decode()
    assert "max-age=3600" in response["Cache-Control"]


def test_an_english_page_fetches_no_catalog(client):
    # The scripts are written in English (static/js/i18n.js keeps their words without one).
    page = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert "/i18n/catalog.js" not in page


def test_the_scripts_catalog_is_sent_compressed(client):
    asked = {"accept-language": "pt-br", "accept-encoding": "gzip, br"}
    response = client.get("/i18n/catalog.js?language=pt-br", headers=asked)
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    plain = client.get("/i18n/catalog.js?language=pt-br", headers={"accept-language": "pt-br"})
    assert "Content-Encoding" not in plain
    assert gzip.decompress(response.content) == plain.content
    assert len(response.content) < len(plain.content) / 3


def test_plurals_come_from_the_catalog(client, monkeypatch):
    from dominoes import views

    for count, words in [(1, "1 pessoa jogando agora"), (3, "3 pessoas jogando agora")]:
        monkeypatch.setattr(views, "people_playing_now", lambda count=count: count)
        html = client.get("/", headers={"accept-language": "pt-BR"}).content.decode()
        assert words in html


def test_setup_errors_speak_the_players_language(client):
    response = client.post(
        "/play/",
        {
            "mode": "computer",
            "preset": "draw",
            "seats": "2",
            "match_format": "target",
            **dict.fromkeys(("level_1", "level_2", "level_3"), "medium"),
        },
        headers={"accept-language": "es"},
    )
    assert "Escribe una meta de 25 a 500 puntos." in response.content.decode()


def test_a_missing_page_says_so_in_the_readers_language(client):
    response = client.get("/no-such-page/", headers={"accept-language": "pt-BR"})
    assert response.status_code == 404
    assert "Esta página não existe" in response.content.decode()
