/**
 * Test support: the live processes around a pid, read from /proc (Linux), so tests can prove that
 * stopping the fleet leaves no server process behind, nor anything a server started.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

function readProc(pid: number | string): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command: state, ppid, pgrp, ...
    const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), state };
  } catch {
    return undefined; // the process ended while we looked
  }
}

function allProcesses(): ProcInfo[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(readProc)
    .filter((info): info is ProcInfo => info !== undefined && info.state !== "Z");
}

/** The live (not zombie) direct children of `parent`. */
export function childPidsOf(parent: number): number[] {
  return allProcesses()
    .filter((p) => p.ppid === parent)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
}

/** Every live process below `root` (children, their children, ...), whatever process group they are in. */
export function descendantsOf(root: number): number[] {
  const all = allProcesses();
  const found = new Set<number>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const p of all) {
      if (p.ppid === parent && !found.has(p.pid)) {
        found.add(p.pid);
        queue.push(p.pid);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** The live members of a process group. */
export function processGroupMembers(pgid: number): number[] {
  return allProcesses()
    .filter((p) => p.pgid === pgid)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
}

/** The live processes (not this one) whose command line holds `text`, as `<pid>: <command line>`: servers a test left behind. */
export function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const { pid } of allProcesses()) {
    if (pid === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmdline.includes(text)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** The process group of a live pid, or undefined. */
export function processGroupOf(pid: number): number | undefined {
  const info = readProc(pid);
  return info && info.state !== "Z" ? info.pgid : undefined;
}

/** True while the process exists and is not a zombie (a zombie has ended; only its exit status waits to be read). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const info = readProc(pid);
  return info !== undefined && info.state !== "Z";
}
