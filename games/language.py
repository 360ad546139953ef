"""The language a person reads the site in (README "Languages").

Django's LocaleMiddleware reads the language cookie, else the browser's Accept-Language. A
person picks a language from the header's form, which posts here: Django's own
``set_language`` sets the cookie (a guest keeps it there), and an account also keeps it in its
preferences. At sign-in the account's language is applied (its cookie set on the sign-in's
response, by the middleware below); an account that has none takes the language its guest
picked before signing up or in.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
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


def language_of(user: AbstractBaseUser) -> str | None:
    """The language an account keeps in its preferences, if it picked one."""
    return _offered(
        Preferences.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )


@contextmanager
def speaking_to(user: AbstractBaseUser) -> Iterator[None]:
    """What is said inside, in ``user``'s language: words written for one person away from
    their request (a notification, a job's message), else the language already active."""
    with translation.override(language_of(user) or translation.get_language()):
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
    sender: object, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: object
) -> None:
    """The account's language wins; without one, the guest's pick becomes the account's."""
    if request is None:
        return
    # A query, not ``user.preferences``: that would cache "none yet" on the signed-in user,
    # and the same object's preferences saved later in the request would read as missing.
    chosen = _offered(
        Preferences.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )
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
