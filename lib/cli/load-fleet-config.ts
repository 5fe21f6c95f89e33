/**
 * How every command that needs the live fleet reads its configs: the `--config` files, taken from where
 * the user ran the command; without any, the project's configs found in that folder (which ones is said
 * on stderr); without those, the demo fleet. Config findings are printed to stderr.
 */
import { describeDiscovery, discoverConfigs, formatFinding, loadConfigs, type LoadedConfig } from "@/lib/config";
import { demoFleetConfig } from "@/lib/demo/fleet";
import { CliError, resolveUserPath, type CliIO } from "./io";

export async function loadFleetConfig(configs: string[], io: CliIO): Promise<LoadedConfig> {
  const homeDir = io.env.HOME;
  // Servers of user-level files start where the user ran the command, as their client would.
  const base = { env: io.env, homeDir, runDir: io.cwd };
  let loaded: LoadedConfig;
  if (configs.length > 0) {
    loaded = await loadConfigs(
      configs.map((file) => resolveUserPath(file, io)),
      base,
    );
  } else {
    const found = discoverConfigs(io.cwd, { homeDir });
    for (const problem of found.problems) io.err(`warning: ${problem}`);
    io.err(describeDiscovery(found, { homeDir }));
    loaded = found.files.length > 0 ? await loadConfigs(found.files, { ...base, ...found.load }) : demoFleetConfig(io.root ?? io.cwd);
  }
  for (const finding of loaded.findings) io.err(formatFinding(finding));
  if (loaded.servers.length === 0 && loaded.findings.some((f) => f.severity === "error")) {
    throw new CliError("no MCP server could be read from the config (see above)");
  }
  return loaded;
}
