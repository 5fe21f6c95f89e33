import { describe, expect, test } from "vitest";

import { agentSdkView } from "@/lib/clients/agent-sdk";
import type { ServerToolList } from "@/lib/reconcile/types";
import { systemPromptHint } from "./prompt-hint";
import { renderBundle } from "./render";
import { BUNDLE_MARKER, type BundleServer } from "./types";

const obj = (properties: Record<string, unknown> = {}) => ({ type: "object", properties });
const tool = (name: string, properties: Record<string, unknown> = {}, description = `${name}.`) => ({ name, description, inputSchema: obj(properties) });

// Two servers list `search` (a collision), one lists a dotted name (sanitized) and a tool the Claude API refuses.
const FLEET: ServerToolList[] = [
  { id: "githost", status: "ready", tools: [tool("search", { q: { type: "string" } }), tool("create_issue", { repo: { type: "string" } })] },
  { id: "wiki", status: "ready", tools: [tool("search", { query: { type: "string" } }), tool("pages.get", { id: { type: "string" } }), tool("weird", { "bad name!": {} })] },
];
const SERVERS: BundleServer[] = [
  { id: "wiki", transport: "http", url: "https://wiki.example/mcp", headers: { Authorization: "Bearer ${WIKI_TOKEN}" } },
  { id: "githost", transport: "stdio", command: "npx", args: ["githost-mcp"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG: "${LOG_LEVEL:-info}" } },
];

/** The value of `export const <name>: <type> = <value>;` in the text, read as JSON. */
function constant(text: string, name: string): unknown {
  const start = text.indexOf(`export const ${name}: `);
  const from = text.indexOf(" = ", start) + 3;
  const end = text.indexOf(";\n", from);
  return JSON.parse(text.slice(from, end).replace(/,\n\}$/, "\n}"));
}

describe("renderBundle", () => {
  const bundle = renderBundle({ view: agentSdkView(FLEET), servers: SERVERS, profile: null });

  test("the tools array is the view's, by exposed name, and only the last tool is the prompt-cache breakpoint", () => {
    const tools = constant(bundle.text, "tools") as { name: string; cache_control?: unknown }[];
    const view = agentSdkView(FLEET);
    expect(tools.map(({ cache_control: _, ...t }) => t)).toEqual(view.wire);
    expect(tools.map((t) => [t.name, t.cache_control ?? null])).toEqual([
      ["create_issue", null],
      ["githost__search", null],
      ["pages_get", null],
      ["wiki__search", { type: "ephemeral" }],
    ]);
    expect(bundle.tools).toEqual(tools.map((t) => t.name));
  });

  test("forward and reverse are the alias maps; the fleet hash is the view's", () => {
    expect(constant(bundle.text, "forward")).toEqual({
      create_issue: { serverId: "githost", originalName: "create_issue" },
      githost__search: { serverId: "githost", originalName: "search" },
      pages_get: { serverId: "wiki", originalName: "pages.get" },
      wiki__search: { serverId: "wiki", originalName: "search" },
    });
    expect(constant(bundle.text, "reverse")).toEqual({ "githost:create_issue": "create_issue", "githost:search": "githost__search", "wiki:pages.get": "pages_get", "wiki:search": "wiki__search" });
    expect(bundle.fleetHash).toBe(agentSdkView(FLEET).fleetHash);
    expect(bundle.text).toContain(`export const fleetHash = "${bundle.fleetHash}";`);
  });

  test("the servers keep their references; the variables they need are named in the header and the summary", () => {
    expect(constant(bundle.text, "servers")).toEqual({
      githost: { transport: "stdio", command: "npx", args: ["githost-mcp"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG: "${LOG_LEVEL:-info}" } },
      wiki: { transport: "http", url: "https://wiki.example/mcp", headers: { Authorization: "Bearer ${WIKI_TOKEN}" } },
    });
    expect(bundle.variables).toEqual(["GITHUB_TOKEN", "LOG_LEVEL", "WIKI_TOKEN"]);
    expect(bundle.text).toContain(" * Set in the environment where the host runs: GITHUB_TOKEN, LOG_LEVEL, WIKI_TOKEN.");
  });

  test("a tool the reconciler leaves out answers why, under its original and its prefixed name", () => {
    const why = 'is not sent to the model by Agent SDK host (MCP Fleet\'s reconciler): property name \\"bad name!\\" breaks ^[a-zA-Z0-9_.-]{1,64}$ (the Claude API rejects the tool).';
    expect(bundle.text).toContain(`const notSent: Record<string, string> = {\n  "weird": "Tool \\"weird\\" (wiki:weird) ${why}",\n  "wiki__weird": "Tool \\"wiki__weird\\" (wiki:weird) ${why}",\n};`);
  });

  test("starts with the marker the CLI recognizes, and names what it holds", () => {
    expect(bundle.text.split("\n").slice(0, 4)).toEqual([
      BUNDLE_MARKER,
      "/**",
      " * The tools of an MCP fleet for a host built on @anthropic-ai/sdk, reconciled by MCP Fleet (its docs/bundle.md):",
      " * 4 tools from 2 servers (githost, wiki).",
    ]);
  });

  test("the same fleet gives the same bytes, whatever order servers and entries come in", () => {
    const again = renderBundle({ view: agentSdkView([...FLEET].reverse()), servers: [...SERVERS].reverse(), profile: null });
    expect(again.text).toBe(bundle.text);
  });

  test("a profile is named; a server without an entry is said, and its tools answer that it is not connected", () => {
    const narrowed = renderBundle({ view: agentSdkView([FLEET[0]]), servers: [], profile: { name: "review", servers: ["githost"] }, warnings: ["githost: a note */ with a comment end"] });
    expect(narrowed.text).toContain(' * 2 tools from 0 servers; profile "review" (githost).');
    expect(narrowed.warnings).toEqual(["githost: a note */ with a comment end", "githost: no config entry was given for it; its tools are in the bundle, and calling them answers that the server is not connected"]);
    expect(narrowed.text).toContain(" * - githost: a note * / with a comment end");
    // Alone in the profile, `search` collides with nothing: unprefixed, and the hint has nothing to add.
    expect(narrowed.tools).toEqual(["create_issue", "search"]);
    expect(narrowed.text).toContain('export const systemPromptHint = "Call each tool by its full name, exactly as the tools list spells it.";');
  });

  test("an empty fleet is still a module: no tools, no servers", () => {
    const empty = renderBundle({ view: agentSdkView([]), servers: [], profile: null });
    expect(empty.text).toContain("export const tools: Tool[] = [];");
    expect(empty.text).toContain("export const forward: Record<string, { serverId: string; originalName: string }> = {};");
    expect(empty.servers).toEqual([]);
  });

  test("a key named __proto__ stays a property (a plain one would set the prototype)", () => {
    const proto = renderBundle({ view: agentSdkView([{ id: "p", status: "ready", tools: [tool("odd", { ["__proto__"]: { type: "string" }, ok: { type: "number" } })] }]), servers: [], profile: null });
    expect(proto.text).toContain('      "properties": {\n        ["__proto__"]: {\n          "type": "string"\n        },\n        "ok": {');
  });

  test("line and paragraph separators in a description are escaped", () => {
    const seps = renderBundle({ view: agentSdkView([{ id: "s", status: "ready", tools: [tool("t", {}, "a\u2028b\u2029c")] }]), servers: [], profile: null });
    expect(seps.text).toContain('"description": "a\\u2028b\\u2029c"');
    expect(seps.text).not.toMatch(/[\u2028\u2029]/);
  });
});

describe("systemPromptHint", () => {
  const hint = (lists: ServerToolList[]) => systemPromptHint(agentSdkView(lists));
  const server = (id: string, ...names: string[]): ServerToolList => ({ id, status: "ready", tools: names.map((n) => tool(n)) });
  const BASE = "Call each tool by its full name, exactly as the tools list spells it.";

  test.each([
    ["no collision", [server("a", "x"), server("b", "y")], BASE],
    ["a sanitized name alone is no collision", [server("a", "files.read")], BASE],
    [
      "two servers",
      [server("githost", "create_issue"), server("tracker", "create_issue")],
      `${BASE} Tools that share a name across servers carry their server's name as a prefix: \`githost__create_issue\` and \`tracker__create_issue\` are different tools (never call \`create_issue\`).`,
    ],
    [
      "three servers and two names",
      [server("a", "search", "get"), server("b", "search", "get"), server("c", "search")],
      `${BASE} Tools that share a name across servers carry their server's name as a prefix: \`a__get\` and \`b__get\` are different tools (never call \`get\`); \`a__search\`, \`b__search\` and \`c__search\` are different tools (never call \`search\`).`,
    ],
  ])("%s", (_name, lists, expected) => {
    expect(hint(lists)).toBe(expected);
  });

  test("past ten names the rest are counted", () => {
    const names = Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, "0")}`);
    const text = hint([server("a", ...names), server("b", ...names)]);
    expect(text).toContain("`a__t09` and `b__t09` are different tools (never call `t09`); 2 more names are prefixed the same way.");
    expect(text).not.toContain("t10");
  });
});
