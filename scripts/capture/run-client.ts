/**
 * Runs a client process to its end with a fixed environment (nothing inherited from the caller's shell,
 * so captures do not depend on who runs them), a time limit, and no survivors: the client runs in its
 * own process group, which is killed whole when it overstays or when the capture is interrupted.
 */
import { spawn } from "node:child_process";
import { openSync, closeSync } from "node:fs";

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
}

const live = new Set<number>();
let hooked = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

/** Kills every client group still running (on Ctrl-C or an unexpected exit of the harness). */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  const cleanup = () => {
    for (const pid of live) killGroup(pid);
  };
  process.on("exit", cleanup);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
}

/** Spawns `command args` in `cwd` with exactly `env`, stdout and stderr to files; resolves when it ends. */
export function runClient(opts: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
}): Promise<RunResult> {
  hookExit();
  const out = openSync(opts.stdoutFile, "w");
  const err = openSync(opts.stderrFile, "w");
  const child = spawn(opts.command, opts.args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv, stdio: ["ignore", out, err], detached: true });
  closeSync(out);
  closeSync(err);
  const pid = child.pid;
  if (pid) live.add(pid);
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid) killGroup(pid);
    }, opts.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`run: cannot start ${opts.command}: ${error.message}`));
    });
    child.once("exit", (exitCode, signal) => {
      clearTimeout(timer);
      // The client's MCP servers are in its group: end any that outlived it.
      if (pid) {
        killGroup(pid);
        live.delete(pid);
      }
      resolve({ exitCode, signal, timedOut });
    });
  });
}

/** How a recorded capture writes the PATH below, whose first folder differs between machines. */
export const PATH_SHAPE = "<node's folder>:/usr/local/bin:/usr/bin:/bin";

/** The PATH a client gets: node's folder first (servers are started with it), then the system's. */
export function basePath(nodePath: string): string {
  const nodeDir = nodePath.slice(0, nodePath.lastIndexOf("/"));
  return [nodeDir, "/usr/local/bin", "/usr/bin", "/bin"].filter((dir, index, all) => all.indexOf(dir) === index).join(":");
}
