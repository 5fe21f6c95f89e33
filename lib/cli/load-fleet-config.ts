/**
 * How every `fleet` command that needs the live fleet reads its configs: paths relative to where the
 * user typed the command, findings printed to stderr, and the demo fleet when no config is given.
 */
import path from "node:path";
import { formatFinding, loadConfigs, type LoadedConfig } from "@/lib/config";
import { demoFleetConfig } from "@/lib/demo/fleet";
import { CliError, type CliIO } from "./io";

export async function loadFleetConfig(configs: string[], io: CliIO): Promise<LoadedConfig> {
  const loaded = configs.length
    ? await loadConfigs(
        configs.map((file) => resolveUserPath(file, io)),
        // Servers of user-level files start where the user ran the command, as their client would.
        { env: io.env, homeDir: io.env.HOME, runDir: io.cwd },
      )
    : demoFleetConfig(io.root ?? io.cwd);
  for (const finding of loaded.findings) io.err(formatFinding(finding));
  if (loaded.servers.length === 0 && loaded.findings.some((f) => f.severity === "error")) {
    throw new CliError("no MCP server could be read from the config (see above)");
  }
  return loaded;
}

/** A path the user typed: `~` is left for lib/config to expand, the rest is taken from the user's folder. */
export function resolveUserPath(file: string, io: CliIO): string {
  return file.startsWith("~") ? file : path.resolve(io.cwd, file);
}
