// Telling a player whose tab is hidden that it is their turn: the title says so, and a browser
// notification shows when they allowed them (asked from a button, never on load).

const MARK = "\u25cf Your turn";

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
    document.title = myTurn && hidden ? `${MARK} \u00b7 ${this.title}` : this.title;
    if (myTurn && hidden && !this.wasMyTurn) this.notify();
    this.wasMyTurn = myTurn;
  }

  notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const note = new Notification("Your turn", { body: this.title, tag: "dominoes-turn" });
      note.addEventListener("click", () => {
        window.focus();
        note.close();
      });
    } catch {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
}
