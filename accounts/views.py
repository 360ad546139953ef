"""The settings page: the signed-in player's display name and preferences (their own only)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import SettingsForm
from accounts.selectors import preferences_of


@login_required
@require_http_methods(["GET", "POST"])
def settings(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = SettingsForm(
        request.POST if request.method == "POST" else None,
        instance=preferences_of(user),
        initial={"display_name": user.first_name},
    )
    if form.is_valid():
        services.save_settings(user=user, **form.cleaned_data)
        messages.success(request, "Your settings are saved. They apply to the games you create.")
        return redirect("accounts:settings")
    return render(request, "account/settings.html", {"form": form})
