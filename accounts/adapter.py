"""The site's allauth adapter (ACCOUNT_ADAPTER): allauth's flows, with the site's client
address and its sign-in budgets (``accounts.sign_in_limits``)."""

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.core.internal import ratelimit
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode

from accounts import services, sign_in_limits
from dominoes import client_address


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request: HttpRequest) -> str:
        """The address every allauth limit counts by: the site's own reading of its proxies
        (allauth's raises a server error when X-Forwarded-For is shorter than expected)."""
        return client_address.of_request(request)

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Count the attempt before any hashing; past a budget, the 429 page. allauth's own
        keys the failures by the account alone (strangers could lock the owner out)."""
        usage = sign_in_limits.consume_attempt(request, login=credentials.get("email", ""))
        # allauth's authenticate() rolls this usage back when the password is right.
        self._login_failed_rl_usage = usage
        if usage is None:
            raise ImmediateHttpResponse(ratelimit.respond_429(request))

    def _delete_login_attempts_cached_email(self, request: HttpRequest, **credentials: Any):
        """allauth's hook after a password reset: empty the budgets ours keys by account."""
        sign_in_limits.clear_account(request, login=credentials.get("email", ""))

    def post_login(self, request: HttpRequest, user, **kwargs: Any) -> HttpResponse:
        response = super().post_login(request, user, **kwargs)
        login = kwargs.get("email") or user.email
        if login:
            sign_in_limits.remember_device(request, response, login=login)
        return response

    def get_email_verification_redirect_url(self, email_address) -> str:
        """After a confirmation, the page another app asked for (a tournament joined from its
        emailed invitation): signed in, straight there; else through the sign-in, which then
        goes there. Otherwise allauth's (the sign-in page)."""
        page = services.page_after_confirmation(self.request)
        if page is None:
            return super().get_email_verification_redirect_url(email_address)
        if self.request.user.is_authenticated:
            return page
        return f"{reverse('account_login')}?{urlencode({'next': page})}"
