// History end to end: a fixture server registered at runtime changes a schema and sends
// list_changed; the drift event appears on /history without a reload; the tool's versions diff; the
// review marks it and "accept as baseline" writes the lock file.
// Run: NEXT_DIST_DIR=.next-history E2E_PORT=3303 npx playwright test e2e/history.spec.ts
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { makeToolsFileServer, rawServerCommand, writeToolsFile, type RawTool } from "./fixtures/fixture-servers";
import { HistoryPage } from "./pages/history-page";
import { ReviewPage } from "./pages/review-page";
import { ToolDetailPage } from "./pages/tool-detail-page";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };

const forecast = (properties: Record<string, unknown>): RawTool => ({
  name: "get_forecast",
  description: "Weather forecast for a city.",
  inputSchema: { type: "object", properties, required: ["city"] },
});

async function serverStatus(request: APIRequestContext, id: string): Promise<string | undefined> {
  const response = await request.get("/api/fleet", { headers: AUTH });
  const state = (await response.json()) as { servers: { id: string; status: string }[] };
  return state.servers.find((s) => s.id === id)?.status;
}

test("a schema change shows up on /history live, diffs per tool, and is reviewed into a baseline", async ({ page, request }) => {
  const history = new HistoryPage(page);
  const dir = mkdtempSync(join(tmpdir(), "fleet-history-e2e-"));
  const id = `weather-${randomBytes(3).toString("hex")}`;
  const { specPath, toolsFile } = makeToolsFileServer(dir, [forecast({ city: { type: "string" } })], { name: id });
  try {
    await history.goto(`?token=${E2E_TOKEN}`);
    await expect(history.heading()).toHaveText("History");

    const added = await request.post("/api/servers", { headers: AUTH, data: { id, config: rawServerCommand(specPath) } });
    expect(added.status()).toBeLessThan(300);
    await expect.poll(() => serverStatus(request, id)).toBe("ready");
    // Its first tool list is the baseline: nothing to show for it yet.
    await expect(history.events(id)).toHaveCount(0);

    writeToolsFile(toolsFile, [forecast({ city: { type: "string" }, days: { type: "integer", minimum: 1 } })]);
    // Live: the list_changed re-list, the recorded drift and its `history` event, with no reload (generous under CI load).
    await expect(history.eventRow(id, "schema-changed")).toBeVisible({ timeout: 30_000 });
    await expect(history.eventRow(id, "schema-changed")).toHaveAttribute("data-tool", "get_forecast");

    // Filters live in the URL.
    await history.kindFilter("schema changed").click();
    await expect(page).toHaveURL(/[?&]kind=schema-changed/);
    await history.serverFilter().selectOption(id);
    await expect(page).toHaveURL(new RegExp(`[?&]server=${id}`));
    await expect(history.events()).toHaveCount(1);

    // The tool's timeline and the diff between its two versions.
    const timeline = await request.get(`/api/history/tools/${id}/get_forecast`, { headers: AUTH });
    const { versions } = (await timeline.json()) as { versions: { id: number }[] };
    expect(versions).toHaveLength(2);
    const diff = await request.get(`/api/history/tools/${id}/get_forecast/diff?from=${versions[0].id}&to=${versions[1].id}`, { headers: AUTH });
    expect(((await diff.json()) as { schema: { changes: { path: string; kind: string }[] } }).schema.changes).toContainEqual(
      expect.objectContaining({ path: "/properties/days", kind: "added" }),
    );

    // The same on the tool's detail view (UI's history slot): two versions, the new property as the diff.
    const detail = new ToolDetailPage(page);
    await detail.goto(id, "get_forecast");
    await expect(detail.versions()).toHaveCount(2);
    await expect(detail.schemaChange("/properties/days", "added")).toBeVisible();
    await expect(detail.history().getByText("Same description.")).toBeVisible();

    // The review: the event is there, marked one by one, then accepted as the baseline.
    const review = new ReviewPage(page);
    await review.goto();
    // Other specs share this server and leave their own changes to review: narrow the table to ours.
    await review.search(id);
    const row = review.row(id, "schema-changed");
    await expect(row).toBeVisible();
    await expect(review.report()).toContainText(id);
    await review.markReviewed(row);
    await expect(row).toHaveCount(0);
    await review.acceptBaseline();
    const notice = review.reviewNotice();
    await expect(notice).toContainText("Accepted as baseline: wrote ");
    const lockFile = ((await notice.textContent()) ?? "").replace(/^.*wrote (.*)\.$/, "$1");
    expect(existsSync(lockFile)).toBe(true);
    const lock = JSON.parse(readFileSync(lockFile, "utf8")) as { servers: Record<string, { tools: Record<string, unknown> }> };
    expect(Object.keys(lock.servers[id].tools)).toEqual(["get_forecast"]);

    // The first page object has listened since the test began, on every page it visited.
    history.expectNoPageErrors();
  } finally {
    await request.delete(`/api/servers/${id}`, { headers: AUTH });
    rmSync(dir, { recursive: true, force: true });
  }
});
