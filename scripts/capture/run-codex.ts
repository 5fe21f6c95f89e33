/**
 * One Codex capture (docs/clients.md "The capture method"): a temporary CODEX_HOME whose
 * config.toml points at the fake Responses API, `codex exec` in a project folder, and the last request
 * it sent (after a WAIT_COMMAND tool call, so that every server has finished starting).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CODEX_KEY_ENV } from "./client-config";
import { codexDebugLines, codexOutsideConnections } from "./debug-log";
import { codexCallOutcomes, extractCodexTools, type CallOutcome, type ExtractedTools } from "./extract";
import { codexCallId, offeredMcpTools, startFakeResponses } from "./fake-responses";
import { WAIT_COMMAND } from "./http-log";
import type { Launcher } from "./install";
import { basePath, runClient, type RunResult } from "./run-client";

export interface CodexRunInput {
  launcher: Launcher;
  root: string;
  /** config.toml text for CODEX_HOME, given the fake API's URL. */
  userConfig: (apiUrl: string) => string;
  /** Optional project-level `.codex/config.toml` text, given the fake API's URL. */
  projectConfig?: (apiUrl: string) => string;
  projectDir?: string;
  extraEnv?: Record<string, string>;
  timeoutMs?: number;
  /** After the wait, have the model call every MCP tool once, to record which calls Codex lets through. */
  callTools?: boolean;
}

export interface CodexRunOutput {
  run: RunResult;
  args: string[];
  env: Record<string, string>;
  projectDir: string;
  userConfigText: string;
  projectConfigText: string | null;
  logFile: string;
  requests: unknown[];
  chosen: unknown | null;
  tools: ExtractedTools | null;
  debugLines: string[];
  /** Non-loopback hosts Codex tried to reach; a capture with any is refused. */
  outside: string[];
  /** callTools mode: per `namespace/tool`, whether the call ran. */
  callOutcomes: Record<string, CallOutcome> | null;
}

export const CODEX_ARGS = ["exec", "--skip-git-repo-check", "say ok"];

export async function runCodex(input: CodexRunInput): Promise<CodexRunOutput> {
  const codexHome = join(input.root, "codex-home");
  const home = join(input.root, "home");
  const projectDir = input.projectDir ?? join(input.root, "project");
  for (const dir of [codexHome, home, projectDir]) mkdirSync(dir, { recursive: true });
  const logFile = join(input.root, "codex-stderr.log");
  const stdoutFile = join(input.root, "codex-stdout.txt");

  const api = await startFakeResponses(WAIT_COMMAND, input.callTools === true);
  const userConfigText = input.userConfig(api.url);
  writeFileSync(join(codexHome, "config.toml"), userConfigText);
  let projectConfigText: string | null = null;
  if (input.projectConfig) {
    projectConfigText = input.projectConfig(api.url);
    mkdirSync(join(projectDir, ".codex"), { recursive: true });
    writeFileSync(join(projectDir, ".codex", "config.toml"), projectConfigText);
  }
  const env: Record<string, string> = {
    PATH: basePath(process.execPath),
    HOME: home,
    CODEX_HOME: codexHome,
    LANG: "C.UTF-8",
    [CODEX_KEY_ENV]: "sk-fake-capture",
    // MCP client lines at debug, and reqwest's connection lines so that any outside host shows.
    RUST_LOG: "warn,codex_mcp=debug,rmcp=info,reqwest::connect=debug",
    ...input.extraEnv,
  };
  let run: RunResult;
  try {
    run = await runClient({
      command: input.launcher.command,
      args: [...input.launcher.prefixArgs, ...CODEX_ARGS],
      cwd: projectDir,
      env,
      stdoutFile,
      stderrFile: logFile,
      timeoutMs: input.timeoutMs ?? 120_000,
    });
  } finally {
    await api.close();
  }
  // Every request as the fake saw it, for a reader of a kept folder (--keep).
  writeFileSync(join(input.root, "requests.json"), `${JSON.stringify(api.requests, null, 2)}\n`);
  const requests = api.requests.filter((request) => request.path.split("?")[0] === "/v1/responses").map((request) => request.body);
  // The request after the wait (the first one may lack servers still starting); later ones carry call outputs.
  const chosen = requests[1] ?? requests.at(-1) ?? null;
  const callOutcomes = input.callTools && chosen ? codexCallOutcomes(offeredMcpTools(chosen), requests.at(-1), codexCallId) : null;
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  return {
    run,
    args: CODEX_ARGS,
    env,
    projectDir,
    userConfigText,
    projectConfigText,
    logFile,
    requests,
    chosen,
    tools: chosen ? extractCodexTools(chosen) : null,
    debugLines: codexDebugLines(log),
    outside: codexOutsideConnections(log),
    callOutcomes,
  };
}
