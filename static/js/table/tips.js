// The guided first hand's tips (issue 35): a layer over the real table, never a second one. The
// page (templates/games/_first_hand_tips.html) holds every tip in the reader's words; this shows
// the one that fits the state on screen (match a number, draw when nothing matches, how the
// hand is scored) and marks the table with it, so that the stylesheet points at what to press:
// the lit tiles, the spots, the Draw button. Skipping is the tips' own form (no script needed).

// No import: a module this alone shared with the first load would split its chunk in two (one
// request more on every table page).

export class Tips {
  constructor(ctrl) {
    this.ctrl = ctrl;
  }

  /** The tip for the state on screen. */
  current() {
    const ctrl = this.ctrl;
    const view = ctrl.view;
    if (view.result || ctrl.over) return "scored";
    if (!ctrl.myTurn()) return view.table.opening === null ? "open" : "wait";
    if (ctrl.selected) return "choose-end";
    if (ctrl.plays().length > 0) return "match";
    return view.legal.some((move) => move.draw) ? "draw" : "pass";
  }

  render() {
    const tip = this.current();
    for (const line of document.getElementById("tips").querySelectorAll("[data-tip]")) line.hidden = line.dataset.tip !== tip;
    this.ctrl.root.dataset.tip = tip;
  }
}
