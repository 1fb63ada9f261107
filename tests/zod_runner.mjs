// Runs generated Zod schemas on JSON instances for tests/unit/emit/typescript/zod/test_agreement.py.
// One process serves a whole test session: each stdin line is a request
//   {"module": "<absolute path of a generated module>", "name": "<key of inputSchemas>",
//    "instances": [<JSON value>, ...]}
// and gets one stdout line back:
//   {"results": [{"ok": bool, "same": bool, "issues": [{"path": [...], "code": "...", "message": "..."}]}]}
// `same`: for an accepted instance, whether parse() returned a value equal to the
// input (JSON equality, own keys only). A failure of the runner itself is {"error": "..."}.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function run(schema, instance) {
  const result = schema.safeParse(instance);
  if (result.success) return { ok: true, same: canonical(result.data) === canonical(instance), issues: [] };
  const issues = result.error.issues.map(({ path, code, message }) => ({ path, code, message }));
  return { ok: false, same: false, issues };
}

const modules = new Map();
for await (const line of createInterface({ input: process.stdin })) {
  let reply;
  try {
    const request = JSON.parse(line);
    if (!modules.has(request.module)) {
      modules.set(request.module, await import(pathToFileURL(request.module).href));
    }
    const schema = modules.get(request.module).inputSchemas[request.name];
    reply = { results: request.instances.map((instance) => run(schema, instance)) };
  } catch (error) {
    reply = { error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
