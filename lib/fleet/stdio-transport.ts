/**
 * The SDK's stdio client transport, plus what the fleet needs to explain a failure: the child's
 * exit code or signal, the first line on stdout that is not JSON-RPC, and a close that does not
 * leave the child behind (docs/platform.md).
 */
import "server-only";
import type { ChildProcess } from "node:child_process";
import { StdioClientTransport, type StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** How long a server gets to leave on its own after stdin ends before it is sent SIGTERM (the SDK waits 2 s). */
const CLOSE_GRACE_MS = 300;
/** How long to wait for the exit after SIGKILL. */
const KILL_WAIT_MS = 2_000;

export class FleetStdioTransport extends StdioClientTransport {
  private child: ChildProcess | undefined;
  private exitInfo: ExitInfo | undefined;
  private closeRequested = false;
  private exitedOnItsOwn = false;
  private exited: Promise<void> | undefined;
  private stdoutPartial = "";
  private watchingStdout = true;
  /** The first stdout line that was not a JSON-RPC message, and what was wrong with it. */
  stdoutProblem: { problem: string; line: string } | undefined;

  constructor(params: StdioServerParameters) {
    super(params);
  }

  override start(): Promise<void> {
    const started = super.start();
    // super.start() spawns synchronously inside its promise executor, so the child exists now.
    const child = (this as unknown as { _process?: ChildProcess })._process;
    if (child) {
      this.child = child;
      this.exited = new Promise((resolve) => {
        child.once("exit", (code, signal) => {
          this.exitInfo = { code, signal };
          this.exitedOnItsOwn = !this.closeRequested;
          resolve();
        });
        // A child that never spawned (ENOENT) emits "error" and never "exit".
        child.once("error", () => {
          if (child.pid === undefined) resolve();
        });
      });
      child.stdout?.on("data", (chunk: Buffer) => this.inspectStdout(chunk));
    }
    return started;
  }

  /** How the process ended, when it ended before anyone asked it to (a crash, an exit at start). */
  get crashExit(): ExitInfo | undefined {
    return this.exitedOnItsOwn ? this.exitInfo : undefined;
  }

  /** The pid while the process may still be alive. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  /** Called once the server answered initialize: from then on stdout is not inspected (tool lists can be large). */
  stopInspectingStdout(): void {
    this.watchingStdout = false;
    this.stdoutPartial = "";
  }

  /** Waits (at most `ms`) for the exit event, so the exit code is known when the error is put in words. */
  async waitForExit(ms: number): Promise<void> {
    if (!this.exited) return;
    await Promise.race([this.exited, delay(ms)]);
  }

  override async close(): Promise<void> {
    this.closeRequested = true;
    const child = this.child;
    const closing = super.close();
    if (!child || !alive(child)) return closing;
    // The SDK ends stdin and waits 2 s before SIGTERM; most servers are done sooner, the rest need a nudge.
    const nudge = setTimeout(() => {
      if (alive(child)) child.kill("SIGTERM");
    }, CLOSE_GRACE_MS);
    try {
      await closing;
    } finally {
      clearTimeout(nudge);
    }
    if (alive(child)) {
      child.kill("SIGKILL");
      await this.waitForExit(KILL_WAIT_MS);
    }
  }

  private inspectStdout(chunk: Buffer): void {
    if (!this.watchingStdout || this.stdoutProblem) return;
    const lines = (this.stdoutPartial + chunk.toString("utf8")).split("\n");
    this.stdoutPartial = lines.pop() ?? "";
    if (this.stdoutPartial.length > 100_000) this.stdoutPartial = "";
    for (const raw of lines) {
      const line = raw.replace(/\r$/, "");
      if (!line.trim()) continue;
      const problem = jsonRpcProblem(line);
      if (problem) {
        this.stdoutProblem = { problem, line: line.length > 80 ? `${line.slice(0, 80)}…` : line };
        return;
      }
    }
  }
}

function jsonRpcProblem(line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return "a line that is not JSON";
  }
  if (typeof value !== "object" || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {
    return "JSON that is not a JSON-RPC 2.0 message";
  }
  return undefined;
}

function alive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
