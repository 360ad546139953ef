// The table page's entry point (`<script type="module">`): served as written in development,
// bundled by `npm run build` for production (scripts/build-static.mjs). The controller, once,
// on the table's page; window.dominoesTable is what the browser tests read.

import { TableController } from "./ctrl.js";
import { $ } from "./dom.js";

if ($("table-page") && $("table-state")) window.dominoesTable = new TableController();
