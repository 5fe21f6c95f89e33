// The first start, as a new user meets it: `npm start` on a checkout with no build (it builds) and
// `npm run dev` print no Next.js telemetry notice, and the build prints no warning. A fresh build folder
// and a fresh config home, so nothing remembered from an earlier run hides the notice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { launch, type Launched } from "./testing/launcher";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-first-start-"));
/** A build folder of its own, emptied first; tsconfig.json lists its type folders, so Next has nothing to add there. */
const DIST_DIR = ".next-first-start";
rmSync(join(REPO_ROOT, DIST_DIR), { recursive: true, force: true });
afterAll(() => {
  rmSync(join(REPO_ROOT, DIST_DIR), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts `npm start -- <args>` on the fresh build folder, waits until it is ready, stops it, returns everything it printed. */
async function firstStart(name: string, args: string[]): Promise<string> {
  const distDir = DIST_DIR;
  const env = { NEXT_DIST_DIR: distDir, MCP_FLEET_DATA: join(scratch, name, "data"), XDG_CONFIG_HOME: join(scratch, name, "config"), NEXT_TELEMETRY_DISABLED: "" };
  let dashboard: Launched | undefined;
  try {
    dashboard = await launch({ via: "npm", args: [...args, "--port", "0"], env, readyTimeoutMs: 400_000 });
    return dashboard.output();
  } finally {
    if (dashboard) {
      process.kill(-dashboard.pid, "SIGTERM");
      await dashboard.exited;
    }
  }
}

describe("the first start", () => {
  test("npm start builds without a warning and prints no telemetry notice", { timeout: 480_000 }, async () => {
    const output = await firstStart("start", []);
    expect(output).toMatch(/Building MCP Fleet \(no build in \.next-first-start\)/);
    expect(output).toMatch(/Compiled successfully/);
    expect(output).not.toMatch(/telemetry/i);
    expect(output.split("\n").filter((line) => /warn/i.test(line))).toEqual([]);
  });

  test("the dev server (npm run dev is the launcher with --dev) prints no telemetry notice", { timeout: 240_000 }, async () => {
    const output = await firstStart("dev", ["--dev"]);
    expect(output).toMatch(/MCP Fleet ready/);
    expect(output).not.toMatch(/telemetry/i);
  });
});
