import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { closeAllManagers, getFleetManager, installShutdownHandlers } from "./singleton";
import { isAlive } from "./testing/process-tree";

afterAll(closeAllManagers);

describe("getFleetManager", () => {
  test("one manager per process, replaced only once closed; shutdown handlers registered once", async () => {
    const before = ["SIGINT", "SIGTERM", "exit"].map((e) => process.listenerCount(e));
    const first = getFleetManager();
    expect(getFleetManager()).toBe(first);
    installShutdownHandlers();
    getFleetManager();
    expect(["SIGINT", "SIGTERM", "exit"].map((e) => process.listenerCount(e))).toEqual(before.map((n) => n + 1));
    await first.close();
    const second = getFleetManager();
    expect(second).not.toBe(first);
    expect(["SIGINT", "SIGTERM", "exit"].map((e) => process.listenerCount(e))).toEqual(before.map((n) => n + 1));
  });
});

/** Runs the probe (the singleton with two servers), hands back its children's pids, then ends it with `end`. */
async function runProbe(mode: "wait" | "exit", end?: NodeJS.Signals): Promise<{ pids: number[]; statuses: string; exit: { code: number | null; signal: string | null } }> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join(REPO_ROOT, "lib/fleet/testing/shutdown-probe.mts"), mode], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      const match = /PIDS .*\n/.exec(out);
      if (match) resolve(match[0]);
    });
    void exited.then(() => reject(new Error(`probe exited early: ${stderr}`)));
  });
  const [, json, statuses] = line.trim().split(" ");
  if (end) child.kill(end);
  return { pids: JSON.parse(json) as number[], statuses, exit: await exited };
}

describe("shutdown", () => {
  test.each<[NodeJS.Signals, number]>([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ])("on %s every child process is ended, then the process exits with %i", { timeout: 60_000 }, async (signal, code) => {
    const { pids, statuses, exit } = await runProbe("wait", signal);
    expect(statuses).toBe("ready,ready");
    expect(pids).toHaveLength(2);
    expect(exit).toEqual({ code, signal: null });
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  test("on a plain process.exit the children are signalled too, even one that outlives its stdin", { timeout: 60_000 }, async () => {
    const { pids, exit } = await runProbe("exit");
    expect(exit.code).toBe(0);
    expect(pids).toHaveLength(2);
    await expect.poll(() => pids.filter(isAlive), { timeout: 5_000 }).toEqual([]);
  });
});
