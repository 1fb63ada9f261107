// Plain Node against the installed package: no build step, no TypeScript.
import {
  decide,
  inputSchemas,
  mcpTools,
  openaiChatTools,
  toolDescriptors,
  toolNames,
} from "toolcanon-tools";

const parsed = inputSchemas.read_file.safeParse({ path: "/tmp/a", limit: 1.5, extra: true });
console.log(
  JSON.stringify({
    names: toolNames,
    decision: decide(toolDescriptors.read_file, "plan"),
    valid: inputSchemas.read_file.safeParse({ path: "/tmp/a" }).success,
    issues: parsed.error.issues.map((issue) => [issue.code, issue.path]),
    chat: openaiChatTools.map((tool) => tool.function.name),
    servers: Object.keys(mcpTools),
    frozen: Object.isFrozen(toolDescriptors.read_file.inputSchema.properties),
  }),
);
