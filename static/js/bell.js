// The bell in the header: its unread count kept live over the person's own socket. Every
// message is the whole state (count and newest id), so a lost one is mended by the next; after
// a reconnect the state is fetched again. A browser notification is shown for something new
// only when the person allowed them (asked from a button on the notifications page).
import { fill, gettext, ngettext } from "./i18n.js";

const bell = document.getElementById("bell");

function show(state, fresh) {
  const count = bell.querySelector(".bell-count");
  count.textContent = String(state.unread);
  count.hidden = state.unread === 0;
  bell.setAttribute(
    "aria-label",
    state.unread
      ? fill(
          ngettext(
            "Notifications, %(unread)s unread",
            "Notifications, %(unread)s unread",
            state.unread,
          ),
          { unread: state.unread },
        )
      : gettext("Notifications"),
  );
  if (fresh && state.title && "Notification" in window && Notification.permission === "granted") {
    const note = new Notification(state.title, { tag: `dominoes-${state.latest}` });
    if (state.link) note.addEventListener("click", () => window.location.assign(state.link));
  }
}

let latest = null;

function receive(state) {
  // New only when a newer notification exists than any this page has seen.
  const fresh = latest !== null && state.latest > latest && state.unread > 0;
  latest = Math.max(latest ?? 0, state.latest);
  show(state, fresh);
}

function connect(delay) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/notifications/`);
  socket.addEventListener("open", () => { delay = 1000; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401) return; // signed out
    // 4429: too many of this person's pages are open (the socket was accepted to say so, which
    // reset the delay): come back only when some may have closed.
    if (event.code === 4429) delay = 30000;
    setTimeout(() => {
      fetch(bell.dataset.stateUrl, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : null))
        .then((state) => state && receive(state))
        .catch(() => {});
      connect(Math.min(delay * 2, 30000));
    }, delay);
  });
}

function offerBrowserNotifications() {
  const button = document.getElementById("allow-browser-notifications");
  const said = document.getElementById("browser-notifications-state");
  if (!button || !("Notification" in window)) return;
  const describe = () => {
    button.hidden = Notification.permission !== "default";
    said.textContent = {
      granted: gettext("The browser tells you too."),
      denied: gettext("This browser blocks notifications from this site."),
      default: "",
    }[Notification.permission];
  };
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    describe();
  });
  describe();
}

if (bell) {
  window.dominoesBell = { receive };
  connect(1000);
  offerBrowserNotifications();
}
