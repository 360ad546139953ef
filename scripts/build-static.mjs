// `npm run build`: the table's ES modules (static/js/table/main.js and all it imports) bundled
// and minified by esbuild into build/dist/ under content-hashed names, with a manifest that
// collectstatic reads (dominoes/static_storage.py) to collect them as they are. Development
// serves the sources as written and needs none of it.
//
//   node scripts/build-static.mjs [ROOT [OUT]]   (bench/table_weight.py builds another revision)
//
// One entry module, the parts it imports later (`import()`: the lobby, the talk, the review) as
// chunks of their own, and the code those share with the entry as chunks the entry imports
// (preloaded with the page). The bundle compresses a fifth smaller than the same modules
// minified one by one, and esbuild renames local names (bench/RESULTS.md, issue 20).

import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

/** The entry modules, as static/ names them: the page that loads each is told its bundle. */
const ENTRIES = ["js/table/main.js"];
/** Where the bundle is collected (dominoes/static_storage.BUILT), and its manifest there. */
const DIST = "dist";

const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), "..", ".."));
const out = resolve(process.argv[3] ?? join(root, "build"));
const sources = join(root, "static");
rmSync(out, { recursive: true, force: true }); // no file of an older build left to collect

const built = await esbuild.build({
  entryPoints: ENTRIES.map((entry) => join(sources, entry)),
  absWorkingDir: root,
  outbase: join(sources, "js"),
  outdir: join(out, DIST),
  entryNames: "[dir]/[name]-[hash]",
  chunkNames: "table/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

const named = (path) => relative(out, resolve(root, path)).split("\\").join("/");
const entries = {};
for (const [path, output] of Object.entries(built.metafile.outputs)) {
  const entry = output.entryPoint && relative(sources, resolve(root, output.entryPoint));
  if (!ENTRIES.includes(entry)) continue;
  entries[entry] = {
    file: named(path),
    // The chunks the entry imports statically: fetched with the page (`modulepreload`).
    imports: output.imports
      .filter((found) => found.kind === "import-statement")
      .map((found) => named(found.path)),
  };
}
// Each source the bundle was made from, by its content: collectstatic refuses a build older
// than the sources it would be served with.
const made = {};
for (const path of Object.keys(built.metafile.inputs).sort()) {
  const name = relative(sources, resolve(root, path)).split("\\").join("/");
  made[name] = createHash("sha256").update(readFileSync(resolve(root, path))).digest("hex");
}
const manifest = JSON.stringify({ entries, sources: made }, null, 1);
writeFileSync(join(out, DIST, "manifest.json"), `${manifest}\n`);
const count = Object.keys(built.metafile.outputs).length;
console.log(`${relative(process.cwd(), join(out, DIST))}: ${count} files and manifest.json`);
