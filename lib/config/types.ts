/**
 * What lib/config produces from the config files developers already keep (Claude Code, Claude
 * Desktop, Cursor, VS Code, Codex) and what lib/fleet consumes. Types only: safe to import anywhere.
 */

export type ConfigFormat =
  | "claude-code" // .mcp.json
  | "claude-user" // ~/.claude.json (top-level and per-project mcpServers)
  | "claude-desktop" // claude_desktop_config.json
  | "cursor" // .cursor/mcp.json
  | "vscode" // .vscode/mcp.json (`servers`)
  | "codex" // config.toml ([mcp_servers.<id>])
  | "demo" // the built-in demo fleet
  | "runtime"; // added through the API or the UI

export type Transport = "stdio" | "http" | "sse" | "ws";

/** Where a server entry came from, for messages that name the place. */
export interface ConfigSource {
  file: string;
  format: ConfigFormat;
  /** JSON Pointer / TOML path of the entry, e.g. `/mcpServers/github` or `mcp_servers.github`. */
  pointer?: string;
  /** Where the entry's key sits in the file (1-based), when known. */
  line?: number;
  column?: number;
}

/** One server, resolved (variables expanded) and ready to connect. Holds secrets: never send it to a browser. */
export interface ServerConfig {
  id: string;
  label?: string;
  transport: Transport;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** false: listed, shown as `disabled`, never started. */
  enabled: boolean;
  /** Set when the entry cannot be started at all (e.g. a `url` with no `type`): the server is an error with this reason. */
  invalid?: string;
  source: ConfigSource;
  /** Codex only: the `[mcp_servers.<id>]` keys that change which tools Codex sends and how it approves them. */
  codex?: CodexToolOptions;
  /**
   * The values as written in the file, before variable expansion (`${API_KEY}`, `Bearer ${TOKEN}`),
   * so redaction can show the reference instead of the secret. Only the fields the file set.
   */
  templates?: ServerTemplates;
}

/** Codex approval modes (0.169.0: `auto`, `prompt`, `writes`, `approve`). */
export type CodexApprovalMode = "auto" | "prompt" | "writes" | "approve";

/** What a Codex `[mcp_servers.<id>]` table says about its tools, by raw MCP tool name. */
export interface CodexToolOptions {
  enabledTools?: string[];
  disabledTools?: string[];
  defaultToolsApprovalMode?: CodexApprovalMode;
  /** `[mcp_servers.<id>.tools.<tool>] approval_mode`. */
  toolApprovalModes?: Record<string, CodexApprovalMode>;
}

/** Unexpanded forms of a server's fields, as the config file wrote them. */
export interface ServerTemplates {
  command?: string;
  /** Codex's `cwd` as written (ServerConfig.cwd is the resolved working folder every stdio server gets). */
  cwd?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

/** The same entry as it may be shown: env and header values replaced by their `${VAR}` reference or a mask. */
export type RedactedServerConfig = Omit<ServerConfig, "templates">;

export interface ConfigFinding {
  severity: "error" | "warning";
  /** e.g. `config:parse`, `config:url-without-type`, `config:unknown-type`, `config:server-id`, `config:literal-secret`, `config:unset-variable`. */
  code: string;
  message: string;
  file: string;
  line?: number;
  column?: number;
  serverId?: string;
}

export interface LoadedConfig {
  servers: ServerConfig[];
  findings: ConfigFinding[];
  /** The files read, in order; the first is the primary config (its folder holds `.mcp-fleet/` and the lock file). */
  files: string[];
  /** The project folder the entries were chosen for (`~/.claude.json` per-project servers), when known. */
  projectDir?: string;
}
