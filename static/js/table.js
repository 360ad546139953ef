// The dominoes table: renders the state the server sends and sends the player's intents.
// One ES module, no build step. The server decides what is legal; this page only lights what
// the state's `legal` lists and never plays a move on its own.
//
// Protocol (JSON text frames on ws(s)://<host>/ws/tables/<id>/):
//   out: {type: "move", version, move}, {type: "next_hand", version}, {type: "undo", version},
//        {type: "hint"}, {type: "sync"}; online tables before the start: {type: "join", name}
//        (a spectator takes the first free seat), {type: "start"} (the host, seat 0)
//   in:  {type: "state", version, table, view}, {type: "error", message, version},
//        {type: "hint", move, reason}

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// --- geometry ------------------------------------------------------------------------------
// Board units: a tile is 2 x 1 (a half is a unit square). y grows downward, as in SVG.
const E = [1, 0];
const S = [0, 1];
const W = [-1, 0];
const N = [0, -1];
const add = (p, ...vs) => vs.reduce((a, v) => [a[0] + v[0], a[1] + v[1]], p);
const mul = (v, k) => [v[0] * k, v[1] * k];
const neg = (v) => [-v[0], -v[1]];
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const clockwise = (v) => [-v[1], v[0]];
const horizontal = (v) => v[1] === 0;

function parseTile(tile) {
  const [a, b] = tile.split("-").map(Number);
  return [a, b];
}

// The rectangle of a tile laid from `start` (a point on the line) in direction `dir`.
// A double lies across the line: 1 unit along it and 2 across.
function rectFor(start, dir, double) {
  const length = double ? 1 : 2;
  const half = double ? 1 : 0.5;
  const end = add(start, mul(dir, length));
  const ax = horizontal(dir) ? 0 : half;
  const ay = horizontal(dir) ? half : 0;
  return {
    x0: Math.min(start[0], end[0]) - ax,
    x1: Math.max(start[0], end[0]) + ax,
    y0: Math.min(start[1], end[1]) - ay,
    y1: Math.max(start[1], end[1]) + ay,
  };
}

// The opening tile, centred: a double stands across the line.
const openingRect = (double) =>
  double ? { x0: -0.5, x1: 0.5, y0: -1, y1: 1 } : { x0: -1, x1: 1, y0: -0.5, y1: 0.5 };

const overlaps = (a, b) =>
  a.x0 < b.x1 - 0.01 && b.x0 < a.x1 - 0.01 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01;

// Each arm of the line grows from `cursor` (the middle of its open face) heading `dir`. It runs
// straight until the next tile would leave its lane, then lays a corner tile beside the last one
// (toward `prog`) and comes back the other way: a snake. With a spinner, the four arms keep to
// four lanes that never meet: left goes up on the left, right goes down on the right, up rises
// above and then snakes rightward-up, down drops below and then snakes leftward-down.
// `side` is how far the last tile reaches across the line (a double reaches further).
class Layout {
  constructor(limitX, limitY) {
    this.limitX = limitX;
    this.limitY = limitY;
    this.pieces = [];
    this.arms = {};
  }

  free(rect) {
    return !this.pieces.some((piece) => overlaps(piece.rect, rect));
  }

  // The lane: how far an arm may go in the direction it is heading.
  inside(rect, arm, dir, slack) {
    const [x0, x1] = arm.lane;
    if (dir[0] < 0) return rect.x0 >= x0 - slack;
    if (dir[0] > 0) return rect.x1 <= x1 + slack;
    if (arm.rise === null) return true;
    return dir[1] < 0 ? rect.y0 >= -arm.rise - slack : rect.y1 <= arm.rise + slack;
  }

  // Where the next tile of `end` goes: {start, dir, rect}. Each way carries how far past the
  // lane it may reach (a double at the edge sticks out a little).
  spot(end, double) {
    const arm = this.arms[end];
    const straight = { start: arm.cursor, dir: arm.dir, slack: double ? 0.5 : 0 };
    const corner = (dir) => ({
      start: add(arm.cursor, mul(arm.dir, -0.5), mul(dir, arm.side)),
      dir,
      slack: 0.5,
    });
    const options = [];
    if (same(arm.dir, arm.prog) && !double) options.push(corner(neg(arm.run)), straight);
    else options.push(straight, corner(arm.prog));
    for (const option of options) {
      option.rect = rectFor(option.start, option.dir, double);
      if (this.free(option.rect) && this.inside(option.rect, arm, option.dir, option.slack)) {
        return option;
      }
    }
    for (const option of options) if (this.free(option.rect)) return option;
    return options[0];
  }

  // An arm heading `dir` from `cursor`; `lane` bounds it left and right; `rise` bounds the
  // first, upright stretch of a spinner's up and down arms.
  addArm(end, cursor, dir, side, lane, rise = null) {
    const upright = !horizontal(dir);
    this.arms[end] = {
      cursor,
      dir,
      side,
      lane,
      rise,
      run: dir,
      // Turning clockwise: left climbs, right drops, up turns right, down turns left.
      prog: clockwise(dir),
      upright,
    };
  }

  centre(tile, spinner) {
    const [high, low] = parseTile(tile);
    const double = high === low;
    const rect = openingRect(double);
    this.pieces.push({ tile, rect, halves: [high, low], spinner, end: null });
    const face = double ? 0.5 : 1;
    const side = double ? 1 : 0.5;
    const x = this.limitX;
    if (spinner) {
      // Doubles on the up and down arms reach one unit either side of the middle.
      this.addArm("left", [-face, 0], W, side, [-x, -1.5]);
      this.addArm("right", [face, 0], E, side, [1.5, x]);
      this.addArm("up", [0, -1], N, 0.5, [-0.5, x], this.limitY);
      this.addArm("down", [0, 1], S, 0.5, [-x, 0.5], this.limitY);
    } else {
      this.addArm("left", [-face, 0], W, side, [-x, x]);
      this.addArm("right", [face, 0], E, side, [-x, x]);
    }
  }

  // The halves of a tile laid in `dir`, first half left (or top): inner half toward the centre.
  static halves(dir, inner, outer) {
    return dir[0] < 0 || dir[1] < 0 ? [outer, inner] : [inner, outer];
  }

  place(end, tile, inner) {
    const arm = this.arms[end];
    if (!arm) return;
    const [a, b] = parseTile(tile);
    const outer = a === inner ? b : a;
    const double = a === b;
    const where = this.spot(end, double);
    const halves = Layout.halves(where.dir, inner, outer);
    this.pieces.push({ tile, rect: where.rect, halves, end });
    arm.cursor = add(where.start, mul(where.dir, double ? 1 : 2));
    arm.side = double ? 1 : 0.5;
    if (arm.upright && !horizontal(where.dir)) {
      arm.dir = where.dir;
    } else if (arm.upright) {
      // The upright stretch is over: from here the arm snakes in rows, climbing (or dropping).
      arm.upright = false;
      arm.rise = null;
      arm.prog = arm.run;
      arm.run = where.dir;
      arm.dir = where.dir;
    } else {
      arm.dir = where.dir;
      if (horizontal(where.dir)) arm.run = where.dir;
    }
  }

  // Where a tile would go on `end` (a ghost), without laying it.
  preview(end, tile, inner) {
    if (!this.arms[end]) return null;
    const [a, b] = parseTile(tile);
    const outer = a === inner ? b : a;
    const where = this.spot(end, a === b);
    return { rect: where.rect, halves: Layout.halves(where.dir, inner, outer) };
  }

  bounds(extra = []) {
    const rects = [...this.pieces.map((p) => p.rect), ...extra];
    if (!rects.length) return { x0: -1, x1: 1, y0: -1, y1: 1 };
    return {
      x0: Math.min(...rects.map((r) => r.x0)),
      x1: Math.max(...rects.map((r) => r.x1)),
      y0: Math.min(...rects.map((r) => r.y0)),
      y1: Math.max(...rects.map((r) => r.y1)),
    };
  }
}

// The line of a view as a centre tile and four arms of {tile, inner} from the centre outward.
// With a spinner the spinner is the centre (the opening tile then lies on one of its arms), so
// its four arms always have room; otherwise the opening tile is.
function lineOf(view) {
  const table = view.table;
  const spinner = view.spinner;
  const arm = (end) => (table[end] || []).map((p) => ({ tile: p.tile, inner: innerOf(p) }));
  const line = { left: arm("left"), right: arm("right"), up: arm("up"), down: arm("down") };
  if (!spinner || spinner.arm === null) {
    return { centre: table.opening, spinner: Boolean(spinner), ...line };
  }
  // Re-root at the spinner: the tiles between it and the opening, the opening, then the other
  // arm, become one arm of the spinner.
  const side = spinner.arm;
  const other = side === "left" ? "right" : "left";
  const placed = table[side];
  const [high, low] = parseTile(table.opening);
  const between = placed.slice(0, spinner.index).reverse();
  const back = [
    ...between.map((p) => ({ tile: p.tile, inner: p.outer })),
    { tile: table.opening, inner: side === "left" ? high : low },
    ...line[other],
  ];
  return {
    centre: placed[spinner.index].tile,
    spinner: true,
    [side]: line[side].slice(spinner.index + 1),
    [other]: back,
    up: line.up,
    down: line.down,
  };
}

function innerOf(placed) {
  const [a, b] = parseTile(placed.tile);
  return a === placed.outer ? b : a;
}

function layoutTable(view, limitX, limitY) {
  const layout = new Layout(limitX, limitY);
  const table = view.table || {};
  if (!table.opening) return layout;
  const line = lineOf(view);
  layout.centre(line.centre, line.spinner);
  for (const end of ["left", "right", "up", "down"]) {
    for (const p of line[end]) layout.place(end, p.tile, p.inner);
  }
  return layout;
}

// --- drawing -------------------------------------------------------------------------------
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

const r3 = (n) => Math.round(n * 1000) / 1000;

function pipsSVG(value, x, y, rotate) {
  return PIPS[value]
    .map(([px, py]) => {
      const [cx, cy] = rotate ? [py, px] : [px, py];
      return `<circle class="pip" cx="${r3(x + cx)}" cy="${r3(y + cy)}" r="0.095"/>`;
    })
    .join("");
}

// A tile filling `rect`, halves [first, second] (left-right when wide, top-bottom when tall).
function tileSVG(rect, halves, className = "tile") {
  const { x0, y0 } = rect;
  const w = rect.x1 - rect.x0;
  const h = rect.y1 - rect.y0;
  const wide = w > h;
  const line = (x1, y1, x2, y2) =>
    `<line class="divider" x1="${r3(x1)}" y1="${r3(y1)}" x2="${r3(x2)}" y2="${r3(y2)}"/>`;
  const divider = wide
    ? line(x0 + 1, y0 + 0.15, x0 + 1, y0 + h - 0.15)
    : line(x0 + 0.15, y0 + 1, x0 + w - 0.15, y0 + 1);
  const [a, b] = halves;
  const second = wide ? [x0 + 1, y0] : [x0, y0 + 1];
  return (
    `<g class="${className}">` +
    `<rect class="face" x="${r3(x0 + 0.04)}" y="${r3(y0 + 0.04)}" width="${r3(w - 0.08)}" ` +
    `height="${r3(h - 0.08)}" rx="0.14"/>${divider}` +
    pipsSVG(a, x0, y0, wide) +
    pipsSVG(b, second[0], second[1], wide) +
    "</g>"
  );
}

function handTileSVG(tile) {
  const [a, b] = parseTile(tile);
  return (
    `<svg viewBox="-0.02 -0.02 1.04 2.04" aria-hidden="true" focusable="false">` +
    tileSVG({ x0: 0, y0: 0, x1: 1, y1: 2 }, [a, b]) +
    "</svg>"
  );
}

// --- the page ------------------------------------------------------------------------------
const END_WORDS = { left: "the left", right: "the right", up: "the top", down: "the bottom" };

class TablePage {
  constructor() {
    this.root = $("table-page");
    this.info = JSON.parse($("table-info").textContent);
    this.state = null; // the payload on screen
    this.selected = null; // a tile waiting for the player to choose its end
    this.hint = null;
    this.pending = null; // a timer while a sent intent waits for its answer
    this.socket = null;
    this.everOpened = false;
    this.attempts = 0;
    this.retryTimer = null;
    this.drag = null;
    this.suppressClick = false;
    this.boardKey = "";
    this.clockTimer = null;
    this.warnedDeadline = null; // the deadline whose "10 seconds left" was announced
    this.bindControls();
    this.receiveState(JSON.parse($("table-state").textContent));
    new ResizeObserver(() => this.renderBoard()).observe($("board"));
    this.connect();
  }

  // --- who is who ---
  get view() {
    return this.state.view;
  }

  get me() {
    return this.view.seat;
  }

  sideOf(seat) {
    return this.info.teams ? seat % 2 : seat;
  }

  seatLabel(index) {
    const seats = this.state.table.seats;
    const seat = seats.find((s) => s.index === index);
    const name = seat ? seat.name : `Seat ${index + 1}`;
    const twins = seats.filter((s) => s.name === name).length > 1;
    return twins ? `${name}, seat ${index + 1}` : name;
  }

  // "You" for this player in sentences, the seat's name otherwise.
  who(index) {
    return index === this.me ? "You" : this.seatLabel(index);
  }

  get watching() {
    return this.me === null || this.me === undefined;
  }

  get started() {
    return this.state.table.started !== false;
  }

  sideName(side) {
    if (!this.info.teams) return this.who(side);
    if (this.watching) return `Team ${side + 1}`;
    return side === this.sideOf(this.me) ? "Your team" : "The other team";
  }

  myTurn(view = this.view) {
    return view.turn !== null && view.turn === view.seat && !view.result;
  }

  plays(view = this.view) {
    return this.myTurn(view) ? view.legal.filter((m) => m.play) : [];
  }

  // --- receiving ---
  receive(message) {
    switch (message.type) {
      case "state":
        this.receiveState(message);
        break;
      case "error":
        // The server follows an error with the current state (a refused flood excepted: it
        // gets nothing more), so asking for it here would only add to the flood.
        this.clearPending();
        this.showAlert(message.message || "That did not work.");
        break;
      case "hint":
        this.clearPending();
        this.showHint(message);
        break;
      default:
        // Anything else carrying a newer version means we missed something: ask for the state.
        if (typeof message.version === "number" && message.version > this.state.version) {
          this.sync();
        }
    }
  }

  receiveState(next) {
    const previous = this.state;
    if (previous && next.version < previous.version) return; // older than what is shown
    this.clearPending();
    const changed = !previous || next.version !== previous.version;
    this.state = next;
    if (changed) {
      this.selected = null;
      this.hint = null;
      this.dropDrag();
    }
    const hadFocus = this.focusInPlay();
    this.render();
    if (previous) this.announceChanges(previous, next);
    if (hadFocus) this.restoreFocus(hadFocus);
  }

  // --- sending ---
  send(message, { waits = true } = {}) {
    this.hideAlert();
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      this.showAlert("Not connected to the table: reconnecting, try again in a moment.");
      this.connect(true);
      return false;
    }
    this.socket.send(JSON.stringify(message));
    if (waits) {
      clearTimeout(this.pending);
      this.pending = setTimeout(() => {
        this.pending = null;
        this.render();
        this.sync();
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

  sync() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "sync" }));
    }
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
    this.selected = null;
    if (this.send({ type: "move", version: this.state.version, move: clean })) this.render();
  }

  // --- the connection ---
  connect(now = false) {
    if (this.gone || (this.socket && this.socket.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    if (now) this.attempts = 0;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const id = encodeURIComponent(this.state.table.id);
    let socket;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}/`);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    this.setConnection("connecting");
    socket.addEventListener("open", () => {
      this.attempts = 0;
      this.setConnection("online");
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
      this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearPending();
      if (event.code === 4403 || event.code === 4404) {
        // The server will never let this page in: say so instead of retrying for ever.
        this.gone = true;
        this.setConnection("closed");
        this.showAlert(
          event.code === 4404
            ? "This table no longer exists."
            : "This table is not yours any more (did you sign in or out?). Reload the page.",
        );
        this.renderControls();
        return;
      }
      if (event.code === 4429) {
        // Too many sockets open for this browser or network: the server said so in its last
        // message (shown). Keep the words even if that message was lost, and come back later
        // rather than at once: the limit frees up only as other tabs close.
        if ($("alert").hidden) this.showAlert("Too many open tables in this browser: close some tabs.");
        this.attempts = Math.max(this.attempts, 4);
      }
      this.retry();
    });
  }

  retry() {
    const delay = Math.min(15000, 500 * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts += 1;
    this.setConnection("offline", Math.round(delay / 1000));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
    this.renderControls();
  }

  setConnection(status, seconds) {
    const el = $("connection");
    el.dataset.state = status;
    const words = {
      online: "Connected",
      connecting: "Connecting\u2026",
      closed: "Not connected",
      offline: `Not connected: retrying${seconds ? ` in ${seconds} s` : ""}\u2026`,
    };
    el.textContent = words[status];
  }

  // --- controls ---
  bindControls() {
    $("main-action").addEventListener("click", () => this.mainAction());
    if ($("lobby")) this.bindLobby();
    $("hint").addEventListener("click", () => {
      if (this.send({ type: "hint" }, { waits: false })) $("hint-box").hidden = true;
    });
    $("undo").addEventListener("click", () => {
      this.send({ type: "undo", version: this.state.version });
    });
    $("cancel").addEventListener("click", () => this.cancelSelection(true));
    $("leave").addEventListener("click", () => this.send({ type: "leave" }, { waits: false }));
    $("rematch").addEventListener("click", () => this.send({ type: "rematch" }, { waits: false }));
    const hand = $("hand");
    hand.addEventListener("click", (event) => {
      const button = event.target.closest("[data-tile]");
      if (!button) return;
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      this.chooseTile(button.dataset.tile);
    });
    hand.addEventListener("keydown", (event) => this.handKeys(event));
    hand.addEventListener("pointerdown", (event) => this.dragStart(event));
    const board = $("board");
    board.addEventListener("click", (event) => {
      const spot = event.target.closest(".spot");
      if (spot) this.playSpot(spot);
      else if (this.selected) this.cancelSelection(false);
    });
    board.addEventListener("keydown", (event) => this.spotKeys(event));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selected) this.cancelSelection(true);
    });
    window.addEventListener("online", () => this.connect(true));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") {
        if (this.socket) this.sync();
        else this.connect(true);
      }
    });
  }

  bindLobby() {
    $("copy-link").addEventListener("click", () => this.copyLink());
    $("join-form").addEventListener("submit", (event) => {
      const name = $("join-name").value.trim();
      if (!name) {
        event.preventDefault();
        this.showAlert("Enter the name the others will see.");
        $("join-name").focus();
        return;
      }
      // Someone the socket does not know yet (no session) joins by the form's own POST: only an
      // HTTP answer can start their session, and the page comes back with them seated.
      if ($("join-form").dataset.over !== "socket") return;
      event.preventDefault();
      this.send({ type: "join", name });
    });
    $("start").addEventListener("click", () => this.send({ type: "start" }));
  }

  async copyLink() {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
      this.say("Link copied.");
    } catch {
      // No clipboard (an insecure origin, or permission refused): select it for the user.
      input.focus();
      input.select();
      this.say("Copy the selected link.");
    }
  }

  mainAction() {
    const view = this.view;
    if (view.result && !view.match.finished) {
      this.send({ type: "next_hand", version: this.state.version });
      return;
    }
    const only = this.myTurn() ? view.legal : [];
    if (only.length === 1 && (only[0].draw || only[0].pass)) this.sendMove(only[0]);
  }

  chooseTile(tile) {
    this.hideAlert();
    if (this.pending) return;
    const view = this.view;
    if (!this.myTurn()) {
      this.say(view.result ? "The hand is over." : "Wait for your turn.");
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
      const fix = this.mainLabel().toLowerCase();
      this.say(nothing ? `Nothing fits: ${fix}.` : `${tile} does not fit an open end.`);
      return;
    }
    if (options.length === 1) {
      this.selected = null;
      this.sendMove(options[0]);
      return;
    }
    this.selected = tile;
    this.render();
    const ends = options.map((m) => END_WORDS[m.end]).join(" or ");
    this.say(`Choose where to play ${tile}: ${ends}.`);
    const first = $("board").querySelector(".spot");
    if (first) first.focus();
  }

  cancelSelection(returnFocus) {
    const tile = this.selected;
    if (!tile) return;
    this.selected = null;
    this.render();
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
    if (!move) return;
    this.selected = null;
    this.sendMove(move);
  }

  handKeys(event) {
    const buttons = [...$("hand").querySelectorAll("[data-tile]")];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    let target = null;
    if (event.key in moves) target = (index + moves[event.key] + buttons.length) % buttons.length;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = buttons.length - 1;
    if (target === null) return;
    event.preventDefault();
    buttons[target].focus();
  }

  spotKeys(event) {
    const spot = event.target.closest(".spot");
    if (!spot) return;
    const spots = [...$("board").querySelectorAll(".spot")];
    const index = spots.indexOf(spot);
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.playSpot(spot);
    } else if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
      spots[(index + step + spots.length) % spots.length].focus();
    }
  }

  // --- dragging a tile onto a spot (mouse, pen and touch alike) ---
  dragStart(event) {
    const button = event.target.closest("[data-tile]");
    if (!button || event.button > 0 || this.pending || !this.myTurn()) return;
    const tile = button.dataset.tile;
    const options = this.plays().filter((m) => m.play === tile);
    if (!options.length) return;
    this.drag = { tile, options, button, x: event.clientX, y: event.clientY, id: event.pointerId };
    button.setPointerCapture(event.pointerId);
    const move = (e) => this.dragMove(e);
    const up = (e) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", up);
      button.removeEventListener("pointercancel", up);
      this.dragEnd(e);
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", up);
    button.addEventListener("pointercancel", up);
  }

  dragMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      drag.ghost = drag.button.cloneNode(true);
      drag.ghost.className = "tile-button drag-ghost";
      drag.ghost.removeAttribute("data-tile");
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.append(drag.ghost);
      drag.previous = this.selected;
      this.selected = drag.tile;
      this.dragging = true;
      this.renderBoard();
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const over = this.spotAt(event.clientX, event.clientY);
    for (const spot of $("board").querySelectorAll(".spot")) {
      spot.classList.toggle("over", spot === over);
    }
  }

  // A change arrived mid-drag: the tile may have nowhere to go any more.
  dropDrag() {
    if (!this.drag) return;
    if (this.drag.ghost) this.drag.ghost.remove();
    this.drag = null;
    this.dragging = false;
  }

  spotAt(x, y) {
    const element = document.elementFromPoint(x, y);
    return element ? element.closest(".spot") : null;
  }

  dragEnd(event) {
    const drag = this.drag;
    this.drag = null;
    this.dragging = false;
    if (!drag || !drag.ghost) return; // a plain click: the click handler chooses the tile
    drag.ghost.remove();
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    if (event.type === "pointerup") {
      let spot = this.spotAt(event.clientX, event.clientY);
      const element = document.elementFromPoint(event.clientX, event.clientY);
      const onBoard = element && element.closest("#board");
      if (!spot && onBoard && drag.options.length === 1) {
        spot = $("board").querySelector(".spot");
      }
      if (spot) {
        this.playSpot(spot);
        return;
      }
    }
    this.selected = null;
    this.render();
  }

  // --- hints, alerts, announcements ---
  showHint(message) {
    const move = message.move || {};
    this.hint = move;
    let words;
    if (move.play) words = `play ${move.play}${move.end ? ` on ${END_WORDS[move.end]}` : ""}`;
    else if (move.draw) words = "draw";
    else words = "pass";
    const box = $("hint-box");
    box.textContent = message.reason ? `Hint: ${words} (${message.reason}).` : `Hint: ${words}.`;
    box.hidden = false;
    this.renderHand();
    this.say(box.textContent);
  }

  showAlert(text) {
    const alert = $("alert");
    alert.textContent = text;
    alert.hidden = false;
  }

  hideAlert() {
    const alert = $("alert");
    alert.hidden = true;
    alert.textContent = "";
  }

  // Announce politely: each message is a new line in the live region (so quick successive
  // moves are all read), and the status line shows the latest.
  say(text) {
    const live = $("live");
    const line = document.createElement("p");
    line.textContent = text;
    live.append(line);
    while (live.childElementCount > 6) live.firstElementChild.remove();
    $("status").textContent = text;
  }

  describeMove(entry) {
    const who = this.who(entry.seat);
    if (entry.play) {
      return entry.end
        ? `${who} played ${entry.play} on ${END_WORDS[entry.end]}`
        : `${who} opened with ${entry.play}`;
    }
    if (entry.draw) return `${who} drew`;
    return `${who} passed`;
  }

  announceChanges(previous, next) {
    const before = previous.view;
    const after = next.view;
    const lines = [];
    const wasAway = new Map(previous.table.seats.map((s) => [s.index, Boolean(s.away)]));
    for (const seat of next.table.seats) {
      if (!wasAway.has(seat.index) || wasAway.get(seat.index) === Boolean(seat.away)) continue;
      const who = seat.index === after.seat ? "You" : seat.name;
      lines.push(seat.away ? `${who} left: the computer plays for ${seat.index === after.seat ? "you" : "them"}.` : `${who} ${seat.index === after.seat ? "are" : "is"} back.`);
    }
    if (!previous.table.rematch?.table && next.table.rematch?.table) {
      lines.push("Everyone agreed: the rematch is dealt.");
    }
    if (previous.table.started === false) {
      const had = new Set(previous.table.seats.map((s) => s.index));
      for (const seat of next.table.seats) {
        if (had.has(seat.index)) continue;
        if (seat.index === after.seat) lines.push(`You joined the game as ${seat.name}.`);
        else if (!seat.bot) lines.push(`${seat.name} joined the game.`);
      }
      if (next.table.started) {
        lines.push(after.seat === null ? "The game has started: you are watching." : "The game has started.");
      }
    }
    let from;
    let takenBack = false;
    const history = after.history || [];
    const old = before.history || [];
    if (before.hand_number !== after.hand_number) {
      lines.push(`Round ${after.hand_number + 1} is dealt.`);
      from = 0;
    } else if (
      history.length < old.length ||
      old.some((entry, i) => JSON.stringify(entry) !== JSON.stringify(history[i]))
    ) {
      lines.push("Moves were taken back.");
      takenBack = true;
      from = history.length;
    } else {
      from = old.length;
    }
    const fresh = history.slice(from);
    for (let i = 0; i < fresh.length; i++) {
      const entry = fresh[i];
      if (entry.draw) {
        let n = 1;
        while (fresh[i + 1] && fresh[i + 1].draw && fresh[i + 1].seat === entry.seat) {
          n += 1;
          i += 1;
        }
        const who = this.who(entry.seat);
        lines.push(n === 1 ? `${who} drew.` : `${who} drew ${n} tiles.`);
      } else {
        lines.push(`${this.describeMove(entry)}.`);
      }
    }
    const scoredBefore = before.hand_number === after.hand_number ? before.hand_points : null;
    if (this.info.fives && scoredBefore && !after.result) {
      after.hand_points.forEach((points, side) => {
        const gained = points - (scoredBefore[side] || 0);
        if (gained > 0) lines.push(`${this.sideName(side)} scored ${gained}.`);
      });
    }
    if (after.result && !before.result) lines.push(this.resultWords(after));
    if (after.match.finished && !before.match.finished) lines.push(this.matchWords(after));
    else if (this.myTurn(after) && (!this.myTurn(before) || takenBack || from < history.length)) {
      lines.push(this.turnWords(after));
    }
    if (lines.length) this.say(lines.join(" "));
  }

  turnWords(view) {
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return "Your turn: nothing fits, draw.";
    if (only && only.pass) return "Your turn: nothing fits, pass.";
    return view.history.length ? "Your turn." : "Your turn: open the hand.";
  }

  resultWords(view) {
    const result = view.result;
    if (!result) return "";
    const parts = [];
    if (result.result === "out") {
      const out = result.hands.findIndex((tiles) => tiles.length === 0);
      parts.push(out >= 0 ? `${this.who(out)} went out.` : "A player went out.");
    } else if (result.result === "blocked") {
      parts.push("The hand is blocked.");
    } else {
      parts.push("The count reached the target.");
    }
    const winners = result.winners || [];
    if (!winners.length) {
      if (result.result) parts.push("A tie: nobody wins the hand.");
    } else {
      for (const side of winners) {
        const points = result.points[side] || 0;
        const name = this.sideName(side);
        const you = name === "You";
        const pts = `${points} point${points === 1 ? "" : "s"}`;
        parts.push(
          points
            ? `${name} ${you ? "score" : "scores"} ${pts}.`
            : `${name} ${you ? "win" : "wins"} the hand.`,
        );
      }
    }
    return parts.join(" ");
  }

  matchWords(view) {
    const forfeit = this.state.table.forfeited_by;
    if (forfeit != null) {
      return `${this.seatLabel(forfeit)} ran out of time and forfeits the match.`;
    }
    const winners = view.match.winners || [];
    const mine = this.sideOf(this.me);
    if (!winners.length) return "The match is over.";
    if (winners.length > 1) {
      return `Shared win: ${winners.map((s) => this.sideName(s)).join(" and ")}.`;
    }
    if (!this.watching && winners[0] === mine) {
      return this.info.teams ? "Your team wins the match!" : "You win the match!";
    }
    return `${this.sideName(winners[0])} wins the match.`;
  }

  mainLabel() {
    const view = this.view;
    if (this.watching) return "";
    if (view.result && !view.match.finished) return "Next round";
    if (!this.myTurn()) return "";
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return "Draw";
    if (only && only.pass) return "Pass";
    return "";
  }

  // --- focus across re-renders ---
  focusInPlay() {
    const active = document.activeElement;
    if (!active || active === document.body) {
      return this.lastTileIndex != null ? { index: this.lastTileIndex } : null;
    }
    if ($("hand").contains(active) && active.dataset.tile) {
      const buttons = [...$("hand").querySelectorAll("[data-tile]")];
      return { tile: active.dataset.tile, index: buttons.indexOf(active) };
    }
    if ($("board").contains(active)) return { index: this.lastTileIndex ?? 0 };
    if (active.id === "main-action") return { main: true, index: 0 };
    return null;
  }

  restoreFocus(was) {
    this.lastTileIndex = null;
    if (was.main && !$("main-action").hidden) {
      $("main-action").focus();
      return;
    }
    const buttons = [...$("hand").querySelectorAll("[data-tile]")];
    const same = was.tile && buttons.find((b) => b.dataset.tile === was.tile);
    const target = same || buttons[Math.min(was.index ?? 0, buttons.length - 1)];
    if (target) target.focus();
    else if (!$("main-action").hidden) $("main-action").focus();
  }

  // --- rendering ---
  render() {
    this.renderLobby();
    this.renderSeats();
    this.renderInfo();
    this.renderBoard();
    this.renderResult();
    this.renderControls();
    this.renderHand();
    this.renderStatus();
    this.renderClock();
    this.renderFairDeal();
  }

  // Provably fair deals: the seed's commitment while the hand is played, the seed once over.
  renderFairDeal() {
    const fair = this.state.table.fair_deal;
    $("fair-deal").hidden = !fair;
    $("fair-commitment").textContent = fair ? fair.commitment : "";
    $("fair-seed").hidden = !fair?.seed;
    $("fair-seed-value").textContent = fair?.seed || "";
  }

  // --- online tables: the lobby before the start, and who is watching ---
  renderLobby() {
    const table = this.state.table;
    this.root.dataset.phase = this.started ? "play" : "lobby";
    if (this.watching) this.root.dataset.watching = "true";
    else delete this.root.dataset.watching;
    const watching = $("watching");
    if (watching) watching.hidden = !(this.watching && this.started);
    const lobby = $("lobby");
    if (!lobby) return;
    lobby.hidden = this.started;
    if (this.started) return;
    const list = $("lobby-seats");
    list.replaceChildren();
    for (let i = 0; i < table.seat_count; i++) {
      const seat = table.seats.find((s) => s.index === i);
      const li = document.createElement("li");
      li.dataset.seat = String(i);
      if (seat) {
        li.className = "taken";
        li.textContent = this.seatLabel(i);
        if (i === 0) li.append(this.span("seat-tag", "host"));
        if (i === this.me) li.append(this.span("seat-tag", "you"));
      } else {
        li.className = "empty";
        li.textContent = "waiting\u2026";
      }
      if (this.info.teams) {
        // Partners sit across the table: seats 1 and 3 against seats 2 and 4.
        const team = this.sideOf(i) + 1;
        li.dataset.team = String(team);
        li.append(this.span("seat-tag", `team ${team}`));
        const partner = !this.watching && i !== this.me && this.sideOf(i) === this.sideOf(this.me);
        if (partner) li.append(this.span("seat-tag", "your partner"));
      }
      list.append(li);
    }
    const free = table.seats.length < table.seat_count;
    $("join-form").hidden = !this.watching || !free;
    $("join").disabled = Boolean(this.pending);
    $("start-box").hidden = this.me !== 0;
    $("start").disabled = Boolean(this.pending);
  }

  // --- the turn clock ---
  // Seconds left for the seat to move, from the server's deadline and this device's clock: a
  // device whose clock is off shows the countdown off by as much (the server, not this page,
  // decides when the time is up; the state that follows corrects the page).
  secondsLeft() {
    const deadline = this.state.table.deadline;
    if (!deadline) return null;
    return Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  }

  static clockWords(seconds) {
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  renderClock() {
    const left = this.secondsLeft();
    const view = this.view;
    const running = left !== null && view.turn !== null && !view.result;
    if (!running) {
      clearInterval(this.clockTimer);
      this.clockTimer = null;
      return;
    }
    for (const time of document.querySelectorAll(".seat-clock .clock-time")) {
      time.textContent = TablePage.clockWords(left);
    }
    const deadline = this.state.table.deadline;
    if (left <= 10 && left > 0 && this.warnedDeadline !== deadline) {
      // Once per turn, not every second.
      this.warnedDeadline = deadline;
      this.say(
        this.myTurn()
          ? `${left} seconds left to play.`
          : `${this.seatLabel(view.turn)} has ${left} seconds left.`,
      );
    }
    if (!this.clockTimer) this.clockTimer = setInterval(() => this.renderClock(), 1000);
  }
  renderSeats() {
    const view = this.view;
    const list = $("seats");
    list.replaceChildren();
    const mySide = this.sideOf(this.me);
    for (const seat of this.state.table.seats) {
      const i = seat.index;
      const side = this.sideOf(i);
      const li = document.createElement("li");
      li.className = "seat";
      li.dataset.seat = String(i);
      if (i === this.me) li.classList.add("me");
      if (view.turn === i && !view.result) li.classList.add("turn");
      const name = document.createElement("span");
      name.className = "seat-name";
      name.textContent = this.seatLabel(i);
      li.append(name);
      if (seat.away) li.append(this.span("seat-tag away-tag", "away: the computer plays"));
      if (this.info.teams && i !== this.me && side === mySide) {
        li.append(this.span("seat-tag", "partner"));
      }
      if (view.turn === i && !view.result) {
        li.append(this.span("seat-tag turn-tag", "to play"));
        const left = this.secondsLeft();
        if (left !== null) {
          const clock = this.span("seat-clock", "");
          clock.append(this.span("visually-hidden", "time left "));
          clock.append(this.span("clock-time", TablePage.clockWords(left)));
          li.append(clock);
        }
      }
      const count = view.counts[i] ?? 0;
      li.append(this.span("seat-tiles", `${count} tile${count === 1 ? "" : "s"}`));
      const score = view.scores[side] ?? 0;
      const label = this.info.teams ? (side === mySide ? "Your team" : "Their team") : "";
      li.append(this.span("seat-score", `${label ? `${label} ` : ""}${score} pts`));
      if (this.info.sides === 2 && "best_of" in (view.rules.match || {})) {
        li.append(this.span("seat-wins", `${view.hand_wins[side] ?? 0} hands won`));
      }
      list.append(li);
    }
  }

  span(className, text) {
    const span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    return span;
  }

  renderInfo() {
    const view = this.view;
    $("round").textContent = String(view.hand_number + 1);
    $("boneyard").textContent = String(view.boneyard);
    const counting = view.count !== null && view.count !== undefined;
    $("count-line").hidden = !counting;
    if (counting) $("count").textContent = String(view.count);
  }

  renderStatus() {
    const view = this.view;
    let text;
    if (!this.started) {
      if (this.me === 0) text = "Send the link, then start when your friends are here.";
      else if (this.watching && this.state.table.seats.length < this.state.table.seat_count) {
        text = "Enter your name and join, or watch.";
      } else if (this.watching) text = "Every seat is taken: you can watch once the game starts.";
      else text = "Waiting for the host to start\u2026";
    } else if (view.match.finished) text = this.matchWords(view);
    else if (view.result) text = "Hand over: see everyone's tiles, then start the next round.";
    else if (view.turn === null) text = "Waiting for the deal\u2026";
    else if (this.myTurn()) {
      text = this.selected ? `Choose where to play ${this.selected}.` : this.turnWords(view);
    } else text = `${this.seatLabel(view.turn)} to play\u2026`;
    if (this.pending) text = "Sending\u2026";
    const status = $("status");
    status.textContent = text;
    status.dataset.turn = this.myTurn() ? "mine" : "theirs";
  }

  renderControls() {
    const view = this.view;
    const main = $("main-action");
    const label = this.mainLabel();
    main.hidden = !label;
    main.textContent = label;
    main.disabled = Boolean(this.pending);
    main.dataset.action = label ? label.toLowerCase().replace(" ", "-") : "";
    const table = this.state.table;
    const hint = $("hint");
    // Hints are offered against the computer only: the server refuses them elsewhere.
    hint.hidden = !table.can_hint || view.match.finished || this.watching || !this.started;
    hint.disabled = !this.myTurn() || Boolean(this.pending);
    const undo = $("undo");
    undo.hidden = !table.can_undo || view.match.finished;
    // The server says why nothing may be taken back now (a draw, a finished hand...).
    undo.disabled = Boolean(table.undo_refused) || Boolean(this.pending);
    undo.title = table.undo_refused || "";
    $("cancel").hidden = !this.selected;
    const online = this.state.table.kind === "online";
    const mySeat = this.state.table.seats.find((seat) => seat.index === this.me);
    $("leave").hidden =
      !online || this.watching || !this.started || this.over || Boolean(mySeat?.away);
  }

  /** The match is over: finished by the rules, or forfeited on the tournament clock. */
  get over() {
    return this.view.match.finished || this.state.table.forfeited_by != null;
  }

  renderHand() {
    const view = this.view;
    if (!this.hint) $("hint-box").hidden = true;
    const hand = $("hand");
    hand.replaceChildren();
    if (this.watching) return; // a spectator holds no tiles
    const hints = this.state.table.show_hints;
    const mine = this.myTurn();
    const playable = new Set(this.plays().map((m) => m.play));
    const hinted = this.hint && this.hint.play;
    for (const tile of view.hand) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile-button";
      button.dataset.tile = tile;
      button.dataset.testid = "hand-tile";
      const lit = playable.has(tile);
      let label = mine ? `Play ${tile}` : tile;
      if (mine && hints) {
        button.classList.add(lit ? "playable" : "dimmed");
        if (!lit) {
          label = `${tile}, does not fit`;
          button.setAttribute("aria-disabled", "true");
        }
      } else if (!mine) {
        button.classList.add("waiting");
      }
      if (tile === this.selected) {
        button.classList.add("selected");
        button.setAttribute("aria-pressed", "true");
      }
      if (tile === hinted) {
        button.classList.add("hinted");
        label += " (hinted)";
      }
      button.setAttribute("aria-label", label);
      button.innerHTML = handTileSVG(tile);
      hand.append(button);
    }
    if (!view.hand.length) {
      const p = document.createElement("p");
      p.className = "empty-hand";
      p.textContent = view.turn === null && !view.result ? "No tiles yet." : "No tiles left.";
      hand.append(p);
    }
  }

  // The unit size and how far an arm runs before it turns, from the board's width.
  boardScale() {
    const board = $("board");
    const width = Math.max(280, board.clientWidth - 8);
    const unit = Math.max(17, Math.min(30, width / (width < 600 ? 19 : 22)));
    const limitX = Math.max(6, Math.floor(width / unit / 2 - 1.5));
    const limitY = 6; // a spinner's up and down arms stand about two tiles tall, then snake
    return { unit, limitX, limitY };
  }

  renderBoard() {
    if (!this.state) return;
    const view = this.view;
    const { unit, limitX, limitY } = this.boardScale();
    const layout = layoutTable(view, limitX, limitY);
    const spots = this.spotsFor(layout);
    const key = JSON.stringify([this.state.version, unit, limitX, this.selected, spots.length]);
    if (key === this.boardKey && !this.dragging) return;
    this.boardKey = key;
    const focusedEnd = document.activeElement?.closest?.(".spot")?.dataset.end;
    // Centred on the middle tile, zoomed in while the line is short (the lanes, and so where
    // every tile lies, depend on the board's width alone).
    const box = layout.bounds(spots.map((s) => s.rect));
    const reach = Math.max(6, -box.x0 + 0.7, box.x1 + 0.7);
    const left = -reach;
    const width = 2 * reach;
    const y0 = Math.min(box.y0, -2.5) - 0.7;
    const height = Math.max(box.y1, 2.5) + 0.7 - y0;
    const zoom = Math.min(Math.max(unit, 32), ($("board").clientWidth - 8) / width);
    const px = Math.max(unit, zoom);
    const lastPlay = [...(view.history || [])].reverse().find((m) => m.play);
    let body = "";
    for (const piece of layout.pieces) {
      let cls = "tile";
      if (piece.spinner) cls += " spinner";
      if (lastPlay && piece.tile === lastPlay.play) cls += " last";
      body += tileSVG(piece.rect, piece.halves, cls);
      if (piece.spinner) body += this.spinnerMarks(piece.rect);
    }
    for (const spot of spots) body += this.spotSVG(spot);
    const svg =
      `<svg xmlns="${SVG_NS}" id="board-svg" ` +
      `viewBox="${r3(left)} ${r3(y0)} ${r3(width)} ${r3(height)}" ` +
      `width="${Math.round(width * px)}" height="${Math.round(height * px)}" role="group" ` +
      `aria-label="The table" aria-describedby="board-summary">${body}</svg>`;
    const board = $("board");
    board.innerHTML = svg;
    board.dataset.tiles = String(layout.pieces.length);
    $("board-summary").textContent = this.boardWords(view);
    if (focusedEnd) {
      const again = board.querySelector(`.spot[data-end="${focusedEnd}"]`);
      if (again) again.focus();
    }
  }

  spinnerMarks(rect) {
    const cx = (rect.x0 + rect.x1) / 2;
    const cy = (rect.y0 + rect.y1) / 2;
    const marks = [
      [rect.x0 - 0.2, cy],
      [rect.x1 + 0.2, cy],
      [cx, rect.y0 - 0.2],
      [cx, rect.y1 + 0.2],
    ];
    return marks
      .map(([x, y]) => `<circle class="spinner-end" cx="${r3(x)}" cy="${r3(y)}" r="0.12"/>`)
      .join("");
  }

  // Ghost tiles where the selected tile could go (only what `legal` lists).
  spotsFor(layout) {
    const tile = this.selected;
    if (!tile || !this.myTurn()) return [];
    const view = this.view;
    const options = this.plays().filter((m) => m.play === tile);
    const spots = [];
    for (const move of options) {
      if (!move.end) {
        const [a, b] = parseTile(tile);
        const rect = openingRect(a === b);
        spots.push({ move, rect, halves: [a, b] });
        continue;
      }
      const where = layout.preview(move.end, tile, view.ends[move.end]);
      if (where) spots.push({ move, ...where });
    }
    return spots;
  }

  spotSVG(spot) {
    const { move, rect } = spot;
    const end = move.end || "opening";
    const scores = typeof move.scores === "number" ? move.scores : null;
    const words = move.end ? `on ${END_WORDS[move.end]} end` : "to open";
    const label = `Play ${move.play} ${words}${scores !== null ? `, scores ${scores}` : ""}`;
    const cx = (rect.x0 + rect.x1) / 2;
    const cy = (rect.y0 + rect.y1) / 2;
    let text = "";
    if (scores !== null) {
      const w = 0.4 + 0.3 * String(scores).length;
      text =
        `<g class="spot-score${scores ? " scoring" : ""}">` +
        `<rect x="${r3(cx - w / 2)}" y="${r3(cy - 0.32)}" width="${r3(w)}" ` +
        `height="0.64" rx="0.3"/>` +
        `<text x="${r3(cx)}" y="${r3(cy + 0.2)}" text-anchor="middle">+${scores}</text></g>`;
    }
    return (
      `<g class="spot" data-end="${end}" data-tile="${move.play}" tabindex="0" role="button" ` +
      `aria-label="${label}">` +
      `<circle class="spot-hit" cx="${r3(cx)}" cy="${r3(cy)}" r="1.6"/>` +
      tileSVG(rect, spot.halves, "ghost") +
      text +
      "</g>"
    );
  }

  boardWords(view) {
    const table = view.table || {};
    if (!table.opening) return "The table is empty.";
    const parts = [`Opening tile ${table.opening}.`];
    for (const arm of ["left", "right", "up", "down"]) {
      const tiles = table[arm] || [];
      if (tiles.length) {
        parts.push(`Toward ${END_WORDS[arm]}: ${tiles.map((t) => t.tile).join(", ")}.`);
      }
    }
    const ends = Object.entries(view.ends || {}).map(([end, n]) => `${end} ${n}`);
    if (ends.length) parts.push(`Open ends: ${ends.join(", ")}.`);
    if (view.spinner) parts.push(`The spinner is ${view.spinner.tile}.`);
    return parts.join(" ");
  }

  renderResult() {
    const view = this.view;
    const panel = $("hand-result");
    const result = view.result;
    panel.hidden = !result;
    if (result) {
      $("hand-result-text").textContent = this.resultWords(view);
      const list = $("result-hands");
      list.replaceChildren();
      result.hands.forEach((tiles, seat) => {
        const li = document.createElement("li");
        li.dataset.seat = String(seat);
        const pips = tiles.reduce((sum, t) => sum + parseTile(t).reduce((a, b) => a + b, 0), 0);
        li.append(this.span("seat-name", this.seatLabel(seat)));
        const row = document.createElement("span");
        row.className = "result-tiles";
        // A picture of the tiles: a plain span may not carry a label (axe aria-prohibited-attr).
        row.setAttribute("role", "img");
        row.setAttribute("aria-label", tiles.length ? tiles.join(", ") : "no tiles");
        row.innerHTML = tiles.map((t) => handTileSVG(t)).join("");
        li.append(row);
        li.append(this.span("result-pips", `${pips} pip${pips === 1 ? "" : "s"}`));
        list.append(li);
      });
      const points = document.createElement("li");
      points.className = "result-points";
      points.textContent = result.points
        .map((p, side) => `${this.sideName(side)}: +${p}`)
        .join(" \u00b7 ");
      list.append(points);
    }
    const end = $("match-end");
    end.hidden = !this.over;
    if (this.over) {
      const scores = view.scores.map((s, side) => `${this.sideName(side)} ${s}`).join(", ");
      const counted = view.scores.some((s) => s > 0);
      const takeBacks = this.state.table.take_backs ? " Played with take-backs." : "";
      $("match-end-text").textContent =
        this.matchWords(view) + (counted ? ` Final score: ${scores}.` : "") + takeBacks;
      this.renderRematch();
    }
  }

  renderRematch() {
    const table = this.state.table;
    const online = table.kind === "online" && !this.watching;
    const rematch = table.rematch || { votes: [], table: null };
    const people = table.seats.filter((seat) => !seat.bot).map((seat) => seat.index);
    const asked = rematch.votes.includes(this.me);
    $("rematch").hidden = !online || Boolean(rematch.table);
    $("rematch").disabled = asked;
    const link = $("rematch-link");
    link.hidden = !rematch.table;
    if (rematch.table) link.href = `/tables/${rematch.table}/`;
    const status = $("rematch-status");
    status.hidden = !online || (!rematch.votes.length && !rematch.table);
    status.textContent = rematch.table
      ? "Everyone agreed: the rematch is dealt."
      : `Rematch: ${rematch.votes.length} of ${people.length} players ready` +
        (asked ? " (you asked)." : ".");
  }
}

if (typeof document !== "undefined" && $("table-page") && $("table-state")) {
  window.dominoesTable = new TablePage();
}

// For the replay viewer (replay.js), and for tests of the layout outside a browser.
export { handTileSVG, layoutTable, parseTile, tileSVG };
