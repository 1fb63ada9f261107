// The builtin server of a generated package over stdio (tests/e2e/test_host_kit_ts.py).
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createToolHost } from "./pkg/index.js";

const host = createToolHost({
  mode: "default",
  allowUnhandled: true,
  handlers: { look: (input) => (input.path === "bad" ? { text: 1 } : { text: input.path, lines: 1 }) },
});
const server = await host.mcpServer("builtin");
await server.connect(new StdioServerTransport());
