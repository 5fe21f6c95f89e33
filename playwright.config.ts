import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3217);
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
    command: `node scripts/start.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { MCP_FLEET_TOKEN: E2E_TOKEN, MCP_FLEET_DATA: ".mcp-fleet/e2e" },
  },
});
