// Bundles the pinned Zod release into the single ES module the try-it page embeds.
// Run through `make vendor-zod`; the output is committed, the page never loads Zod
// from anywhere else. Same inputs, same bytes (esbuild is deterministic).
import { readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

// Run in a scratch copy of this folder (node_modules never lands in templates/);
// the argument is the folder the bundle and its licence go to.
const DEST = process.argv[2];
if (!DEST) throw new Error("usage: node build.mjs <templates/page/vendor folder>");
const OUT = `${DEST}/zod.min.js`;
const LICENSE_OUT = `${DEST}/zod.LICENSE.txt`;
const zod = JSON.parse(readFileSync("node_modules/zod/package.json", "utf8"));
const esbuild = JSON.parse(readFileSync("node_modules/esbuild/package.json", "utf8"));
const license = readFileSync("node_modules/zod/LICENSE", "utf8");

// z.locales would carry 40 translations (260 KB) the page never uses: only English,
// the locale Zod configures by default, stays.
const onlyEnglish = {
  name: "only-english-locale",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, () => ({ path: "en", namespace: "locales" }));
    build.onLoad({ filter: /.*/, namespace: "locales" }, () => ({
      contents: 'export { default as en } from "zod/v4/locales/en.js";',
      resolveDir: process.cwd(),
      loader: "js",
    }));
  },
};

const banner =
  `/*! zod ${zod.version} (${zod.license}), bundled by esbuild ${esbuild.version} with ` +
  `templates/page/vendor/recipe/build.mjs (z.locales: en only).\n${license.trim()}\n*/`;
const result = await build({
  entryPoints: ["entry.mjs"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  legalComments: "none",
  banner: { js: banner },
  plugins: [onlyEnglish],
  write: false,
});
writeFileSync(OUT, result.outputFiles[0].text);
writeFileSync(LICENSE_OUT, license);
console.log(`${OUT}: zod ${zod.version}, ${result.outputFiles[0].text.length} bytes`);
