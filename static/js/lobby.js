// The lobby's list, kept live: the server renders it; this replaces it every few seconds
// when it changed (tables opened, filled or started elsewhere).
const form = document.getElementById("lobby");
const list = document.getElementById("open-tables");
const REFRESH_MS = 3000;

async function refresh() {
  try {
    const response = await fetch(form.dataset.tablesUrl, { cache: "no-store" });
    if (response.ok) {
      const { html } = await response.json();
      if (html.trim() !== list.innerHTML.trim()) list.innerHTML = html;
    }
  } catch {
    // Offline for a moment: the next refresh tries again.
  }
  window.setTimeout(refresh, REFRESH_MS);
}

if (form && list) window.setTimeout(refresh, REFRESH_MS);
