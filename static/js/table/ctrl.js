// The table page's controller (as lila's ui/round ctrl.ts): it owns the state the server sent,
// the player's selection, the intent waiting for its answer, and the objects that keep their own
// (the socket, the clock, the drag, the motion, the focus, the parts fetched later). Views are
// functions of it (view.js) that change nothing but through its methods. The server decides
// what is legal; this page only lights what the state's `legal` lists and never plays a move on
// its own. Every message the server sends comes in through messages.js.

import { Attention } from "./attention.js";
import { renderBoard } from "./board.js";
import { Clock } from "./clock.js";
import { bindControls, renderHint } from "./controls.js";
import { $, hideAlert, say, showAlert } from "./dom.js";
import { Drag } from "./drag.js";
import { Focus } from "./focus.js";
import { Later } from "./later.js";
import { dispatch } from "./messages.js";
import { Motion, flyer } from "./motion.js";
import { avatarOf, renderControls, watchHandShape } from "./render.js";
import { TableSocket } from "./socket.js";
import { Sounds, soundsFor } from "./sound.js";
import { renderTable } from "./view.js";
import { announceChanges } from "./announce.js";
import {
  describeMove,
  drawWords,
  joinOr,
  mainActionName,
  mySide,
  seatLabel,
  sideInSentence,
  who,
} from "./words.js";
import { endName } from "../board/words.js";
import { fill, gettext } from "../i18n.js";

export class TableController {
  constructor() {
    this.root = $("table-page");
    this.info = JSON.parse($("table-info").textContent);
    this.state = null; // the payload on screen
    this.selected = null; // a tile waiting for the player to choose its end
    this.hint = null; // the server's hint for this turn: {move, reason}
    this.arriving = null; // the computer's seat promised to this watcher (lobby.js)
    this.pending = null; // a timer while a sent intent waits for its answer
    this.clock = new Clock(this);
    this.drag = new Drag(this);
    this.motion = new Motion();
    this.focus = new Focus();
    this.sounds = new Sounds();
    this.attention = new Attention();
    // Parts a visit may never need, fetched when first used (later.js).
    this.lobby = new Later(() => import("./lobby.js").then(({ Lobby }) => new Lobby(this)));
    this.talk = new Later(() => import("./remarks.js").then(({ Talk }) => new Talk(this)));
    this.review = new Later(() => import("./review.js").then(({ HandReview }) => new HandReview(this)));
    this.tips = new Later(() => import("./tips.js").then(({ Tips }) => new Tips(this)));
    // The end panel's fold and fit: not needed before the first hand ends.
    this.fold = new Later(() => import("./fold.js"));
    // Only the games that score bonuses (the Caribbean partnership games) ever fetch it.
    const words = { mySide, sideInSentence, who };
    this.bonuses = new Later(() => import("./bonuses.js").then(({ Bonuses }) => new Bonuses(this, words)));
    const initial = JSON.parse($("table-state").textContent);
    this.socket = new TableSocket(initial.table.id, {
      receive: (message) => dispatch(this, message),
      status: (state, words) => this.setConnection(state, words),
      lost: (words) => {
        this.clearPending();
        if (words && $("alert").hidden) showAlert(words);
        renderControls(this);
      },
      closedForGood: (words) => {
        this.clearPending();
        showAlert(words);
        renderControls(this);
      },
    });
    bindControls(this);
    if ($("lobby")) this.lobby.use((lobby) => lobby.bind());
    watchHandShape(this);
    this.receiveState(initial);
    if ($("talk")) this.talk.use((talk) => talk.bind());
    new ResizeObserver(() => renderBoard(this)).observe($("board"));
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

  /** A seat's name as the page writes it (words.js; the lobby's too). */
  seatLabel(index) {
    return seatLabel(this, index);
  }

  /** A seat's avatar (render.js; the lobby's too). */
  avatarOf(seat) {
    return avatarOf(seat);
  }

  myTurn(view = this.view) {
    // A forfeit (resigned, left, out of time) ends the match mid-hand: nobody's turn then.
    const forfeited = this.state.table.forfeited_by != null;
    return view.turn !== null && view.turn === view.seat && !view.result && !forfeited;
  }

  plays(view = this.view) {
    return this.myTurn(view) && !this.away ? view.legal.filter((m) => m.play) : [];
  }

  // --- receiving (messages.js) ---
  receiveState(next) {
    const previous = this.state;
    if (previous && next.version < previous.version) return; // older than what is shown
    this.clearPending();
    const changed = !previous || next.version !== previous.version;
    const origins = previous ? this.motion.origins() : null;
    this.state = next;
    if (!this.watching) this.arriving = null; // seated: a promise kept
    if (changed) {
      this.selected = null;
      this.hint = null;
      this.drag.drop();
    }
    const hadFocus = this.focus.remember();
    renderTable(this);
    if (previous && changed) {
      this.motion.animate(previous, next, origins);
      if (next.view.bonuses?.length) this.bonuses.use((part) => part.show(previous, next));
      announceChanges(this, previous, next);
      for (const name of soundsFor(this, previous, next)) this.sounds.play(name);
    }
    this.focus.restore(hadFocus, this.away);
    this.attention.update(this.myTurn() && !this.away);
  }

  /** The server refused an intent, in words. It follows an error with the current state (a
   * refused flood excepted: it gets nothing more), so asking for it here would only add to the
   * flood. */
  refused(words) {
    this.clearPending();
    showAlert(words || gettext("That did not work."));
    renderControls(this);
  }

  receiveHint(move, reason) {
    this.clearPending();
    this.hint = { move: move || {}, reason };
    renderHint(this);
  }

  /** The computer's seat this watcher takes at the next hand (null: none). */
  goToRematch(table) {
    say(gettext("To the new match\u2026"));
    window.location.assign(`/tables/${encodeURIComponent(table)}/`);
  }

  receiveArrival(seat) {
    this.arriving = seat;
    this.lobby.use((lobby) => lobby.render());
  }

  setConnection(status, words) {
    const el = $("connection");
    el.dataset.state = status;
    el.textContent = words;
    if (status === "online" && $("talk")) this.talk.use((talk) => talk.ask()); // again after a gap
  }

  // --- the player's intents ---
  send(message, { waits = true } = {}) {
    hideAlert();
    if (!this.socket.send(message)) {
      showAlert(gettext("Not connected to the table: reconnecting, try again in a moment."));
      return false;
    }
    if (waits) {
      clearTimeout(this.pending);
      this.pending = setTimeout(() => {
        this.pending = null;
        this.root.removeAttribute("aria-busy");
        renderTable(this);
        this.socket.sync();
      }, 8000);
      this.root.setAttribute("aria-busy", "true");
      renderControls(this);
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
    this.focus.sentFrom = move.play ? this.view.hand.indexOf(move.play) : null;
    this.selected = null;
    if (this.send({ type: "move", version: this.state.version, move: clean })) renderTable(this);
  }

  mainAction() {
    // The button stays focusable while a move is in flight (aria-disabled, not disabled): a
    // disabled button would drop the keyboard's focus to the page's body.
    if (this.pending || this.away) return;
    const view = this.view;
    if (view.result && !view.match.finished) {
      this.send({ type: "next_hand", version: this.state.version });
      return;
    }
    const only = this.myTurn() ? view.legal : [];
    if (only.length === 1 && (only[0].draw || only[0].pass)) this.sendMove(only[0]);
  }

  chooseTile(tile) {
    hideAlert();
    if (this.pending) return;
    const view = this.view;
    if (this.away) {
      say(gettext("You are away: press I'm back to play again."));
      return;
    }
    if (!this.myTurn()) {
      say(view.result ? gettext("The hand is over.") : gettext("Wait for your turn."));
      return;
    }
    if (this.selected === tile) {
      this.cancelSelection(true);
      return;
    }
    const options = this.plays().filter((m) => m.play === tile);
    if (options.length === 0) {
      const nothing = this.plays().length === 0;
      this.cancelSelection(false);
      const fix =
        mainActionName(this) === "draw" ? gettext("Nothing fits: draw.") : gettext("Nothing fits: pass.");
      say(nothing ? fix : fill(gettext("%(tile)s does not fit an open end."), { tile }));
      return;
    }
    if (options.length === 1) {
      this.sendMove(options[0]);
      return;
    }
    this.selected = tile;
    renderTable(this);
    const ends = joinOr(options.map((m) => endName(m.end)));
    say(fill(gettext("Choose where to play %(tile)s: %(ends)s."), { tile, ends }));
    const first = $("board").querySelector(".spot");
    if (first) first.focus();
  }

  /** The ghost spots of `tile` on the board while it is dragged there. */
  showSpots(tile) {
    this.selected = tile;
    renderBoard(this);
  }

  cancelSelection(returnFocus) {
    const tile = this.selected;
    if (!tile) return;
    this.selected = null;
    renderTable(this);
    if (returnFocus) {
      const button = $("hand").querySelector(`[data-tile="${tile}"]`);
      if (button) button.focus();
    }
  }

  playSpot(spot) {
    const tile = spot.dataset.tile;
    const end = spot.dataset.end;
    const move = this.plays().find(
      (m) => m.play === tile && (end === "opening" ? !m.end : m.end === end),
    );
    if (move) this.sendMove(move);
  }

  // --- the browser tests' hooks (tests/browser: window.dominoesTable) ---
  get motions() {
    return this.motion.played;
  }

  flyer(className, text) {
    return flyer(className, text);
  }

  renderClock() {
    this.clock.render();
  }

  describeMove(entry, index) {
    return describeMove(this, entry, index);
  }

  drawWords(seat, count, forThem) {
    return drawWords(this, seat, count, forThem);
  }
}
