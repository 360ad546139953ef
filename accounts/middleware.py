"""Answers for when the site is too busy to do what was asked, in a player's words."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin

from accounts.hashers import HashingBusy

#: Seconds a client is told to wait before trying again: a few hashes' time.
BUSY_RETRY_AFTER = 5


class HashingBusyMiddleware(MiddlewareMixin):
    """Every view that hashes a password (sign-in, sign-up, password changes) answers 503 and
    "try again in a moment" when the process's hashing slots stay busy. The hash comes before
    anything is saved, so nothing was stored."""

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, HashingBusy):
            return None
        response = render(request, "busy.html", status=503)
        response["Retry-After"] = str(BUSY_RETRY_AFTER)
        return response
