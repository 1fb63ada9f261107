// Bench helper: compile every schema of a JSON file with json-schema-to-typescript's
// compile(), in this one Node process, and report the time spent in compile() alone.
// usage: node compile_all.mjs <schemas.json> <out-dir> <format: true|false>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { compile } from "json-schema-to-typescript";

const [input, outDir, format] = process.argv.slice(2);
const items = JSON.parse(readFileSync(input, "utf8"));
const options = { format: format === "true", bannerComment: "" };
mkdirSync(outDir, { recursive: true });
const outputs = [];
const start = performance.now();
for (const { name, schema } of items) {
  outputs.push(await compile(schema, name, options));
}
const ms = performance.now() - start;
outputs.forEach((text, index) => writeFileSync(join(outDir, `t${index}.ts`), text));
console.log(JSON.stringify({ ms, count: items.length }));
