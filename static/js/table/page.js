// The table page's controller: holds the state the server sent, sends the player's intents and
// asks the views to draw. The server decides what is legal; this page only lights what the
// state's `legal` lists and never plays a move on its own. The other modules add their methods
// to this class (one idea each: controls, drag, words, clock, render, board, motion; later.js
// adds the lobby, the talk and the end panel when first needed).

import { TableSocket } from "./socket.js";
import { Sounds } from "./sound.js";
import { Attention } from "./attention.js";
import { $ } from "./dom.js";
import { gettext } from "../i18n.js";

export class TablePage {
  constructor() {
    this.root = $("table-page");
    this.info = JSON.parse($("table-info").textContent);
    this.state = null; // the payload on screen
    this.selected = null; // a tile waiting for the player to choose its end
    this.hint = null;
    this.arriving = null; // the computer's seat promised to this watcher (lobby.js)
    this.pending = null; // a timer while a sent intent waits for its answer
    this.drag = null;
    this.suppressClick = false;
    this.boardKey = "";
    this.clockTimer = null;
    this.warnedDeadline = null; // the deadline whose "10 seconds left" was announced
    this.motions = []; // what moved (motion.js), for the browser tests' checks
    this.sounds = new Sounds();
    this.attention = new Attention();
    const initial = JSON.parse($("table-state").textContent);
    this.socket = new TableSocket(initial.table.id, {
      receive: (message) => this.receive(message),
      status: (state, words) => this.setConnection(state, words),
      lost: (words) => {
        this.clearPending();
        if (words && $("alert").hidden) this.showAlert(words);
        this.renderControls();
      },
      closedForGood: (words) => {
        this.clearPending();
        this.showAlert(words);
        this.renderControls();
      },
    });
    this.bindControls();
    this.watchHandShape();
    this.receiveState(initial);
    new ResizeObserver(() => this.renderBoard()).observe($("board"));
    this.socket.connect();
  }

  // --- who is who ---
  get view() {
    return this.state.view;
  }

  get me() {
    return this.view.seat;
  }

  get watching() {
    return this.me === null || this.me === undefined;
  }

  get started() {
    return this.state.table.started !== false;
  }

  /** The match is over: finished by the rules, or forfeited on the tournament clock. */
  get over() {
    return this.view.match.finished || this.state.table.forfeited_by != null;
  }

  /** The player's own seat is away (the computer plays for them) or left (where leaving loses
   * the match unless they are back in time): either way they do not play until they are back. */
  get away() {
    if (this.watching) return false;
    const seat = this.state.table.seats.find((s) => s.index === this.me);
    return Boolean(seat?.away || seat?.left);
  }

  /** The player pressed Leave where leaving loses the match (nobody plays for them). */
  get left() {
    if (this.watching) return false;
    return Boolean(this.state.table.seats.find((seat) => seat.index === this.me)?.left);
  }

  /** Where leaving loses the match: the whole minutes a person who left has to come back. */
  get leavingMinutes() {
    return Math.round((this.state.table.leaving_forfeits_after ?? 0) / 60);
  }

  sideOf(seat) {
    return this.info.teams ? seat % 2 : seat;
  }

  myTurn(view = this.view) {
    return view.turn !== null && view.turn === view.seat && !view.result;
  }

  plays(view = this.view) {
    return this.myTurn(view) && !this.away ? view.legal.filter((m) => m.play) : [];
  }

  // --- receiving ---
  receive(message) {
    // wire: incoming (tests/games/test_wire.py reads the cases below)
    switch (message.type) {
      case "state":
        this.receiveState(message);
        break;
      case "error":
        // The server follows an error with the current state (a refused flood excepted: it
        // gets nothing more), so asking for it here would only add to the flood.
        this.clearPending();
        this.showAlert(message.message || gettext("That did not work."));
        this.renderControls();
        break;
      case "hint":
        this.clearPending();
        this.showHint(message);
        break;
      case "remarks": // what was said at the table (remarks.js)
        this.receiveRemarks(message);
        break;
      case "remark":
        this.receiveRemark(message);
        break;
      case "review": // the coach's review of the hand just over (review.js)
        this.renderReview(message);
        break;
      case "arrival": // the computer's seat this watcher takes at the next hand (lobby.js)
        this.arriving = message.seat;
        this.renderLobby();
        break;
      default:
        // Anything else carrying a newer version means we missed something: ask for the state.
        if (typeof message.version === "number" && message.version > this.state.version) {
          this.socket.sync();
        }
    }
  }

  receiveState(next) {
    const previous = this.state;
    if (previous && next.version < previous.version) return; // older than what is shown
    this.clearPending();
    const changed = !previous || next.version !== previous.version;
    const origins = previous ? this.motionOrigins() : null;
    this.state = next;
    if (changed) {
      this.selected = null;
      this.hint = null;
      this.dropDrag();
    }
    const hadFocus = this.focusInPlay();
    this.render();
    if (previous && changed) {
      this.animateChanges(previous, next, origins);
      this.announceChanges(previous, next);
      this.soundChanges(previous, next);
    }
    this.restoreFocus(hadFocus);
    this.attention.update(this.myTurn() && !this.away);
  }

  // --- sending ---
  send(message, { waits = true } = {}) {
    this.hideAlert();
    if (!this.socket.send(message)) {
      this.showAlert(gettext("Not connected to the table: reconnecting, try again in a moment."));
      return false;
    }
    if (waits) {
      clearTimeout(this.pending);
      this.pending = setTimeout(() => {
        this.pending = null;
        this.root.removeAttribute("aria-busy");
        this.render();
        this.socket.sync();
      }, 8000);
      this.root.setAttribute("aria-busy", "true");
      this.renderControls();
    }
    return true;
  }

  clearPending() {
    clearTimeout(this.pending);
    this.pending = null;
    this.root.removeAttribute("aria-busy");
  }

  sendMove(move) {
    const clean = move.play
      ? move.end
        ? { play: move.play, end: move.end }
        : { play: move.play }
      : move.draw
        ? { draw: true }
        : { pass: true };
    this.lastTileIndex = move.play ? this.view.hand.indexOf(move.play) : null;
    this.lastSent = move;
    this.selected = null;
    if (this.send({ type: "move", version: this.state.version, move: clean })) this.render();
  }

  setConnection(status, words) {
    const el = $("connection");
    el.dataset.state = status;
    el.textContent = words;
    if (status === "online" && $("talk")) this.askRemarks(); // the talk, again after a gap
  }

  // --- rendering ---
  // The coach's review between hands, its module loaded only once a hand of the person's ends.
  renderReview(message = null) {
    if (!this.review && !(message || (this.view.result && !this.watching))) return;
    this.review ??= import("./review.js").then(({ HandReview }) => new HandReview(this));
    this.review.then((review) => review.update(message));
  }

  /** Playing or gathering, seated or watching: what the page's look and the lobby follow. */
  renderPhase() {
    this.root.dataset.phase = this.started ? "play" : "lobby";
    if (this.watching) this.root.dataset.watching = "true";
    else delete this.root.dataset.watching;
    if (!this.watching) this.arriving = null; // seated: a promise kept
    const watching = $("watching");
    if (watching) watching.hidden = !(this.watching && this.started);
  }

  render() {
    this.renderPhase();
    // The lobby and the talk are on tables of people only; the end panel is drawn once a hand
    // has ended (and again to hide it): a table that needs none of them never loads them.
    if ($("lobby")) this.renderLobby();
    this.renderSeats();
    this.renderInfo();
    this.renderBoard();
    if (this.view.result || this.over || !$("end-panel").hidden) this.renderResult();
    this.renderReview();
    this.renderControls();
    this.renderHand();
    this.renderStatus();
    this.renderClock();
    this.renderFairDeal();
    if ($("talk")) this.renderTalk();
  }
}
