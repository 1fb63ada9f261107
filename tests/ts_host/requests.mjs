// toolRequest of every list, mode and host, and the SDKs sending the restricting ones to
// recording servers, two modes each (tests/e2e/test_tool_request.py).
import OpenAI from "openai";
import { GoogleGenAI } from "@google/genai";
import { toolRequest } from "./generated/typescript/index.js";

const urls = JSON.parse(process.argv[2]);
const out = {};
const providers = ["openai-chat", "openai-responses", "gemini", "anthropic", "bedrock", "mcp"];
for (const provider of providers) {
  for (const mode of ["plan", "default", "auto"]) {
    for (const host of [undefined, "kiosk"]) {
      out[`${provider} ${mode} ${host ?? ""}`] = toolRequest(provider, mode, host);
    }
  }
}
const first = toolRequest("openai-chat", "plan");
first.tools.pop();
first.tool_choice.allowed_tools.tools.length = 0;
out.again = toolRequest("openai-chat", "plan");
out.frozen = Object.isFrozen(out.again.tools[0]) && !Object.isFrozen(out.again.tool_choice);
out.errors = [];
for (const args of [["gemini", "later"], ["cohere", "plan"], ["gemini", "plan", "laptop"]]) {
  try {
    toolRequest(...args);
  } catch (error) {
    out.errors.push(error.message);
  }
}
const openai = (url) => new OpenAI({ apiKey: "fake", baseURL: url, maxRetries: 0 });
for (const mode of ["plan", "auto"]) {
  const messages = [{ role: "user", content: "hi" }];
  await openai(urls[`openai-chat ${mode}`]).chat.completions.create({
    model: "gpt-test",
    messages,
    ...toolRequest("openai-chat", mode),
  });
  await openai(urls[`openai-responses ${mode}`]).responses.create({
    model: "gpt-test",
    input: "hi",
    ...toolRequest("openai-responses", mode),
  });
  const gemini = new GoogleGenAI({ apiKey: "fake", httpOptions: { baseUrl: urls[`gemini ${mode}`] } });
  await gemini.models.generateContent({
    model: "gemini-test",
    contents: "hi",
    config: toolRequest("gemini", mode),
  });
}
console.log(JSON.stringify(out));
