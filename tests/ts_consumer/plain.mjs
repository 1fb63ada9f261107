// Plain Node against the installed package: no build step, no TypeScript.
import {
  decide,
  inputSchemas,
  mcpTools,
  openaiChatTools,
  parseArguments,
  toolDescriptors,
  toolNames,
} from "toolcanon-tools";

// What OpenAI strict mode sends for read_file: null for every optional property.
const sent = '{"path": "/tmp/a", "offset": null, "limit": null, "lineFormat": null}';
const call = parseArguments("read_file", sent, "openai");
const parsed = inputSchemas.read_file.safeParse({ path: "/tmp/a", limit: 1.5, extra: true });
console.log(
  JSON.stringify({
    names: toolNames,
    decision: decide(toolDescriptors.read_file, "plan"),
    call,
    valid: inputSchemas.read_file.safeParse({ path: "/tmp/a" }).success,
    issues: parsed.error.issues.map((issue) => [issue.code, issue.path]),
    chat: openaiChatTools.map((tool) => tool.function.name),
    servers: Object.keys(mcpTools),
    frozen: Object.isFrozen(toolDescriptors.read_file.inputSchema.properties),
  }),
);
