/**
 * Test support: the live child processes of a pid, read from /proc (Linux), so tests can prove that
 * shutting the fleet down leaves no server process behind.
 */
import { readdirSync, readFileSync } from "node:fs";

export function childPidsOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command: state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === parent && state !== "Z") pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids.sort((a, b) => a - b);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
