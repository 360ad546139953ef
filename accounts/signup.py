"""allauth's sign-up form (ACCOUNT_FORMS["signup"]) with an answer that takes as long for an
email address that already has an account as for a new one.

With ACCOUNT_PREVENT_ENUMERATION allauth answers both alike ("check your mail"), but only the
new account would hash its password, and the time of the answer would tell anyone which
addresses have accounts (bench/RESULTS.md, `login_flood.signup`). The known address hashes
the password too (and throws it away), so both do the same work. (The site's own fields, the
display name, live in accounts.forms, which allauth's form builds on: this module must not be
imported from there.)
"""

from allauth.account import forms as allauth_forms
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest


class SignupForm(allauth_forms.SignupForm):
    def try_save(self, request: HttpRequest):
        if self.account_already_exists:
            make_password(self.cleaned_data.get("password1"))
        return super().try_save(request)
