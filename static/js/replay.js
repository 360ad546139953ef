// The replay viewer: steps through a finished match (or an imported record) with every hand
// shown. The server replayed the record with the engine and sent every step; this page only
// draws the step chosen. Tiles, the table and its words are the table page's (static/js/board/).

import { fill, gettext, ngettext } from "./i18n.js";
import { boardSVG, piecesSVG } from "./board/draw.js";
import { fitLayout } from "./board/geometry.js";
import { handTileSVG } from "./board/tiles.js";
import { boardWords } from "./board/words.js";
import { CoachPanel } from "./replay-coach.js";
import { $ } from "./table/dom.js";

class ReplayViewer {
  constructor(data) {
    this.data = data;
    this.steps = data.steps;
    this.index = this.momentOfAddress();
    $("step").max = String(this.steps.length - 1);
    $("first").addEventListener("click", () => this.go(0));
    $("back").addEventListener("click", () => this.go(this.index - 1));
    $("forward").addEventListener("click", () => this.go(this.index + 1));
    $("last").addEventListener("click", () => this.go(this.steps.length - 1));
    $("step").addEventListener("input", (event) => this.go(Number(event.target.value)));
    for (const button of document.querySelectorAll("[data-step]")) {
      button.addEventListener("click", () => this.go(Number(button.dataset.step)));
    }
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey) return;
      if (event.key === "ArrowRight") this.go(this.index + 1);
      else if (event.key === "ArrowLeft") this.go(this.index - 1);
      else return;
      event.preventDefault();
    });
    new ResizeObserver(() => this.renderBoard()).observe($("replay-board"));
    this.coach = new CoachPanel(data, (index) => this.go(index));
    // The analysis board's toggle: every hand open, or only what the viewer's seat saw.
    const open = $("show-hands");
    if (open) {
      open.closest("label").hidden = data.coach?.mine == null;
      open.addEventListener("change", () => this.render());
    }
    this.render();
  }

  // The step a link names ("#hand=H&ply=P", 0-based: the table's coach links to a moment),
  // else the first.
  momentOfAddress() {
    const named = new URLSearchParams(location.hash.slice(1));
    const hand = this.data.hands[Number(named.get("hand"))];
    const ply = Number(named.get("ply"));
    if (!named.has("hand") || !hand || !Number.isInteger(ply) || ply < 0) return 0;
    return Math.min(this.steps.length - 1, hand.first_step + ply);
  }

  go(index) {
    const next = Math.max(0, Math.min(this.steps.length - 1, index));
    if (next === this.index) return;
    this.index = next;
    this.render();
  }

  get step() {
    return this.steps[this.index];
  }

  sideOf(seat) {
    return this.data.teams ? seat % 2 : seat;
  }

  render() {
    const step = this.step;
    const last = this.steps.length - 1;
    $("replay-page").dataset.step = String(this.index);
    $("step").value = String(this.index);
    $("step-count").textContent = fill(gettext("Step %(step)s of %(steps)s"), {
      step: this.index + 1,
      steps: this.steps.length,
    });
    $("step-hand").textContent = fill(gettext("Hand %(hand)s of %(hands)s"), {
      hand: step.hand + 1,
      hands: this.data.hands.length,
    });
    $("step-words").textContent = step.words;
    $("first").disabled = $("back").disabled = this.index === 0;
    $("forward").disabled = $("last").disabled = this.index === last;
    this.renderSeats();
    this.renderBoard();
    this.coach.update(this.index, step);
    const boneyard = step.boneyard;
    const count = { count: boneyard.length, tiles: boneyard.join(", ") };
    $("replay-boneyard").textContent = this.closed()
      ? fill(ngettext("Boneyard: %(count)s tile, face down", "Boneyard: %(count)s tiles, face down", count.count), count)
      : boneyard.length
      ? fill(gettext("Boneyard (%(count)s, next tile first): %(tiles)s"), count)
      : gettext("Boneyard: empty");
  }

  // Whether the analysis board shows only what the viewer's seat saw (the toggle is off).
  closed() {
    return this.data.coach?.mine != null && $("show-hands") && !$("show-hands").checked;
  }

  renderSeats() {
    const step = this.step;
    const list = $("replay-seats");
    list.replaceChildren();
    const mine = this.data.coach?.mine;
    const closed = this.closed();
    step.tiles.forEach((tiles, seat) => {
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      if (step.turn === seat) li.classList.add("turn");
      const name = document.createElement("span");
      name.className = "seat-name";
      name.textContent = this.data.names[seat];
      const score = document.createElement("span");
      score.className = "seat-score";
      score.textContent = fill(gettext("%(points)s pts"), { points: step.scores[this.sideOf(seat)] });
      const row = document.createElement("span");
      row.className = "result-tiles";
      row.setAttribute("role", "img");
      if (closed && seat !== mine) {
        // Face down: the count is what the viewer's seat knew.
        row.classList.add("closed");
        row.setAttribute(
          "aria-label",
          fill(ngettext("%(count)s tile, face down", "%(count)s tiles, face down", tiles.length), {
            count: tiles.length,
          }),
        );
        row.dataset.tiles = "";
        row.textContent = "▮".repeat(tiles.length);
      } else {
        row.setAttribute("aria-label", tiles.length ? tiles.join(", ") : gettext("no tiles"));
        row.dataset.tiles = tiles.join(" ");
        row.innerHTML = tiles.map((tile) => handTileSVG(tile)).join("");
      }
      li.append(name, score, row);
      list.append(li);
    });
  }

  // The board as the table draws it: laid out, scaled and centred to its box (geometry.fitLayout).
  renderBoard() {
    const step = this.step;
    const board = $("replay-board");
    const width = Math.max(120, board.clientWidth);
    const height = Math.max(90, board.clientHeight);
    const fit = fitLayout({ table: step.table, spinner: step.spinner }, width, height);
    // The spinner without the marks of its ends: they help choose where to play, at the table.
    const body = piecesSVG(fit.layout.pieces, { marks: false });
    board.innerHTML = boardSVG(fit.viewBox, body, {
      preserveAspectRatio: "xMidYMid meet",
      role: "img",
      "aria-label": boardWords(this.step),
    });
    board.dataset.tiles = String(fit.layout.pieces.length);
  }
}

if ($("replay-data")) {
  window.dominoesReplay = new ReplayViewer(JSON.parse($("replay-data").textContent));
}
