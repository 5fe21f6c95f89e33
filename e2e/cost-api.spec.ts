// The cost and profiles API against the real launcher on a temp project of raw-server fixtures: the
// CostReport per client and profile, the profiles overview with its suggestions and the file's problems,
// errors in the one shape, and Anthropic's count on demand against a fake Messages API on 127.0.0.1
// (the launch environment's key and base URL), which records every body it is sent.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "@playwright/test";

import { E2E_TOKEN } from "../playwright.config";
import { makeToolsFileServer, rawServerCommand } from "./fixtures/fixture-servers";
import { startFakeCountApi, startTempLauncher } from "./fixtures/temp-launcher";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };
const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } });

let dir: string;
let launcher: Awaited<ReturnType<typeof startTempLauncher>> | undefined;
let base: string;
let fake: Awaited<ReturnType<typeof startFakeCountApi>>;

test.beforeAll(async () => {
  fake = await startFakeCountApi();

  dir = mkdtempSync(join(tmpdir(), "mcp-fleet-cost-api-"));
  const project = join(dir, "project");
  mkdirSync(project);
  const github = makeToolsFileServer(dir, [tool("create_issue", "Create a GitHub issue."), tool("search_code", "Search code.")], { name: "github" });
  const linear = makeToolsFileServer(dir, [tool("create_issue", "Create a Linear issue.")], { name: "linear" });
  const web = makeToolsFileServer(dir, [tool("fetch", "Fetch a URL.")], { name: "web" });
  const config = join(project, ".mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { github: rawServerCommand(github.specPath), linear: rawServerCommand(linear.specPath), web: rawServerCommand(web.specPath) } }));
  writeFileSync(join(project, "mcp-fleet.json"), '{\n  "version": 1,\n  "profiles": {\n    "docs": { "servers": ["github", "web"] },\n    "review": { "servers": ["github", "linear", "jira"] }\n  }\n}\n');

  launcher = await startTempLauncher(config, dir, { ANTHROPIC_API_KEY: "sk-ant-e2e-fake", ANTHROPIC_BASE_URL: fake.url });
  base = launcher.base;
  await expect
    .poll(async () => ((await (await fetch(`${base}/api/fleet`, { headers: AUTH })).json()) as { servers: { status: string }[] }).servers.map((s) => s.status), { timeout: 30_000 })
    .toEqual(["ready", "ready", "ready"]);
});

test.afterAll(async () => {
  await launcher?.stop();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, { headers: AUTH });
  return { status: response.status, body: await response.json() };
}

test("GET /api/cost: the whole fleet for Claude Code, deferred by default, with its heaviest tools", async () => {
  const { status, body } = await get("/api/cost");
  expect(status).toBe(200);
  expect(body).toMatchObject({ client: { id: "claude-code" }, profile: null, tokens: { kind: "estimate" }, loading: { applies: "deferred" } });
  expect(body.servers.map((s: { serverId: string; tools: number }) => [s.serverId, s.tools])).toEqual([
    ["github", 2],
    ["linear", 1],
    ["web", 1],
  ]);
  expect(body.heaviest.tools).toHaveLength(4);
  expect(body.total.upFront.tokens).toBeLessThan(body.total.loaded.tokens);
});

test("GET /api/cost for a profile and Codex: only its servers, exact o200k tokens", async () => {
  const { status, body } = await get("/api/cost?client=codex&profile=docs");
  expect(status).toBe(200);
  expect(body).toMatchObject({ client: { id: "codex" }, profile: "docs", tokens: { kind: "exact", encoding: "o200k_base", model: "gpt-6.1-sol" } });
  expect(body.tools.map((t: { name: string }) => t.name)).toEqual(["mcp__github__create_issue", "mcp__github__search_code", "mcp__web__fetch"]);
});

test("bad input is the one error shape", async () => {
  expect(await get("/api/cost?profile=nope")).toMatchObject({ status: 404, body: { code: "not_found:profiles", message: expect.stringContaining('no profile "nope"') } });
  expect(await get("/api/cost?client=cursor")).toMatchObject({ status: 400, body: { code: "bad_request:cost" } });
  expect(await get("/api/cost?profile=../x")).toMatchObject({ status: 400, body: { code: "bad_request:cost" } });
  const unauthorized = await fetch(`${base}/api/cost`);
  expect(unauthorized.status).toBe(401);
});

test("GET /api/profiles: each profile's own fleet, the unknown id at its place, the suggestions with what they save", async () => {
  const { status, body } = await get("/api/profiles");
  expect(status).toBe(200);
  expect(body.problems).toEqual([expect.objectContaining({ code: "profiles:unknown-server", serverId: "jira", line: 5, column: 49 })]);
  const byName = Object.fromEntries(body.profiles.map((p: { name: string }) => [p.name, p]));
  expect(byName.docs).toMatchObject({ servers: ["github", "web"], collisions: [], resolved: ["create_issue"], tools: 3 });
  expect(byName.review).toMatchObject({ unknown: ["jira"], collisions: ["create_issue"] });
  expect(byName.docs.fleetHash).not.toBe(body.fleet.fleetHash);
  expect(body.suggestions.map((s: { servers: string[] }) => s.servers)).toEqual([
    ["github", "web"],
    ["linear", "web"],
  ]);
  expect(body.suggestions[0].saves.of).toBe(body.fleet.cost.upFront);
});

test("POST /api/cost/count: Anthropic's count on demand, only the tool definitions sent", async () => {
  expect(fake.recorded).toEqual([]);
  const response = await fetch(`${base}/api/cost/count`, { method: "POST", headers: { ...AUTH, "content-type": "application/json" }, body: JSON.stringify({ client: "agent-sdk", profile: "docs" }) });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.tokens).toMatchObject({ kind: "counted", model: "claude-opus-5-5" });
  expect(body.total.loaded.tokens).toBe(346 + 3 * 40);
  expect(body.tools.map((t: { loaded: { tokens: number } }) => t.loaded.tokens)).toEqual([40, 40, 40]);
  expect(fake.recorded.map((r) => r.url)).toEqual(Array.from({ length: 5 }, () => "/v1/messages/count_tokens"));
  expect(fake.recorded.map((r) => Object.keys(r.body).sort().join(","))).toEqual(["messages,model", "messages,model,tools", "messages,model,tools", "messages,model,tools", "messages,model,tools"]);

  const codex = await fetch(`${base}/api/cost/count`, { method: "POST", headers: { ...AUTH, "content-type": "application/json" }, body: JSON.stringify({ client: "codex" }) });
  expect(codex.status).toBe(400);
  expect(await codex.json()).toMatchObject({ code: "bad_request:cost", message: expect.stringContaining("exact already") });
  expect(fake.recorded).toHaveLength(5);
});
