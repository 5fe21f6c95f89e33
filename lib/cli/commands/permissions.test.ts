import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { main } from "../main";
import type { CliIO } from "../io";

// A real project: a .mcp.json with two real stdio servers (an orders server on raw-server.mjs, and server-memory).
const repo = path.resolve(__dirname, "../../..");
let project: string;

function order(name: string, annotations?: Record<string, unknown>) {
  return { name, description: `${name} of an order`, inputSchema: { type: "object", properties: { order_id: { type: "string" } } }, annotations };
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "perm-cli-"));
  const spec = path.join(project, "orders.json");
  writeFileSync(
    spec,
    JSON.stringify({
      serverInfo: { name: "orders", version: "1.0.0" },
      transport: "stdio",
      pages: [[order("lookup_order", { readOnlyHint: true }), order("create_note"), order("refund_order", { destructiveHint: true })]],
    }),
  );
  writeFileSync(
    path.join(project, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        orders: { command: process.execPath, args: [path.join(repo, "lib/demo/raw-server.mjs"), spec] },
        memory: {
          command: process.execPath,
          args: [path.join(repo, "node_modules/@modelcontextprotocol/server-memory/dist/index.js")],
          env: { MEMORY_FILE_PATH: path.join(project, "memory.jsonl") },
        },
      },
    }),
  );
});

async function fleet(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project, env: { PATH: process.env.PATH, HOME: project } };
  const code = await main(["permissions", ...args], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("set with a misspelled tool is refused with the close names, and nothing is stored", async () => {
  const result = await fleet("set", "--config", ".mcp.json", "orders:refund_ordr", "deny");
  expect(result.code).toBe(2);
  expect(result.err).toBe('mcp-fleet permissions: server "orders" has no tool "refund_ordr"; close names: refund_order');
  const listed = await fleet("list", "--config", ".mcp.json", "--json");
  expect(JSON.parse(listed.out).rules).toEqual([]);
});

test("set with a misspelled server is refused with the close names", async () => {
  const result = await fleet("set", "--config", ".mcp.json", "ordres", "deny");
  expect(result.code).toBe(2);
  expect(result.err).toContain('no server "ordres" in this fleet; did you mean "orders"?');
});

test("set, then export claude to stdout and into a settings file (merged, with a backup)", async () => {
  expect((await fleet("set", "--config", ".mcp.json", "orders:refund_order", "deny")).out).toBe("orders:refund_order: deny");
  expect((await fleet("set", "--config", ".mcp.json", "orders:lookup_order", "allow")).code).toBe(0);
  expect((await fleet("set", "--config", ".mcp.json", "memory", "ask")).out).toBe("memory (server default): ask");

  const exported = await fleet("export", "--config", ".mcp.json", "--format", "claude");
  expect(exported.code).toBe(0);
  expect(JSON.parse(exported.out)).toEqual({
    permissions: { allow: ["mcp__orders__lookup_order"], ask: ["mcp__memory"], deny: ["mcp__orders__refund_order"] },
  });

  mkdirSync(path.join(project, ".claude"), { recursive: true });
  const file = path.join(project, ".claude/settings.json");
  writeFileSync(file, '{\n    "model": "opus",\n    "permissions": { "allow": ["Bash(git status)"] }\n}\n');
  const written = await fleet("export", "--config", ".mcp.json", "--format", "claude", "--write", ".claude/settings.json");
  expect(written.out).toBe(`wrote ${file} (backup: ${file}.bak)`);
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
    model: "opus",
    permissions: { allow: ["Bash(git status)", "mcp__orders__lookup_order"], deny: ["mcp__orders__refund_order"], ask: ["mcp__memory"] },
  });
  expect(readFileSync(`${file}.bak`, "utf8")).toContain('"Bash(git status)"');

  const lint = await fleet("list", "--config", ".mcp.json");
  expect(lint.out).toMatch(/^orders:refund_order +ours=deny +suggest=ask +-> deny +deny "mcp__orders__refund_order" \(our rule\)$/m);
});

test("export codex prints TOML; export cursor --write refuses to replace an existing file", async () => {
  const codex = await fleet("export", "--config", ".mcp.json", "--format", "codex");
  expect(codex.out).toContain('[mcp_servers.orders]\ndisabled_tools = ["refund_order"]');
  expect(codex.out).toContain('[mcp_servers.orders.tools.lookup_order]\napproval_mode = "approve"');
  const target = path.join(project, "permissions.json");
  expect((await fleet("export", "--config", ".mcp.json", "--format", "cursor", "--write", "permissions.json")).code).toBe(0);
  expect(JSON.parse(readFileSync(target, "utf8"))).toEqual({ mcpAllowlist: ["orders:lookup_order"] });
  const again = await fleet("export", "--config", ".mcp.json", "--format", "cursor", "--write", "permissions.json");
  expect(again.code).toBe(2);
  expect(again.err).toContain("exists; nothing was written");
  expect(existsSync(target)).toBe(true);
});
