/**
 * `mcp-fleet bundle`, proven end to end: bundles written from a temp project of real stdio fixture servers
 * (two list `search`, so the exposed names differ from the original), type-checked with the repository's
 * TypeScript against @anthropic-ai/sdk and @modelcontextprotocol/sdk as a user's project would hold them,
 * then imported and driven by an Anthropic client against a fake Messages API on 127.0.0.1: the model's
 * tool_use under the exposed name reaches the right server under the original name, and the tool_result
 * goes back. Also: unknown names, a profile, a secret that stays a reference, --out mistakes, the bin.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import Anthropic from "@anthropic-ai/sdk";
import type { MessageParam, Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { RAW_SERVER, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { BUNDLE_MARKER } from "@/lib/bundle";
import { agentSdkView } from "@/lib/clients";
import { dispatch } from "@/lib/dispatch";
import { reconcile } from "@/lib/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { closeNames } from "@/lib/permissions/close-names";
import { ensureCliBuild } from "@/scripts/build-cli.mjs";
import { processesMentioning } from "@/lib/fleet/testing/process-tree";
import { runBin } from "../testing/run-bin";
import type { CliIO } from "../io";
import { main } from "../main";

/** What a generated index.ts exports. */
interface BundleModule {
  tools: Tool[];
  forward: Record<string, { serverId: string; originalName: string }>;
  reverse: Record<string, string>;
  systemPromptHint: string;
  fleetHash: string;
  dispatch(toolUse: { id: string; name: string; input: unknown }): Promise<ToolResultBlockParam>;
  createDispatcher(options: { callTool: (call: { server: string; name: string; arguments: Record<string, unknown> }) => Promise<unknown> }): BundleModule["dispatch"];
  close(): Promise<void>;
}

const PLANTED = "ghp_PLANTEDbundleSecret0123456789abcdef";
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });
/** What each fixture server lists. */
const TOOLS = {
  alpha: [
    { name: "search", description: "Search the alpha index.", inputSchema: obj({ q: { type: "string" } }, ["q"]) },
    { name: "files.read", description: "Read a file.", inputSchema: obj({ path: { type: "string" } }) },
  ],
  beta: [{ name: "search", description: "Search the beta wiki.", inputSchema: obj({ query: { type: "string" } }) }],
  gamma: [{ name: "fetch", description: "Fetch a URL.", inputSchema: obj({ url: { type: "string" } }) }],
};

let root: string;
let project: string;
let host: string;
const specs: Record<string, string> = {};

/** A raw-server spec in the temp folder: its path is how its processes are told apart. */
function spec(name: string, tools: unknown[], extra: Record<string, unknown> = {}): string {
  const file = path.join(root, `${name}.spec.json`);
  writeFileSync(file, JSON.stringify({ serverInfo: { name, version: "1.0.0" }, transport: "stdio", pages: [tools], ...extra }));
  specs[name] = file;
  return file;
}

function io(extraEnv: Record<string, string> = {}): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd: project, env: { PATH: process.env.PATH, HOME: path.join(root, "home"), FIXTURE_TOKEN: PLANTED, ...extraEnv } };
}

/** Raw-server processes alive now, by the name of the spec they serve. */
function running(): string[] {
  return Object.keys(specs)
    .filter((name) => processesMentioning(specs[name]).length > 0)
    .sort();
}

interface Recorded {
  system?: unknown;
  tools?: unknown[];
  messages: MessageParam[];
}

let fake: Server;
let fakeUrl: string;
const recorded: Recorded[] = [];
/** The fake model's turns: the first message asks for a tool, the next one ends. */
const answers: unknown[][] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "mcp-fleet-bundle-"));
  project = path.join(root, "project");
  host = path.join(root, "host");
  mkdirSync(project);
  mkdirSync(path.join(root, "home"));
  // alpha needs its token (it exits at start without it); alpha and beta both list `search`.
  const alpha = spec("alpha", TOOLS.alpha, { requireEnv: ["API_TOKEN"] });
  const beta = spec("beta", TOOLS.beta);
  const gamma = spec("gamma", TOOLS.gamma);
  const entry = (file: string) => ({ command: process.execPath, args: [RAW_SERVER, file] });
  writeFileSync(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: { alpha: { ...entry(alpha), env: { API_TOKEN: "${FIXTURE_TOKEN}" } }, beta: entry(beta), gamma: entry(gamma) } }, null, 2));
  writeFileSync(path.join(project, "mcp-fleet.json"), JSON.stringify({ version: 1, profiles: { docs: { servers: ["beta", "gamma"] } } }, null, 2));

  // The host project: its own package.json and tsconfig; node_modules are the checkout's (both SDKs, @types/node).
  mkdirSync(host);
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(host, "node_modules"), "dir");
  writeFileSync(path.join(host, "package.json"), JSON.stringify({ name: "host", private: true, type: "module" }));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    skipLibCheck: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noImplicitReturns: true,
    noImplicitOverride: true,
  };
  writeFileSync(path.join(host, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*/index.ts", "loop.ts"] }, null, 2));

  fake = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk));
    req.on("end", () => {
      recorded.push(JSON.parse(text) as Recorded);
      const content = answers.shift() ?? [{ type: "text", text: "Done." }];
      const stop = content.some((b) => (b as { type: string }).type === "tool_use") ? "tool_use" : "end_turn";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `msg_${recorded.length}`, type: "message", role: "assistant", model: "claude-test", content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(file, "utf8");
const load = (dir: string) => import(pathToFileURL(path.join(host, dir, "index.ts")).href) as Promise<BundleModule>;

describe.sequential("mcp-fleet bundle", () => {
  let whole: string;
  let docs: string;

  test("writes DIR/index.ts and says what it holds; the planted secret stays a reference", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["bundle", "--config", ".mcp.json", "--out", "../host/fleet"], t)).toBe(0);
    expect(t.stdout).toEqual([expect.stringMatching(/^bundle [0-9a-f]{16}: 4 tools from 3 servers \(alpha, beta, gamma\)$/), `wrote ${path.join(host, "fleet", "index.ts")}`, "set in the environment where the host runs: FIXTURE_TOKEN"]);
    whole = read(path.join(host, "fleet", "index.ts"));
    expect(whole.split("\n")[0]).toBe(BUNDLE_MARKER);
    expect(whole).not.toContain(PLANTED);
    expect(whole).toContain('"API_TOKEN": "${FIXTURE_TOKEN}"');
  });

  test("--profile: only its servers, and its own names (search collides with nothing there)", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["bundle", "--profile", "docs", "--out", path.join(host, "docs"), "--json"], t)).toBe(0);
    const summary = JSON.parse(t.stdout.join("\n")) as { tools: string[]; servers: string[]; profile: string; variables: string[]; fleetHash: string };
    expect(summary).toMatchObject({ tools: ["fetch", "search"], servers: ["beta", "gamma"], profile: "docs", variables: [] });
    docs = read(path.join(host, "docs", "index.ts"));
    expect(docs).not.toContain("alpha");
    expect(docs).toContain(' * 2 tools from 2 servers (beta, gamma); profile "docs" (beta, gamma).');
    expect(summary.fleetHash).not.toBe(/export const fleetHash = "([0-9a-f]{64})"/.exec(whole)![1]);
  });

  test("both bundles, and the README's host loop over the first, type-check with the repository's TypeScript against the two SDKs, under strict settings", { timeout: 180_000 }, () => {
    const readme = read(path.join(REPO_ROOT, "README.md"));
    const loop = /## Agent SDK bundle\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme);
    expect(loop?.[1]).toContain('from "./fleet/index.js"');
    writeFileSync(path.join(host, "loop.ts"), loop![1]);
    const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(host, "tsconfig.json")], { encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });

  test("an Anthropic client on a fake Messages API: the tool_use under the exposed name reaches alpha as `search`, and the tool_result goes back", { timeout: 60_000 }, async () => {
    const bundle = await load("fleet");
    process.env.FIXTURE_TOKEN = PLANTED;
    try {
      expect(bundle.forward.alpha__search).toEqual({ serverId: "alpha", originalName: "search" });
      expect(bundle.reverse["alpha:search"]).toBe("alpha__search");
      expect(running()).toEqual([]);
      const anthropic = new Anthropic({ apiKey: "sk-ant-test", baseURL: fakeUrl, maxRetries: 0 });
      answers.push([{ type: "tool_use", id: "toolu_01", name: "alpha__search", input: { q: "hello" } }]);
      const user: MessageParam = { role: "user", content: "Search for hello." };
      const first = await anthropic.messages.create({ model: "claude-test", max_tokens: 1024, system: bundle.systemPromptHint, tools: bundle.tools, messages: [user] });

      const results: ToolResultBlockParam[] = [];
      for (const block of first.content) if (block.type === "tool_use") results.push(await bundle.dispatch(block));
      // The server answers with the name it was called by and the arguments it got: the original name.
      expect(results).toEqual([{ type: "tool_result", tool_use_id: "toolu_01", content: [{ type: "text", text: 'search called with {"q":"hello"}' }] }]);
      // Only alpha was started: a server is connected on its first call.
      expect(running()).toEqual(["alpha"]);

      const second = await anthropic.messages.create({ model: "claude-test", max_tokens: 1024, system: bundle.systemPromptHint, tools: bundle.tools, messages: [user, { role: "assistant", content: first.content }, { role: "user", content: results }] });
      expect(second.stop_reason).toBe("end_turn");

      const [sent1, sent2] = recorded.slice(-2);
      expect(sent1.system).toBe(bundle.systemPromptHint);
      expect(sent1.system).toContain("`alpha__search` and `beta__search` are different tools (never call `search`)");
      expect(sent1.tools).toEqual(JSON.parse(JSON.stringify(bundle.tools)));
      expect((sent1.tools as { name: string; cache_control?: unknown }[]).map((t) => [t.name, t.cache_control ?? null])).toEqual([
        ["alpha__search", null],
        ["beta__search", null],
        ["fetch", null],
        ["files_read", { type: "ephemeral" }],
      ]);
      expect(sent2.messages[2]).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: [{ type: "text", text: 'search called with {"q":"hello"}' }] }] });

      // beta's `search` is another tool: its own server, its own arguments.
      expect(await bundle.dispatch({ id: "toolu_02", name: "beta__search", input: { query: "wiki" } })).toEqual({ type: "tool_result", tool_use_id: "toolu_02", content: [{ type: "text", text: 'search called with {"query":"wiki"}' }] });
      expect(running()).toEqual(["alpha", "beta"]);
    } finally {
      await bundle.close();
      delete process.env.FIXTURE_TOKEN;
    }
    await expect.poll(running).toEqual([]);
  });

  test("names the model may get wrong are answered as is_error tool_results, closest first, and nothing is started", { timeout: 30_000 }, async () => {
    const bundle = await load("fleet");
    const names = Object.keys(bundle.forward).sort();
    const answer = async (name: string, input: unknown = {}) => {
      const result = await bundle.dispatch({ id: "toolu_x", name, input });
      expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_x", is_error: true });
      return (result.content as { text: string }[])[0].text;
    };
    for (const wrong of ["search", "serch", "files.read", "nothing_like_this_at_all"]) {
      const closest = closeNames(wrong, names);
      const listed = [...closest, ...names.filter((n) => !closest.includes(n))].join(", ");
      expect(await answer(wrong)).toBe(`Unknown tool "${wrong}". Tools that exist${closest.length ? ", closest first" : ""}: ${listed}.`);
    }
    expect(await answer("search")).toBe('Unknown tool "search". Tools that exist, closest first: alpha__search, beta__search, fetch, files_read.');
    expect(await answer("fetch", ["https://x"])).toBe('The arguments of "fetch" must be a JSON object, not an array.');
    // The generated dispatcher is text of its own; it answers word for word as MCP Fleet's (lib/dispatch) does.
    const lists: ServerToolList[] = Object.entries(TOOLS).map(([id, tools]) => ({ id, status: "ready", tools }));
    const view = agentSdkView(lists, reconcile(lists));
    const ours = (name: string, input: unknown) => {
      const outcome = dispatch({ view, servers: lists, call: { id: "toolu_x", name, arguments: input } });
      return outcome.action === "refuse" ? outcome.refusal.message : `(${outcome.action})`;
    };
    for (const [name, input] of [["search", {}], ["serch", {}], ["files.read", {}], ["nothing_like_this_at_all", {}], ["fetch", ["https://x"]], ["fetch", "x"], ["fetch", null]] as const) {
      expect(await answer(name, input)).toBe(ours(name, input));
    }
    expect(running()).toEqual([]);
  });

  test("the secret is read from the host's environment when the server starts: unset, the model is told; set, the next call connects", { timeout: 60_000 }, async () => {
    const bundle = await load("fleet");
    try {
      delete process.env.FIXTURE_TOKEN;
      expect(await bundle.dispatch({ id: "toolu_a", name: "alpha__search", input: { q: "x" } })).toEqual({
        type: "tool_result",
        tool_use_id: "toolu_a",
        is_error: true,
        content: [{ type: "text", text: `Tool "alpha__search" belongs to server alpha, which is not connected: not set in the host's environment: FIXTURE_TOKEN.` }],
      });
      expect(running()).toEqual([]);
      process.env.FIXTURE_TOKEN = PLANTED;
      expect(await bundle.dispatch({ id: "toolu_b", name: "alpha__search", input: { q: "x" } })).toEqual({ type: "tool_result", tool_use_id: "toolu_b", content: [{ type: "text", text: 'search called with {"q":"x"}' }] });
    } finally {
      await bundle.close();
      delete process.env.FIXTURE_TOKEN;
    }
  });

  test("the profile's bundle calls beta's search by its own name; createDispatcher uses the host's own connections", { timeout: 60_000 }, async () => {
    const bundle = await load("docs");
    try {
      expect(await bundle.dispatch({ id: "toolu_p", name: "search", input: { query: "q" } })).toEqual({ type: "tool_result", tool_use_id: "toolu_p", content: [{ type: "text", text: 'search called with {"query":"q"}' }] });
      expect(running()).toEqual(["beta"]);
    } finally {
      await bundle.close();
    }
    const calls: unknown[] = [];
    const dispatch = bundle.createDispatcher({
      callTool: async (call) => {
        calls.push(call);
        if (call.name === "fetch") throw new Error("socket hang up");
        return { content: [{ type: "text", text: "own" }], isError: true };
      },
    });
    expect(await dispatch({ id: "t1", name: "search", input: { query: "q" } })).toEqual({ type: "tool_result", tool_use_id: "t1", is_error: true, content: [{ type: "text", text: "own" }] });
    expect(await dispatch({ id: "t2", name: "fetch", input: { url: "u" } })).toEqual({ type: "tool_result", tool_use_id: "t2", is_error: true, content: [{ type: "text", text: "fetch failed on server gamma: socket hang up." }] });
    expect(calls).toEqual([
      { server: "beta", name: "search", arguments: { query: "q" } },
      { server: "gamma", name: "fetch", arguments: { url: "u" } },
    ]);
  });

  test("--out mistakes are one line naming the place, before any server starts; its own file is replaced, another only with --force", { timeout: 60_000 }, async () => {
    const attempt = async (...args: string[]) => {
      const t = io();
      const code = await main(["bundle", ...args], t);
      return { code, stdout: t.stdout, stderr: t.stderr };
    };
    expect(await attempt()).toEqual({ code: 2, stdout: [], stderr: ["mcp-fleet bundle: --out <dir> is required: the folder to write index.ts into"] });
    writeFileSync(path.join(root, "a-file"), "x");
    expect(await attempt("--out", "../a-file")).toEqual({ code: 2, stdout: [], stderr: [`mcp-fleet bundle: --out ../a-file: ${path.join(root, "a-file")} is a file, not a folder`] });
    expect((await attempt("--out", "../a-file/sub")).stderr).toEqual([`mcp-fleet bundle: --out ../a-file/sub: cannot use ${path.join(root, "a-file", "sub")} (a part of that path is a file)`]);
    const mine = path.join(root, "mine");
    mkdirSync(mine);
    writeFileSync(path.join(mine, "index.ts"), "export const mine = 1;\n");
    expect((await attempt("--out", mine)).stderr).toEqual([`mcp-fleet bundle: --out ${mine}: ${path.join(mine, "index.ts")} exists and was not written by mcp-fleet bundle; pass --force to replace it`]);
    expect(read(path.join(mine, "index.ts"))).toBe("export const mine = 1;\n");
    expect(running()).toEqual([]);
    expect((await attempt("--out", mine, "--force")).code).toBe(0);
    expect(read(path.join(mine, "index.ts"))).toBe(whole);
    // Its own file: written again without --force, byte for byte the same (same fleet, same bytes).
    expect((await attempt("--out", "../host/fleet")).code).toBe(0);
    expect(read(path.join(host, "fleet", "index.ts"))).toBe(whole);
  });

  test("through the built bin: --json on stdout alone, the same bytes as in-process", { timeout: 180_000 }, async () => {
    await ensureCliBuild({ root: REPO_ROOT, log: () => {} });
    const out = path.join(root, "bin-out");
    const run = await runBin(["bundle", "--out", out, "--json"], { cwd: project, home: path.join(root, "home"), env: { FIXTURE_TOKEN: PLANTED } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ file: path.join(out, "index.ts"), tools: ["alpha__search", "beta__search", "fetch", "files_read"], servers: ["alpha", "beta", "gamma"], profile: null });
    expect(run.stderr).toBe(`reading .mcp.json in ${project}\n`);
    expect(read(path.join(out, "index.ts"))).toBe(whole);
    expect(running()).toEqual([]);
  });
});
