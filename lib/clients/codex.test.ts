import { sha1 } from "@noble/hashes/legacy.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, test } from "vitest";
import type { ServerToolList } from "../reconcile/types";
import { codexParameters } from "./codex-schema";
import { codexNamespace, codexView, namespaceDescription } from "./codex";
import { verdictByCallName, verdictOf } from "./view";

const object = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...extra });
const tool = (name: string, inputSchema: unknown = object(), extra: Record<string, unknown> = {}) => ({ name, description: `${name}.`, inputSchema, ...extra });
const server = (id: string, tools: unknown[], extra: Partial<ServerToolList> = {}): ServerToolList => ({ id, status: "ready", tools, ...extra });
const hash12 = (text: string) => bytesToHex(sha1(new TextEncoder().encode(text))).slice(0, 12);

describe("namespaces and names", () => {
  test("one namespace per server, sorted, functions sorted, the default description; every character outside [a-zA-Z0-9_] becomes _", () => {
    const view = codexView([server("twin-b", [tool("search")]), server("fs.v2", [tool("z-last"), tool("files.read")])]);
    expect(view.wire.map((ns) => [ns.name, ns.description, ns.tools.map((t) => t.name)])).toEqual([
      ["mcp__fs_v2", "Tools in the mcp__fs_v2 namespace.", ["files_read", "z_last"]],
      ["mcp__twin_b", "Tools in the mcp__twin_b namespace.", ["search"]],
    ]);
    expect(view.wire[0].tools[0]).toEqual({ type: "function", name: "files_read", description: "files.read.", strict: false, parameters: { type: "object", properties: {} } });
    expect(verdictByCallName(view, "mcp__fs_v2__files_read")?.originalName).toBe("files.read");
  });

  test("the server's instructions are the namespace description", () => {
    const view = codexView([server("wiki", [tool("search")], { instructions: "Team wiki." })]);
    expect(view.wire[0].description).toBe("Team wiki.");
    expect(namespaceDescription("mcp__x", "é".repeat(300_000))).toHaveLength(262_144);
  });

  test("two tools whose names meet both get a hash of their raw identity; a name past 128 characters is cut and hashed", () => {
    const long = "x".repeat(130);
    const view = codexView([server("fs.v2", [tool("files.read"), tool("files_read")]), server("long", [tool(long)])]);
    const identity = (s: string, t: string) => `${s}\0${s}\0\0${t}\0${t}`;
    expect(view.wire.map((ns) => ns.tools.map((t) => t.name))).toEqual([
      [`files_read_${hash12(identity("fs.v2", "files_read"))}`, `files_read_${hash12(identity("fs.v2", "files.read"))}`].sort(),
      [`${"x".repeat(104)}_${hash12(identity("long", long))}`],
    ]);
    expect(`mcp__long__${view.wire[1].tools[0].name}`).toHaveLength(128);
  });

  test.each([
    ["a space", "acme tools", false],
    ["a dot, a colon, @ and /", "fs.v2:x@y/z", true],
  ])("a server id with %s: %s", (_label, id, kept) => {
    const view = codexView([server(id, [tool("t")])]);
    expect(view.wire.length).toBe(kept ? 1 : 0);
    if (!kept) expect(view.servers[0].lost?.code).toBe("codex:server-name");
  });

  test("codexNamespace does not prefix twice", () => {
    expect(codexNamespace("mcp__x")).toBe("mcp__x");
    expect(codexNamespace("a-b")).toBe("mcp__a_b");
  });
});

describe("listing: lenient about roots, strict about the tool object", () => {
  test("a root without type object is kept; a tool without a name loses the server", () => {
    const view = codexView([server("ok", [tool("bad", { properties: { x: { type: "string" } } })]), server("broken", [tool("a"), { inputSchema: object() }])]);
    expect(view.wire.map((ns) => ns.name)).toEqual(["mcp__ok"]);
    expect(view.wire[0].tools[0].parameters).toEqual({ type: "object", properties: { x: { type: "string" } } });
    expect(view.servers[0].lost?.message).toBe(
      "Codex 0.169.0 would list 0 tools: the tool at position 2 (no name) has no name, so its MCP client cannot read tools/list and the server fails to start",
    );
  });
});

describe("enabled_tools, disabled_tools, enabled", () => {
  const fleet = [server("a", [tool("one"), tool("two"), tool("three")]), server("b", [tool("x")])];
  test.each([
    ["disabled_tools", { a: { disabledTools: ["two"] } }, [["mcp__a", ["one", "three"]], ["mcp__b", ["x"]]]],
    ["enabled_tools (a name that is not listed is ignored)", { a: { enabledTools: ["one", "missing"] } }, [["mcp__a", ["one"]], ["mcp__b", ["x"]]]],
    ["both: enabled first, then disabled", { a: { enabledTools: ["one", "two"], disabledTools: ["two"] } }, [["mcp__a", ["one"]], ["mcp__b", ["x"]]]],
    ["every tool disabled: no namespace", { a: { disabledTools: ["one", "two", "three"] } }, [["mcp__b", ["x"]]]],
    ["enabled = false", { b: { enabled: false } }, [["mcp__a", ["one", "three", "two"]]]],
  ])("%s", (_label, servers, expected) => {
    const view = codexView(fleet, { servers });
    expect(view.wire.map((ns) => [ns.name, ns.tools.map((t) => t.name)])).toEqual(expected);
    expect(view.applied.length).toBeGreaterThan(0);
  });

  test("a disabled tool says where", () => {
    const view = codexView(fleet, { servers: { a: { disabledTools: ["two"], file: "/p/.codex/config.toml" } } });
    expect(verdictOf(view, "a", "two")?.reasons[0].message).toBe("two is in disabled_tools of [mcp_servers.a] in /p/.codex/config.toml");
  });
});

describe("Codex's schema subset", () => {
  test.each([
    ["properties {} added at the root", { type: "object" }, { type: "object", properties: {} }],
    ["validation keywords dropped, description kept", object({ n: { type: "number", minimum: 1, maximum: 5, default: 2, description: "N" } }), object({ n: { type: "number", description: "N" } })],
    ["const becomes a one-value string enum", object({ c: { const: "x" } }), object({ c: { type: "string", enum: ["x"] } })],
    ["boolean schemas become strings", object({ t: true, f: false }), object({ t: { type: "string" }, f: { type: "string" } })],
    ["an untyped schema without a combinator is emptied", object({ u: { description: "untyped" }, w: { type: "strin" } }), object({ u: {}, w: {} })],
    ["required or properties make an object", object({}, { oneOf: [{ required: ["a"] }, { required: ["b"] }] }), object({}, { oneOf: [{ type: "object", properties: {}, required: ["a"] }, { type: "object", properties: {}, required: ["b"] }] })],
    ["combinators, $ref, $defs and definitions stay", { type: "object", $defs: { S: { type: "string", pattern: "x" } }, properties: { s: { $ref: "#/$defs/S" } } }, { type: "object", $defs: { S: { type: "string" } }, properties: { s: { $ref: "#/$defs/S" } } }],
    ["a root combinator without type stays untyped", { anyOf: [{ properties: { a: {} } }] }, { properties: {}, anyOf: [{ type: "object", properties: { a: {} } }] }],
    ["minItems stays, maxItems goes", object({ a: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 } }), object({ a: { type: "array", items: { type: "string" }, minItems: 1 } })],
    ["a type list keeps its known names; one left is written alone", object({ a: { type: ["null"] }, b: { type: ["string", 5] }, c: { type: ["string", "null"] } }), object({ a: { type: "null" }, b: { type: "string" }, c: { type: ["string", "null"] } })],
    ["an array without items gets string items", object({ a: { type: "array" } }), object({ a: { type: "array", items: { type: "string" } } })],
    [
      "root $defs / definitions entries nothing refers to are dropped",
      { type: "object", $defs: { Used: { type: "string" }, Unused: { type: "number" }, Via: { $ref: "#/definitions/Deep" } }, definitions: { Deep: { type: "integer" } }, properties: { a: { $ref: "#/$defs/Used" }, b: { $ref: "#/$defs/Via" } } },
      { type: "object", $defs: { Used: { type: "string" }, Via: { $ref: "#/definitions/Deep" } }, definitions: { Deep: { type: "integer" } }, properties: { a: { $ref: "#/$defs/Used" }, b: { $ref: "#/$defs/Via" } } },
    ],
    ["$schema, title and not are dropped", { $schema: "x", title: "T", type: "object", not: { required: ["z"] } }, { type: "object", properties: {} }],
  ])("%s", (_label, input, expected) => {
    expect(codexParameters(input as Record<string, unknown>)).toEqual({ ok: true, schema: expected });
  });

  test.each([
    ["items as an array", object({ t: { type: "array", items: [{ type: "string" }] } }), "/properties/t/items is an array, where Codex reads one schema"],
    ["required: true inside a property", object({ p: { type: "string", required: true } }), "/properties/p/required is boolean true, not an array of names"],
    ["properties as an array", { type: "object", properties: [] }, "/properties is an array, not an object"],
  ])("%s: Codex cannot build the tool spec, and skips the tool", (_label, input, error) => {
    expect(codexParameters(input as Record<string, unknown>)).toEqual({ ok: false, error });
    const view = codexView([server("s", [tool("bad", input), tool("ok")])]);
    expect(verdictOf(view, "s", "bad")?.reasons.map((r) => r.code)).toEqual(["codex:tool-spec"]);
    expect(view.wire[0].tools.map((t) => t.name)).toEqual(["ok"]);
  });
});
