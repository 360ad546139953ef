// The table page's entry point (`<script type="module">`; served as written in development,
// bundled by collectstatic in production: dominoes/static_storage.py): the controller and
// the modules that each add one idea to it.

import { board } from "./board.js";
import { clock } from "./clock.js";
import { controls } from "./controls.js";
import { $ } from "./dom.js";
import { drag } from "./drag.js";
import { later } from "./later.js";
import { motion } from "./motion.js";
import { TablePage } from "./page.js";
import { render } from "./render.js";
import { result } from "./result.js";
import { soundsFor } from "./sound.js";
import { words } from "./words.js";

Object.assign(TablePage.prototype, board, clock, controls, drag, motion, render, result, words, {
  soundChanges(previous, next) {
    for (const name of soundsFor(this, previous, next)) this.sounds.play(name);
  },
});
later(TablePage.prototype, () => import("./lobby.js").then((m) => m.lobby), ["bindLobby", "renderLobby"]);
later(TablePage.prototype, () => import("./remarks.js").then((m) => m.remarks), [
  "askRemarks",
  "bindTalk",
  "receiveRemark",
  "receiveRemarks",
  "renderTalk",
]);

if ($("table-page") && $("table-state")) {
  window.dominoesTable = new TablePage();
  if ($("talk")) window.dominoesTable.bindTalk();
}
