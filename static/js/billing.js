// The billing page after Checkout: the payment is confirmed by Stripe's webhook, seconds later.
// Ask for the plan every 2 s (for up to a minute) and show the page again once it changed.
const notice = document.getElementById("checkout-success");
const pollMs = 2000;
const attempts = 30;

async function poll(left) {
  try {
    const response = await fetch(notice.dataset.statusUrl, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (response.ok && (await response.json()).plan !== notice.dataset.plan) {
      // Shown again, the page has the new plan and thanks for it (and polls no more).
      window.location.reload();
      return;
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
  if (left > 1) setTimeout(poll, pollMs, left - 1);
}

setTimeout(poll, pollMs, attempts);
