/**
 * The fixture-fleet format: which servers (raw-server specs) a capture runs and the client settings
 * that change what each client sends (docs/clients.md, "Fixture fleets"). Pure: resolving a fleet reads
 * no file, so unit tests and the browser can use it; the specs arrive already parsed.
 */

export type RawTool = Record<string, unknown>;

/** Codex settings of one `[mcp_servers.<id>]` table, written as given (Codex 0.169.0 keys). */
export interface CodexServerSettings {
  enabled?: boolean;
  enabled_tools?: string[];
  disabled_tools?: string[];
  default_tools_approval_mode?: string;
  /** Per tool: `[mcp_servers.<id>.tools.<tool>]` with `approval_mode` or `enabled`. */
  tools?: Record<string, { approval_mode?: string; enabled?: boolean }>;
  startup_timeout_sec?: number;
}

/** Claude Code permission rules, written to the user settings (`$HOME/.claude/settings.json`). */
export interface ClaudeCodePermissions {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

export interface FleetServerEntry {
  id: string;
  /** Display label (the demo's source tags); defaults to the id. */
  label?: string;
  /** Repository-relative path of the raw-server spec, e.g. `lib/demo/servers/tracker.json`. */
  spec: string;
  /** Extra environment given to the server (config `env`). */
  env?: Record<string, string>;
  codex?: CodexServerSettings;
}

/** A fleet file as committed under lib/clients/__fixtures__/fleets/. */
export interface FleetFile {
  about: string;
  /** Which clients this fleet is captured for; both when absent. */
  clients?: ClientName[];
  servers: FleetServerEntry[];
  /**
   * `deferred`: `--all` also captures Claude Code's default deferred (ToolSearch) mode. `callTools`: the
   * capture has the model call every MCP tool once and records which calls Claude Code let through.
   */
  claudeCode?: {
    permissions?: ClaudeCodePermissions;
    /** Rules written to the project's `.claude/settings.json` (the workspace is untrusted in a capture). */
    projectPermissions?: ClaudeCodePermissions;
    env?: Record<string, string>;
    deferred?: boolean;
    callTools?: boolean;
  };
  /** `callTools`: the Codex capture has the model call every MCP tool once and records which calls run. */
  codex?: { callTools?: boolean };
}

export type ClientName = "claude-code" | "codex";

export interface FleetServer {
  id: string;
  label: string;
  spec: string;
  /** `exit-at-start`, `hang`, `garbage` when the spec is a failing server; null otherwise. */
  fault: string | null;
  /** Every page of the server's first tools/list, in order (the initial list: scheduled changes are held). */
  pages: RawTool[][];
  /** All pages concatenated in order: what a lenient client reads. */
  tools: RawTool[];
  env: Record<string, string>;
  codex: CodexServerSettings;
}

export interface Fleet {
  name: string;
  about: string;
  clients: ClientName[];
  servers: FleetServer[];
  claudeCode: { permissions: ClaudeCodePermissions; projectPermissions: ClaudeCodePermissions; env: Record<string, string> };
  claudeCodeDeferred: boolean;
  claudeCodeCallTools: boolean;
  codexCallTools: boolean;
}

interface RawSpec {
  fault?: string;
  pages?: RawTool[][];
}

/** Resolves a fleet file against the parsed specs it names; throws naming the fleet and spec when one is missing. */
export function resolveFleet(name: string, file: FleetFile, specs: Readonly<Record<string, unknown>>): Fleet {
  const servers = file.servers.map((entry): FleetServer => {
    const spec = specs[entry.spec] as RawSpec | undefined;
    if (!spec) throw new Error(`fleet ${name}: server ${entry.id} names spec ${entry.spec}, which is not registered`);
    const fault = typeof spec.fault === "string" ? spec.fault : null;
    const pages = fault ? [] : (spec.pages ?? [[]]);
    return {
      id: entry.id,
      label: entry.label ?? entry.id,
      spec: entry.spec,
      fault,
      pages,
      tools: pages.flat(),
      env: entry.env ?? {},
      codex: entry.codex ?? {},
    };
  });
  return {
    name,
    about: file.about,
    clients: file.clients ?? ["claude-code", "codex"],
    servers,
    claudeCode: {
      permissions: file.claudeCode?.permissions ?? {},
      projectPermissions: file.claudeCode?.projectPermissions ?? {},
      env: file.claudeCode?.env ?? {},
    },
    claudeCodeDeferred: file.claudeCode?.deferred ?? false,
    claudeCodeCallTools: file.claudeCode?.callTools ?? false,
    codexCallTools: file.codex?.callTools ?? false,
  };
}
