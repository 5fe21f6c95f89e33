/**
 * The files a capture writes for a client, from a fixture fleet: Claude Code's project `.mcp.json` and
 * user settings; Codex's `config.toml` with the fake provider and every setting that would reach the
 * network turned off. Pure: paths come in, objects and text go out.
 */
import { stringify } from "smol-toml";
import type { Fleet } from "../../lib/clients/__fixtures__/fleet-format";

export interface ServerLaunch {
  /** The node executable that runs raw-server.mjs. */
  node: string;
  /** Absolute path of lib/demo/raw-server.mjs. */
  rawServer: string;
  /** Absolute path of the repository (spec paths are relative to it). */
  repo: string;
  /** Where a server's probe (cwd and env names) is written, when the fleet asks for one; null: no probe. */
  probeFile?: (serverId: string) => string | null;
}

/** Every server started by a capture holds its initial tool list (see raw-server.mjs). */
export const HOLD_ENV = { RAW_SERVER_HOLD_CHANGES: "1" } as const;

function serverArgs(fleet: Fleet, launch: ServerLaunch) {
  return fleet.servers.map((server) => {
    const probe = launch.probeFile?.(server.id) ?? null;
    return {
      id: server.id,
      command: launch.node,
      args: [launch.rawServer, `${launch.repo}/${server.spec}`, ...(probe ? [`--probe=${probe}`] : [])],
      env: { ...HOLD_ENV, ...server.env },
    };
  });
}

/** Claude Code's project `.mcp.json`, servers in fleet order. */
export function claudeMcpJson(fleet: Fleet, launch: ServerLaunch): { mcpServers: Record<string, unknown> } {
  const mcpServers: Record<string, unknown> = {};
  for (const server of serverArgs(fleet, launch)) mcpServers[server.id] = { command: server.command, args: server.args, env: server.env };
  return { mcpServers };
}

/** Claude Code's user settings: project servers approved (honoured only here, not in the project), plus the fleet's rules. */
export function claudeUserSettings(fleet: Fleet): Record<string, unknown> {
  const permissions = fleet.claudeCode.permissions;
  const hasRules = Object.values(permissions).some((rules) => (rules ?? []).length > 0);
  return { enableAllProjectMcpServers: true, ...(hasRules ? { permissions } : {}) };
}

/** The project's `.claude/settings.json`, when the fleet has project rules; null otherwise. */
export function claudeProjectSettings(fleet: Fleet): Record<string, unknown> | null {
  const permissions = fleet.claudeCode.projectPermissions;
  return Object.values(permissions).some((rules) => (rules ?? []).length > 0) ? { permissions } : null;
}

/** The environment variable that carries the fake API key for Codex's custom provider. */
export const CODEX_KEY_ENV = "MCP_FLEET_FAKE_KEY";

/** The part of a Codex config.toml that points it at the fake API and keeps it off the network. */
export function codexBaseConfig(apiUrl: string): Record<string, unknown> {
  return {
    model: "gpt-fake",
    model_provider: "fake",
    check_for_update_on_startup: false,
    analytics: { enabled: false },
    otel: { exporter: "none", metrics_exporter: "none", trace_exporter: "none" },
    // Plugin sync (api.github.com, chatgpt.com) and ChatGPT apps would reach the network.
    features: { plugins: false, remote_plugin: false, apps: false },
    model_providers: { fake: { name: "fake", base_url: `${apiUrl}/v1`, wire_api: "responses", env_key: CODEX_KEY_ENV } },
  };
}

/** A Codex `[mcp_servers]` table for the fleet, servers in fleet order, each with its fleet settings. */
export function codexMcpServers(fleet: Fleet, launch: ServerLaunch): Record<string, unknown> {
  const tables: Record<string, unknown> = {};
  const byId = new Map(fleet.servers.map((server) => [server.id, server]));
  for (const server of serverArgs(fleet, launch)) {
    const settings = byId.get(server.id)?.codex ?? {};
    tables[server.id] = { command: server.command, args: server.args, env: server.env, ...settings };
  }
  return tables;
}

/** The whole Codex config.toml text for a fleet. */
export function codexConfigToml(fleet: Fleet, launch: ServerLaunch, apiUrl: string): string {
  return stringify({ ...codexBaseConfig(apiUrl), mcp_servers: codexMcpServers(fleet, launch) });
}

/** Replaces machine-specific paths with placeholders, so a capture holds the same bytes on every machine. */
export function placeholders(value: unknown, swaps: [string, string][]): unknown {
  const ordered = [...swaps].filter(([from]) => from !== "").sort((a, b) => b[0].length - a[0].length);
  return JSON.parse(JSON.stringify(value), (_key, item) => {
    if (typeof item !== "string") return item;
    let out = item.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
    for (const [from, to] of ordered) out = out.split(from).join(to);
    return out;
  });
}
