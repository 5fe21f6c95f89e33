import { describe, expect, test } from "vitest";
import type { ServerToolList } from "../reconcile/types";
import { strictToolFaults } from "./claude-code-listing";
import { claudeCodeView } from "./claude-code";
import { verdictByCallName, verdictOf } from "./view";

const object = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...extra });
const tool = (name: string, inputSchema: unknown = object(), extra: Record<string, unknown> = {}) => ({ name, description: `${name}.`, inputSchema, ...extra });
const server = (id: string, tools: unknown[], extra: Partial<ServerToolList> = {}): ServerToolList => ({ id, status: "ready", tools, ...extra });

describe("the strict listing: one tool the MCP SDK refuses loses the whole server", () => {
  test.each([
    ["no root type", tool("t", { properties: {} }), ["tools.0.inputSchema.type"], "`t` has no root type"],
    ["a root of another type", tool("t", { type: "array" }), ["tools.0.inputSchema.type"], '`t` has a root type "array", not "object"'],
    ["no inputSchema", { name: "t" }, ["tools.0.inputSchema"], "`t` has no inputSchema"],
    ["a null inputSchema", { name: "t", inputSchema: null }, ["tools.0.inputSchema"], "`t` has an inputSchema that is null, not an object"],
    ["no name", { inputSchema: object() }, ["tools.0.name"], "the tool at position 1 (no name) has no name"],
    ["a numeric name", { name: 7, inputSchema: object() }, ["tools.0.name"], "the tool at position 1 (no name) has a name that is the number 7, not a string"],
    ["a null description", tool("t", object(), { description: null }), ["tools.0.description"], "`t` has a description that is null, not a string"],
    ["required as a string", tool("t", object({}, { required: "a" })), ["tools.0.inputSchema.required"], "`t` has inputSchema.required that is not an array of names"],
    ["properties as an array", tool("t", { type: "object", properties: [] }), ["tools.0.inputSchema.properties"], "`t` has inputSchema.properties that is an array, not an object"],
    ["an outputSchema without type object", tool("t", object(), { outputSchema: { type: "string" } }), ["tools.0.outputSchema.type"], '`t` has an outputSchema root type "string", not "object"'],
    ["annotations of the wrong kind", tool("t", object(), { annotations: { readOnlyHint: "yes" } }), ["tools.0.annotations.readOnlyHint"], '`t` has annotations.readOnlyHint "yes", not true or false'],
    ["an icon without src", tool("t", object(), { icons: [{ mimeType: "image/png" }] }), ["tools.0.icons.0.src"], "`t` has icon 0 without a src string"],
    ["a bad execution.taskSupport", tool("t", object(), { execution: { taskSupport: "always" } }), ["tools.0.execution.taskSupport"], '`t` has execution.taskSupport "always", not "required", "optional" or "forbidden"'],
    ["a _meta that is an array", tool("t", object(), { _meta: [] }), ["tools.0._meta"], "`t` has a _meta that is an array, not an object"],
  ])("%s", (_label, raw, paths, words) => {
    const faults = strictToolFaults(raw, 1);
    expect(faults.map((f) => f.path)).toEqual(paths);
    expect(faults[0].words).toBe(words);
  });

  test.each([
    ["a boolean property schema", tool("t", object({ a: true }))],
    ["extra keys everywhere", tool("t", object({}, { "x-y": 1 }), { "x-tool": {}, annotations: { x: 1 } })],
    ["an empty name", tool("", object())],
  ])("%s passes", (_label, raw) => {
    expect(strictToolFaults(raw, 1)).toEqual([]);
  });

  test("the view says it in the server's row, naming the tool, and every tool of the server is dropped", () => {
    const view = claudeCodeView([
      server("docs", [tool("resolve-library-id"), tool("get-library-docs", { properties: { libraryId: { type: "string" } } }), tool("fetch_url")]),
      server("web", [tool("search")]),
    ]);
    expect(view.servers.map((s) => [s.serverId, s.listed, s.sent, s.lost?.message ?? null])).toEqual([
      ["docs", 3, 0, "Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type"],
      ["web", 1, 1, null],
    ]);
    expect(view.servers[0].lost?.tool).toEqual({ originalName: "get-library-docs", position: 2 });
    expect(verdictOf(view, "docs", "fetch_url")?.reasons.map((r) => r.code)).toEqual(["claude-code:list-refused"]);
    expect(verdictOf(view, "docs", "get-library-docs")?.reasons[0]).toMatchObject({ code: "claude-code:invalid-tool", path: "tools.1.inputSchema.type", source: "lib/clients/__captures__/claude-code@2.1.328/bad-root.json" });
    expect(view.wire.map((t) => t.name)).toEqual(["mcp__web__search"]);
  });
});

describe("names, duplicates, order", () => {
  test("names are sanitized and never cut; the first of two tools whose names meet is kept; over 128 characters is dropped", () => {
    const long = "x".repeat(130);
    const view = claudeCodeView([server("acme tools", [tool("files.read"), tool("files read"), tool("café"), tool("a".repeat(70)), tool(long)])]);
    expect(view.wire.map((t) => t.name)).toEqual([`mcp__acme_tools__${"a".repeat(70)}`, "mcp__acme_tools__caf_", "mcp__acme_tools__files_read"]);
    expect(verdictOf(view, "acme tools", "files read")?.reasons[0].message).toContain("already the name of acme tools:files.read");
    expect(verdictOf(view, "acme tools", long)?.reasons.map((r) => r.code)).toEqual(["claude-code:name-too-long"]);
    expect(verdictByCallName(view, "mcp__acme_tools__files_read")?.originalName).toBe("files.read");
  });

  test("tools are sent sorted by name in collation order, whatever order they are listed in", () => {
    const view = claudeCodeView([server("zeta", [tool("zz")]), server("Mid", [tool("x"), tool("9nine"), tool("-dash"), tool("_under")]), server("alpha", [tool("Bb"), tool("bb"), tool("a")])]);
    expect(view.wire.map((t) => t.name)).toEqual([
      "mcp__alpha__a",
      "mcp__alpha__bb",
      "mcp__alpha__Bb",
      "mcp__Mid___under",
      "mcp__Mid__-dash",
      "mcp__Mid__9nine",
      "mcp__Mid__x",
      "mcp__zeta__zz",
    ]);
  });

  test("verdicts are per (server, tool) in list order, servers by id; the view ignores the order servers come in", () => {
    const a = server("a", [tool("two"), tool("one")]);
    const b = server("b", [tool("three")]);
    const one = claudeCodeView([b, a]);
    expect(one.tools.map((t) => `${t.serverId}:${t.originalName}#${t.position}`)).toEqual(["a:two#1", "a:one#2", "b:three#1"]);
    expect(JSON.stringify(claudeCodeView([a, b]))).toBe(JSON.stringify(one));
    expect(one.fleetHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("per tool: flattening, checks, descriptions", () => {
  const oneOf = object({ id: { type: "string" }, key: { type: "string" } }, { oneOf: [{ required: ["id"] }, { required: ["key"] }] });

  test("a root oneOf is flattened; before 2.1.195 the tool is skipped", () => {
    const servers = [server("s", [tool("get", oneOf), tool("plain")])];
    const now = verdictOf(claudeCodeView(servers), "s", "get");
    expect(now?.sent?.description).toBe("Input constraint: Provide parameters for exactly one of: (id) or (key).\n\nget.");
    expect(now?.sent?.flattened?.lost.map((f) => f.code)).toEqual(["flatten:one-of"]);
    const before = claudeCodeView(servers, {}, { version: "2.1.194" });
    expect(before.client).toEqual({ id: "claude-code", version: "2.1.194", label: "Claude Code before 2.1.195" });
    expect(verdictOf(before, "s", "get")?.reasons.map((r) => r.code)).toEqual(["claude-code:root-combinator"]);
    expect(before.wire.map((t) => t.name)).toEqual(["mcp__s__plain"]);
  });

  test.each([
    ["a bad top-level property name", object({ "has space": {} }), "schema:property-name"],
    ["a schema invalid under 2020-12", object({ a: { type: "strin" } }), "schema:metaschema"],
    ["invalid, with $schema null (checked as if absent)", { ...object({ a: { type: 12 } }), $schema: null }, "schema:metaschema"],
  ])("%s: the tool is skipped, the server's other tools remain", (_label, inputSchema, code) => {
    const view = claudeCodeView([server("s", [tool("bad", inputSchema), tool("ok")])]);
    expect(verdictOf(view, "s", "bad")?.reasons.map((r) => r.code)).toEqual([code]);
    expect(view.wire.map((t) => t.name)).toEqual(["mcp__s__ok"]);
  });

  test("a draft-07 schema is sent unchecked, and said so", () => {
    const view = claudeCodeView([server("s", [tool("t", { ...object({ a: { type: 12 } }), $schema: "http://json-schema.org/draft-07/schema#" })])]);
    expect(view.wire).toHaveLength(1);
    expect(verdictOf(view, "s", "t")?.notes.map((n) => n.code)).toEqual(["claude-code:metaschema-skipped"]);
  });

  test.each([
    ["4,096 characters: whole", "x".repeat(4096), 4096, false],
    ["4,097: cut to 4,096 plus the suffix", "x".repeat(4097), 4109, true],
    ["an emoji split by the cut loses its first half", `${"x".repeat(4095)}😀tail`, 4108, true],
    ["missing: empty", undefined, 0, false],
  ])("descriptions: %s", (_label, description, length, cut) => {
    const raw = { name: "t", inputSchema: object(), ...(description === undefined ? {} : { description }) };
    const sent = verdictOf(claudeCodeView([server("s", [raw])]), "s", "t")?.sent;
    expect(sent?.description).toHaveLength(length);
    expect(sent?.cut !== null).toBe(cut);
    if (cut) expect(sent?.description.endsWith("\u2026 [truncated]")).toBe(true);
  });

  test("format and private-use characters are removed from the description and every description in the schema", () => {
    const raw = tool("t", object({ p: { type: "string", description: "zero\u200Bwidth \u202Ebidi\u202C" } }), { description: "soft\u00ADhyphen \uFEFFBOM \uE000 emoji \u{1F600} \u65E5" });
    const sent = verdictOf(claudeCodeView([server("s", [raw])]), "s", "t")?.sent;
    expect(sent?.description).toBe("softhyphen BOM  emoji \u{1F600} \u65E5");
    expect(sent?.schema).toEqual(object({ p: { type: "string", description: "zerowidth bidi" } }));
    expect((raw.inputSchema as { properties: { p: { description: string } } }).properties.p.description).toContain("\u200B");
  });

  test("CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH moves the cut", () => {
    const sent = verdictOf(claudeCodeView([server("s", [tool("t", object(), { description: "x".repeat(200) })])], { maxDescriptionLength: 100 }), "s", "t")?.sent;
    expect(sent?.description).toHaveLength(113);
  });
});

describe("Claude Code's own settings", () => {
  const fleet = [server("fs", [tool("files.read"), tool("files.write"), tool("list")]), server("wiki", [tool("page_get"), tool("page_put"), tool("search")])];
  const deny = (...rules: string[]) => ({ deny: rules.map((rule) => ({ rule, file: ".claude/settings.local.json" })) });

  test.each([
    ["a sanitized tool name", ["mcp__fs__files_write"], ["mcp__fs__files_read", "mcp__fs__list", "mcp__wiki__page_get", "mcp__wiki__page_put", "mcp__wiki__search"]],
    ["the unsanitized name matches nothing", ["mcp__fs__files.write"], ["mcp__fs__files_read", "mcp__fs__files_write", "mcp__fs__list", "mcp__wiki__page_get", "mcp__wiki__page_put", "mcp__wiki__search"]],
    ["a whole server", ["mcp__fs"], ["mcp__wiki__page_get", "mcp__wiki__page_put", "mcp__wiki__search"]],
    ["a glob after mcp__<server>__", ["mcp__wiki__page_*"], ["mcp__fs__files_read", "mcp__fs__files_write", "mcp__fs__list", "mcp__wiki__search"]],
  ])("deny %s", (_label, rules, names) => {
    const view = claudeCodeView(fleet, deny(...rules));
    expect(view.wire.map((t) => t.name)).toEqual(names);
    expect(view.applied.length > 0).toBe(names.length < 6);
  });

  test("a server every tool of which is denied is lost, and that says why; the file is named", () => {
    const view = claudeCodeView(fleet, deny("mcp__fs__*"));
    expect(view.servers[0].lost?.code).toBe("claude-code:server-denied");
    expect(verdictOf(view, "fs", "list")?.reasons[0].message).toBe('denied by "mcp__fs__*" in .claude/settings.local.json: Claude Code removes mcp__fs__list from the request');
    expect(view.applied).toEqual([{ file: ".claude/settings.local.json", setting: "deny mcp__fs__*" }]);
  });

  test("a disabled project server is never started", () => {
    const view = claudeCodeView(fleet, { disabledServers: [{ server: "wiki", file: ".claude/settings.json" }] });
    expect(view.servers[1].lost?.code).toBe("claude-code:server-disabled");
  });
});

test("a server that is not ready is lost for the client, with its error", () => {
  const view = claudeCodeView([server("down", [], { status: "error", error: "exited with code 1" })]);
  expect(view.servers[0].lost?.message).toBe("Claude Code 2.1.328 would list 0 tools: the server failed (exited with code 1)");
});
