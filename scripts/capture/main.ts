/**
 * `npm run capture`: runs a real client (Claude Code or Codex, installed on demand into a cache folder)
 * against a fake model API on 127.0.0.1 and records the tools array it sends, for a fixture fleet
 * (committed under lib/clients/__captures__/) or for any config file a user gives (printed).
 * See docs/clients.md, "Re-capturing when a client updates".
 */
import { join, resolve } from "node:path";
import { FLEET_NAMES, loadFleet } from "../../lib/clients/__fixtures__/load-fleet";
import { captureConfig } from "./capture-config";
import { captureFleet, type CaptureContext } from "./capture-fleet";
import { ensureInstalled, parseClientArg, type ClientSpec } from "./install";
import { probeEnvironment } from "./probe-environment";

const REPO = resolve(__dirname, "..", "..");
const RAW_SERVER = join(REPO, "lib", "demo", "raw-server.mjs");

const USAGE = `usage: npm run capture -- --client <claude-code@X.Y.Z|codex@X.Y.Z> (--fleet <name> | --all | --config <file> | --probe-environment) [--deferred] [--keep]
  --fleet <name>         capture one fixture fleet (lib/clients/__fixtures__/fleets/<name>.json) into lib/clients/__captures__/
  --all                  capture every fixture fleet for the client
  --config <file>        run the client on a .mcp.json (Claude Code) or config.toml (Codex) and print the MCP tools it sends
  --probe-environment    record the cwd and environment variable names the client gives a stdio server
  --deferred             Claude Code: leave ENABLE_TOOL_SEARCH unset (MCP tools deferred behind ToolSearch)
  --keep                 keep the temporary folder (HOME, logs) for inspection
fleets: ${FLEET_NAMES.join(", ")}`;

interface Options {
  client: ClientSpec;
  fleet?: string;
  all: boolean;
  config?: string;
  probe: boolean;
  deferred: boolean;
  keep: boolean;
}

export function parseArgs(argv: string[]): Options | { error: string } {
  let client: ClientSpec | undefined;
  const options: Omit<Options, "client"> = { all: false, probe: false, deferred: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value`);
      return next;
    };
    try {
      if (arg === "--client") {
        const parsed = parseClientArg(value());
        if ("error" in parsed) return parsed;
        client = parsed;
      } else if (arg === "--fleet") options.fleet = value();
      else if (arg === "--config") options.config = value();
      else if (arg === "--all") options.all = true;
      else if (arg === "--probe-environment") options.probe = true;
      else if (arg === "--deferred") options.deferred = true;
      else if (arg === "--keep") options.keep = true;
      else return { error: `unknown argument "${arg}"` };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  if (!client) return { error: "--client is required" };
  const targets = [options.fleet !== undefined, options.all, options.config !== undefined, options.probe].filter(Boolean).length;
  if (targets !== 1) return { error: "give exactly one of --fleet, --all, --config, --probe-environment" };
  if (options.deferred && client.kind !== "claude-code") return { error: "--deferred is a Claude Code mode" };
  if (options.fleet !== undefined && !FLEET_NAMES.includes(options.fleet)) return { error: `no fixture fleet "${options.fleet}"` };
  return { client, ...options };
}

const log = (line: string) => process.stderr.write(`capture: ${line}\n`);

export async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if ("error" in options) {
    process.stderr.write(`capture: ${options.error}\n${USAGE}\n`);
    return 2;
  }
  const { client } = options;
  const ctx: CaptureContext = { repo: REPO, rawServer: RAW_SERVER, keep: options.keep, log };
  try {
    const launcher = ensureInstalled(client, log);
    if (options.config) {
      const { tools, logLines } = await captureConfig(client, launcher, options.config, { deferred: options.deferred, keep: options.keep, log });
      for (const line of logLines) log(`client log: ${line}`);
      process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
      return 0;
    }
    if (options.probe) {
      log(`wrote ${await probeEnvironment(client, launcher, ctx)}`);
      return 0;
    }
    const names = options.all ? FLEET_NAMES.filter((name) => loadFleet(name).clients.includes(client.kind)) : [options.fleet as string];
    let failed = 0;
    for (const name of names) {
      const fleet = loadFleet(name);
      const modes = options.deferred ? [true] : options.all && client.kind === "claude-code" && fleet.claudeCodeDeferred ? [false, true] : [false];
      for (const deferred of modes) {
        const label = `${name}${deferred ? " (deferred)" : ""}`;
        try {
          const path = await captureFleet(client, launcher, fleet, deferred, ctx);
          log(`${label}: wrote ${path.slice(REPO.length + 1)}`);
        } catch (error) {
          failed++;
          log(`${label}: ${(error as Error).message}`);
        }
      }
    }
    return failed === 0 ? 0 : 1;
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(`unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(70);
    },
  );
}
