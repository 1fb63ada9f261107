// Bench helper for bench/zod_emit.py --agreement: the verdicts of json-schema-to-zod's
// generated code and of Zod's z.fromJSONSchema on given instances.
// usage: node zod_verdicts.mjs <cases.json>, cases: [{"schema": ..., "instances": [...]}]
// prints [{"jsonSchemaToZod": [bool|null...], "fromJSONSchema": [bool|null...]}]; null: the
// converter threw on this schema.
import { readFileSync } from "node:fs";
import { jsonSchemaToZod } from "json-schema-to-zod";
import { z } from "zod";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));

async function textConverter(schema) {
  const body = jsonSchemaToZod(schema, { module: "none" });
  return new Function("z", `return ${body};`)(z);
}

const verdicts = (schema, instances) => instances.map((item) => schema.safeParse(item).success);

const out = [];
for (const { schema, instances } of cases) {
  const row = {};
  for (const [name, convert] of [
    ["jsonSchemaToZod", textConverter],
    ["fromJSONSchema", async (s) => z.fromJSONSchema(s)],
  ]) {
    try {
      row[name] = verdicts(await convert(schema), instances);
    } catch {
      row[name] = instances.map(() => null);
    }
  }
  out.push(row);
}
console.log(JSON.stringify(out));
