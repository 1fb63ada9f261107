// The host kit as a TypeScript app uses it (tests/e2e/test_host_kit_ts.py compiles it with
// tsc --strict): handlers typed by their contracts, each SDK's call handed to dispatch as
// the SDK types it, and each result going where that SDK takes it, with no cast.
import type { ToolResultBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import type { ContentBlock } from "@aws-sdk/client-bedrock-runtime";
import type { Part } from "@google/genai";
import type { CallToolRequest, CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type {
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  ResponseFunctionToolCall,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { createToolHost, type ToolHandlers } from "toolcanon-tools";

export const host = createToolHost({
  mode: "default",
  allowUnhandled: true,
  handlers: {
    // outputSchema: the handler returns the contract's structured result
    read_file: async (input, ctx) => ({
      content: `${input.path} ${ctx.callId ?? ""}`,
      startLine: input.offset ?? 1,
      totalLines: 1,
      truncated: false,
    }),
    // no outputSchema: text, or text blocks
    write_file: (input) => `wrote ${input.content.length} characters to ${input.path}`,
  },
});

export const wrongInput: ToolHandlers = {
  // @ts-expect-error read_file's input has `path`, not `file_path`
  read_file: (input: { file_path: string }) => ({
    content: input.file_path,
    startLine: 1,
    totalLines: 1,
    truncated: false,
  }),
};

export const wrongResult: ToolHandlers = {
  // @ts-expect-error read_file's outputSchema needs startLine, totalLines and truncated
  read_file: () => ({ content: "text" }),
};

export const unknownName: ToolHandlers = {
  // @ts-expect-error no tool is called reed_file
  reed_file: () => "text",
};

export async function answer(
  chat: ChatCompletionMessageFunctionToolCall,
  responses: ResponseFunctionToolCall,
  claude: ToolUseBlock,
  gemini: Part,
  bedrock: ContentBlock.ToolUseMember,
  mcp: CallToolRequest["params"],
): Promise<void> {
  const chatResult: ChatCompletionToolMessageParam = await host.dispatch("openai-chat", chat);
  const responsesResult: ResponseInputItem = await host.dispatch("openai-responses", responses);
  const claudeResult: ToolResultBlockParam = await host.dispatch("anthropic", claude);
  const geminiResult: Part = await host.dispatch("gemini", gemini);
  const bedrockResult: ContentBlock = await host.dispatch("bedrock", bedrock);
  const mcpResult: CallToolResult = await host.dispatch("mcp", mcp);
  const parallel: ChatCompletionToolMessageParam[] = await host.dispatchAll("openai-chat", [chat]);
  console.log(chatResult, responsesResult, claudeResult, geminiResult, bedrockResult, mcpResult, parallel);
}
