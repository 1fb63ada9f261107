// Bench helper for bench/zod_emit.py: in this one Node process, time
//   - json-schema-to-zod's jsonSchemaToZod() (JavaScript text, like ours) over every schema,
//   - Zod's own z.fromJSONSchema() (schema objects at run time) over every schema,
//   - importing the module toolcanon generated (building its schema objects).
// usage: node zod_all.mjs <schemas.json> <generated module> <repeat>
// prints {"jsonSchemaToZod": ms, "fromJSONSchema": ms, "importOurs": ms, "failures": {...}}
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { jsonSchemaToZod } from "json-schema-to-zod";
import { z } from "zod";

const [input, generated, repeat] = process.argv.slice(2);
const schemas = JSON.parse(readFileSync(input, "utf8")).map((item) => item.schema);

function best(action) {
  let fastest = Infinity;
  let failures = 0;
  for (let run = 0; run < Number(repeat); run += 1) {
    const start = performance.now();
    failures = action();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return [fastest, failures];
}

function each(convert) {
  let failures = 0;
  for (const schema of schemas) {
    try {
      convert(schema);
    } catch {
      failures += 1;
    }
  }
  return failures;
}

const [text, textFailures] = best(() => each((schema) => jsonSchemaToZod(schema, { module: "esm" })));
const [runtime, runtimeFailures] = best(() => each((schema) => z.fromJSONSchema(schema)));
const start = performance.now();
await import(pathToFileURL(generated).href);
const importOurs = performance.now() - start;
console.log(
  JSON.stringify({
    jsonSchemaToZod: text,
    fromJSONSchema: runtime,
    importOurs,
    failures: { jsonSchemaToZod: textFailures, fromJSONSchema: runtimeFailures },
  })
);
