// An MCP server over stdio that registers every builtin tool with its generated Zod
// schema and lists the contracts' own schemas, as the README says (tests/e2e/test_ts_consumer.py
// compiles it with tsc and runs it with node). A call answers with the arguments the
// handler received.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { inputSchemas, mcpTools, toolDescriptors, toolNames, type ToolName } from "toolcanon-tools";
import type { z } from "zod";

const server = new McpServer({ name: "builtin", version: "0.0.0" });

// One handler for every tool, so it takes the arguments as unknown (a single tool's
// registration gets its input type: see consumer.ts).
function register(name: ToolName): void {
  const tool = toolDescriptors[name];
  const inputSchema: z.ZodType<unknown> = inputSchemas[name];
  const config = { title: tool.title, description: tool.description, inputSchema };
  server.registerTool(tool.toolName, { ...config, annotations: tool.annotations }, async (args) => {
    const text = JSON.stringify({ handled: name, args });
    // The listing gives read_file an outputSchema, so clients expect structured content.
    const read = { content: text, startLine: 1, totalLines: 1, truncated: false };
    return { content: [{ type: "text", text }], ...(name === "read_file" ? { structuredContent: read } : {}) };
  });
}

for (const name of toolNames) {
  if (toolDescriptors[name].server === null) register(name);
}
// McpServer lists what Zod's toJSONSchema makes of a ZodObject, and an empty object for
// any other validator; the generated list is the contract's schema exactly.
server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools.builtin }));
await server.connect(new StdioServerTransport());
