// The dashboard in real Chromium against the real launcher and the demo fleet: every
// page renders without errors, collisions, tool filters, the flattened detail view, a list_changed
// server updating an open page, adding and removing a server through the form, screenshots.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { REPO_ROOT, fixtureSpecPath, makeToolsFileServer, rawServerCommand, writeToolsFile } from "./fixtures/fixture-servers";
import { BasePage, shownCount } from "./pages/base-page";
import { CollisionsPage } from "./pages/collisions-page";
import { OverviewPage } from "./pages/overview-page";
import { ToolDetailPage } from "./pages/tool-detail-page";
import { ToolsPage } from "./pages/tools-page";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };

function tool(name: string, description = `The ${name} tool.`) {
  return { name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } };
}

test("every dashboard page renders with no page errors, and each is kept as a screenshot", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const base = new BasePage(page);
  await base.signIn();
  const pages: [string, string, RegExp][] = [
    ["overview", "/", /Overview/],
    ["collisions", "/collisions", /Collisions/],
    ["tools", "/tools", /Tools/],
    ["tools-reverse", "/tools?view=reverse", /Tools/],
    ["tool-detail", "/tools/tracker/get_issue", /get_issue/],
    // The HISTORY and PERMISSIONS pages sit in the same shell and store.
    ["history", "/history", /.+/],
    ["review", "/review", /.+/],
    ["permissions", "/permissions", /.+/],
  ];
  for (const [name, path, title] of pages) {
    await page.goto(path);
    await base.waitForFleet();
    await expect(base.heading()).toHaveText(title);
    await expect(page.locator(".state-error")).toHaveCount(0);
    const file = testInfo.outputPath(`${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: "image/png" });
    // A copy outside the per-run output folder (gitignored), so the latest screenshots survive the next run.
    mkdirSync(join(REPO_ROOT, "e2e", "artifacts", "screenshots"), { recursive: true });
    copyFileSync(file, join(REPO_ROOT, "e2e", "artifacts", "screenshots", `${name}.png`));
    // The README's picture is refreshed on request only, so a test run leaves the tree clean.
    if (name === "overview" && process.env.UPDATE_README_SCREENSHOT) {
      mkdirSync(join(REPO_ROOT, "public"), { recursive: true });
      copyFileSync(file, join(REPO_ROOT, "public", "screenshot-overview.png"));
    }
  }
  // Every nav link is reachable by keyboard and points at its route.
  for (const [label, href] of [["Overview", "/"], ["Collisions", "/collisions"], ["Tools", "/tools"], ["History", "/history"], ["Review", "/review"], ["Permissions", "/permissions"]]) {
    await expect(base.navLink(label)).toHaveAttribute("href", href);
  }
  base.expectNoPageErrors();
});

test("without the token cookie the page says how to get in", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = new BasePage(page);
  await page.goto("/");
  await expect(page.getByText("Not signed in")).toBeVisible();
  await expect(page.getByTestId("no-token-hint")).toContainText("open the URL printed in the terminal");
  // The refused API calls are the expected 401s, nothing else.
  expect(base.errors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  await context.close();
});

test("the overview shows the fleet summary, the hash and a server's detail", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  await overview.goto();
  await expect(overview.summaryCard("collisions")).toContainText(/\d+/);
  // The demo notice names the real ways to show one's own servers: the bin in the project's folder, or the launcher's --config flag.
  await expect(page.getByTestId("demo-notice")).toContainText("mcp-fleet start");
  await expect(page.getByTestId("demo-notice")).toContainText("npm start -- --config");
  const hash = overview.fleetHash().locator("code[data-hash]");
  await expect(hash).toHaveText(/^[0-9a-f]{16}$/);
  await expect(overview.fleetHash().getByRole("button", { name: "Copy full fleet hash" })).toHaveAttribute("data-copy-value", /^[0-9a-f]{64}$/);
  await expect(overview.serverRow("tracker")).toBeVisible();
  await overview.expandServer("tracker").click();
  await expect(page.getByTestId("server-detail-tracker")).toBeVisible();
  overview.expectNoPageErrors();
});

test("the collisions page lists the demo collisions with their members and matrix", async ({ page }) => {
  const collisions = new CollisionsPage(page);
  await collisions.signIn();
  await collisions.goto();
  await expect(collisions.groupRow("create_issue")).toBeVisible();
  await expect(collisions.groupRow("search")).toBeVisible();
  await expect(collisions.groupRow("create_issue").locator('[data-server="tracker"]')).toBeVisible();
  await expect(collisions.groupRow("create_issue").locator('[data-server="githost"]')).toBeVisible();
  await collisions.expand("create_issue");
  await expect(collisions.detail("create_issue").locator("[data-member]")).toHaveCount(2);
  await expect(page).toHaveURL(/open=create_issue/);
  await expect(collisions.matrix().locator('td[data-pair="githost|tracker"]')).not.toHaveText("");
  collisions.expectNoPageErrors();
});

test("filtering by server and by flag narrows the tools table, and the URL keeps the view", async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.signIn();
  await tools.goto();
  const all = await tools.shown();
  expect(all).toBeGreaterThan(10);

  await tools.filterBy("Server", "tracker");
  await expect.poll(() => tools.shown()).toBeLessThan(all);
  await expect.poll(async () => [...new Set(await tools.renderedServers())]).toEqual(["tracker"]);
  const trackerOnly = await tools.shown();
  await expect(page).toHaveURL(/server=tracker/);

  await tools.filterBy("Flag", "Collided");
  await expect.poll(() => tools.shown()).toBeLessThan(trackerOnly);
  await expect.poll(async () => (await tools.renderedFlags()).every((flags) => flags.includes("collided"))).toBe(true);
  await expect(page).toHaveURL(/flag=collided/);

  // The same URL opened afresh shows the same narrowed view.
  const narrowed = await tools.shown();
  await page.reload();
  await tools.waitForFleet();
  await expect.poll(() => tools.shown()).toBe(narrowed);

  await tools.search().fill("create");
  await expect.poll(() => tools.shown()).toBeLessThanOrEqual(narrowed);

  // The nav link to the open page shows what its URL says: every tool, no filter left over.
  await tools.navLink("Tools").click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect.poll(() => tools.shown()).toBe(all);
  await expect(tools.search()).toHaveValue("");
  // Back returns to the filtered view its URL describes.
  await page.goBack();
  await expect(page).toHaveURL(/server=tracker/);
  await expect.poll(() => tools.shown()).toBeLessThanOrEqual(narrowed);
  tools.expectNoPageErrors();
});

test("the tools table sorts, hides columns, selects a tool and switches to the reverse map, all kept in the URL", async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.signIn();
  await tools.goto();
  await tools.sortBy("Server");
  await expect(page).toHaveURL(/sort=serverId/);
  await expect(tools.columnHeader("Server")).toHaveAttribute("aria-sort", "ascending");

  await tools.toggleColumn("Schema hash");
  await expect(tools.columnHeader("Schema hash")).toHaveCount(0);
  await expect(page).toHaveURL(/hide=schemaHash/);

  await tools.select("tracker", "get_issue");
  await expect(tools.selectedPanel()).toContainText("mcp__tracker__get_issue");
  await expect(page).toHaveURL(/sel=tracker%3Aget_issue/);
  await page.reload();
  await tools.waitForFleet();
  await expect(tools.selectedPanel()).toContainText("mcp__tracker__get_issue");
  await expect(tools.columnHeader("Schema hash")).toHaveCount(0);

  await tools.showView("Reverse map");
  await expect(tools.reverseTable()).toBeVisible();
  await expect(page).toHaveURL(/view=reverse/);
  await expect(tools.reverseTable().locator('tr[data-row-id="tracker:get_issue"]')).toBeVisible();
  tools.expectNoPageErrors();
});

test("the permissions table's faceted filters keep the rows with the chosen server, by exact id", async ({ page }) => {
  const base = new BasePage(page);
  await base.signIn();
  await page.goto("/permissions?p.server=chat");
  await base.waitForFleet();
  const table = page.getByTestId("permissions-table");
  await expect(table.locator("tr[data-row-id]").first()).toBeVisible();
  // Before the fix TanStack's arrIncludesSome dropped every row of a string column: "0 of 35 tools".
  await expect.poll(async () => shownCount(await base.rowCount().textContent())).toBeGreaterThan(0);
  await expect.poll(async () => [...new Set(await table.locator("tr[data-row-id] [data-server]").evaluateAll((els) => els.map((el) => el.getAttribute("data-server"))))]).toEqual(["chat"]);
  base.expectNoPageErrors();
});

test("the detail view shows a flattened oneOf with its sentence and the constraint the server must check", async ({ page }) => {
  const detail = new ToolDetailPage(page);
  await detail.signIn();
  await detail.goto("tracker", "get_issue");
  await expect(detail.flattenPanel()).toContainText("oneOf");
  const sentence = (await detail.flattenSentence().textContent()) ?? "";
  expect(sentence).toMatch(/one of/i);
  await expect(detail.finalDescription()).toContainText(sentence);
  await expect(detail.lostConstraint()).toContainText("The server must check:");
  await expect(detail.originalSchema()).toContainText('"oneOf"');
  await expect(detail.finalSchema()).not.toContainText('"oneOf"');
  await expect(detail.originalSchema().locator("[data-mark]").first()).toBeVisible();
  await expect(detail.namesTable().locator("tr[data-name-kind]")).toHaveCount(3);
  await expect(detail.checks().first()).toBeVisible();

  // A description over 2,048 characters shows where Claude Code cuts it.
  await detail.goto("wiki", "databases.query");
  await expect(detail.descriptionCut()).toBeVisible();
  await expect(detail.finalDescription()).toContainText("Claude Code cuts it");
  detail.expectNoPageErrors();
});

test("a list_changed server updates an open page without a reload", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-ui-"));
  const { specPath, toolsFile } = makeToolsFileServer(dir, [tool("alpha_live")], { name: "live-ui" });
  const tools = new ToolsPage(page);
  await tools.signIn();
  try {
    const added = await page.request.post("/api/servers", { headers: AUTH, data: { id: "live-ui", config: rawServerCommand(specPath) } });
    expect(added.status(), await added.text()).toBeLessThan(300);
    await tools.goto("?server=live-ui");
    await expect(tools.row("live-ui", "alpha_live")).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Date.now()));

    writeToolsFile(toolsFile, [tool("alpha_live"), tool("beta_live")]);
    await expect(tools.row("live-ui", "beta_live")).toBeVisible();
    await expect.poll(() => tools.shown()).toBe(2);
    // Same document: the marker survived, so the change came over the event stream.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
  } finally {
    await page.request.delete("/api/servers/live-ui", { headers: AUTH });
    rmSync(dir, { recursive: true, force: true });
  }
  tools.expectNoPageErrors();
});

test("a failing server expands to its error and stderr tail, with reconnect", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  const added = await page.request.post("/api/servers", { headers: AUTH, data: { id: "crash-ui", config: rawServerCommand(fixtureSpecPath("exit-at-start")) } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  try {
    await overview.goto();
    await expect(overview.serverRow("crash-ui").locator('[data-status="error"]')).toBeVisible();
    await expect(overview.summaryCard("failing")).toContainText("1");
    await overview.expandServer("crash-ui").click();
    const detail = page.getByTestId("server-detail-crash-ui");
    await expect(detail.getByRole("alert")).toContainText(/exit|code 3/i);
    await expect(detail.getByTestId("stderr-tail")).toContainText("API_TOKEN is not set");
    const before = await overview.fleetVersion();
    await detail.getByRole("button", { name: "Reconnect crash-ui" }).click();
    // The reconnect fails again (the fixture always exits), but a new state arrives over the stream.
    await expect.poll(() => overview.fleetVersion()).toBeGreaterThan(before);
    await expect(overview.serverRow("crash-ui").locator('[data-status="error"]')).toBeVisible();
  } finally {
    await page.request.delete("/api/servers/crash-ui", { headers: AUTH });
  }
  overview.expectNoPageErrors();
});

test("a server that timed out is reconnected with a longer timeout from its row", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  const id = "slow-ui";
  const added = await page.request.post("/api/servers", { headers: AUTH, data: { id, config: rawServerCommand(fixtureSpecPath("slow-start")) } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  try {
    // Too short for its 3 s start: it times out, as an npx install does on a first run.
    const short = await page.request.post(`/api/servers/${id}/reconnect`, { headers: AUTH, data: { timeoutMs: 1_000 } });
    expect(short.status()).toBe(200);
    await overview.goto();
    await expect(overview.serverRow(id).locator('[data-status="error"]')).toBeVisible();
    await overview.expandServer(id).click();
    const detail = page.getByTestId(`server-detail-${id}`);
    await expect(detail.getByRole("alert")).toContainText("timed out after 1000 ms waiting for initialize");
    await expect(detail.getByRole("alert")).toContainText("raise the timeout with --timeout 60000");
    await detail.getByRole("button", { name: "Reconnect with a 60 s timeout" }).click();
    await expect(overview.serverRow(id).locator('[data-status="ready"]')).toBeVisible({ timeout: 30_000 });
    const server = (await (await page.request.get(`/api/servers/${id}`, { headers: AUTH })).json()) as { server: { timeoutMs: number } };
    expect(server.server.timeoutMs).toBe(60_000);
  } finally {
    await page.request.delete(`/api/servers/${id}`, { headers: AUTH });
  }
  overview.expectNoPageErrors();
});

test("adding and removing a server through the form", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  await overview.goto();

  // Checked before it is sent: bad id and bad JSON never reach the server.
  await overview.addServer("bad id", "{ not json");
  await expect(overview.formErrors()).toHaveCount(2);
  await expect(overview.serverRow("bad id")).toHaveCount(0);

  await overview.addServer("form-ui", rawServerCommand(fixtureSpecPath("basic")));
  await expect(overview.formErrors()).toHaveCount(0);
  await expect(overview.serverRow("form-ui")).toBeVisible();
  await expect(overview.serverRow("form-ui").locator('[data-status="ready"]')).toBeVisible();

  // A second add with the same id is refused with the reason.
  await overview.addServer("form-ui", rawServerCommand(fixtureSpecPath("basic")));
  await expect(overview.formErrors()).toContainText("already in the fleet");

  await overview.removeServer("form-ui");
  await expect(overview.serverRow("form-ui")).toHaveCount(0);
  await expect(overview.notice()).toHaveText("Removed form-ui.");
  overview.expectNoPageErrors();
});
