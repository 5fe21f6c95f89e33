import { parse } from "smol-toml";
import { expect, test } from "vitest";
import { claudeSettingsText, exportClaude } from "./export-claude";
import { exportCodex } from "./export-codex";
import { cursorText, exportCursor } from "./export-cursor";
import { TOOLS } from "./test-fleet";
import type { OurRule } from "./types";

// Reads allow, writes ask, refunds deny; plus a server default and an excluded tool.
const OURS: OurRule[] = [
  { serverId: "orders", toolName: "lookup_order", decision: "allow" },
  { serverId: "orders", toolName: "create_note", decision: "ask" },
  { serverId: "orders", toolName: "refund_order", decision: "deny" },
  { serverId: "orders", toolName: "bad tool", decision: "allow" },
  { serverId: "files", toolName: null, decision: "allow" },
  { serverId: "files", toolName: "write_file", decision: "ask" },
  { serverId: "files", toolName: "weird.name", decision: "deny" },
  { serverId: "files", toolName: "read_file", decision: "none" },
];

test("Claude Code export", () => {
  const exported = exportClaude(OURS, TOOLS);
  expect(claudeSettingsText(exported)).toMatchInlineSnapshot(`
    "{
      "permissions": {
        "allow": [
          "mcp__files",
          "mcp__orders__lookup_order"
        ],
        "ask": [
          "mcp__files__write_file",
          "mcp__orders__bad_tool",
          "mcp__orders__create_note"
        ],
        "deny": [
          "mcp__files__weird_name",
          "mcp__orders__refund_order"
        ]
      }
    }
    "
  `);
  expect(exported.managed).toMatchInlineSnapshot(`
    [
      "mcp__files",
      "mcp__files__read_file",
      "mcp__files__weird_name",
      "mcp__files__write_file",
      "mcp__orders__bad_tool",
      "mcp__orders__create_note",
      "mcp__orders__lookup_order",
      "mcp__orders__refund_order",
    ]
  `);
  expect(exported.warnings).toMatchInlineSnapshot(`
    [
      "orders:bad tool is excluded from the fleet, so it is exported as ask, not allow",
    ]
  `);
});

test("Claude Code export never writes an unanchored allow glob, nor an excluded tool in allow", () => {
  const exported = exportClaude(OURS, TOOLS);
  expect(exported.permissions.allow.filter((r) => r.includes("*"))).toEqual([]);
  expect(exported.permissions.allow).not.toContain("mcp__orders__bad tool");
});

test("a server default deny is the bare server rule", () => {
  expect(exportClaude([{ serverId: "files", toolName: null, decision: "deny" }], TOOLS).permissions).toEqual({
    allow: [],
    ask: [],
    deny: ["mcp__files"],
  });
});

test("Codex export", () => {
  const exported = exportCodex(OURS, TOOLS);
  expect(exported.text).toMatchInlineSnapshot(`
    "# MCP Fleet: tool approvals for Codex. Merge into ~/.codex/config.toml (or a trusted project's .codex/config.toml).

    [mcp_servers.files]
    default_tools_approval_mode = "approve"
    disabled_tools = ["weird.name"]

    [mcp_servers.files.tools.write_file]
    approval_mode = "prompt"

    [mcp_servers.orders]
    disabled_tools = ["refund_order"]

    [mcp_servers.orders.tools."bad tool"]
    approval_mode = "prompt"

    [mcp_servers.orders.tools.create_note]
    approval_mode = "prompt"

    [mcp_servers.orders.tools.lookup_order]
    approval_mode = "approve"
    "
  `);
  expect(exported.warnings).toMatchInlineSnapshot(`
    [
      "orders:bad tool is excluded from the fleet, so it is exported as prompt, not approve",
    ]
  `);
});

test("the Codex export is valid TOML keyed by raw tool names", () => {
  const parsed = parse(exportCodex(OURS, TOOLS).text) as { mcp_servers: Record<string, { tools?: Record<string, unknown>; disabled_tools?: string[] }> };
  expect(Object.keys(parsed.mcp_servers.orders.tools ?? {})).toEqual(["bad tool", "create_note", "lookup_order"]);
  expect(parsed.mcp_servers.files.disabled_tools).toEqual(["weird.name"]);
});

test("Codex: a server default deny enables no tool (new ones stay off too)", () => {
  const parsed = parse(exportCodex([{ serverId: "files", toolName: null, decision: "deny" }], TOOLS).text) as {
    mcp_servers: Record<string, { enabled_tools?: string[]; disabled_tools?: string[] }>;
  };
  expect(parsed.mcp_servers.files).toEqual({ enabled_tools: [] });
});

test("Cursor exports: permissions.json and the CLI form", () => {
  const exported = exportCursor(OURS, TOOLS);
  expect(cursorText(exported)).toMatchInlineSnapshot(`
    "{
      "mcpAllowlist": [
        "files:read_file",
        "orders:lookup_order"
      ]
    }
    "
  `);
  expect(cursorText(exported, "cli")).toMatchInlineSnapshot(`
    "{
      "permissions": {
        "allow": [
          "Mcp(files:read_file)",
          "Mcp(orders:lookup_order)"
        ],
        "deny": [
          "Mcp(files:weird.name)",
          "Mcp(orders:refund_order)"
        ]
      }
    }
    "
  `);
  expect(exported.warnings).toMatchInlineSnapshot(`
    [
      "orders:bad tool is excluded from the fleet, so it is left out of the allowlist",
    ]
  `);
});

test("Cursor: a server default deny is one Mcp(server:*) deny", () => {
  expect(exportCursor([{ serverId: "files", toolName: null, decision: "deny" }], TOOLS).cliJson).toEqual({
    permissions: { allow: [], deny: ["Mcp(files:*)"] },
  });
});
