// Permissions end to end: deny a tool on /permissions, save, preview and write the
// Claude Code export, then read the settings file on disk; a file edited after the preview is refused.
// Run: NEXT_DIST_DIR=.next-perm E2E_PORT=3304 npx playwright test e2e/permissions.spec.ts
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { PermissionsPage } from "./pages/permissions-page";

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

test("deny a tool in the UI, save, preview and write: the file on disk has it in permissions.deny", async ({ page, request }) => {
  const permissions = new PermissionsPage(page);
  // The write after the file changed is refused with 409 on purpose; the browser logs that one failed request.
  permissions.expectFailedRequest(409, /\/api\/permissions\/write$/);

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

  await permissions.goto(`?token=${E2E_TOKEN}`);
  await expect(permissions.heading()).toHaveText("Permissions");
  await permissions.search("delete_issue");

  // Bulk set on the filtered rows, then undo: nothing is left unsaved.
  await permissions.setFiltered("allow");
  await expect(permissions.effectiveCell("tracker:delete_issue")).toContainText('allow "mcp__tracker__delete_issue" (our rule)');
  await permissions.undo();
  await expect(permissions.unsavedBar()).toBeHidden();

  // Accept the suggestion (destructiveHint: ask), then change it to deny: still one unsaved change.
  await permissions.acceptSuggestion("ask", "tracker:delete_issue");
  await permissions.setRule("tracker:delete_issue", "Deny");
  await expect(permissions.unsavedBar()).toContainText("1 unsaved change");
  await expect(permissions.effectiveCell("tracker:delete_issue")).toContainText('deny "mcp__tracker__delete_issue" (our rule)');

  await permissions.save();
  await expect(permissions.unsavedBar()).toBeHidden();

  const panel = permissions.exportPanel();
  await permissions.preview();
  await expect(panel.getByTestId("settings-diff")).toContainText('"mcp__tracker__delete_issue"');
  await permissions.write();
  await expect(panel.getByTestId("write-result")).toContainText("Wrote");

  const written = JSON.parse(readFileSync(SETTINGS, "utf8"));
  expect(written.permissions.deny).toContain("mcp__tracker__delete_issue");
  expect(written.model).toBe("opus");
  expect(written.permissions.allow).toContain("Bash(npm test)");
  expect(readFileSync(`${SETTINGS}.bak`, "utf8")).toContain("Bash(npm test)");
  // The page now shows the rule as already in the project.
  await expect(permissions.settingsPanel()).toContainText("mcp__tracker__delete_issue");

  // A file edited after the preview: the write is refused and nothing changes on disk.
  await permissions.setRule("tracker:delete_issue", "Ask");
  await permissions.save();
  await expect(permissions.unsavedBar()).toBeHidden();
  await permissions.preview();
  await expect(panel.getByTestId("settings-diff")).toContainText("mcp__tracker__delete_issue");
  const edited = readFileSync(SETTINGS, "utf8").replace('"opus"', '"sonnet"');
  writeFileSync(SETTINGS, edited);
  await permissions.write();
  await expect(panel.getByRole("alert")).toContainText("changed since the preview");
  expect(readFileSync(SETTINGS, "utf8")).toBe(edited);

  const download = await request.get("/api/permissions/export?format=codex", { headers: AUTH });
  expect(await download.text()).toContain('[mcp_servers.tracker.tools.delete_issue]\napproval_mode = "prompt"');

  permissions.expectNoPageErrors();
});
