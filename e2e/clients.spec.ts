// Each client's view in real Chromium against the demo fleet: the client switch on /tools and on a tool's
// page (names, drops with their reasons and sources, the description cut), the choice kept in the URL
// and as a preference, and the overview saying in each server's row what each client loses.
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { REPO_ROOT, rawServerCommand } from "./fixtures/fixture-servers";
import { OverviewPage } from "./pages/overview-page";
import { ToolDetailPage } from "./pages/tool-detail-page";
import { ToolsPage } from "./pages/tools-page";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };

test("the overview says in each server's row what each client loses, whole servers first", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.signIn();
  await overview.goto();
  // Not behind a click: the docs row itself says it.
  await expect(overview.clientLosses("docs").first()).toHaveText("Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type");
  await expect(overview.clientLosses("docs").first()).toHaveAttribute("data-kind", "whole");
  await expect(overview.clientLosses("docs").filter({ hasText: "Claude Code before 2.1.195 would list 0 tools" })).toHaveCount(1);
  await expect(overview.clientLosses("docs").filter({ hasText: "Codex" })).toHaveCount(0);
  // Each client in one row, with its version.
  await expect(overview.clientsSummary().locator('tr[data-client="codex"] th')).toHaveText("Codex 0.169.0");
  await expect(overview.clientsSummary().locator('tr[data-client="claude-code"]')).toContainText("docs");
  overview.expectNoPageErrors();
});

test("the client switch on /tools shows each client's names and drops, and the choice is kept", async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.signIn();
  await tools.goto("?server=docs");
  // Claude Code is the default: it loses docs whole, and says why, naming the tool.
  await expect(tools.clientSwitch()).toHaveAttribute("data-client", "claude-code");
  await expect(tools.clientSummary().getByTestId("client-label")).toHaveText("Claude Code 2.1.328");
  await expect(tools.clientSummary().getByTestId("client-sent")).toHaveText(/^sends \d+ of \d+ tools$/);
  await expect(tools.clientSummary().locator('[data-testid="client-lost"][data-server="docs"]')).toContainText("`get-library-docs` has no root type");
  await expect(tools.columnHeader("Name sent")).toBeVisible();
  await expect(tools.row("docs", "get-library-docs").locator('[data-verdict="dropped"]')).toBeVisible();
  await expect(tools.row("docs", "resolve-library-id").locator('[data-verdict="dropped"]')).toContainText("no root type");

  // Codex keeps every tool of docs, in its namespace, named as functions.
  await tools.chooseClient("Codex 0.169.0");
  await expect(page).toHaveURL(/client=codex/);
  await expect(tools.columnHeader("Function")).toBeVisible();
  await expect(tools.columnHeader("Namespace")).toBeVisible();
  await expect(tools.row("docs", "get-library-docs").locator('[data-verdict="sent"]')).toBeVisible();
  await expect(tools.row("docs", "get-library-docs")).toContainText("get_library_docs");
  await expect(tools.row("docs", "get-library-docs")).toContainText("mcp__docs");
  await expect(tools.clientSummary().getByTestId("client-label")).toHaveText("Codex 0.169.0");

  // The Agent SDK host is the reconciler's forward map: exposed names, prefixed on conflict.
  await tools.chooseClient("Agent SDK host");
  await expect(page).toHaveURL(/client=agent-sdk/);
  await expect(tools.columnHeader("Exposed name")).toBeVisible();
  await tools.goto("?server=tracker&client=agent-sdk");
  await expect(tools.row("tracker", "create_issue")).toContainText("tracker__create_issue");

  // The URL wins on reload; without a client in it, the last choice is kept.
  await page.reload();
  await tools.waitForFleet();
  await expect(tools.clientSwitch()).toHaveAttribute("data-client", "agent-sdk");
  await tools.goto();
  await expect(tools.clientSwitch()).toHaveAttribute("data-client", "agent-sdk");
  await expect(tools.columnHeader("Exposed name")).toBeVisible();
  await tools.chooseClient("Claude Code 2.1.328");
  await expect(tools.columnHeader("Name sent")).toBeVisible();
  tools.expectNoPageErrors();
});

test("a tool's page shows what the chosen client sends, or why it drops it, with the source", async ({ page }) => {
  const detail = new ToolDetailPage(page);
  await detail.signIn();
  await detail.goto("docs", "get-library-docs");
  await detail.chooseClient("Claude Code 2.1.328");
  await expect(detail.verdict()).toHaveAttribute("data-status", "dropped");
  await expect(detail.verdict()).toContainText("Claude Code 2.1.328 does not send this tool");
  await expect(detail.verdict().getByTestId("server-lost")).toContainText("would list 0 tools: `get-library-docs` has no root type");
  await expect(detail.reasons().first().getByTestId("finding-source")).toHaveText(/__captures__\/claude-code@2\.1\.328\/bad-root\.json$/);
  await expect(detail.finalSchema()).toHaveCount(0);

  await detail.chooseClient("Codex 0.169.0");
  await expect(page).toHaveURL(/client=codex/);
  await expect(detail.verdict()).toHaveAttribute("data-status", "sent");
  await expect(detail.clientName()).toHaveText("mcp__docs__get_library_docs");
  await expect(detail.verdict()).toContainText("namespace mcp__docs");
  await expect(detail.finalSchema()).toBeVisible();
  await expect(detail.namesTable().locator('tr[data-name-kind="codex"]')).toHaveAttribute("aria-current", "true");
  detail.expectNoPageErrors();
});

test("a description over 4,096 characters is cut by Claude Code, where the detail marks it; Codex sends it whole", async ({ page }) => {
  const detail = new ToolDetailPage(page);
  await detail.signIn();
  const id = "desc-ui";
  const added = await page.request.post("/api/servers", { headers: AUTH, data: { id, config: rawServerCommand(join(REPO_ROOT, "lib/clients/__fixtures__/servers/descriptions.json")) } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  try {
    await expect.poll(async () => (await (await page.request.get(`/api/servers/${id}`, { headers: AUTH })).json()).server?.status, { timeout: 30_000 }).toBe("ready");
    await detail.goto(id, "d5000");
    await detail.chooseClient("Claude Code 2.1.328");
    await expect(detail.descriptionCut()).toHaveText("\u2026 [truncated]");
    await expect(detail.finalDescription()).toContainText("cut at 4,096 of 5,000");
    await detail.chooseClient("Codex 0.169.0");
    await expect(detail.descriptionCut()).toHaveCount(0);
    await expect(detail.finalDescription()).toContainText("sent whole");
    // Over 2,048 but not 4,096: Claude Code 2.1.328 sends it whole.
    await detail.goto("wiki", "databases.query");
    await detail.chooseClient("Claude Code 2.1.328");
    await expect(detail.finalDescription()).toContainText("sent whole");
  } finally {
    await page.request.delete(`/api/servers/${id}`, { headers: AUTH });
  }
  detail.expectNoPageErrors();
});
