/**
 * `npm run capture`: runs a real client (Claude Code or Codex, installed on demand into a cache folder)
 * against a fake model API on 127.0.0.1 and records the tools array it sends, for a fixture fleet
 * (committed under lib/clients/__captures__/) or for any config file a user gives (printed).
 * See docs/clients.md, "Re-capturing when a client updates".
 */
import { mkdtempSync, rmSync, copyFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import { FLEET_NAMES, loadFleet } from "../../lib/clients/__fixtures__/load-fleet";
import type { Fleet } from "../../lib/clients/__fixtures__/fleet-format";
import { claudeMcpJson, claudeProjectSettings, claudeUserSettings, codexBaseConfig, codexConfigToml, placeholders, type ServerLaunch } from "./client-config";
import { ensureInstalled, parseClientArg, type ClientSpec, type Launcher } from "./install";
import { probeEnvironment } from "./probe-environment";
import { basePath, PATH_SHAPE } from "./run-client";
import { runClaudeCode } from "./run-claude-code";
import { runCodex } from "./run-codex";
import { deferredAnnouncements } from "./extract";
import { capturePath, captureText, writeCapture, type CaptureRecord } from "./write-capture";

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

function swapsFor(root: string): [string, string][] {
  return [
    [join(root, "project"), "<project>"],
    [join(root, "home"), "<home>"],
    [join(root, "codex-home"), "<codex-home>"],
    [root, "<tmp>"],
    [RAW_SERVER, "<repo>/lib/demo/raw-server.mjs"],
    [REPO, "<repo>"],
    [process.execPath, "<node>"],
  ];
}

/** Fails with the step, the reason and where the client's log is. */
class StepError extends Error {}

function launchFor(): ServerLaunch {
  return { node: process.execPath, rawServer: RAW_SERVER, repo: REPO };
}

async function captureFleet(client: ClientSpec, launcher: Launcher, fleet: Fleet, deferred: boolean, keep: boolean): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "mcp-fleet-capture-"));
  const swaps = swapsFor(root);
  let keepRoot = keep;
  try {
    const record = await runFleet(client, launcher, fleet, deferred, root, swaps).catch((error: unknown) => {
      keepRoot = true;
      throw error;
    });
    const name = deferred ? `${fleet.name}.deferred` : fleet.name;
    const path = capturePath(REPO, client.kind, client.version, name);
    writeCapture(path, captureText(record, swaps));
    return path;
  } finally {
    if (keepRoot) log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

async function runFleet(client: ClientSpec, launcher: Launcher, fleet: Fleet, deferred: boolean, root: string, swaps: [string, string][]): Promise<CaptureRecord> {
  const base = { client: client.kind, version: client.version, fleet: fleet.name, about: fleet.about };
  if (client.kind === "claude-code") {
    const mcpJson = claudeMcpJson(fleet, launchFor());
    const userSettings = claudeUserSettings(fleet);
    const projectSettings = claudeProjectSettings(fleet);
    const callTools = fleet.claudeCodeCallTools && !deferred;
    const out = await runClaudeCode({ launcher, root, mcpJson, userSettings, projectSettings, deferred, extraEnv: fleet.claudeCode.env, callTools });
    if (!out.tools) {
      throw new StepError(
        `run: Claude Code sent no main-loop request (exit ${out.run.exitCode ?? out.run.signal}${out.run.timedOut ? ", timed out" : ""}); debug log ${out.debugFile}, stderr ${out.stderrFile}`,
      );
    }
    const record: CaptureRecord = {
      ...base,
      mode: deferred ? "deferred" : "eager",
      run: { cwd: out.projectDir, argv: ["claude", ...out.args], env: recordedEnv(out.env) },
      files: {
        "<project>/.mcp.json": mcpJson,
        "<home>/.claude/settings.json": userSettings,
        ...(projectSettings ? { "<project>/.claude/settings.json": projectSettings } : {}),
      },
      toolNames: out.tools.toolNames,
      otherTools: out.tools.otherToolNames,
      mcpTools: out.tools.mcp,
      debugLog: out.debugLines.map((line) => String(placeholdersLine(line, swaps))),
    };
    if (out.callOutcomes) record.callOutcomes = out.callOutcomes;
    if (deferred) {
      // Which message announces which tool depends on when its server connected (the first request's
      // environment block, or a later system message), so the capture keeps the sorted union and the wording.
      record.mcpNamesInText = [...out.namesInText].sort();
      record.deferredWording = [...new Set(deferredAnnouncements(out.chosen).flat().filter((line) => line !== "" && !/^[A-Za-z0-9_-]+$/.test(line)))];
      const body = out.chosen as { tools?: { name?: string }[] };
      record.deferredEntries = (body.tools ?? []).filter((tool) => /^(ToolSearch|DeferredToolPlaceholder)$|^mcp__/.test(tool.name ?? ""));
    }
    return record;
  }
  const out = await runCodex({ launcher, root, userConfig: (url) => codexConfigToml(fleet, launchFor(), url), callTools: fleet.codexCallTools });
  if (out.outside.length > 0) throw new StepError(`run: Codex tried to reach ${out.outside.join(", ")}; refusing the capture (log ${out.logFile})`);
  if (!out.tools) {
    throw new StepError(`run: Codex sent no request (exit ${out.run.exitCode ?? out.run.signal}${out.run.timedOut ? ", timed out" : ""}); log ${out.logFile}`);
  }
  return {
    ...base,
    mode: "eager",
    run: { cwd: out.projectDir, argv: ["codex", ...out.args], env: recordedEnv(out.env) },
    files: { "<codex-home>/config.toml": out.userConfigText },
    toolNames: out.tools.toolNames,
    otherTools: out.tools.otherToolNames,
    mcpTools: out.tools.mcp,
    debugLog: out.debugLines.map((line) => String(placeholdersLine(line, swaps))),
    ...(out.callOutcomes ? { callOutcomes: out.callOutcomes } : {}),
  };
}

function placeholdersLine(line: string, swaps: [string, string][]): string {
  return String(placeholders(line, swaps));
}

/** The environment as recorded: PATH starts with node's folder, which differs between machines. */
function recordedEnv(env: Record<string, string>): Record<string, string> {
  return { ...env, PATH: env.PATH.replace(basePath(process.execPath), PATH_SHAPE) };
}

/** `--config F`: the client's MCP tools for a user's own file, printed as JSON. */
async function captureConfig(client: ClientSpec, launcher: Launcher, file: string, deferred: boolean, keep: boolean): Promise<number> {
  const path = resolve(file);
  if (!existsSync(path)) throw new StepError(`config: ${path} does not exist`);
  const root = mkdtempSync(join(tmpdir(), "mcp-fleet-capture-"));
  try {
    let tools: unknown[];
    let lines: string[];
    if (client.kind === "claude-code") {
      // A file named .mcp.json runs in its own folder (relative paths and project settings as the user has them).
      const inPlace = basename(path) === ".mcp.json";
      const projectDir = inPlace ? dirname(path) : join(root, "project");
      if (!inPlace) {
        copyFileSync(path, join(root, "mcp.json"));
      }
      const out = await runClaudeCode({
        launcher,
        root,
        projectDir: inPlace ? projectDir : undefined,
        mcpJson: inPlace ? null : JSON.parse(readFileSync(path, "utf8")),
        userSettings: { enableAllProjectMcpServers: true },
        deferred,
      });
      if (!out.tools) throw new StepError(`run: Claude Code sent no main-loop request; debug log ${out.debugFile}`);
      tools = out.tools.mcp;
      lines = out.debugLines;
    } else {
      const user = parseToml(readFileSync(path, "utf8")) as Record<string, unknown>;
      const out = await runCodex({ launcher, root, projectDir: dirname(path), userConfig: (url) => stringifyToml({ ...user, ...codexBaseConfig(url) }) });
      if (out.outside.length > 0) throw new StepError(`run: Codex tried to reach ${out.outside.join(", ")} (log ${out.logFile})`);
      if (!out.tools) throw new StepError(`run: Codex sent no request; log ${out.logFile}`);
      tools = out.tools.mcp;
      lines = out.debugLines;
    }
    for (const line of lines) log(`client log: ${line}`);
    process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
    return 0;
  } finally {
    if (keep) log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

export async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if ("error" in options) {
    process.stderr.write(`capture: ${options.error}\n${USAGE}\n`);
    return 2;
  }
  const { client } = options;
  try {
    const launcher = ensureInstalled(client, log);
    if (options.config) return await captureConfig(client, launcher, options.config, options.deferred, options.keep);
    if (options.probe) {
      const path = await probeEnvironment(client, launcher, { repo: REPO, rawServer: RAW_SERVER, keep: options.keep, log, swapsFor });
      log(`wrote ${path}`);
      return 0;
    }
    const names = options.all ? FLEET_NAMES.filter((name) => loadFleet(name).clients.includes(client.kind)) : [options.fleet as string];
    let failed = 0;
    for (const name of names) {
      const fleet = loadFleet(name);
      const modes = options.deferred ? [true] : options.all && client.kind === "claude-code" && fleet.claudeCodeDeferred ? [false, true] : [false];
      for (const deferred of modes) {
        try {
          const path = await captureFleet(client, launcher, fleet, deferred, options.keep);
          log(`${name}${deferred ? " (deferred)" : ""}: wrote ${path.slice(REPO.length + 1)}`);
        } catch (error) {
          failed++;
          log(`${name}${deferred ? " (deferred)" : ""}: ${(error as Error).message}`);
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
