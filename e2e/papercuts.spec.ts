// Small things a daily user meets in the browser, each on the real dashboard: a failing server's
// error in its row (and its last error while it is retried), long names cut with an ellipsis and
// copyable, the unsaved-changes bar never under the sticky navigation, shadowing flagged while editing,
// an excluded tool's page saying the model gets nothing, pressed history filters that look pressed,
// and counts in the right number.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { fixtureSpecPath, makeToolsFileServer, rawServerCommand } from "./fixtures/fixture-servers";
import { HistoryPage } from "./pages/history-page";
import { OverviewPage } from "./pages/overview-page";
import { PermissionsPage } from "./pages/permissions-page";
import { ToolDetailPage } from "./pages/tool-detail-page";
import { ToolsPage } from "./pages/tools-page";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };
// The demo fleet keeps its project folder in its data folder (playwright.config: MCP_FLEET_DATA=.mcp-fleet/e2e).
const PROJECT = resolve(".mcp-fleet/e2e/project");
/** The demo's longest tool name: 57 characters, listed by chat and tracker, so exposed with a prefix. */
const LONG = "get_authenticated_user_profile_with_workspace_memberships";

async function addServer(request: APIRequestContext, id: string, config: unknown): Promise<void> {
  const added = await request.post("/api/servers", { headers: AUTH, data: { id, config } });
  expect(added.status(), await added.text()).toBeLessThan(300);
}

test("a failing server's error is in its row without expanding it, and one server failing reads in the singular", async ({ page, request }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  await addServer(request, "crash-row", rawServerCommand(fixtureSpecPath("exit-at-start")));
  try {
    await overview.goto();
    await expect(overview.serverStatus("crash-row")).toHaveAttribute("data-status", "error");
    const problem = overview.serverProblem("crash-row");
    await expect(problem).toContainText("exited with code 3");
    // The whole error, stderr included, is one hover away; the row keeps to one line.
    await expect(problem).toHaveAttribute("title", /API_TOKEN is not set/);
    await expect(page.getByTestId("server-detail-crash-row")).toHaveCount(0);
    // A ready server's row has no problem line.
    await expect(overview.serverProblem("tracker")).toHaveCount(0);
    await expect(overview.summaryCard("failing")).toHaveText(/^1\s*server failing$/);
  } finally {
    await request.delete("/api/servers/crash-row", { headers: AUTH });
  }
  overview.expectNoPageErrors();
});

test("a server being retried after a crash keeps its last error in its row while it reconnects", async ({ page, request }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  // Ready after 2.5 s, crashes 0.3 s later, and is started again by itself 1 s after that: 2.5 s connecting.
  await addServer(request, "retry-row", rawServerCommand(fixtureSpecPath("crash-loop")));
  try {
    await overview.goto();
    // The first crash: failing, with its exit code.
    await expect(overview.serverStatus("retry-row")).toHaveAttribute("data-status", "error", { timeout: 30_000 });
    await expect(overview.serverProblem("retry-row")).toContainText("exited with code 1");
    // The retry connects: the row says so and still shows what went wrong last time.
    await expect(overview.serverStatus("retry-row")).toHaveAttribute("data-status", "connecting", { timeout: 30_000 });
    await expect(overview.serverProblem("retry-row")).toContainText(/retry .*last error: exited with code 1/);
    const state = (await (await request.get("/api/servers/retry-row", { headers: AUTH })).json()) as { server: { status: string; lastError?: string } };
    if (state.server.status === "connecting") expect(state.server.lastError).toMatch(/exited with code 1/);
  } finally {
    await request.delete("/api/servers/retry-row", { headers: AUTH });
  }
  overview.expectNoPageErrors();
});

test("long names on /tools end in an ellipsis, show the full name on hover and copy in full", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const tools = new ToolsPage(page);
  await tools.signIn();
  // The Agent SDK host's table shows the exposed name (its name column) beside Claude Code's.
  await tools.goto("?client=agent-sdk");
  await tools.search().fill("get_authenticated");
  await expect.poll(() => tools.shown()).toBe(2);

  const full = {
    name: `chat__${LONG}`,
    originalName: LONG,
    claudeCodeName: `mcp__chat__${LONG}`,
  };
  for (const [column, name] of Object.entries(full)) {
    const shown = tools.nameIn(tools.cell("chat", LONG, column));
    await expect(shown).toHaveText(name);
    await expect(shown).toHaveAttribute("title", new RegExp(`^${name}\\b`));
    expect(await tools.cutWithEllipsis(shown), column).toEqual({ overflows: true, ellipsis: true, insideCell: true });
  }

  // The names that go into rules and dispatchers copy whole, from a button named after them.
  for (const column of ["name", "claudeCodeName"] as const) {
    const copy = tools.cell("chat", LONG, column).getByRole("button", { name: `Copy ${full[column]}` });
    await copy.focus();
    await expect(copy).toBeFocused();
    await copy.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(full[column]);
  }
  tools.expectNoPageErrors();
});

test("the unsaved-changes bar stays in view, over the table and under the sticky navigation, when the page scrolls", async ({ page }) => {
  const permissions = new PermissionsPage(page);
  await permissions.signIn();
  const reset = await page.request.put("/api/permissions", { headers: AUTH, data: { changes: [{ serverId: "tracker", toolName: "get_issue", decision: "none" }] } });
  expect(reset.status()).toBe(200);
  await permissions.goto();
  // The table is virtualized: find the row, change it, then show every row again (a long page).
  await permissions.search("get_issue");
  await permissions.setRule("tracker:get_issue", "Ask");
  await permissions.search("");
  const bar = permissions.unsavedBar();
  await expect(bar).toContainText("1 unsaved change");

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(bar).toBeInViewport();
  await expect.poll(() => permissions.isOnTop(bar)).toBe(true);
  await expect.poll(() => permissions.isOnTop(bar.getByRole("button", { name: "Save" }))).toBe(true);
  // It sits below the navigation, not behind it.
  const navBottom = await permissions.nav().evaluate((el) => el.closest("header")!.getBoundingClientRect().bottom);
  expect((await bar.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom - 0.5);

  await bar.getByRole("button", { name: "Discard" }).click();
  await expect(bar).toContainText("No unsaved changes");
  permissions.expectNoPageErrors();
});

test("an allow that a server-wide ask already beats is flagged in the editor before anything is saved", async ({ page, request }) => {
  const permissions = new PermissionsPage(page);
  const settingsDir = join(PROJECT, ".claude");
  // A clean start: no rule of ours on the tool, and a teammate's server-wide ask in the project's settings.
  const reset = await request.put("/api/permissions", { headers: AUTH, data: { changes: [{ serverId: "tracker", toolName: "get_issue", decision: "none" }, { serverId: "tracker", toolName: null, decision: "none" }] } });
  expect(reset.status()).toBe(200);
  rmSync(settingsDir, { recursive: true, force: true });
  mkdirSync(settingsDir, { recursive: true });
  writeFileSync(join(settingsDir, "settings.json"), `${JSON.stringify({ permissions: { ask: ["mcp__tracker"] } }, null, 2)}\n`);
  try {
    await permissions.goto(`?token=${E2E_TOKEN}`);
    await permissions.search("get_issue");
    await expect(permissions.ruleControl("tracker:get_issue")).toBeVisible();
    await expect(permissions.shadowFlag("tracker:get_issue")).toHaveCount(0);

    await permissions.setRule("tracker:get_issue", "Allow");
    const flag = permissions.shadowFlag("tracker:get_issue");
    await expect(flag).toBeVisible();
    await expect(flag).toContainText("shadowed");
    await expect(flag).toHaveAttribute("title", /ask "mcp__tracker" \(\.claude\/settings\.json\) also matches/);
    // Not saved: the server's lint does not know the rule yet; the editor said it first.
    await expect(permissions.unsavedBar()).toContainText("1 unsaved change");
    const saved = (await (await request.get("/api/permissions", { headers: AUTH })).json()) as { lint: { kind: string; rule: string }[] };
    expect(saved.lint.filter((f) => f.kind === "shadowed" && f.rule === "mcp__tracker__get_issue")).toEqual([]);

    // A deny is never shadowed: the flag goes as soon as the draft changes.
    await permissions.setRule("tracker:get_issue", "Deny");
    await expect(permissions.shadowFlag("tracker:get_issue")).toHaveCount(0);
    await permissions.unsavedBar().getByRole("button", { name: "Discard" }).click();
  } finally {
    rmSync(settingsDir, { recursive: true, force: true });
  }
  permissions.expectNoPageErrors();
});

test("an excluded tool's page says the model is sent nothing and why, and shows the schema only as the server listed it", async ({ page }) => {
  const detail = new ToolDetailPage(page);
  await detail.signIn();
  // The reconciler excludes it, so the Agent SDK host drops it (Claude Code sends it).
  await detail.goto("wiki", "users.list");
  await detail.chooseClient("Agent SDK host");
  await expect(detail.notSent()).toContainText("Not sent to the model");
  await expect(detail.verdict()).toContainText('property name "$filter"');
  await expect(page.locator("section[aria-labelledby=\"schema-heading\"]").getByRole("heading", { name: /sends/ })).toHaveCount(0);
  await expect(detail.finalSchema()).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "What the server listed" }).first()).toBeVisible();
  await expect(detail.originalSchema()).toContainText('"$filter"');

  // A tool that is sent keeps both sides.
  await detail.goto("tracker", "get_issue");
  await expect(detail.notSent()).toHaveCount(0);
  await expect(detail.finalSchema()).toBeVisible();
  await expect(page.getByRole("heading", { name: /^What Agent SDK host .*sends$/ }).first()).toBeVisible();
  detail.expectNoPageErrors();
});

test("a pressed history filter looks pressed, and says so to assistive technology", async ({ page }) => {
  const history = new HistoryPage(page);
  await history.goto(`?token=${E2E_TOKEN}`);
  await expect(history.heading()).toHaveText("History");
  const chip = history.kindFilter("schema changed");
  await expect(chip).toHaveAttribute("aria-pressed", "false");
  const off = await history.chipBackground("schema changed");
  expect(await history.chipBackground("tool added")).toBe(off);

  await chip.click();
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]kind=schema-changed/);
  await expect.poll(() => history.chipBackground("schema changed")).not.toBe(off);
  expect(await history.chipBackground("tool added")).toBe(off);

  await chip.click();
  await expect(chip).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => history.chipBackground("schema changed")).toBe(off);
  history.expectNoPageErrors();
});

test("a server with one tool reads \"1 tool\"", async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-count-"));
  const { specPath } = makeToolsFileServer(dir, [{ name: "only_tool", description: "The only one.", inputSchema: { type: "object" } }], { name: "one-tool" });
  const permissions = new PermissionsPage(page);
  await permissions.signIn();
  await addServer(request, "one-tool", rawServerCommand(specPath));
  try {
    await permissions.goto();
    const defaults = page.getByRole("region", { name: "Server defaults" });
    await expect(defaults.locator("dt").filter({ has: page.locator('[data-server="one-tool"]') })).toContainText(/\b1 tool$/);
    await permissions.search("only_tool");
    await expect(permissions.rowCount()).toHaveText(/^1 of \d+ tools$/);
  } finally {
    await request.delete("/api/servers/one-tool", { headers: AUTH });
    rmSync(dir, { recursive: true, force: true });
  }
  permissions.expectNoPageErrors();
});
