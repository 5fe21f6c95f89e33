/**
 * One Claude Code capture (docs/clients.md "The capture method"): a temporary HOME with user
 * settings, a project folder holding `.mcp.json`, `claude -p` against the fake Messages API, and the
 * last main-loop request it sent (the one after the WAIT_COMMAND tool call, when slow servers are in).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { callId, startFakeAnthropic, waitsDone } from "./fake-anthropic";
import { WAIT_COMMAND } from "./http-log";
import { claudeCodeDebugLines } from "./debug-log";
import { extractClaudeCodeTools, isMainLoop, mcpNamesInText, toolCallOutcomes, type CallOutcome, type ExtractedTools } from "./extract";
import type { Launcher } from "./install";
import { basePath, runClient, type RunResult } from "./run-client";

export interface ClaudeRunInput {
  launcher: Launcher;
  /** Temporary root: home/, project/ and the logs go here. */
  root: string;
  /** The project's `.mcp.json` (written to project/), or null when `projectDir` already holds one. */
  mcpJson: unknown | null;
  /** Where claude runs; defaults to root/project. */
  projectDir?: string;
  userSettings: Record<string, unknown>;
  /** The project's `.claude/settings.json`, when there is one to write. */
  projectSettings?: Record<string, unknown> | null;
  /** Deferred mode leaves ENABLE_TOOL_SEARCH unset (the client's default). */
  deferred: boolean;
  extraEnv?: Record<string, string>;
  timeoutMs?: number;
  /** After the wait, have the model call every MCP tool once, to record which calls Claude Code lets through. */
  callTools?: boolean;
}

export interface ClaudeRunOutput {
  run: RunResult;
  args: string[];
  env: Record<string, string>;
  projectDir: string;
  debugFile: string;
  stderrFile: string;
  /** Every request body the fake received, in order. */
  requests: unknown[];
  /** The request the capture is taken from, or null when there was no main-loop request. */
  chosen: unknown | null;
  tools: ExtractedTools | null;
  /** MCP names announced outside the tools array (deferred mode). */
  namesInText: string[];
  debugLines: string[];
  /** callTools mode: per MCP tool, whether the call ran. */
  callOutcomes: Record<string, CallOutcome> | null;
}

export const CLAUDE_ARGS = (debugFile: string) => ["-p", "say ok", "--debug-file", debugFile, "--allowedTools", `Bash(${WAIT_COMMAND})`];

export async function runClaudeCode(input: ClaudeRunInput): Promise<ClaudeRunOutput> {
  const home = join(input.root, "home");
  const projectDir = input.projectDir ?? join(input.root, "project");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(join(home, ".claude", "settings.json"), `${JSON.stringify(input.userSettings, null, 2)}\n`);
  if (input.mcpJson !== null) writeFileSync(join(projectDir, ".mcp.json"), `${JSON.stringify(input.mcpJson, null, 2)}\n`);
  if (input.projectSettings) {
    mkdirSync(join(projectDir, ".claude"), { recursive: true });
    writeFileSync(join(projectDir, ".claude", "settings.json"), `${JSON.stringify(input.projectSettings, null, 2)}\n`);
  }
  const debugFile = join(input.root, "claude-debug.log");
  const stdoutFile = join(input.root, "claude-stdout.txt");
  const stderrFile = join(input.root, "claude-stderr.txt");

  // Deferred mode announces tools that connected during a turn only in the next turn: wait twice.
  const waits = input.deferred ? 2 : 1;
  const api = await startFakeAnthropic(WAIT_COMMAND, input.callTools === true, waits);
  const env: Record<string, string> = {
    PATH: basePath(process.execPath),
    HOME: home,
    LANG: "C.UTF-8",
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: "sk-ant-fake-capture",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    ...(input.deferred ? {} : { ENABLE_TOOL_SEARCH: "false" }),
    ...input.extraEnv,
  };
  const args = CLAUDE_ARGS(debugFile);
  let run: RunResult;
  try {
    run = await runClient({
      command: input.launcher.command,
      args: [...input.launcher.prefixArgs, ...args],
      cwd: projectDir,
      env,
      stdoutFile,
      stderrFile,
      timeoutMs: input.timeoutMs ?? 120_000,
    });
  } finally {
    await api.close();
  }
  // Every request as the fake saw it, for a reader of a kept folder (--keep).
  writeFileSync(join(input.root, "requests.json"), `${JSON.stringify(api.requests, null, 2)}\n`);
  const requests = api.requests.filter((request) => request.path.split("?")[0] === "/v1/messages").map((request) => request.body);
  const mainLoop = requests.filter(isMainLoop);
  // The request after the last wait carries the complete tools; later ones (callTools) carry the call results.
  const afterWait = mainLoop.find((body) => waitsDone(body) === waits);
  const chosen = afterWait ?? mainLoop.at(-1) ?? null;
  const tools = chosen ? extractClaudeCodeTools(chosen) : null;
  const calledNames = tools?.mcp.map((tool) => String(tool.name)) ?? [];
  const callOutcomes = input.callTools && chosen ? toolCallOutcomes(calledNames, mainLoop.at(-1), callId) : null;
  const log = existsSync(debugFile) ? readFileSync(debugFile, "utf8") : "";
  return {
    run,
    args,
    env,
    projectDir,
    debugFile,
    stderrFile,
    requests,
    chosen,
    tools,
    namesInText: chosen ? mcpNamesInText(chosen) : [],
    debugLines: claudeCodeDebugLines(log),
    callOutcomes,
  };
}
