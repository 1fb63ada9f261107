// The host loop with each real SDK against recording servers (tests/e2e/test_host_kit_ts.py).
import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { BedrockRuntimeClient, ConverseCommand } from "@aws-sdk/client-bedrock-runtime";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { createToolHost, openaiChatTools, openaiResponsesTools, claudeTools, geminiFunctionDeclarations, bedrockTools } from "./pkg/index.js";

const urls = JSON.parse(process.argv[2]);
const host = createToolHost({ mode: "default", allowUnhandled: true, handlers: { look: (input) => ({ text: input.path, lines: 2 }) } });
const out = {};
const user = "read notes.txt";

const openai = (url) => new OpenAI({ apiKey: "fake", baseURL: url, maxRetries: 0 });
{
  const client = openai(urls["openai-chat"]);
  const messages = [{ role: "user", content: user }];
  const first = await client.chat.completions.create({ model: "gpt-test", messages, tools: openaiChatTools });
  const message = first.choices[0].message;
  const results = await host.dispatchAll("openai-chat", message.tool_calls);
  await client.chat.completions.create({ model: "gpt-test", messages: [...messages, message, ...results], tools: openaiChatTools });
  out["openai-chat"] = results;
}
{
  const client = openai(urls["openai-responses"]);
  const first = await client.responses.create({ model: "gpt-test", input: user, tools: openaiResponsesTools });
  const calls = first.output.filter((item) => item.type === "function_call");
  const results = await host.dispatchAll("openai-responses", calls);
  await client.responses.create({ model: "gpt-test", previous_response_id: first.id, input: results, tools: openaiResponsesTools });
  out["openai-responses"] = results;
}
{
  const client = new Anthropic({ apiKey: "fake", baseURL: urls.anthropic, maxRetries: 0 });
  const messages = [{ role: "user", content: user }];
  const params = { model: "claude-test", max_tokens: 100, tools: claudeTools };
  const first = await client.messages.create({ ...params, messages });
  const results = await host.dispatchAll("anthropic", first.content.filter((block) => block.type === "tool_use"));
  await client.messages.create({ ...params, messages: [...messages, { role: "assistant", content: first.content }, { role: "user", content: results }] });
  out.anthropic = results;
}
{
  const client = new GoogleGenAI({ apiKey: "fake", httpOptions: { baseUrl: urls.gemini } });
  const config = { tools: [{ functionDeclarations: geminiFunctionDeclarations }] };
  const contents = [{ role: "user", parts: [{ text: user }] }];
  const first = await client.models.generateContent({ model: "gemini-test", contents, config });
  const model = first.candidates[0].content;
  const results = await host.dispatchAll("gemini", model.parts.filter((part) => part.functionCall));
  await client.models.generateContent({ model: "gemini-test", contents: [...contents, model, { role: "user", parts: results }], config });
  out.gemini = results;
}
{
  const client = new BedrockRuntimeClient({ region: "us-east-1", endpoint: urls.bedrock, maxAttempts: 1, requestHandler: new NodeHttpHandler(), credentials: { accessKeyId: "fake", secretAccessKey: "fake" } });
  const toolConfig = { tools: bedrockTools };
  const messages = [{ role: "user", content: [{ text: user }] }];
  const first = await client.send(new ConverseCommand({ modelId: "anthropic.claude-test", messages, toolConfig }));
  const message = first.output.message;
  const results = await host.dispatchAll("bedrock", message.content.filter((block) => block.toolUse));
  await client.send(new ConverseCommand({ modelId: "anthropic.claude-test", messages: [...messages, message, { role: "user", content: results }], toolConfig }));
  out.bedrock = results;
}
console.log(JSON.stringify(out));
