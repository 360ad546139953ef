// The chain's geometry: where every tile of the line lies, in board units, and how it fits a
// felt of a given size. Pure functions of the view; shared by the table and the replay viewer.

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

export function parseTile(tile) {
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
export const openingRect = (double) =>
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
  constructor(limitX, limitY, shift = 0) {
    this.limitX = limitX;
    this.limitY = limitY;
    this.shift = shift;
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
      // The lane may lie off centre (`shift`), toward the longer arm.
      const lane = [-x + this.shift, x + this.shift];
      this.addArm("left", [-face, 0], W, side, lane);
      this.addArm("right", [face, 0], E, side, lane);
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

export function innerOf(placed) {
  const [a, b] = parseTile(placed.tile);
  return a === placed.outer ? b : a;
}

export function layoutTable(view, limitX, limitY, shift = 0) {
  const layout = new Layout(limitX, limitY, shift);
  const table = view.table || {};
  if (!table.opening) return layout;
  const line = lineOf(view);
  layout.centre(line.centre, line.spinner);
  for (const end of ["left", "right", "up", "down"]) {
    for (const p of line[end]) layout.place(end, p.tile, p.inner);
  }
  return layout;
}

// The largest a unit (half a tile) is drawn on a felt of `width` x `height` px: an eighth of its
// width (a first tile takes at most a quarter of it), as tall as a row of tiles and its margin
// allow, and at most 52 px (a tile then as big as one of the hand's: larger looked like a toy).
// A short chain starts large and shrinks as it grows (fitLayout). A twelfth of the felt capped at
// 38 px drew a phone's first four tiles across half its felt and a tablet's across a third; a
// cap by the height left a phone held sideways 20 px tiles in a strip 110 px tall.
export function largestUnit(width, height) {
  return Math.min(52, width / 8, height / 2.2);
}

// How far off centre a line without a spinner may run: half the difference of its arms' lengths
// laid straight (units). A line of one long arm kept to a lane centred on its opening turned
// halfway across the felt, and a phone held sideways drew it in three rows of 15 px tiles.
function offCentre(view) {
  if (view.spinner || !view.table?.opening) return 0;
  const length = (end) =>
    (view.table[end] || []).reduce((sum, p) => {
      const [a, b] = parseTile(p.tile);
      return sum + (a === b ? 1 : 2);
    }, 0);
  return Math.round((length("right") - length("left")) / 2);
}

// The chain laid out to fit a felt of `width` x `height` px: the lanes (how far an arm runs
// before it turns, and how tall a spinner's upright arms stand) are chosen so the chain, with
// the ghost `extra` rectangles of `extraFor(layout)`, is drawn as large as it can be. A unit
// (half a tile) is at most `maxUnit` px (largestUnit). Returns {layout, extra, viewBox: [x, y,
// w, h], unit}. A function of the view and the size alone: the table and the replay draw the
// same chain the same way.
export function fitLayout(view, width, height, { extraFor = () => [], maxUnit = null } = {}) {
  maxUnit ??= largestUnit(width, height);
  const spinner = Boolean(view.spinner);
  const lanesY = spinner ? [3, 5, 8] : [6];
  let best = null;
  const consider = (limitX, limitY, shift) => {
    const layout = layoutTable(view, limitX, limitY, shift);
    const extra = extraFor(layout);
    const box = layout.bounds(extra.map((s) => s.rect));
    const w = box.x1 - box.x0 + 1.2;
    const h = box.y1 - box.y0 + 1.2;
    const unit = Math.min(width / w, height / h, maxUnit);
    return { layout, extra, box, unit, lanes: [limitX, limitY] };
  };
  const off = offCentre(view);
  const shifts = off ? [0, Math.round(off / 2), off] : [0];
  for (const limitY of lanesY) {
    for (const shift of shifts) {
      for (let limitX = Math.max(4, Math.abs(shift) + 1); limitX <= 26; limitX += 1) {
        const fit = consider(limitX, limitY, shift);
        // On a tie (the unit at its largest), the wider lanes win: a straighter line.
        const tie = best && Math.abs(fit.unit - best.unit) <= 1e-6;
        if (!best || fit.unit > best.unit || (tie && limitX >= best.lanes[0])) best = fit;
        // Wider lanes lay out the same line once every tile lies a tile and more inside its
        // lane: no arm turned at its edge. (With a unit of margin a spinner's arm that had
        // turned there stopped the search: a 4-seat All Fives chain drew at 39 px, not 52.)
        if (fit.box.x0 > shift - limitX + 3 && fit.box.x1 < shift + limitX - 3) break;
      }
    }
  }
  // The view box: the chain's box centred, widened to the felt's shape and to the largest unit.
  const w = Math.max(width / best.unit, best.box.x1 - best.box.x0);
  const h = Math.max(height / best.unit, best.box.y1 - best.box.y0);
  const cx = (best.box.x0 + best.box.x1) / 2;
  const cy = (best.box.y0 + best.box.y1) / 2;
  return { ...best, viewBox: [cx - w / 2, cy - h / 2, w, h] };
}
