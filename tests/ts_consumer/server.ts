// An MCP server over stdio that registers every builtin tool with its generated Zod
// schema (tests/test_ts_consumer.py compiles it with tsc and runs it with node). A call
// answers with the arguments the handler received.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { inputSchemas, toolDescriptors, toolNames, type ToolName } from "toolcanon-tools";
import type { z } from "zod";

const server = new McpServer({ name: "builtin", version: "0.0.0" });

// One handler for every tool, so it takes the arguments as unknown (a single tool's
// registration gets its input type: see consumer.ts).
function register(name: ToolName): void {
  const tool = toolDescriptors[name];
  const inputSchema: z.ZodType<unknown> = inputSchemas[name];
  const config = { title: tool.title, description: tool.description, inputSchema };
  server.registerTool(tool.toolName, { ...config, annotations: tool.annotations }, async (args) => ({
    content: [{ type: "text", text: JSON.stringify({ handled: name, args }) }],
  }));
}

for (const name of toolNames) {
  if (toolDescriptors[name].server === null) register(name);
}
await server.connect(new StdioServerTransport());
