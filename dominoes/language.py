"""The language a person reads the site in (docs/architecture.md "Languages").

Django's LocaleMiddleware reads the language cookie, else the browser's Accept-Language. A
person picks a language from the header's form, which posts here: Django's own
``set_language`` sets the cookie (a guest keeps it there), and an account also keeps it in its
preferences. At sign-in the account's language is applied (its cookie set on the sign-in's
response, by the middleware below); an account that has none takes the language its guest
picked before signing up or in.

A table's socket speaks the same language as its page (:func:`language_of_scope`): the
account's, else the cookie's, else the browser's.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, User
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from games.preferences import remember_language
from games.preferences.models import Preferences

#: Set on the request at sign-in: the account's language, for the response's cookie.
_APPLY = "_account_language"


def _offered(code: object) -> str | None:
    return code if code in dict(settings.LANGUAGES) else None


def _supported(code: str) -> str | None:
    """The site's language for ``code`` ("pt-BR" is "pt-br", "es-AR" is "es"), if it has one."""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def account_language(user: AbstractBaseUser | None) -> str | None:
    """The language an account picked (its preferences), if any. A query, not
    ``user.preferences``: that would cache "none yet" on the user object, and the same object's
    preferences saved later in the request would read as missing."""
    if user is None or not user.is_authenticated:
        return None
    return _offered(
        Preferences.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )


def language_for(*, user: AbstractBaseUser | None, cookie: str | None, accept_language: str) -> str:
    """The language a person reads, as the pages choose it: the account's pick, else the
    language cookie (a guest's pick), else the browser's Accept-Language, else the site's."""
    chosen = account_language(user) or (cookie and _supported(cookie))
    if chosen:
        return chosen
    for code, _quality in translation.trans_real.parse_accept_lang_header(accept_language):
        if code != "*" and (found := _supported(code)):
            return found
    return settings.LANGUAGE_CODE


def language_of_scope(scope: Mapping[str, Any], *, account: bool = True) -> str:
    """A WebSocket's language (games.live.consumers) from its handshake, as :func:`language_for`;
    with ``account``, it reads the account (call it off the event loop), else only the
    handshake's cookie and headers."""
    headers = dict(scope.get("headers", ()))
    return language_for(
        user=scope.get("user") if account else None,
        cookie=scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME),
        accept_language=headers.get(b"accept-language", b"").decode("latin-1"),
    )


def languages_of(users: Iterable[AbstractBaseUser]) -> dict[int, str]:
    """The language each account picked, by its id, in one query: for words written to many
    people at once (an email to every entrant). Accounts that picked none are left out."""
    picked = Preferences.objects.filter(user_id__in=[user.pk for user in users]).exclude(
        language=""
    )
    return {
        user_id: language
        for user_id, language in picked.values_list("user_id", "language")
        if _offered(language)
    }


def each_in_their_language[T](
    readers: Iterable[T], user_of: Callable[[T], AbstractBaseUser]
) -> Iterator[T]:
    """Each of ``readers`` (people, or what names one: ``user_of``), what is said meanwhile in
    that person's language, the languages read for all of them in one query."""
    readers = list(readers)
    languages = languages_of([user_of(reader) for reader in readers])
    for reader in readers:
        with speaking(languages.get(user_of(reader).pk)):
            yield reader


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """What is said inside, in ``language``, else the language already active."""
    with translation.override(language or translation.get_language()):
        yield


@contextmanager
def speaking_to(user: AbstractBaseUser) -> Iterator[None]:
    """What is said inside, in ``user``'s language: words written for one person away from
    their request (a notification, a job's message), else the language already active."""
    with speaking(account_language(user)):
        yield


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (the cookie and the redirect back), and for an account its
    preferences too."""
    response = django_set_language(request)
    language = _offered(request.POST.get("language"))
    if language and request.user.is_authenticated:
        remember_language(user=request.user, language=language)
    return response


def on_user_logged_in(
    sender: object, request: HttpRequest | None, user: User, **kwargs: object
) -> None:
    """The account's language wins; without one, the guest's pick becomes the account's."""
    if request is None:
        return
    chosen = account_language(user)
    if chosen:
        setattr(request, _APPLY, chosen)
        translation.activate(chosen)
        return
    picked = _offered(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if picked:
        remember_language(user=user, language=picked)


def account_language_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Sets the language cookie on the response of the request that signed an account in."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        language = getattr(request, _APPLY, None)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response

    return middleware
