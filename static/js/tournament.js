// A tournament's live part (the players' page and the host's console): ask every few seconds
// whether the tournament changed (the server answers with its version alone when it did not),
// swap in the new part when it did, and count down the check-in window. A poll, not the bell's
// socket: the version is one indexed read, it needs no message for every change, and it works
// for a visitor who is not signed in.
import { showLocalTimes } from "./local-time.js";

const live = document.getElementById("live");
const pollMs = Number(live.dataset.pollSeconds) * 1000;

// What the reader is in the middle of (a field with focus or typed in, an opened action) is
// never thrown away: the swap waits until they are done (or have sent it, which reloads).
function busy() {
  if (live.contains(document.activeElement) && document.activeElement.matches("input, select, textarea, summary")) return true;
  if (live.querySelector("details[open]")) return true;
  return [...live.querySelectorAll("input:not([type=hidden]), textarea")].some((field) =>
    field.type === "radio" || field.type === "checkbox" ? field.checked !== field.defaultChecked : field.value !== field.defaultValue,
  );
}

async function poll() {
  const shown = live.querySelector("[data-version]").dataset.version;
  try {
    if (!busy()) {
      const response = await fetch(`${live.dataset.liveUrl}?version=${shown}`, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (response.ok) {
        const data = await response.json();
        if (data.html !== undefined && !busy()) {
          live.innerHTML = data.html;
          showLocalTimes(live);
          hintScrolling();
          tick();
          live.dispatchEvent(new CustomEvent("live-updated", { bubbles: true }));
        }
      }
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
  setTimeout(poll, pollMs);
}

// "Swipe sideways" is said above a table or a bracket only while it is wider than its box.
function hintScrolling() {
  for (const hint of live.querySelectorAll(".scroll-hint")) {
    const box = hint.nextElementSibling;
    hint.hidden = !box || box.scrollWidth <= box.clientWidth + 1;
  }
}

function tick() {
  for (const clock of live.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.round((Date.parse(clock.dataset.deadline) - Date.now()) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }
}

tick();
hintScrolling();
addEventListener("resize", hintScrolling);
setInterval(tick, 1000);
setTimeout(poll, pollMs);
