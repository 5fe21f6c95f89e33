/**
 * `mcp-fleet cost` and `mcp-fleet profiles`, and `--profile` on snapshot, tools, lock and check, as a user
 * runs them: the built bin started from a temp project holding `.mcp.json` with raw-server fixtures, HOME
 * in a temp folder. The Claude count goes to a fake Messages API on 127.0.0.1, which records every body.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { makeToolsFileServer, rawServerCommand, REPO_ROOT, writeToolsFile, type RawTool } from "@/e2e/fixtures/fixture-servers";
import type { CostReport } from "@/lib/cost";
import { codePoints, countO200k } from "@/lib/cost";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { ensureCliBuild } from "@/scripts/build-cli.mjs";
import { runBin, tempProject } from "../testing/run-bin";

const PLANTED = "ghp_PLANTEDsecretValue0123456789abcdef";

let root: string;
let project: string;
let home: string;
let linearTools: string;

const mcpFleet = (args: string[], extraEnv: Record<string, string> = {}) => runBin(args, { cwd: project, home, env: { GITHUB_TOKEN: PLANTED, ...extraEnv } });

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): RawTool => ({ name, description, inputSchema: { type: "object", properties } });

beforeAll(async () => {
  await ensureCliBuild({ root: REPO_ROOT, log: () => {} });
  ({ root, project, home } = tempProject("cost-bin-"));
  const github = makeToolsFileServer(root, [tool("create_issue", "Create a GitHub issue.", { repo: { type: "string" }, title: { type: "string" } }), tool("search_code", "Search code across repositories. ".repeat(20))], { name: "github" });
  const linear = makeToolsFileServer(root, [tool("create_issue", "Create a Linear issue.", { team: { type: "string" } }), tool("list_issues", "List issues.")], { name: "linear" });
  const web = makeToolsFileServer(root, [tool("fetch", "Fetch a URL.", { url: { type: "string" } })], { name: "web" });
  linearTools = linear.toolsFile;
  writeFileSync(
    path.join(project, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        github: { ...rawServerCommand(github.specPath), env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } },
        linear: rawServerCommand(linear.specPath),
        web: rawServerCommand(web.specPath),
      },
    }),
  );
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const profilesFile = () => path.join(project, "mcp-fleet.json");

describe.sequential("profiles and cost through the bin", () => {
  test("no profiles yet: list says how to make one; suggest proposes the collision-free sets with what each saves", async () => {
    const list = await mcpFleet(["profiles", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`no profiles in ${profilesFile()} (no file yet)`);

    const suggest = await mcpFleet(["profiles", "suggest", "--json"]);
    expect(suggest.code).toBe(0);
    const { suggestions, fleet } = JSON.parse(suggest.stdout) as { suggestions: { servers: string[]; keeps: unknown; saves: { tokens: number; of: number } }[]; fleet: { collisions: string[] } };
    expect(fleet.collisions).toEqual(["create_issue"]);
    expect(suggestions.map((s) => s.servers)).toEqual([
      ["github", "web"],
      ["linear", "web"],
    ]);
    expect(suggestions[0].keeps).toEqual([{ name: "create_issue", serverId: "github" }]);
    for (const s of suggestions) expect(s.saves.tokens).toBeGreaterThan(0);
  }, 60_000);

  test("profiles set: checks server ids, writes mcp-fleet.json; remove takes one away", async () => {
    const typo = await mcpFleet(["profiles", "set", "docs", "githb"]);
    expect(typo).toMatchObject({ code: 2, stdout: "" });
    expect(typo.stderr).toContain("mcp-fleet profiles: githb: no config of this fleet defines it; its servers are github, linear, web");
    expect(existsSync(profilesFile())).toBe(false);

    for (const [name, ...servers] of [["review", "github", "linear"], ["docs", "github", "web"], ["tmp", "web"]]) {
      const set = await mcpFleet(["profiles", "set", name, ...servers]);
      expect(set).toMatchObject({ code: 0, stdout: `wrote ${profilesFile()}: profile ${name}: ${servers.join(", ")}\n` });
    }
    expect((await mcpFleet(["profiles", "remove", "tmp"])).code).toBe(0);
    expect(JSON.parse(readFileSync(profilesFile(), "utf8"))).toEqual({ version: 1, profiles: { docs: { servers: ["github", "web"] }, review: { servers: ["github", "linear"] } } });
  }, 60_000);

  test("--profile on snapshot: only its servers, their own collisions and hash", async () => {
    const [whole, docs, review] = await Promise.all([mcpFleet(["snapshot", "--json"]), mcpFleet(["snapshot", "--profile", "docs", "--json"]), mcpFleet(["snapshot", "--profile", "review", "--json"])]);
    const [w, d, r] = [whole, docs, review].map((run) => JSON.parse(run.stdout) as FleetSnapshot);
    expect(d.servers.map((s) => s.id)).toEqual(["github", "web"]);
    expect(d.collisions).toEqual([]);
    expect(d.forward.create_issue).toEqual({ serverId: "github", originalName: "create_issue" });
    expect(r.collisions.map((c) => c.name)).toEqual(["create_issue"]);
    expect(new Set([w.fleetHash, d.fleetHash, r.fleetHash]).size).toBe(3);
    expect(docs.stderr).toContain(`profile docs: github, web (${profilesFile()})`);
  }, 60_000);

  test("cost: the whole array's size is the bytes tools --json prints; Codex tokens are o200k of the same text", async () => {
    for (const client of ["claude-code", "codex"]) {
      const [cost, tools] = await Promise.all([mcpFleet(["cost", "--profile", "docs", "--client", client, "--json"]), mcpFleet(["tools", "--profile", "docs", "--client", client, "--json"])]);
      expect(cost.code).toBe(0);
      const report = JSON.parse(cost.stdout) as CostReport;
      const sent = JSON.stringify(JSON.parse(tools.stdout));
      expect(report.profile).toBe("docs");
      expect(report.total.loaded.chars).toBe(codePoints(sent));
      expect(report.total.loaded.bytes).toBe(Buffer.byteLength(sent));
      expect(report.total.loaded.tokens).toBe(countO200k(sent));
      expect(report.tokens.kind).toBe(client === "codex" ? "exact" : "estimate");
    }
  }, 60_000);

  test("cost: ENABLE_TOOL_SEARCH from the project's settings decides what applies; the text names the heaviest tool", async () => {
    const deferred = await mcpFleet(["cost"]);
    expect(deferred.stdout).toContain("applies: deferred (names up front): ENABLE_TOOL_SEARCH is not set");
    expect(deferred.stdout).toMatch(/heaviest tools \(share of the tools in full\)\n {2}mcp__github__search_code +\d+ tokens +\d+\.\d%/);

    mkdirSync(path.join(project, ".claude"), { recursive: true });
    writeFileSync(path.join(project, ".claude", "settings.json"), JSON.stringify({ env: { ENABLE_TOOL_SEARCH: "false" } }));
    const eager = await mcpFleet(["cost", "--json"]);
    const report = JSON.parse(eager.stdout) as CostReport;
    expect(report.loading).toMatchObject({ applies: "loaded", reason: "ENABLE_TOOL_SEARCH=false (.claude/settings.json): every MCP tool is sent in full with each request" });
    expect(report.total.upFront).toEqual(report.total.loaded);
    expect(eager.stderr).toContain("ENABLE_TOOL_SEARCH=false (.claude/settings.json)");
    rmSync(path.join(project, ".claude"), { recursive: true });
  }, 60_000);

  test("lock --profile and check --profile: the profile's own lock file, and a profile that changed is drift", async () => {
    const lockFile = path.join(project, "mcp-fleet.review.lock.json");
    expect(await mcpFleet(["lock", "--profile", "review"])).toMatchObject({ code: 0, stdout: `wrote ${lockFile}: 2 servers, 4 tools\n` });
    const lock = JSON.parse(readFileSync(lockFile, "utf8")) as { profile: unknown; servers: Record<string, { tools: Record<string, { exposedName: string }> }> };
    expect(lock.profile).toEqual({ name: "review", servers: ["github", "linear"] });
    expect(lock.servers.github.tools.create_issue.exposedName).toBe("github__create_issue");
    expect(existsSync(path.join(project, "mcp-fleet.lock.json"))).toBe(false);

    expect(await mcpFleet(["check", "--profile", "review"])).toMatchObject({ code: 0, stdout: `no drift: the live fleet matches ${lockFile} (2 servers, 4 tools)\n` });

    await mcpFleet(["profiles", "set", "review", "github", "linear", "web"]);
    writeToolsFile(linearTools, [tool("create_issue", "Create a Linear issue.", { team: { type: "string" } }), tool("list_issues", "List issues, newest first.")]);
    const drift = await mcpFleet(["check", "--profile", "review"]);
    expect(drift.code).toBe(1);
    expect(drift.stdout.split("\n").filter(Boolean)).toEqual([
      "profile review: profile changed (added web)",
      expect.stringMatching(/^linear\/list_issues: description changed \([0-9a-f]{16} -> [0-9a-f]{16}\)$/),
      "web/fetch: tool added (exposed as fetch)",
    ]);
    await mcpFleet(["profiles", "set", "review", "github", "linear"]);
  }, 90_000);

  test("profiles export: a file Claude Code loads alone, references kept and the planted secret absent; Codex's snippet parses", async () => {
    const claude = await mcpFleet(["profiles", "export", "review", "--client", "claude-code", "--write", "review.mcp.json"]);
    expect(claude).toMatchObject({ code: 0, stdout: `wrote ${path.join(project, "review.mcp.json")}\n` });
    expect(claude.stderr).toContain("use it with: claude --mcp-config review.mcp.json --strict-mcp-config");
    const text = readFileSync(path.join(project, "review.mcp.json"), "utf8");
    expect(text).not.toContain(PLANTED);
    expect(Object.keys(JSON.parse(text).mcpServers)).toEqual(["github", "linear"]);
    expect(JSON.parse(text).mcpServers.github.env).toEqual({ GITHUB_TOKEN: "${GITHUB_TOKEN}" });

    const again = await mcpFleet(["profiles", "export", "review", "--client", "claude-code", "--write", "review.mcp.json"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("exists; nothing was written");

    const codex = await mcpFleet(["profiles", "export", "docs", "--client", "codex"]);
    expect(codex.code).toBe(0);
    expect(codex.stdout).not.toContain(PLANTED);
    const toml = parseToml(codex.stdout) as { mcp_servers: Record<string, { enabled: boolean; env_vars?: string[] }> };
    expect(Object.entries(toml.mcp_servers).map(([id, t]) => [id, t.enabled])).toEqual([
      ["github", true],
      ["web", true],
    ]);
    expect(toml.mcp_servers.github.env_vars).toEqual(["GITHUB_TOKEN"]);
  }, 60_000);

  test("cost --count-with-api: only the tool definitions go to the (fake) Messages API, and the report says it counted", async () => {
    const bodies: { url: string; body: { model: string; messages: unknown; tools?: { name: string }[] } }[] = [];
    const server: Server = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk));
      req.on("end", () => {
        const body = JSON.parse(text);
        bodies.push({ url: req.url!, body });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ input_tokens: 5 + (body.tools ? 300 + body.tools.length * 50 : 0) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await mcpFleet(["cost", "--profile", "docs", "--client", "agent-sdk", "--count-with-api", "--model", "claude-test", "--json"], { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: url });
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as CostReport;
      expect(report.tokens).toMatchObject({ kind: "counted", model: "claude-test" });
      expect(report.tools.map((t) => [t.name, t.loaded.tokens])).toEqual([
        ["create_issue", 50],
        ["fetch", 50],
        ["search_code", 50],
      ]);
      expect(report.total.loaded.tokens).toBe(300 + 3 * 50);
      expect(bodies.every((b) => b.url === "/v1/messages/count_tokens")).toBe(true);
      expect(bodies.map((b) => b.body.tools?.map((t) => t.name) ?? [])).toEqual([[], ["create_issue", "fetch", "search_code"], ["create_issue"], ["fetch"], ["search_code"]]);
      expect(bodies.every((b) => JSON.stringify(Object.keys(b.body).sort()) === JSON.stringify(b.body.tools ? ["messages", "model", "tools"] : ["messages", "model"]))).toBe(true);
      expect(JSON.stringify(bodies)).not.toContain(PLANTED);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    const keyless = await mcpFleet(["cost", "--count-with-api"]);
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain("--count-with-api needs ANTHROPIC_API_KEY in the environment");
  }, 60_000);

  test("a broken mcp-fleet.json: --profile names the file, line and column; set refuses to rewrite it", async () => {
    const good = readFileSync(profilesFile(), "utf8");
    writeFileSync(profilesFile(), '{\n  "version": 1,\n  "profiles": {\n    "review": { "servers": "github" }\n  }\n}\n');
    const snapshot = await mcpFleet(["snapshot", "--profile", "review"]);
    expect(snapshot.code).toBe(2);
    expect(snapshot.stderr).toContain(`mcp-fleet snapshot: ${profilesFile()}:4:5: error: profile "review" is not {"servers": ["<server id>", ...]}`);
    const set = await mcpFleet(["profiles", "set", "other", "web"]);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain("fix the file by hand first, nothing was written");
    const unknown = await mcpFleet(["cost", "--profile", "nope"]);
    expect(unknown.stderr).toContain(`no profile "nope" in ${profilesFile()}`);
    writeFileSync(profilesFile(), good);
  }, 60_000);
});
