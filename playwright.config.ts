import { rmSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3217);
const DATA_DIR = ".mcp-fleet/e2e";

// Each run starts from an empty data folder (history, review marks, rules, exported settings);
// only the main process clears it, before the web server starts.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(DATA_DIR, { recursive: true, force: true });
export const E2E_TOKEN = "e2e-token-0123456789abcdef";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    command: `node scripts/start.mjs --demo --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    // A cold `next build` comes first on a fresh clone; on a busy 2-core machine it has taken over 4 minutes.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { MCP_FLEET_TOKEN: E2E_TOKEN, MCP_FLEET_DATA: DATA_DIR },
  },
});
