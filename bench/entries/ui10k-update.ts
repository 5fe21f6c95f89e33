/**
 * ui10k-update: with the 10,000-tool fleet of ui10k open on /tools in Debian's Chromium, one server's
 * list changes: the time from the notifications/tools/list_changed it sends (its wall clock, written by
 * raw-server's "listChangedLog") to the open page showing the new tool (the page's wall clock, when
 * the row appears under a search for it), over 5 changes (goal < 300 ms), split into the server's part
 * (until the `fleet` event carrying the tool arrives on a second stream) and the page's. Reports the
 * size of the `fleet` events each change sent, beside the size of the whole index.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeToolsFile } from "../../e2e/fixtures/fixture-servers";
import type { Benchmark } from "../types";
import { externalServer, launchChromium, liveFleetFiles, median, serverPages, startServer, stopServer, waitForFleet, writeFleet } from "../ui-fleet";

const CHANGES = 5;

/** Reads `/api/events` in the background and keeps every `fleet` event: when it arrived (wall clock), its size, its text. */
function fleetEvents(baseUrl: string, token: string) {
  const controller = new AbortController();
  const events: { at: number; bytes: number; text: string }[] = [];
  let buffer = "";
  const done = fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
    .then(async (response) => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith("event: fleet\n")) events.push({ at: Date.now(), bytes: Buffer.byteLength(block), text: block });
        }
      }
    })
    .catch(() => {});
  return { events, close: () => (controller.abort(), done) };
}

function lastListChanged(file: string): number {
  const lines = readFileSync(file, "utf8").trim().split("\n").filter(Boolean);
  return Number(lines.at(-1));
}

export const benchmark: Benchmark = {
  name: "ui10k-update",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-ui10k-update-"));
    // UI10K_URL + UI10K_TOKEN + UI10K_FLEET_DIR: a launcher already serving writeFleet(dir, { live: true }).
    const external = externalServer();
    const fleetDir = external ? process.env.UI10K_FLEET_DIR : undefined;
    if (external && !fleetDir) throw new Error("UI10K_URL needs UI10K_FLEET_DIR: the folder of the fleet it serves");
    const token = external?.token ?? randomBytes(16).toString("hex");
    const fleet = fleetDir ? liveFleetFiles(fleetDir) : writeFleet(dir, { live: true });
    const { child, baseUrl } = external ? { child: null, baseUrl: external.baseUrl } : await startServer(fleet.configPath, join(dir, "data"), token);
    const browser = await launchChromium();
    const events = fleetEvents(baseUrl, token);
    try {
      const { tools, indexBytes } = await waitForFleet(baseUrl, token);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${baseUrl}/?token=${token}`);
      await page.getByTestId("live-indicator").and(page.locator('[data-stream="open"]')).waitFor();
      await page.goto(`${baseUrl}/tools`);
      await page.locator('table[aria-label="Tools (forward map)"] tbody tr[data-row-id]').first().waitFor({ timeout: 120_000 });
      const search = page.getByRole("searchbox", { name: "Search tools" });

      const latencies: number[] = [];
      const serverMs: number[] = [];
      const pageMs: number[] = [];
      const changeSizes: number[] = [];
      const extra: Record<string, unknown>[] = [];
      for (let i = 1; i <= CHANGES; i++) {
        const name = `zz_update_${i}`;
        await search.fill(name);
        await page.getByTestId("row-count").first().filter({ hasText: /^0 of / }).waitFor();
        // In the page: the wall-clock time the new row is first in the DOM.
        // No named function inside: the page runs this text as it is, without the loader's helpers.
        await page.evaluate((rowId) => {
          const w = window as unknown as { __shownAt?: number };
          w.__shownAt = undefined;
          const observer = new MutationObserver(() => {
            if (w.__shownAt === undefined && document.querySelector(`tr[data-row-id="${rowId}"]`) !== null) {
              w.__shownAt = Date.now();
              observer.disconnect();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }, `bench-0:${name}`);
        const eventsBefore = events.events.length;
        extra.push({ name, description: `Added by change ${i}.`, inputSchema: { type: "object", properties: { q: { type: "string" } } } });
        writeToolsFile(fleet.toolsFile!, serverPages(0, extra));
        await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt !== undefined, undefined, { timeout: 120_000 });
        const shownAt = await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
        const listChangedAt = lastListChanged(fleet.listChangedLog!);
        latencies.push(shownAt - listChangedAt);
        const sent = events.events.slice(eventsBefore);
        changeSizes.push(...sent.map((e) => e.bytes));
        // Where the time went: until the event carrying the tool left the server, then in the page.
        const carrying = sent.find((e) => e.text.includes(`"bench-0:${name}"`));
        if (carrying) {
          serverMs.push(carrying.at - listChangedAt);
          pageMs.push(shownAt - carrying.at);
        }
        // Let the fleet settle (history records the state) before the next change.
        await page.waitForTimeout(1000);
      }
      if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
      return {
        tools,
        changes: CHANGES,
        updateMedianMs: Math.round(median(latencies)),
        updateMaxMs: Math.round(Math.max(...latencies)),
        goalMs: 300,
        meetsGoal: median(latencies) < 300 ? "yes" : "no",
        serverMedianMs: serverMs.length ? Math.round(median(serverMs)) : -1,
        pageMedianMs: pageMs.length ? Math.round(median(pageMs)) : -1,
        fleetEventBytesMedian: changeSizes.length ? Math.round(median(changeSizes)) : 0,
        indexBytes,
      };
    } finally {
      await events.close();
      await browser.close();
      if (child) await stopServer(child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
