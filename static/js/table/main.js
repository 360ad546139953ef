// The table page's entry point (`<script type="module">`, no build step): the controller and
// the modules that each add one idea to it.

import { board } from "./board.js";
import { clock } from "./clock.js";
import { controls } from "./controls.js";
import { drag } from "./drag.js";
import { lobby } from "./lobby.js";
import { motion } from "./motion.js";
import { $, TablePage } from "./page.js";
import { remarks } from "./remarks.js";
import { render } from "./render.js";
import { result } from "./result.js";
import { soundsFor } from "./sound.js";
import { words } from "./words.js";

Object.assign(TablePage.prototype, board, clock, controls, drag, lobby, motion, remarks, render, result, words, {
  soundChanges(previous, next) {
    for (const name of soundsFor(this, previous, next)) this.sounds.play(name);
  },
});

if ($("table-page") && $("table-state")) {
  window.dominoesTable = new TablePage();
  if ($("talk")) window.dominoesTable.bindTalk();
}
