// A TypeScript app that installed the generated package next to the official SDKs:
// every provider list goes to the SDK's own type without a cast, and a wrong shape
// does not compile. Checked by tests/e2e/test_ts_consumer.py with tsc --strict (nodenext).
import type Anthropic from "@anthropic-ai/sdk";
import type {
  Tool as ClaudeSdkTool,
  ToolUnion,
  ToolUseBlock,
} from "@anthropic-ai/sdk/resources/messages";
import type {
  Tool as BedrockSdkTool,
  ConverseCommandInput,
  ToolInputSchema,
} from "@aws-sdk/client-bedrock-runtime";
import type { FunctionDeclaration } from "@google/genai";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ListToolsResult, Tool as McpSdkTool } from "@modelcontextprotocol/sdk/types.js";
import type OpenAI from "openai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  Tool as ResponsesTool,
} from "openai/resources/responses/responses";
import { geminiOpenApiFunctionDeclarations } from "gemini-openapi-tools";
import {
  bedrockTools,
  claudeTools,
  geminiFunctionDeclarations,
  inputSchemas,
  mcpTools,
  openaiChatTools,
  openaiResponsesTools,
  parseArguments,
  toolsFor,
  type OpenAIChatTool,
  type ToolCall,
} from "toolcanon-tools";

export const chat: ChatCompletionTool[] = openaiChatTools;
export const chatFunctions: ChatCompletionFunctionTool[] = openaiChatTools;
export const responses: FunctionTool[] = openaiResponsesTools; // no contract names a namespace
export const responsesUnion: ResponsesTool[] = openaiResponsesTools;
export const claude: ClaudeSdkTool[] = claudeTools;
export const claudeUnion: ToolUnion[] = claudeTools;
export const mcp: McpSdkTool[] = mcpTools.builtin;
export const listing: ListToolsResult = { tools: mcpTools.github };
export const bedrock: BedrockSdkTool[] = bedrockTools;
export const gemini: FunctionDeclaration[] = geminiFunctionDeclarations;
export const geminiOpenApi: FunctionDeclaration[] = geminiOpenApiFunctionDeclarations;

// The lists where the SDKs take them: request parameters.
export const chatRequest: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
  model: "gpt-5",
  messages: [{ role: "user", content: "hi" }],
  tools: openaiChatTools,
};
export const responsesRequest: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
  model: "gpt-5",
  input: "hi",
  tools: openaiResponsesTools,
};
export const claudeRequest: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: "hi" }],
  tools: claudeTools,
};
export const converseRequest: ConverseCommandInput = {
  modelId: "anthropic.claude-sonnet-4-5",
  messages: [{ role: "user", content: [{ text: "hi" }] }],
  toolConfig: { tools: bedrockTools },
};

// A mode's list on a host goes where the full list goes: the same element types.
export const planRequest: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: "hi" }],
  tools: toolsFor("plan", "anthropic", "desktop"),
};
export const autoChat: ChatCompletionTool[] = toolsFor("auto", "openai-chat");
export const planResponses: FunctionTool[] = toolsFor("plan", "openai-responses", "desktop");
export const defaultMcp: McpSdkTool[] = toolsFor("default", "mcp")["builtin"] ?? [];
// @ts-expect-error a host the package does not know
export const unknownHost = toolsFor("plan", "anthropic", "laptop");

// The validators where the MCP SDK takes them: the callback gets the tool's input type.
export function register(server: McpServer): void {
  server.registerTool("read_file", { inputSchema: inputSchemas.read_file }, async (args) => {
    const path: string = args.path;
    const limit: number | null | undefined = args.limit;
    return { content: [{ type: "text", text: `${path} ${String(limit)}` }] };
  });
}

// The calls the SDKs hand back, read as they come: a typed call or an ArgumentsError.
export function fromChat(call: ChatCompletionMessageFunctionToolCall): ToolCall {
  return parseArguments(call.function.name, call.function.arguments, "openai");
}
export function fromResponses(call: ResponseFunctionToolCall): ToolCall {
  return parseArguments(call.name, call.arguments, "openai");
}
export function fromClaude(block: ToolUseBlock): string {
  const call = parseArguments(block.name, block.input, "anthropic");
  return call.name === "read_file" ? call.input.path : call.name;
}

// One wrong shape per list: each must fail, or tsc reports the unused directive.
// @ts-expect-error a Chat Completions tool has no top-level name: not a Responses tool
export const wrongChat: FunctionTool[] = openaiChatTools;
// @ts-expect-error a Responses tool lacks the `function` envelope Chat Completions needs
export const wrongResponses: ChatCompletionFunctionTool[] = openaiResponsesTools;
// @ts-expect-error a Claude tool has input_schema, not MCP's inputSchema
export const wrongClaude: McpSdkTool[] = claudeTools;
// @ts-expect-error an MCP tool has inputSchema, not Claude's input_schema
export const wrongMcp: ClaudeSdkTool[] = mcpTools.builtin;
// @ts-expect-error a Bedrock tool wraps its spec in toolSpec: not a Gemini declaration
export const wrongBedrock: FunctionDeclaration[] = bedrockTools;
// @ts-expect-error a Gemini declaration has no toolSpec: not a Bedrock tool
export const wrongGemini: BedrockSdkTool[] = geminiFunctionDeclarations;
// Why the schemas are typed as JSON: Bedrock's document type refuses `unknown` values.
const looseSchema: { type: "object"; [key: string]: unknown } = { type: "object" };
// @ts-expect-error an `unknown` value is not a JSON document
export const wrongDocument: ToolInputSchema = { json: looseSchema };
// Why the lists are typed as mutable arrays: the SDKs refuse a readonly one.
const readonlyChat: readonly OpenAIChatTool[] = openaiChatTools;
// @ts-expect-error the SDK's type is a mutable array
export const wrongReadonly: ChatCompletionTool[] = readonlyChat;
