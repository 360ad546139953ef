// A friends table's lobby: the seats before the start (sit where you want, and so with the
// partner you want; the host removes someone; you give your seat back), who partners whom,
// whether partners may talk during the hands (the host's choice), and after the start the
// computer's seats a friend who comes late may take at the next hand.
// The server decides: this page sends the wish and draws the state it gets back.

import { $, say, span } from "./dom.js";
import { fill, gettext, pgettext } from "../i18n.js";

const button = (text, data) => {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "button lobby-action";
  el.textContent = text;
  Object.assign(el.dataset, data);
  return el;
};

export class Lobby {
  constructor(ctrl) {
    this.ctrl = ctrl;
  }

  bind() {
    $("copy-link").addEventListener("click", () => this.copyLink());
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.join($("join-seat").value === "" ? null : Number($("join-seat").value));
    });
    $("start").addEventListener("click", () => this.ctrl.send({ type: "start" }));
    $("arrival-cancel").addEventListener("click", () => this.ctrl.send({ type: "unjoin" }));
    $("talk-option").addEventListener("change", (event) =>
      this.ctrl.send({ type: "table_talk", allowed: event.target.checked }),
    );
    $("lobby-seats").addEventListener("click", (event) => {
      const action = event.target.closest("[data-act]");
      if (!action) return;
      const seat = Number(action.dataset.seat);
      if (action.dataset.act === "sit") {
        if (this.ctrl.watching) this.join(seat);
        else this.ctrl.send({ type: "seat", seat });
      } else if (action.dataset.act === "remove") {
        this.ctrl.send({ type: "remove", seat });
      } else {
        this.ctrl.send({ type: "unjoin" });
      }
    });
  }

  /** Join at `seat` (null: the first free seat, or the computer's first at a started table).
   * A seat chosen before the name is kept (the form's Join sits them there) and the warning
   * shows by the name field, which takes the focus. */
  join(seat) {
    this.choose(seat);
    const name = $("join-name").value.trim();
    if (!name) {
      const warning = $("join-warning");
      warning.textContent = gettext("Enter the name the others will see.");
      warning.hidden = false;
      $("join-name").setAttribute("aria-invalid", "true");
      this.render();
      $("join-name").focus();
      return;
    }
    $("join-warning").hidden = true;
    $("join-name").removeAttribute("aria-invalid");
    // Someone the socket does not know yet (no session) joins by the form's own POST: only an
    // HTTP answer can start their session, and the page comes back with them seated.
    if ($("join-form").dataset.over !== "socket") {
      HTMLFormElement.prototype.submit.call($("join-form"));
      return;
    }
    this.ctrl.send(seat === null ? { type: "join", name } : { type: "join", name, seat });
  }

  /** The seat this visitor chose before joining (null: the first free one), in the form. */
  choose(seat) {
    this.chosen = seat;
    $("join-seat").value = seat === null ? "" : String(seat);
  }

  /** The seats a watcher may choose now: the empty ones, or after the start the computer's
   * no late friend has been promised yet. */
  openSeats() {
    const table = this.ctrl.state.table;
    if (this.ctrl.started) return this.openComputerSeats();
    const taken = new Set(table.seats.map((s) => s.index));
    return [...Array(table.seat_count).keys()].filter((i) => !taken.has(i));
  }

  /** The computer's seats no late friend has been promised yet. */
  openComputerSeats() {
    const table = this.ctrl.state.table;
    const promised = new Set((table.arrivals || []).map((a) => a.seat));
    return table.seats.filter((s) => s.bot && !promised.has(s.index)).map((s) => s.index);
  }

  render() {
    const table = this.ctrl.state.table;
    const section = $("lobby");
    const arriving = this.ctrl.arriving ?? null;
    const late = this.ctrl.started && this.ctrl.watching && !this.ctrl.over;
    const canArrive = late && arriving === null && this.openComputerSeats().length > 0;
    section.hidden = this.ctrl.started && !(late && (arriving !== null || canArrive));
    if (section.hidden) return;
    section.dataset.late = String(this.ctrl.started);
    $("lobby-title").textContent = this.ctrl.started
      ? gettext("Join at the next hand")
      : gettext("Waiting for players");
    $("share").hidden = this.ctrl.started;
    this.renderLobbySeats(arriving, canArrive);
    this.renderPartners();
    this.renderTalkRule();
    const free = table.seats.length < table.seat_count;
    // A chosen seat taken meanwhile (or promised to another late friend): back to the first.
    if (this.chosen != null && !this.openSeats().includes(this.chosen)) this.choose(null);
    $("join-form").hidden = !this.ctrl.watching || arriving !== null || !(this.ctrl.started ? canArrive : free);
    if (this.chosen != null) {
      $("join").textContent = fill(gettext("Join at seat %(number)s"), { number: this.chosen + 1 });
    } else {
      $("join").textContent = this.ctrl.started
        ? gettext("Take the first computer's seat")
        : gettext("Join the game");
    }
    $("join").disabled = Boolean(this.ctrl.pending);
    $("arrival").hidden = arriving === null;
    if (arriving !== null) {
      $("arrival-text").textContent = fill(
        gettext("You take seat %(number)s from the computer when the next hand is dealt."),
        { number: arriving + 1 },
      );
    }
    $("start-box").hidden = this.ctrl.me !== 0 || this.ctrl.started;
    $("start").disabled = Boolean(this.ctrl.pending);
  }

  renderLobbySeats(arriving, canArrive) {
    const table = this.ctrl.state.table;
    const list = $("lobby-seats");
    list.replaceChildren();
    const arrivals = new Map((table.arrivals || []).map((a) => [a.seat, a.name]));
    const host = this.ctrl.me === 0;
    for (let i = 0; i < table.seat_count; i++) {
      const seat = table.seats.find((s) => s.index === i);
      const li = document.createElement("li");
      li.dataset.seat = String(i);
      li.className = seat ? "taken" : "empty";
      li.append(span("lobby-number", fill(gettext("Seat %(number)s"), { number: i + 1 })));
      if (seat) li.append(this.ctrl.avatarOf(seat));
      li.append(span("lobby-name", seat ? this.ctrl.seatLabel(i) : pgettext("a seat", "empty")));
      if (seat && i === 0 && table.hosted) li.append(span("seat-tag", pgettext("seat tag", "host")));
      if (i === this.ctrl.me) li.append(span("seat-tag", pgettext("seat tag", "you")));
      if (this.ctrl.watching && i === this.chosen) {
        li.append(span("seat-tag chosen-tag", pgettext("seat tag", "your choice")));
      }
      if (this.ctrl.info.teams) {
        // Partners sit across the table: seats 1 and 3 against seats 2 and 4.
        li.dataset.team = String(this.ctrl.sideOf(i) + 1);
        const team = fill(pgettext("seat tag", "team %(number)s"), { number: this.ctrl.sideOf(i) + 1 });
        li.append(span("seat-tag team-tag", team));
        if (!this.ctrl.watching && i !== this.ctrl.me && this.ctrl.sideOf(i) === this.ctrl.sideOf(this.ctrl.me)) {
          li.append(span("seat-tag", pgettext("seat tag", "your partner")));
        }
      }
      if (arrivals.has(i)) {
        const tag =
          i === arriving
            ? pgettext("seat tag", "you, from the next hand")
            : fill(pgettext("seat tag", "%(name)s, from the next hand"), { name: arrivals.get(i) });
        li.append(span("seat-tag arrival-tag", tag));
      }
      const act = this.lobbyAction(i, seat, canArrive && !arrivals.has(i), host);
      if (act) li.append(act);
      list.append(li);
    }
  }

  /** The one thing this person may do with seat `i`, as a button (or nothing). */
  lobbyAction(i, seat, open, host) {
    const name = seat ? this.ctrl.seatLabel(i) : "";
    if (this.ctrl.started) {
      return seat?.bot && open && this.ctrl.watching
        ? button(gettext("Take this seat"), { act: "sit", seat: String(i), label: name })
        : null;
    }
    if (this.ctrl.watching && i === this.chosen) return null; // chosen: the form's Join sits there
    if (!seat && (this.ctrl.watching || this.ctrl.me !== 0)) {
      const free = this.ctrl.state.table.seats.length < this.ctrl.state.table.seat_count;
      if (this.ctrl.watching && !free) return null;
      const words = this.ctrl.watching ? gettext("Sit here") : gettext("Move here");
      return button(words, { act: "sit", seat: String(i) });
    }
    if (seat && host && i !== 0) return button(gettext("Remove"), { act: "remove", seat: String(i) });
    if (seat && i === this.ctrl.me && i !== 0) return button(gettext("Leave seat"), { act: "unjoin" });
    return null;
  }

  /** Partners talk between hands only, unless the host allows it during them (before the
   * start, with the box only the host has; the others read the host's choice). */
  renderTalkRule() {
    const host = this.ctrl.me === 0 && !this.ctrl.started;
    $("lobby-talk").hidden = !this.ctrl.info.teams;
    $("talk-option-box").hidden = !host;
    $("talk-option").checked = Boolean(this.ctrl.state.table.table_talk);
    $("talk-option").disabled = Boolean(this.ctrl.pending);
    $("talk-rule").hidden = host;
    $("talk-rule").textContent = this.ctrl.state.table.table_talk
      ? gettext("Table talk allowed by the host")
      : gettext("Partners talk between hands only.");
  }

  /** Who partners whom, in words (partners sit opposite). */
  renderPartners() {
    const line = $("lobby-partners");
    line.hidden = !this.ctrl.info.teams;
    if (!this.ctrl.info.teams) return;
    const n = this.ctrl.state.table.seat_count;
    const taken = (i) => this.ctrl.state.table.seats.some((s) => s.index === i);
    const name = (i) =>
      i === this.ctrl.me ? gettext("you") : taken(i) ? this.ctrl.seatLabel(i) : gettext("an empty seat");
    const teams = [];
    for (let side = 0; side < n / 2; side++) {
      const pair = fill(gettext("%(first)s with %(second)s"), {
        first: name(side),
        second: name(side + n / 2),
      });
      teams.push(pair[0].toUpperCase() + pair.slice(1));
    }
    line.textContent = fill(gettext("Partners sit opposite: %(teams)s."), { teams: teams.join("; ") });
  }

  async copyLink() {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
      say(gettext("Link copied."));
    } catch {
      // No clipboard (an insecure origin, or permission refused): select it for the user.
      input.focus();
      input.select();
      say(gettext("Copy the selected link."));
    }
  }
}
