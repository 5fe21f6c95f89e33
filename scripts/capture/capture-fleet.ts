/**
 * One fixture fleet through one real client: the files the client reads, the run against the fake API,
 * and the capture record (what it sent, how it was run, its relevant log lines), written under
 * lib/clients/__captures__/<client>@<version>/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Fleet } from "../../lib/clients/__fixtures__/fleet-format";
import { claudeMcpJson, claudeProjectSettings, claudeUserSettings, codexConfigToml, type ServerLaunch } from "./client-config";
import { deferredAnnouncements } from "./extract";
import type { ClientSpec, Launcher } from "./install";
import { runClaudeCode } from "./run-claude-code";
import { runCodex } from "./run-codex";
import { capturePath, captureText, machineSwaps, recordedEnv, writeCapture, type CaptureRecord } from "./write-capture";

export interface CaptureContext {
  repo: string;
  rawServer: string;
  /** Keep the temporary folder even when the capture succeeds. */
  keep: boolean;
  log: (line: string) => void;
}

/** Captures `fleet` (its deferred mode when `deferred`) and returns the path written; a failure keeps the temporary folder and says where. */
export async function captureFleet(client: ClientSpec, launcher: Launcher, fleet: Fleet, deferred: boolean, ctx: CaptureContext): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "mcp-fleet-capture-"));
  const swaps = machineSwaps(root, ctx.repo, ctx.rawServer);
  let keepRoot = ctx.keep;
  try {
    const record = await recordFleet(client, launcher, fleet, deferred, root, { node: process.execPath, rawServer: ctx.rawServer, repo: ctx.repo }).catch(
      (error: unknown) => {
        keepRoot = true;
        throw error;
      },
    );
    const path = capturePath(ctx.repo, client.kind, client.version, deferred ? `${fleet.name}.deferred` : fleet.name);
    writeCapture(path, captureText(record, swaps));
    return path;
  } finally {
    if (keepRoot) ctx.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

const exitOf = (run: { exitCode: number | null; signal: string | null; timedOut: boolean }) =>
  `exit ${run.exitCode ?? run.signal}${run.timedOut ? ", timed out" : ""}`;

async function recordFleet(client: ClientSpec, launcher: Launcher, fleet: Fleet, deferred: boolean, root: string, launch: ServerLaunch): Promise<CaptureRecord> {
  const base = { client: client.kind, version: client.version, fleet: fleet.name, about: fleet.about };
  if (client.kind === "claude-code") {
    const mcpJson = claudeMcpJson(fleet, launch);
    const userSettings = claudeUserSettings(fleet);
    const projectSettings = claudeProjectSettings(fleet);
    const callTools = fleet.claudeCodeCallTools && !deferred;
    const out = await runClaudeCode({ launcher, root, mcpJson, userSettings, projectSettings, deferred, extraEnv: fleet.claudeCode.env, callTools });
    if (!out.tools) throw new Error(`run: Claude Code sent no main-loop request (${exitOf(out.run)}); debug log ${out.debugFile}, stderr ${out.stderrFile}`);
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
      debugLog: out.debugLines,
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
  const out = await runCodex({ launcher, root, userConfig: (url) => codexConfigToml(fleet, launch, url), callTools: fleet.codexCallTools });
  if (out.outside.length > 0) throw new Error(`run: Codex tried to reach ${out.outside.join(", ")}; refusing the capture (log ${out.logFile})`);
  if (!out.tools) throw new Error(`run: Codex sent no request (${exitOf(out.run)}); log ${out.logFile}`);
  return {
    ...base,
    mode: "eager",
    run: { cwd: out.projectDir, argv: ["codex", ...out.args], env: recordedEnv(out.env) },
    files: { "<codex-home>/config.toml": out.userConfigText },
    toolNames: out.tools.toolNames,
    otherTools: out.tools.otherToolNames,
    mcpTools: out.tools.mcp,
    debugLog: out.debugLines,
    ...(out.callOutcomes ? { callOutcomes: out.callOutcomes } : {}),
  };
}

