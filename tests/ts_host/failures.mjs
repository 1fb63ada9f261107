// Every failure class for every provider (tests/e2e/test_host_kit_ts.py runs it).
import { createToolHost, ResultError } from "./pkg/index.js";

const wire = {
  "openai-chat": (id, name, args) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } }),
  "openai-responses": (id, name, args) => ({ type: "function_call", id: "fc", call_id: id, name, arguments: JSON.stringify(args) }),
  anthropic: (id, name, args) => ({ type: "tool_use", id, name, input: args }),
  gemini: (id, name, args) => ({ functionCall: { id, name, args } }),
  bedrock: (id, name, args) => ({ toolUse: { toolUseId: id, name, input: args } }),
  mcp: (id, name, args) => ({ name, arguments: args }),
};
const handlers = {
  look: (input) => (input.path === "bad" ? { text: 1 } : { text: input.path, lines: 1 }),
  change: () => "changed",
  explode: () => { throw new RangeError("out of range"); },
};
const hosts = {
  default: createToolHost({ mode: "default", handlers }),
  plan: createToolHost({ mode: "plan", handlers, allowUnhandled: true }),
  no: createToolHost({ mode: "default", handlers, confirm: () => false }),
  yes: createToolHost({ mode: "default", handlers, confirm: (r) => r.tool === "change" && r.callId !== "x" }),
};
const cases = {
  ok: ["default", "look", { path: "a" }],
  unknown_tool: ["default", "lok", { path: "a" }],
  invalid_arguments: ["default", "look", { path: 3, nope: true }],
  denied: ["plan", "explode", {}],
  declined: ["default", "change", { path: "a" }],
  declined_by_confirm: ["no", "change", { path: "a" }],
  confirmed: ["yes", "change", { path: "a" }],
  handler_error: ["default", "explode", {}],
};
const out = {};
for (const provider of Object.keys(wire)) {
  out[provider] = {};
  for (const [key, [host, name, args]] of Object.entries(cases)) {
    out[provider][key] = await hosts[host].dispatch(provider, wire[provider]("c1", name, args));
  }
  try {
    await hosts.default.dispatch(provider, wire[provider]("c1", "look", { path: "bad" }));
    out[provider].invalid_result = "sent";
  } catch (error) {
    out[provider].invalid_result = { error: error instanceof ResultError, message: error.message };
  }
}
const order = await hosts.default.dispatchAll("anthropic", ["a", "b", "c"].map((p) => wire.anthropic(p, "look", { path: p })));
let unhandled = null;
try { createToolHost({ mode: "default", handlers: { look: handlers.look } }); } catch (error) { unhandled = error.message; }
console.log(JSON.stringify({ out, order, unhandled }));
