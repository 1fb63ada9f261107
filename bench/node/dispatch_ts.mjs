// What TypeScript dispatch costs beyond parseArguments and the handler (bench/dispatch_ts.py
// runs it next to a package built from synthetic tools). Prints JSON: µs per call.
import { createToolHost, decide, parseArguments, toolDescriptors, toolNames } from "./pkg/index.js";

const ROUNDS = Number(process.argv[2] ?? 25);
const CALLS = 20000;
const handler = () => "done";

// The first tool that `{}` is valid for and that auto mode allows: no confirm in the way.
const tool = toolNames.find((name) => {
  if (decide(toolDescriptors[name], "auto") !== "allow") return false;
  try {
    parseArguments(toolDescriptors[name].providerName, "{}", "openai");
    return true;
  } catch {
    return false;
  }
});
const name = toolDescriptors[tool].providerName;
const host = createToolHost({ mode: "auto", allowUnhandled: true, handlers: { [tool]: handler } });
const call = { id: "call_1", type: "function", function: { name, arguments: "{}" } };

const works = {
  "parseArguments + handler": async () => handler(parseArguments(name, "{}", "openai").input),
  dispatch: () => host.dispatch("openai-chat", call),
};

async function perCall(work) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) await work();
  return Number(process.hrtime.bigint() - start) / 1000 / CALLS;
}

const times = Object.fromEntries(Object.keys(works).map((key) => [key, []]));
for (let round = 0; round <= ROUNDS; round += 1) {
  for (const [key, work] of Object.entries(works)) {
    const micros = await perCall(work);
    if (round > 0) times[key].push(micros); // round 0 warms up
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ tool, tools: toolNames.length, ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) }));
