// Permissions end to end: deny a tool on /permissions, save, preview and write the
// Claude Code export, then read the settings file on disk; a file edited after the preview is refused.
// Run: NEXT_DIST_DIR=.next-perm E2E_PORT=3304 npx playwright test e2e/permissions.spec.ts
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };
// The demo fleet keeps its project folder in its data folder (playwright.config: MCP_FLEET_DATA=.mcp-fleet/e2e).
const PROJECT = resolve(".mcp-fleet/e2e/project");
const SETTINGS = join(PROJECT, ".claude", "settings.json");

async function serverStatus(request: APIRequestContext, id: string): Promise<string | undefined> {
  const response = await request.get("/api/fleet", { headers: AUTH });
  const state = (await response.json()) as { servers: { id: string; status: string }[] };
  return state.servers.find((s) => s.id === id)?.status;
}

/** Ready, reconnecting once if its first connect failed (a loaded machine can miss the connect timeout). */
async function ensureReady(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(() => serverStatus(request, id), { timeout: 30_000 }).not.toBe("connecting");
  if ((await serverStatus(request, id)) !== "ready") await request.post(`/api/servers/${id}/reconnect`, { headers: AUTH });
  await expect.poll(() => serverStatus(request, id), { timeout: 30_000 }).toBe("ready");
}

/** The segmented "our rule" control of one tool's row. */
const ruleControl = (page: Page, tool: string) => page.getByRole("radiogroup", { name: `Rule for ${tool}` });
/** The effective-decision cell of one tool's row. */
const effectiveCell = (page: Page, tool: string) => page.getByTestId(`effective-${tool}`);

test("deny a tool in the UI, save, preview and write: the file on disk has it in permissions.deny", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("409")) errors.push(message.text());
  });

  test.setTimeout(120_000);
  await ensureReady(request, "tracker");
  await ensureReady(request, "githost");
  // A clean start: no rules of ours on these tools, a settings file someone already has.
  const reset = await request.put("/api/permissions", {
    headers: AUTH,
    data: { changes: [{ serverId: "tracker", toolName: "delete_issue", decision: "none" }, { serverId: "githost", toolName: null, decision: "none" }] },
  });
  expect(reset.status()).toBe(200);
  rmSync(join(PROJECT, ".claude"), { recursive: true, force: true });
  mkdirSync(join(PROJECT, ".claude"), { recursive: true });
  writeFileSync(SETTINGS, JSON.stringify({ model: "opus", permissions: { allow: ["Bash(npm test)"] } }, null, 4) + "\n");

  await page.goto(`/permissions?token=${E2E_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Permissions", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search tools" }).fill("delete_issue");

  // Bulk set on the filtered rows, then undo: nothing is left unsaved.
  await page.getByRole("button", { name: "Set filtered to allow" }).click();
  await expect(effectiveCell(page, "tracker:delete_issue")).toContainText('allow "mcp__tracker__delete_issue" (our rule)');
  await page.getByTestId("unsaved-bar").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("unsaved-bar")).toBeHidden();

  // Accept the suggestion (destructiveHint: ask), then change it to deny: still one unsaved change.
  await page.getByRole("button", { name: "Accept ask for tracker:delete_issue" }).click();
  await ruleControl(page, "tracker:delete_issue").getByRole("radio", { name: "Deny" }).click();
  await expect(page.getByTestId("unsaved-bar")).toContainText("1 unsaved change");
  await expect(effectiveCell(page, "tracker:delete_issue")).toContainText('deny "mcp__tracker__delete_issue" (our rule)');

  await page.getByTestId("unsaved-bar").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("unsaved-bar")).toBeHidden();

  const panel = page.getByTestId("export-panel");
  await panel.getByRole("button", { name: "Preview" }).click();
  await expect(panel.getByTestId("settings-diff")).toContainText('"mcp__tracker__delete_issue"');
  await panel.getByRole("button", { name: "Write" }).click();
  await expect(panel.getByTestId("write-result")).toContainText("Wrote");

  const written = JSON.parse(readFileSync(SETTINGS, "utf8"));
  expect(written.permissions.deny).toContain("mcp__tracker__delete_issue");
  expect(written.model).toBe("opus");
  expect(written.permissions.allow).toContain("Bash(npm test)");
  expect(readFileSync(`${SETTINGS}.bak`, "utf8")).toContain("Bash(npm test)");
  // The page now shows the rule as already in the project.
  await expect(page.getByTestId("settings-panel")).toContainText("mcp__tracker__delete_issue");

  // A file edited after the preview: the write is refused and nothing changes on disk.
  await ruleControl(page, "tracker:delete_issue").getByRole("radio", { name: "Ask" }).click();
  await page.getByTestId("unsaved-bar").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("unsaved-bar")).toBeHidden();
  await panel.getByRole("button", { name: "Preview" }).click();
  await expect(panel.getByTestId("settings-diff")).toContainText("mcp__tracker__delete_issue");
  const edited = readFileSync(SETTINGS, "utf8").replace('"opus"', '"sonnet"');
  writeFileSync(SETTINGS, edited);
  await panel.getByRole("button", { name: "Write" }).click();
  await expect(panel.getByRole("alert")).toContainText("changed since the preview");
  expect(readFileSync(SETTINGS, "utf8")).toBe(edited);

  const download = await request.get("/api/permissions/export?format=codex", { headers: AUTH });
  expect(await download.text()).toContain('[mcp_servers.tracker.tools.delete_issue]\napproval_mode = "prompt"');

  expect(errors).toEqual([]);
});
