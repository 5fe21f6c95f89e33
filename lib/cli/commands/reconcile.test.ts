import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import type { CliIO } from "../io";
import { main } from "../main";
import { parseReconcileArgs, toolsOfResponse } from "./reconcile";

const fixtures = fileURLToPath(new URL("./__fixtures__/reconcile/", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-reconcile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function capture(cwd = fixtures): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd, env: {} };
}

async function fleet(args: string[], cwd?: string) {
  const io = capture(cwd);
  const code = await main(["reconcile", ...args], io);
  return { code, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n"), lines: io.stderr };
}

describe("mcp-fleet reconcile", () => {
  test("prints the summary: collisions, renames, flattened, excluded with reasons, skipped checks, warnings", async () => {
    const { code, stdout, stderr } = await fleet(["--tools", "github=github.json", "--tools=linear=linear.json", "--tools", "fs=bare-array.json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout.replace(/fleet [0-9a-f]{16}/, "fleet <hash>").replace(/\([0-9a-f]{16}\)/g, "(<hash>)")).toMatchInlineSnapshot(`
      "fleet <hash>: 3 servers (3 ready), 7 tools (5 exposed, 2 excluded); 1 collision, 3 renamed, 1 flattened, 2 warnings, 1 check skipped

      servers
        fs      ready  1 tool
        github  ready  3 tools
        linear  ready  3 tools

      collisions (1)
        create_issue  divergent  github (<hash>) -> github__create_issue, linear (<hash>) -> linear__create_issue

      excluded (2)
        github:(unnamed #3)
          - spec:missing-name: the tool has no name
        linear:update_issue
          - schema:property-name: property name "issue id" breaks ^[a-zA-Z0-9_.-]{1,64}$ (the Claude API rejects the tool) (at /properties/issue id); fix: rename the property to letters, digits, _ . or - (1 to 64 characters)

      renamed (3)
        github:create_issue -> github__create_issue  (name:collision)
        linear:create_issue -> linear__create_issue  (name:collision)
        github:search.code -> search_code  (name:invalid-chars)

      flattened (1)
        linear:get_issue  root oneOf: the server must check: exactly one of (id) or (key)

      warnings (2)
        github:search.code  schema:type-array: type is an array ("string", "null"); some clients read only one type (at /properties/q/type); fix: use a single type, or anyOf with one branch per type
        github:search.code  claude-name:sanitized: Claude Code sends github:search.code as mcp__github__search_code ("." made "_"); permission rules must use that name; fix: use only letters, digits, _ and - in server ids and tool names

      checks skipped (1)
        fs:read_file  metaschema check skipped: $schema is draft-07, so the schema is sent unchecked"
    `);
  });

  test("--json prints the FleetSnapshot on stdout", async () => {
    const { code, stdout } = await fleet(["--json", "--tools", "linear=linear.json", "--tools", "github=github.json"]);
    expect(code).toBe(0);
    const snapshot = JSON.parse(stdout) as FleetSnapshot;
    expect(snapshot.fleetHash).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot.servers.map((s) => [s.id, s.status, s.toolCount])).toEqual([
      ["github", "ready", 3],
      ["linear", "ready", 3],
    ]);
    expect(snapshot.forward.github__create_issue).toEqual({ serverId: "github", originalName: "create_issue" });
    expect(snapshot.reverse["linear:get_issue"]).toBe("get_issue");
    expect(snapshot.tools.find((t) => t.originalName === "get_issue")?.description).toBe("Input constraint: Provide parameters for exactly one of: (id) or (key).\n\nGet one issue");
  });

  test("the same files in another order give the same snapshot", async () => {
    const a = await fleet(["--json", "--tools", "github=github.json", "--tools", "linear=linear.json"]);
    const b = await fleet(["--json", "--tools", "linear=linear.json", "--tools", "github=github.json"]);
    expect(a.stdout).toBe(b.stdout);
  });

  test("files resolve against the working directory, absolute paths work too", async () => {
    const { code } = await fleet(["--tools", `fs=${join(fixtures, "bare-array.json")}`], scratch);
    expect(code).toBe(0);
  });

  test("one bad tool in a good file is reported, not fatal", async () => {
    const file = join(scratch, "mixed.json");
    writeFileSync(file, JSON.stringify({ tools: [null, { name: "ok", inputSchema: { type: "object" } }, { name: "no_schema" }] }));
    const { code, stdout } = await fleet(["--tools", `m=${file}`]);
    expect(code).toBe(0);
    expect(stdout).toContain("m:(unnamed #1)\n    - spec:not-an-object: the tool entry is null, not an object");
    expect(stdout).toContain("m:no_schema\n    - spec:missing-input-schema: the tool has no inputSchema");
  });

  mkdirSync(join(scratch, "a-folder"), { recursive: true });
  writeFileSync(join(scratch, "error.json"), JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }));
  writeFileSync(join(scratch, "empty.json"), "");

  test.each([
    [["--tools", "x=missing.json"], "mcp-fleet reconcile: missing.json: cannot read (no such file)"],
    [["--tools", "x=not-json.json"], "mcp-fleet reconcile: not-json.json: not JSON (expected a property name in double quotes at line 1, column 29)"],
    [["--tools", "x=no-tools.json"], 'mcp-fleet reconcile: no-tools.json: has no tools array (expected {"result":{"tools":[...]}}, {"tools":[...]} or a bare array)'],
    [["--tools", `x=${join(scratch, "error.json")}`], `mcp-fleet reconcile: ${join(scratch, "error.json")}: holds a JSON-RPC error (Method not found), not a tools list`],
    [["--tools", `x=${join(scratch, "a-folder")}`], `mcp-fleet reconcile: ${join(scratch, "a-folder")}: cannot read (is a directory)`],
    [["--tools", "a=github.json", "--tools", "a=linear.json"], 'mcp-fleet reconcile: server id "a" is given twice (github.json and linear.json); give each server its own id'],
    [["--tools", "github.json"], 'mcp-fleet reconcile: --tools "github.json" is not <serverId>=<file>'],
    [["--tools"], "mcp-fleet reconcile: --tools needs a value"],
    [[], "mcp-fleet reconcile: no --tools given"],
    [["--verbose"], 'mcp-fleet reconcile: unknown option "--verbose"'],
  ])("%j fails with one line", async (args, line) => {
    const { code, stdout, lines } = await fleet(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(lines).toEqual([line]);
  });

  test("an empty file is not JSON, said in one line", async () => {
    const { code, lines } = await fleet(["--tools", `x=${join(scratch, "empty.json")}`]);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/empty\.json: not JSON \(/);
  });
});

describe("parsing", () => {
  test("--tools keeps each server with its file", () => {
    expect(parseReconcileArgs(["--tools", "a=x.json", "--tools=b=dir/y=z.json", "--json"])).toEqual({
      sources: [
        { serverId: "a", file: "x.json" },
        { serverId: "b", file: "dir/y=z.json" },
      ],
      json: true,
    });
  });

  test.each([
    ["a JSON-RPC response", { jsonrpc: "2.0", id: 1, result: { tools: [1] } }, [1]],
    ["a result object", { tools: [2] }, [2]],
    ["a bare array", [3], [3]],
  ])("reads the tools of %s", (_label, data, tools) => {
    expect(toolsOfResponse(data)).toEqual(tools);
  });

  test.each([[null], ["text"], [{ result: {} }], [{ tools: {} }]])("%j has no tools array: a message, not a throw", (data) => {
    expect(typeof toolsOfResponse(data)).toBe("string");
  });
});
