/**
 * Fidelity: every view is compared with the committed capture of the real client for the same fixture
 * fleet (lib/clients/__captures__/<client>@<version>/<fleet>.json, docs/clients.md), tool for tool and
 * byte for byte after canonical key order, and then with the key order as sent. Where they disagree, the
 * capture is right.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { ServerToolList } from "../reconcile/types";
import { canonicalJson } from "../schema/canonical-json";
import { FLEET_NAMES, loadFleet, SPECS, type Fleet } from "./__fixtures__/load-fleet";
import { claudeCodeView, CLAUDE_CODE } from "./claude-code";
import { codexView, CODEX } from "./codex";
import type { ClaudeWireTool, CodexWireNamespace } from "./types";

const captures = fileURLToPath(new URL("./__captures__", import.meta.url));

interface Capture {
  client: string;
  version: string;
  fleet: string;
  /** `eager`: every MCP tool in the request; `deferred`: Claude Code's ToolSearch mode, not modelled. */
  mode: string;
  mcpTools: unknown[];
}

function capture(dir: string, fleet: string): Capture | null {
  const file = join(captures, dir, `${fleet}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Capture) : null;
}

/**
 * The fleet as MCP Fleet reads it. A server that fails is an error; one that answers tools/list slower
 * than the clients waited in the capture (the faults fleet's 20 s server) is still connecting.
 */
function toolLists(fleet: Fleet): ServerToolList[] {
  return fleet.servers.map((server) => {
    const spec = SPECS[server.spec] as { instructions?: string; listDelayMs?: number; startDelayMs?: number };
    const slow = (spec.listDelayMs ?? 0) + (spec.startDelayMs ?? 0) >= 20_000;
    return {
      id: server.id,
      label: server.label,
      status: server.fault ? "error" : slow ? "connecting" : "ready",
      ...(spec.instructions ? { instructions: spec.instructions } : {}),
      tools: server.fault || slow ? [] : server.tools,
    };
  });
}

// Deny rules apply from the user's settings and from the project's, trusted or not (observed).
function claudeCodeWire(fleet: Fleet): ClaudeWireTool[] {
  const deny = [
    ...(fleet.claudeCode.permissions.deny ?? []).map((rule) => ({ rule, file: "~/.claude/settings.json" })),
    ...(fleet.claudeCode.projectPermissions.deny ?? []).map((rule) => ({ rule, file: ".claude/settings.json" })),
  ];
  const limit = Number(fleet.claudeCode.env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  return claudeCodeView(toolLists(fleet), { deny, ...(limit > 0 ? { maxDescriptionLength: limit } : {}) }).wire;
}

function codexWire(fleet: Fleet): CodexWireNamespace[] {
  const servers = Object.fromEntries(
    fleet.servers.map((s) => [s.id, { enabled: s.codex.enabled, enabledTools: s.codex.enabled_tools, disabledTools: s.codex.disabled_tools }]),
  );
  return codexView(toolLists(fleet), { servers }).wire;
}

// Codex's array, one entry per function, its namespace beside it: the unit compared "tool for tool".
function codexTools(wire: CodexWireNamespace[]): { key: string; text: string }[] {
  return wire.flatMap((ns) =>
    ns.tools.map((fn) => ({ key: `${ns.name}.${fn.name}`, text: canonicalJson({ namespace: { name: ns.name, description: ns.description, type: ns.type }, ...fn }) })),
  );
}

function claudeTools(wire: ClaudeWireTool[]): { key: string; text: string }[] {
  return wire.map((tool) => ({ key: tool.name, text: canonicalJson(tool) }));
}

const CLIENTS = [
  { dir: `claude-code@${CLAUDE_CODE.version}`, name: "claude-code" as const, wire: (f: Fleet) => claudeTools(claudeCodeWire(f)), captured: (c: Capture) => claudeTools(c.mcpTools as ClaudeWireTool[]) },
  { dir: `codex@${CODEX.version}`, name: "codex" as const, wire: (f: Fleet) => codexTools(codexWire(f)), captured: (c: Capture) => codexTools(c.mcpTools as CodexWireNamespace[]) },
];

const CASES = FLEET_NAMES.flatMap((fleetName) => {
  const fleet = loadFleet(fleetName);
  return CLIENTS.filter((c) => fleet.clients.includes(c.name)).map((client) => ({ fleetName, fleet, client, capture: capture(client.dir, fleetName) }));
});

test("every fixture fleet has a capture of each client it is meant for", () => {
  expect(CASES.filter((c) => c.capture === null).map((c) => `${c.client.dir}/${c.fleetName}`)).toEqual([]);
  expect(CASES.length).toBeGreaterThanOrEqual(20);
});

describe.each(CASES.filter((c) => c.capture?.mode === "eager").map((c) => [`${c.client.dir} ${c.fleetName}`, c] as const))("%s", (_label, { fleet, client, capture }) => {
  const want = client.captured(capture!);
  const got = client.wire(fleet);

  test("the same tools, in the same order", () => {
    expect(got.map((t) => t.key)).toEqual(want.map((t) => t.key));
  });

  test.each(want.map((t) => [t.key, t.text] as const))("%s: byte for byte after canonical key order", (key, text) => {
    expect(got.find((t) => t.key === key)?.text).toBe(text);
  });

  test("the whole array, byte for byte after canonical key order", () => {
    expect(canonicalJson(client.name === "codex" ? codexWire(fleet) : claudeCodeWire(fleet))).toBe(canonicalJson(capture!.mcpTools));
  });

  test("and byte for byte as sent, the key order included", () => {
    expect(JSON.stringify(client.name === "codex" ? codexWire(fleet) : claudeCodeWire(fleet))).toBe(JSON.stringify(capture!.mcpTools));
  });
});
