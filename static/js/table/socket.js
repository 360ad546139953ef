// The table's WebSocket: connects, reconnects with a growing, jittered delay, and hands every
// message to the controller (messages.js). It knows nothing of the game (lila's round keeps
// socket.ts apart from ctrl.ts the same way).
//
// Protocol: JSON text frames on /ws/tables/<id>/; every message both
// ways, and which module handles each here: games/live/protocol.py, messages.js.

import { fill, gettext, ngettext } from "../i18n.js";

const words = (state) =>
  ({
    online: gettext("Connected"),
    connecting: gettext("Connecting\u2026"),
    closed: gettext("Not connected"),
  })[state];

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{receive: (message: object) => void, status: (state: string, words: string) => void,
   *          lost: (words: string | null) => void, closedForGood: (words: string) => void}} on
   */
  constructor(tableId, on) {
    this.tableId = tableId;
    this.on = on;
    this.socket = null;
    this.everOpened = false;
    this.attempts = 0;
    this.retryTimer = null;
    this.gone = false;
  }

  get open() {
    return Boolean(this.socket) && this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends `message`; false (and a reconnect) when the socket is not open. */
  send(message) {
    if (!this.open) {
      this.connect(true);
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  sync() {
    if (this.open) this.socket.send(JSON.stringify({ type: "sync" }));
  }

  connect(now = false) {
    if (this.gone || (this.socket && this.socket.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    if (now) this.attempts = 0;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const id = encodeURIComponent(this.tableId);
    let socket;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}/`);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    this.status("connecting");
    socket.addEventListener("open", () => {
      this.attempts = 0;
      this.status("online");
      if (this.everOpened) this.sync(); // a reconnect: ask for what we missed
      this.everOpened = true;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.on.receive(message);
    });
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  closed(socket, event) {
    if (this.socket !== socket) return;
    this.socket = null;
    if (event.code === 4403 || event.code === 4404) {
      // The server will never let this page in: say so instead of retrying for ever.
      this.gone = true;
      this.status("closed");
      this.on.closedForGood(
        event.code === 4404
          ? gettext("This table no longer exists.")
          : gettext("This table is not yours any more (did you sign in or out?). Reload the page."),
      );
      return;
    }
    if (event.code === 4429) {
      // Too many sockets open for this browser or network: the server said so in its last
      // message (shown). Keep the words even if that message was lost, and come back later
      // rather than at once: the limit frees up only as other tabs close.
      this.on.lost(gettext("Too many open tables in this browser: close some tabs."));
      this.attempts = Math.max(this.attempts, 4);
    } else {
      this.on.lost(null);
    }
    this.retry();
  }

  retry() {
    const delay = Math.min(15000, 500 * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts += 1;
    const seconds = Math.round(delay / 1000);
    const retrying = seconds
      ? fill(
          ngettext(
            "Not connected: retrying in %(seconds)s s\u2026",
            "Not connected: retrying in %(seconds)s s\u2026",
            seconds,
          ),
          { seconds },
        )
      : gettext("Not connected: retrying\u2026");
    this.status("offline", retrying);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  status(state, said = words(state)) {
    this.on.status(state, said);
  }
}
