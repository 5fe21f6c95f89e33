/**
 * The server's one live fleet: configs from the launcher's `MCP_FLEET_CONFIG` (given or found; none: the demo fleet), a started FleetManager whose states go out as `fleet`
 * events, and the folders derived from the primary config. Created lazily on first use, once per
 * process (on globalThis: route bundles and dev reloads share it), never at import time.
 */
import "server-only";

import { dataDirOf, loadConfigs, lockFileOf, projectDirOf, type LoadConfigsOptions, type LoadedConfig } from "@/lib/config";
import { demoFleetConfig } from "@/lib/demo/fleet";
import { FleetError } from "@/lib/errors";
import type { FleetManager } from "@/lib/fleet/manager";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import { installNativeSha256 } from "@/lib/fleet/native-sha256";
import { getFleetManager } from "@/lib/fleet/singleton";
import type { HistoryStore } from "@/lib/history/store";
import { followConfigFiles } from "./config-reload";
import { publishEvent } from "./event-bus";
import { attachHistory, attachedHistoryStore } from "./live-history";
import { logServerError, rememberSecrets } from "./log";

export interface FleetContext {
  manager: FleetManager;
  loaded: LoadedConfig;
  dataDir: string;
  projectDir: string | null;
  lockFile: string | null;
  demo: boolean;
}

const CONTEXT_KEY = Symbol.for("mcp-fleet.context");
/** The launcher (scripts/start.mjs) calls this on SIGINT / SIGTERM to end every child before it exits. */
const SHUTDOWN_KEY = Symbol.for("mcp-fleet.shutdown");

type WithContext = typeof globalThis & {
  [CONTEXT_KEY]?: Promise<FleetContext>;
  [SHUTDOWN_KEY]?: () => Promise<void>;
};

/** The config paths the launcher passed, as a JSON array in `MCP_FLEET_CONFIG`. */
export function configPathsFromEnv(env: Record<string, string | undefined>): string[] {
  const raw = env.MCP_FLEET_CONFIG;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new FleetError("internal", "context", "MCP_FLEET_CONFIG is not a JSON array of config paths.");
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "string")) {
    throw new FleetError("internal", "context", "MCP_FLEET_CONFIG is not a JSON array of config paths.");
  }
  return parsed;
}

/** The per-server timeout from `MCP_FLEET_TIMEOUT` (`--timeout`), when set and sensible. */
export function timeoutFromEnv(env: Record<string, string | undefined>): number | undefined {
  const value = Number(env.MCP_FLEET_TIMEOUT);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

async function createContext(env: Record<string, string | undefined>): Promise<FleetContext> {
  const paths = configPathsFromEnv(env);
  const demo = paths.length === 0;
  // Servers get the terminal's environment, as their client would (not the server's, which Next changed).
  const shellEnv = launchShellEnvironment();
  // Where the user ran the command (the launcher's cwd): servers of user-level files start there.
  const runDir = env.MCP_FLEET_CWD ?? process.cwd();
  // Configs the launcher found in a project (MCP_FLEET_PROJECT) are read as found: ~/.claude.json for
  // that project only. A re-read after an edit reads them the same way.
  const project = env.MCP_FLEET_PROJECT;
  const options: LoadConfigsOptions = { env: shellEnv, runDir, ...(project ? { projectDir: project, userEntries: false } : {}) };
  const loaded = demo ? demoFleetConfig(env.MCP_FLEET_ROOT ?? process.cwd()) : await loadConfigs(paths, options);
  for (const server of loaded.servers) rememberSecrets(server);

  // One manager per process (lib/fleet/singleton); it also ends every child on exit and signals.
  const manager = getFleetManager({ timeoutMs: timeoutFromEnv(env), shellEnv, workDir: projectDirOf(loaded) ?? runDir });
  manager.subscribe((state) => publishEvent("fleet", state));
  attachHistory(manager, dataDirOf(loaded, env)); // records every settled state in history.db, publishes `history`
  (globalThis as WithContext)[SHUTDOWN_KEY] = () => manager.close();
  // Not awaited: requests are answered at once, the snapshot shows the servers still connecting.
  manager.start(loaded, { demo }).catch((error: unknown) => logServerError("fleet start", error));
  // A config edited while the dashboard runs is applied, and the user told what changed.
  if (!demo) followConfigFiles(manager, loaded, paths, options);

  return {
    manager,
    loaded,
    dataDir: dataDirOf(loaded, env),
    projectDir: projectDirOf(loaded),
    lockFile: lockFileOf(loaded, env),
    demo,
  };
}

/** The live fleet of this process, started on first call. */
export function getFleetContext(): Promise<FleetContext> {
  if (process.env.MCP_FLEET_GUARDED !== "1") {
    // Fail closed: without the launcher's gate nothing checks Host, token or Origin, and this spawns processes.
    return Promise.reject(
      new FleetError("unavailable", "server", "Start the dashboard with `npm start` (scripts/start.mjs): it guards the API that starts MCP servers."),
    );
  }
  // The routes hash too (a profile's fleet, a cost's views), each in its own bundle's copy of the core,
  // maybe not the one the shared manager installed Node's SHA-256 in: install it here as well.
  installNativeSha256();
  const g = globalThis as WithContext;
  if (!g[CONTEXT_KEY]) {
    g[CONTEXT_KEY] = createContext(process.env).catch((error: unknown) => {
      // Let a later request try again rather than remembering the failure forever.
      g[CONTEXT_KEY] = undefined;
      throw error;
    });
  }
  return g[CONTEXT_KEY];
}

/** For route handlers: the live fleet and its history store. */
export async function getHistory(): Promise<{ context: FleetContext; store: HistoryStore }> {
  const context = await getFleetContext();
  // createContext attaches it; this covers a context created before the history existed (dev reloads).
  attachHistory(context.manager, context.dataDir);
  return { context, store: attachedHistoryStore() };
}
