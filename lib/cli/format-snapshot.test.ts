import { describe, expect, test } from "vitest";

import { reconcile } from "@/lib/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { formatSnapshotSummary } from "./format-snapshot";

const draft07 = (name: string) => ({
  name,
  description: `${name} tool`,
  inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { q: { type: "string" } } },
});

function summary(servers: ServerToolList[]): string {
  return formatSnapshotSummary(reconcile(servers)).replace(/fleet [0-9a-f]{16}/, "fleet H");
}

describe("a finding repeated across many tools is folded, so it cannot bury the rest", () => {
  test("72 tools of another dialect: one group with three examples, after the counts and the servers", () => {
    const tools = Array.from({ length: 72 }, (_, i) => draft07(`tool_${String(i).padStart(2, "0")}`));
    const text = summary([
      { id: "big", status: "ready", tools },
      { id: "down", status: "error", error: "exited with code 1", tools: [] },
    ]);
    expect(text).toMatchInlineSnapshot(`
      "fleet H: 2 servers (1 ready, 1 error), 72 tools (72 exposed, 0 excluded); 0 collisions, 0 renamed, 0 flattened, 0 warnings, 72 checks skipped

      servers
        big   ready  72 tools
        down  error  exited with code 1

      checks skipped (72)
        metaschema check skipped: $schema is draft-07, so the schema is sent unchecked (72 tools)
          big:tool_00
          big:tool_01
          big:tool_02
          … and 69 more (--json lists every one)"
    `);
  });

  test("warnings of one code: folded with the fix said once; a code seen on few tools keeps each line", () => {
    const dotted = Array.from({ length: 6 }, (_, i) => ({ name: `pages.op${i}`, inputSchema: { type: "object" } }));
    const text = summary([{ id: "wiki", status: "ready", tools: [...dotted, { name: "a.b", inputSchema: { type: "object", properties: { x: { type: ["string", "null"] } } } }] }]);
    const warnings = text.slice(text.indexOf("warnings ("));
    expect(warnings).toMatchInlineSnapshot(`
      "warnings (8)
        wiki:a.b  schema:type-array: type is an array ("string", "null"); some clients read only one type (at /properties/x/type); fix: use a single type, or anyOf with one branch per type
        claude-name:sanitized (7 tools); fix: use only letters, digits, _ and - in server ids and tool names
          wiki:a.b  Claude Code sends wiki:a.b as mcp__wiki__a_b ("." made "_"); permission rules must use that name
          wiki:pages.op0  Claude Code sends wiki:pages.op0 as mcp__wiki__pages_op0 ("." made "_"); permission rules must use that name
          wiki:pages.op1  Claude Code sends wiki:pages.op1 as mcp__wiki__pages_op1 ("." made "_"); permission rules must use that name
          … and 4 more (--json lists every one)"
    `);
  });

  test("four of a kind are still shown whole", () => {
    const text = summary([{ id: "s", status: "ready", tools: ["a", "b", "c", "d"].map(draft07) }]);
    expect(text.split("\n").slice(-5)).toEqual([
      "checks skipped (4)",
      "  s:a  metaschema check skipped: $schema is draft-07, so the schema is sent unchecked",
      "  s:b  metaschema check skipped: $schema is draft-07, so the schema is sent unchecked",
      "  s:c  metaschema check skipped: $schema is draft-07, so the schema is sent unchecked",
      "  s:d  metaschema check skipped: $schema is draft-07, so the schema is sent unchecked",
    ]);
  });
});
