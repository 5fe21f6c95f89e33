/**
 * The Claude count against a fake Messages API on 127.0.0.1 (never the network): exactly what is sent
 * (the tool definitions and "." and nothing else, the key in its Authorization header), and what is derived from the
 * answers (each tool alone, the framing the API adds once per request, the announcement).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { anthropicCredentials, countClaudeTokens } from "./claude-count";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: unknown }[]; tools?: { name: string }[] };
}

const FRAMING = 346;
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: (body: Seen["body"]) => { status: number; json: unknown } = () => ({ status: 200, json: {} });

// A fake that counts like the API in shape: the message, plus each tool, plus a fixed framing when tools are present.
const toolTokens = (tool: unknown) => Math.ceil(JSON.stringify(tool).length / 10);
const contentTokens = (content: unknown) => (typeof content === "string" ? content.length : (content as { text: string }[]).reduce((n, b) => n + b.text.length, 0));
const realistic = (body: Seen["body"]) => ({
  status: 200,
  json: { input_tokens: 2 + contentTokens(body.messages[0].content) + (body.tools ? FRAMING + body.tools.reduce((n, t) => n + toolTokens(t), 0) : 0) },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as Seen["body"];
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const { status, json } = answer(body);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = realistic;
});

const TOOLS = [
  { name: "mcp__github__create_issue", description: "Create an issue.", input_schema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
  { name: "mcp__linear__search", description: "Search issues.", input_schema: { type: "object", properties: { q: { type: "string" } } } },
  { name: "mcp__web__fetch", description: "Fetch a URL.", input_schema: { type: "object", properties: { url: { type: "string" } } } },
];

test("sends the tools as they are and the minimal message, nothing else", async () => {
  const result = await countClaudeTokens({ apiKey: "sk-ant-test-key", baseURL: base, model: "claude-opus-5-5", tools: TOOLS, concurrency: 1 });
  expect(seen.map((s) => [s.method, s.url])).toEqual(Array.from({ length: 5 }, () => ["POST", "/v1/messages/count_tokens"]));
  // SDK 1.x sends the key as a bearer token.
  expect(seen.map((s) => s.headers.authorization)).toEqual(Array.from({ length: 5 }, () => "Bearer sk-ant-test-key"));
  const message = [{ role: "user", content: "." }];
  expect(seen.map((s) => s.body)).toEqual([
    { model: "claude-opus-5-5", messages: message },
    { model: "claude-opus-5-5", messages: message, tools: TOOLS },
    ...TOOLS.map((tool) => ({ model: "claude-opus-5-5", messages: message, tools: [tool] })),
  ]);
  expect(result).toEqual({
    model: "claude-opus-5-5",
    baseline: 3,
    withTools: 3 + FRAMING + TOOLS.reduce((n, t) => n + toolTokens(t), 0),
    perTool: Object.fromEntries(TOOLS.map((t) => [t.name, toolTokens(t)])),
    framing: FRAMING,
    announcement: null,
    requests: 5,
  });
});

test("the deferred announcement is counted as message text, after the minimal message", async () => {
  const announcement = "The following deferred tools are now available via ToolSearch.\nmcp__web__fetch";
  const result = await countClaudeTokens({ apiKey: "k", baseURL: base, model: "m", tools: [TOOLS[2]], announcement });
  expect(seen.at(-1)!.body).toEqual({ model: "m", messages: [{ role: "user", content: [{ type: "text", text: "." }, { type: "text", text: announcement }] }] });
  expect(result.announcement).toBe(announcement.length);
  expect(result.framing).toBeNull();
  expect(result.perTool).toEqual({ mcp__web__fetch: toolTokens(TOOLS[2]) + FRAMING });
});

test.each([
  [401, { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }, "bad_request:count", "Anthropic refused the key in ANTHROPIC_API_KEY (401)"],
  [404, { type: "error", error: { type: "not_found_error", message: "model: nope" } }, "bad_request:count", "does not know the model nope"],
  [400, { type: "error", error: { type: "invalid_request_error", message: "tools.0.input_schema: bad" } }, "unavailable:count", "answered 400"],
])("an API error %i is one clear message, the key never in it", async (status, json, code, words) => {
  answer = () => ({ status, json });
  const error = (await countClaudeTokens({ apiKey: "sk-ant-secret-key", baseURL: base, model: "nope", tools: TOOLS }).then(
    () => new Error("no error"),
    (e: unknown) => e,
  )) as Error & { code: string };
  expect(error.code).toBe(code);
  expect(error.message).toContain(words);
  expect(error.message).not.toContain("sk-ant-secret-key");
});

test("no key, no count: the credentials come from the environment only", () => {
  expect(anthropicCredentials({})).toBeNull();
  expect(anthropicCredentials({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" })).toEqual({ apiKey: "k", baseURL: "http://127.0.0.1:9" });
});
