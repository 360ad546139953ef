"""Billing pages: pricing, the person's billing page, Checkout and portal redirects, the
corporate contact form and Stripe's webhook. Thin: the work is in billing.services."""

import logging

import stripe
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing import plans, policy, selectors, services, stripe_api
from billing.forms import CorporateLeadForm
from dominoes import limits

logger = logging.getLogger(__name__)


def _plan_context(request: HttpRequest) -> dict:
    user = request.user
    signed_in = user.is_authenticated
    return {
        "configured": stripe_api.checkout_configured(),
        "limit": plans.limit_explanation(host=user if signed_in else None),
        "on_club": signed_in and selectors.has_paying_club_subscription(user=user),
        "has_customer": signed_in and hasattr(user, "billing_customer"),
        "free_players": policy.FREE_TOURNAMENT_PLAYERS,
        "club_players": policy.CLUB_TOURNAMENT_PLAYERS,
        "corporate_players": policy.CORPORATE_DEFAULT_TOURNAMENT_PLAYERS,
        # policy.CLUB_PRICE_TEXT in the reader's words (policy knows nothing of Django).
        "club_price": gettext("US$5/month"),
    }


@require_GET
def pricing(request: HttpRequest) -> HttpResponse:
    """The plans compared, with Upgrade (Checkout) or Manage billing for a signed-in person."""
    return render(request, "billing/pricing.html", _plan_context(request))


@require_GET
@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The person's own plan, subscription status, renewal date and tournament limit."""
    context = _plan_context(request)
    context["subscription"] = selectors.current_subscription(user=request.user)
    context["organisations"] = selectors.organisations_of(user=request.user)
    if request.GET.get("checkout") == "success":
        context["checkout_success"] = True
    return render(request, "billing/account.html", context)


@require_GET
@login_required
@never_cache
def plan_status(request: HttpRequest) -> JsonResponse:
    """The person's own plan, limit and subscription status, for the billing page to poll
    while a payment is being confirmed (it reloads when the plan changed)."""
    limit = plans.limit_explanation(host=request.user)
    subscription = selectors.current_subscription(user=request.user)
    return JsonResponse(
        {
            "plan": limit.plan,
            "players": limit.players,
            "subscription_status": subscription.status if subscription else None,
        }
    )


@require_POST
@login_required
def checkout(request: HttpRequest) -> HttpResponse:
    """Send the person to Stripe Checkout for Club."""
    try:
        url = services.start_checkout(
            user=request.user,
            success_url=request.build_absolute_uri(reverse("billing:account"))
            + "?checkout=success",
            cancel_url=request.build_absolute_uri(reverse("billing:pricing")),
        )
    except services.BillingError as error:
        messages.error(request, str(error))
        return redirect("billing:pricing")
    return HttpResponseRedirect(url, status=303)


@require_POST
@login_required
def portal(request: HttpRequest) -> HttpResponse:
    """Send the person to Stripe's customer portal for their own subscription."""
    try:
        url = services.open_portal(
            user=request.user,
            return_url=request.build_absolute_uri(reverse("billing:account")),
        )
    except services.BillingError as error:
        messages.error(request, str(error))
        return redirect("billing:account")
    return HttpResponseRedirect(url, status=303)


@require_http_methods(["GET", "POST"])
def corporate(request: HttpRequest) -> HttpResponse:
    """The corporate plan contact form: a lead for staff to follow up."""
    if request.method == "POST":
        form = CorporateLeadForm(request.POST)
        if form.is_valid():
            limits.check_request(limits.CONTACT, request)
            services.record_corporate_lead(user=request.user, **form.cleaned_data)
            messages.success(
                request, gettext("Thank you: we will contact you about a corporate plan.")
            )
            return redirect("billing:corporate")
    else:
        initial = {"email": request.user.email} if request.user.is_authenticated else {}
        form = CorporateLeadForm(initial=initial)
    context = {"form": form, "corporate_players": policy.CORPORATE_DEFAULT_TOURNAMENT_PLAYERS}
    return render(request, "billing/corporate.html", context)


# Exempt from CSRF only because Stripe cannot send our token and every request is verified by
# its Stripe-Signature (HMAC of the body with STRIPE_WEBHOOK_SECRET) before anything is done.
@csrf_exempt
@require_POST
def webhook(request: HttpRequest) -> HttpResponse:
    """Stripe's events: 400 for anything not signed by Stripe, 200 once applied (or already)."""
    try:
        outcome = services.receive_webhook(
            payload=request.body,
            signature=request.headers.get("Stripe-Signature", ""),
            secret=settings.STRIPE_WEBHOOK_SECRET,
        )
    except services.WebhookRejected as error:
        logger.warning("Stripe webhook rejected: %s", error)
        return HttpResponse("Rejected: not a valid Stripe webhook.", status=400)
    except (stripe.StripeError, stripe_api.BillingNotConfigured) as error:
        # Stripe delivers it again later; nothing was stored.
        logger.warning("Stripe webhook not applied, Stripe unreachable: %s", error)
        return HttpResponse("Stripe could not be reached; retry.", status=503)
    return HttpResponse(outcome)
