// The quick match waiting page: poll the entry's status every half second (each poll keeps
// the person in the queue: a closed page stops polling and its lease runs out), show how long
// and how many are looking, offer the computer after a while, and go to the table once
// matched. Closing the page leaves the queue at once (a beacon). While no server answers (a
// restart) it says it is reconnecting, and the wait goes on counting from when the person
// joined, as the server counts it; the computer is offered only when the server says so.
import { fill, gettext } from "./i18n.js";

const page = document.getElementById("waiting");
const POLL_MS = 500;

function csrfToken() {
  return page.querySelector("input[name=csrfmiddlewaretoken]").value;
}

function leaveOnClose() {
  const body = new FormData();
  body.append("csrfmiddlewaretoken", csrfToken());
  body.append("beacon", "1");
  navigator.sendBeacon(page.dataset.cancelUrl, body);
}

// When the wait started, on this page's monotonic clock: the server's count of seconds since
// the person joined, at its last answer (a wall clock set meanwhile moves nothing).
let joined = 0;

function reconnecting(yes) {
  document.getElementById("reconnecting").hidden = !yes;
  page.dataset.connection = yes ? "reconnecting" : "online";
}

function show(status) {
  joined = performance.now() - status.waited * 1000;
  reconnecting(false);
  document.getElementById("waited").textContent = status.waited;
  document.getElementById("looking").textContent = status.looking;
  document.getElementById("offer-computer").hidden = !status.offer_computer;
}

function showUnanswered() {
  reconnecting(true);
  document.getElementById("waited").textContent = Math.floor((performance.now() - joined) / 1000);
}

function matched(status) {
  window.removeEventListener("pagehide", leaveOnClose);
  const words = document.getElementById("matched");
  const { opponents } = status;
  words.textContent =
    opponents.length > 1
      ? fill(
          gettext("Matched: you play %(some)s and %(last)s."),
          { some: opponents.slice(0, -1).join(", "), last: opponents.at(-1) },
        )
      : fill(gettext("Matched: you play %(name)s."), { name: opponents[0] });
  words.hidden = false;
  window.location.assign(status.table_url);
}

// Set once the person sends Cancel or Play the computer: the page is leaving by that form, and a
// poll answered meanwhile (the entry already left the queue) must not send it elsewhere.
let submitted = false;

async function poll() {
  if (submitted) return;
  try {
    const response = await fetch(page.dataset.statusUrl, {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    if (submitted) return;
    if (response.status === 404) {
      window.location.assign("/quick/");
      return;
    }
    if (!response.ok) throw new Error(`status ${response.status}`); // a proxy's 502, say
    const status = await response.json();
    if (status.table_url) {
      matched(status);
      return;
    }
    if (status.state !== "waiting") {
      window.location.assign("/quick/");
      return;
    }
    show(status);
  } catch {
    // No server answered: the next poll tries again (the lease outlasts several, and the
    // sweep's taking the entry out is undone by the next answered poll).
    showUnanswered();
  }
  window.setTimeout(poll, POLL_MS);
}

if (page) {
  joined = performance.now() - Number(document.getElementById("waited").textContent) * 1000;
  window.addEventListener("pagehide", leaveOnClose);
  for (const form of page.querySelectorAll("form")) {
    form.addEventListener("submit", () => {
      submitted = true;
      window.removeEventListener("pagehide", leaveOnClose);
    });
  }
  window.setTimeout(poll, POLL_MS);
}
