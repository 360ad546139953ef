// The tournament page's live part: ask every few seconds whether the tournament changed (the
// server answers with its version alone when it did not), swap in the new part when it did,
// and count down the check-in window.
const live = document.getElementById("live");
const pollMs = Number(live.dataset.pollSeconds) * 1000;

async function poll() {
  const shown = live.querySelector("[data-version]").dataset.version;
  try {
    const response = await fetch(`${live.dataset.liveUrl}?version=${shown}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (response.ok) {
      const data = await response.json();
      if (data.html !== undefined) {
        live.innerHTML = data.html;
        tick();
      }
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
  setTimeout(poll, pollMs);
}

function tick() {
  for (const clock of live.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.round((Date.parse(clock.dataset.deadline) - Date.now()) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }
}

tick();
setInterval(tick, 1000);
setTimeout(poll, pollMs);
