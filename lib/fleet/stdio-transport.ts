/**
 * The stdio client transport of the fleet: the server runs in its own process group, so closing it
 * ends the whole tree (an `npx` wrapper and the server it started, and whatever that server spawned),
 * which the SDK's transport cannot (docs/platform.md); the environment is given whole, never merged
 * over the SDK's short default list; and a failure can be explained: exit code or signal, the first
 * stdout line that is not JSON-RPC, or a message too large to hold.
 */
import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StdioLaunch {
  command: string;
  args: string[];
  /** The child's whole environment (see server-env.ts): nothing is added to it. */
  env: Record<string, string>;
  cwd?: string;
  /** Largest single JSON-RPC message accepted on stdout. */
  maxMessageBytes?: number;
}

/** A server may answer tools/list with 10 MB or more (thousands of tools, long descriptions); the SDK's own reader stops at 10 MB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;
/** How long a server gets to leave on its own after stdin ends before its group is sent SIGTERM. */
const CLOSE_GRACE_MS = 300;
/** How long the group gets after SIGTERM before SIGKILL. */
const TERM_WAIT_MS = 2_000;
/** How long to wait for the exit after SIGKILL. */
const KILL_WAIT_MS = 2_000;
/** Process groups are POSIX; elsewhere only the direct child can be signalled. */
const GROUPS = process.platform !== "win32";

export class FleetStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The child's stderr, available before start so no early line is lost. */
  readonly stderr = new PassThrough();
  /** The first stdout line that was not a JSON-RPC message, and what was wrong with it. */
  stdoutProblem: { problem: string; line: string } | undefined;
  /** Set when the server broke the transport itself (a message over the size limit). */
  protocolError: string | undefined;
  /** Whether anything at all arrived on stdout. */
  wroteStdout = false;

  private readonly launch: StdioLaunch;
  private readonly maxMessageBytes: number;
  private child: ChildProcess | undefined;
  private exitInfo: ExitInfo | undefined;
  private exitedOnItsOwn = false;
  private closeRequested = false;
  private closing: Promise<void> | undefined;
  private closedNotified = false;
  private exited: Promise<void> | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private watchingStdout = true;
  private inspectPartial = "";

  constructor(launch: StdioLaunch) {
    this.launch = launch;
    this.maxMessageBytes = launch.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("the stdio transport is already started");
    return new Promise((resolve, reject) => {
      const child = spawn(this.launch.command, this.launch.args, {
        env: this.launch.env as NodeJS.ProcessEnv,
        cwd: this.launch.cwd,
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        // Its own process group (and session): ended as a group, and a Ctrl-C in our terminal is ours to handle.
        detached: GROUPS,
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise((done) => {
        child.once("exit", (code, signal) => {
          this.exitInfo = { code, signal };
          this.exitedOnItsOwn = !this.closeRequested;
          done();
        });
        // A child that never spawned (ENOENT) emits "error" and never "exit".
        child.once("error", () => {
          if (child.pid === undefined) done();
        });
      });
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      // "close" waits for every holder of the pipes: a wrapper's server keeps the connection alive after the wrapper exits.
      child.once("close", () => this.notifyClosed());
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.onStdout(chunk));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderr);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed || this.closeRequested) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", () => resolve());
    });
  }

  /** Ends stdin, then the whole process group: SIGTERM after a short grace, SIGKILL if it stays. Every caller waits for the same end. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const child = this.child;
    if (!child) {
      this.notifyClosed();
      return;
    }
    this.closeRequested = true;
    try {
      child.stdin?.end();
    } catch {
      // already closed
    }
    if (alive(child)) await this.waitForExit(CLOSE_GRACE_MS);
    // Even when the leader left on its own, what it started may still run in its group.
    this.signalGroup("SIGTERM");
    if (!(await this.waitUntilGone(child, TERM_WAIT_MS))) {
      this.signalGroup("SIGKILL");
      await this.waitUntilGone(child, KILL_WAIT_MS);
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.notifyClosed();
  }

  /** How the process ended, when it ended before anyone asked it to (a crash, an exit at start). */
  get crashExit(): ExitInfo | undefined {
    return this.exitedOnItsOwn ? this.exitInfo : undefined;
  }

  /** The pid of the server process (the leader of its group), while it may still be alive. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  /** The process group to signal at exit; undefined when there is none to signal. */
  get processGroup(): number | undefined {
    const pid = this.child?.pid;
    if (pid === undefined) return undefined;
    if (GROUPS) return this.groupAlive() ? pid : undefined;
    return this.child && alive(this.child) ? pid : undefined;
  }

  /** Called once the server answered initialize: from then on stdout is not inspected line by line. */
  stopInspectingStdout(): void {
    this.watchingStdout = false;
    this.inspectPartial = "";
  }

  /** Waits (at most `ms`) for the exit event, so the exit code is known when the error is put in words. */
  async waitForExit(ms: number): Promise<void> {
    if (!this.exited) return;
    await Promise.race([this.exited, delay(ms)]);
  }

  /** Waits until the leader has exited and nothing is left in its group; false when time ran out first. */
  private async waitUntilGone(child: ChildProcess, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (!alive(child) && !this.groupAlive()) return true;
      if (Date.now() >= deadline) return false;
      // Not unref'd: once the leader is reaped this poll may be all that is left, and a process with
      // nothing else to do (the CLI after a Ctrl-C) would end mid-close, its close never settling.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onclose?.();
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (GROUPS) process.kill(-pid, signal);
      else if (this.child && alive(this.child)) this.child.kill(signal);
    } catch {
      // the group is gone
    }
  }

  private groupAlive(): boolean {
    const pid = this.child?.pid;
    return pid !== undefined && GROUPS && groupHasLiveMembers(pid);
  }

  private onStdout(chunk: Buffer): void {
    this.wroteStdout = true;
    if (this.watchingStdout && !this.stdoutProblem) this.inspect(chunk);
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      if (line.length > this.maxMessageBytes) {
        this.tooLarge(line.length);
        return;
      }
      this.deliver(line);
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.pending.push(rest);
      this.pendingBytes += rest.length;
      if (this.pendingBytes > this.maxMessageBytes) this.tooLarge(this.pendingBytes);
    }
  }

  private deliver(line: Buffer): void {
    const text = line.toString("utf8").replace(/\r$/, "");
    if (!text.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      // Not fatal by itself (a stray log line); the inspection above remembers the first one.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  private tooLarge(bytes: number): void {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.protocolError) return;
    const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
    this.protocolError = `sent a message of more than ${mb(this.maxMessageBytes)} on stdout (at least ${mb(bytes)}); the connection was closed`;
    this.onerror?.(new Error(this.protocolError));
    void this.close();
  }

  private inspect(chunk: Buffer): void {
    const lines = (this.inspectPartial + chunk.toString("utf8")).split("\n");
    this.inspectPartial = lines.pop() ?? "";
    if (this.inspectPartial.length > 100_000) this.inspectPartial = "";
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

/**
 * Whether anything in the group still runs. A member that ended but was not yet reaped (a zombie,
 * reparented to an init that reaps slowly) still answers kill(0); on Linux /proc tells them apart.
 */
function groupHasLiveMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // ended while we looked
      }
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(group) === pgid && state !== "Z") return true;
    }
    return false;
  } catch {
    return true;
  }
}

function alive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
