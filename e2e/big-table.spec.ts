// /tools of a fleet bigger than the table's first screen, in real Chromium against the real launcher on a
// temp project (one raw-server listing 150 tools over 3 pages): the first rows show at once and the whole
// table follows, so the count is the whole fleet's, the search reaches a tool far past the first rows, a
// sort brings the last one up, and the page logs no errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "@playwright/test";

import { E2E_TOKEN } from "../playwright.config";
import { makeToolsFileServer, rawServerCommand } from "./fixtures/fixture-servers";
import { startTempLauncher } from "./fixtures/temp-launcher";
import { ToolsPage } from "./pages/tools-page";

const TOOLS = 150;
const name = (i: number) => `tool_${String(i).padStart(3, "0")}`;

let dir: string;
let launcher: Awaited<ReturnType<typeof startTempLauncher>> | undefined;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-fleet-big-table-"));
  const project = join(dir, "project");
  mkdirSync(project);
  const tools = Array.from({ length: TOOLS }, (_, i) => ({ name: name(i), description: `Tool ${i}.`, inputSchema: { type: "object", properties: { q: { type: "string" } } } }));
  const pages = [tools.slice(0, 50), tools.slice(50, 100), tools.slice(100)];
  const big = makeToolsFileServer(dir, pages, { name: "big" });
  const config = join(project, ".mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { big: rawServerCommand(big.specPath) } }));
  launcher = await startTempLauncher(config, dir);
});

test.afterAll(async () => {
  await launcher?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("the first rows, then the whole table: the whole count, a search past the first rows, a sort that brings up the last", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: launcher!.base });
  const page = await context.newPage();
  const tools = new ToolsPage(page);
  await page.goto(`/?token=${E2E_TOKEN}`);
  await expect(tools.liveIndicator()).toHaveAttribute("data-stream", "open");
  await tools.waitForDemoFleet(["big"]);

  await page.goto("/tools");
  await expect(tools.rows().first()).toBeVisible();
  await expect(tools.rowCount()).toHaveText(`${TOOLS} tools`);
  // In Claude Code's order (by the names it sends), the first rows are the first tools.
  await expect(tools.row("big", name(0))).toBeVisible();

  // The search covers every row, not only the first screen's.
  await tools.search().fill(name(TOOLS - 2));
  await expect(tools.rowCount()).toHaveText(`1 of ${TOOLS} tools`);
  await expect(tools.row("big", name(TOOLS - 2))).toBeVisible();
  await tools.search().fill("");
  await expect(tools.rowCount()).toHaveText(`${TOOLS} tools`);

  // Sorted by name, descending: the last tool comes first.
  await tools.sortBy("Name sent");
  await tools.sortBy("Name sent");
  await expect.poll(() => tools.renderedNames().then((names) => names[0])).toBe(`mcp__big__${name(TOOLS - 1)}`);
  expect(tools.errors).toEqual([]);
  await context.close();
});
