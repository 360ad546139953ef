"""The site's security headers, as settings take them (dominoes/settings.py): the
Content-Security-Policy and the Permissions-Policy."""

from typing import Any
from urllib.parse import urlsplit

from django.utils.csp import CSP

#: Stripe's own pages, where the site's forms may lead (Checkout, the customer portal).
STRIPE_PAGES = ["https://checkout.stripe.com", "https://billing.stripe.com"]


def content_security_policy(*, stripe_api_base: str) -> dict[str, Any]:
    # Content-Security-Policy: everything from this site itself, nothing inline. The site's pages
    # have no inline script, style or handler (static/js, static/css); the table's WebSocket is
    # covered by 'self' (CSP3: ws/wss to this host). The one exception is Django's own markup: its
    # admin and its CSRF-failure page mark an inline <style> with a nonce, which Django generates
    # (and names in this header) only on a page that used it. Forms may also lead to Stripe:
    # Checkout and the customer portal are reached by a redirect from our own form's POST, which
    # form-action governs too; a STRIPE_API_BASE stand-in serves its own Checkout pages.
    stripe_pages = list(STRIPE_PAGES)
    if stripe_api_base:
        api = urlsplit(stripe_api_base)
        stripe_pages.append(f"{api.scheme}://{api.netloc}")
    return {
        "default-src": [CSP.SELF],
        "script-src": [CSP.SELF],
        "style-src": [CSP.SELF, CSP.NONCE],
        "img-src": [CSP.SELF],
        "connect-src": [CSP.SELF],
        "object-src": [CSP.NONE],
        "base-uri": [CSP.NONE],
        "frame-ancestors": [CSP.NONE],
        "form-action": [CSP.SELF, *stripe_pages],
    }


# Permissions-Policy: no page of the site uses a camera, microphone, location, payment or any
# device API (payment happens on Stripe's own pages), so none of them may be asked for, by our
# pages or anything embedded. The table copies its share link (clipboard-write), may play its
# sounds and go full screen: those stay allowed for the site itself. Only names Chromium knows:
# it logs an error for each name it does not (django-permissions-policy checks the spelling).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    name: []
    for name in (
        "accelerometer",
        "ambient-light-sensor",
        "bluetooth",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
} | {"autoplay": ["self"], "clipboard-write": ["self"], "fullscreen": ["self"]}
