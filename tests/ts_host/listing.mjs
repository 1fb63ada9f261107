import { mcpTools } from "./pkg/index.js";

console.log(JSON.stringify(mcpTools));
