"""The address of a player's public profile: their id signed with the site's secret key.

Profiles were ``/players/<id>/`` with the sequential user id, so counting up listed every
player. The key is ``<id>.<signature>`` (``django.core.signing``: HMAC-SHA256 salted for
profiles, checked in constant time, still valid after a key rotation through
``SECRET_KEY_FALLBACKS``): only a link the site gave out finds a profile, and a probed id is
"no such player". The id in it says nothing a link does not already show.
"""

from django.core import signing
from django.urls import reverse

_SIGNER = signing.Signer(salt="games.records.profiles", sep=".")


def profile_key(user_id: int) -> str:
    return _SIGNER.sign(str(user_id))


def user_id_of(key: str) -> int | None:
    """The user id a profile key was made for; None for anything the site did not sign."""
    try:
        return int(_SIGNER.unsign(key))
    except (signing.BadSignature, ValueError):
        return None


def profile_url(user_id: int) -> str:
    return reverse("games:profile", args=[profile_key(user_id)])
