// Telling a player whose tab is hidden that it is their turn: the title says so, and a browser
// notification shows when they allowed them (asked from a button, never on load).

import { gettext } from "../i18n.js";

export class Attention {
  constructor() {
    this.title = document.title;
    this.wasMyTurn = false;
  }

  canAsk() {
    return "Notification" in window && Notification.permission === "default";
  }

  async askPermission() {
    if (!("Notification" in window)) return false;
    try {
      return (await Notification.requestPermission()) === "granted";
    } catch {
      return false;
    }
  }

  /** Called with each state and when the tab shows or hides. */
  update(myTurn) {
    const hidden = document.visibilityState === "hidden";
    const mark = `\u25cf ${gettext("Your turn")}`;
    document.title = myTurn && hidden ? `${mark} \u00b7 ${this.title}` : this.title;
    if (myTurn && hidden && !this.wasMyTurn) this.notify();
    this.wasMyTurn = myTurn;
  }

  notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const note = new Notification(gettext("Your turn"), { body: this.title, tag: "dominoes-turn" });
      note.addEventListener("click", () => {
        window.focus();
        note.close();
      });
    } catch {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
}
