// The turn clock: seconds left for the seat to move, shown by the seat as digits and a bar that
// empties, with one spoken warning at ten seconds. The controller owns one.

import { say } from "./dom.js";
import { seatLabel } from "./words.js";
import { fill, gettext, ngettext } from "../i18n.js";

export const clockWords = (seconds) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export class Clock {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.timer = null;
    this.warnedDeadline = null; // the deadline whose "10 seconds left" was announced
  }

  // From the server's deadline and this device's clock: a device whose clock is off shows the
  // countdown off by as much (the server, not this page, decides when the time is up; the state
  // that follows corrects the page).
  secondsLeft() {
    const deadline = this.ctrl.state.table.deadline;
    if (!deadline) return null;
    return Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  }

  render() {
    const ctrl = this.ctrl;
    const left = this.secondsLeft();
    const view = ctrl.view;
    const running = left !== null && view.turn !== null && !view.result;
    if (!running) {
      clearInterval(this.timer);
      this.timer = null;
      return;
    }
    const whole = ctrl.state.table.turn_seconds || 60;
    for (const seat of document.querySelectorAll(".seat.turn")) {
      const time = seat.querySelector(".clock-time");
      if (time) time.textContent = clockWords(left);
      const bar = seat.querySelector(".clock-bar");
      if (bar) {
        bar.style.transform = `scaleX(${Math.min(1, left / whole)})`;
        bar.dataset.low = String(left <= 10);
      }
    }
    const deadline = ctrl.state.table.deadline;
    if (left <= 10 && left > 0 && this.warnedDeadline !== deadline) {
      // Once per turn, not every second.
      this.warnedDeadline = deadline;
      const values = { seconds: left, name: seatLabel(ctrl, view.turn) };
      say(
        fill(
          ctrl.myTurn()
            ? ngettext("%(seconds)s second left to play.", "%(seconds)s seconds left to play.", left)
            : ngettext(
                "%(name)s has %(seconds)s second left.",
                "%(name)s has %(seconds)s seconds left.",
                left,
              ),
          values,
        ),
      );
    }
    if (!this.timer) this.timer = setInterval(() => this.render(), 1000);
  }

  // The clock shown in a seat: the digits (read as "time left 0:45") and the bar.
  addTo(seat) {
    const left = this.secondsLeft();
    if (left === null) return;
    const clock = document.createElement("span");
    clock.className = "seat-clock";
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = `${gettext("time left")} `;
    const time = document.createElement("span");
    time.className = "clock-time";
    time.textContent = clockWords(left);
    const bar = document.createElement("span");
    bar.className = "clock-bar";
    bar.setAttribute("aria-hidden", "true");
    clock.append(hidden, time, bar);
    seat.append(clock);
  }
}
