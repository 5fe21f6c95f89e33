/**
 * What every dashboard page object shares (after TanStack Table's row-selection smoke test): named
 * locator helpers, sign-in through the launch URL, and a record of page errors that every test
 * asserts empty at its end.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { E2E_TOKEN } from "../../playwright.config";

/** A console error a test provokes on purpose: its text, the URL it is about, and how often it may come. */
interface ExpectedConsoleError {
  text: RegExp;
  url: RegExp;
  times: number;
}

export class BasePage {
  /** Uncaught exceptions and console errors seen since the page object was made, less the expected ones. */
  readonly errors: string[] = [];
  private readonly expected: ExpectedConsoleError[] = [];

  constructor(readonly page: Page) {
    page.on("pageerror", (error) => this.errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const url = message.location().url;
      const allowed = this.expected.find((e) => e.times > 0 && e.text.test(message.text()) && e.url.test(url));
      if (allowed) allowed.times--;
      else this.errors.push(`console: ${message.text()} (${url})`);
    });
  }

  /**
   * The browser logs every failed request as a console error; a test that provokes one on purpose
   * (a 409 from a write the server refuses) names it here, by status and URL, once per time it comes.
   */
  expectFailedRequest(status: number, url: RegExp, times = 1): void {
    this.expected.push({ text: new RegExp(`status of ${status}\\b`), url, times });
  }

  /** Visits the launch URL with the token, as a person does from the terminal; sets the auth cookie. */
  async signIn(): Promise<void> {
    await this.page.goto(`/?token=${E2E_TOKEN}`);
    await expect(this.liveIndicator()).toHaveAttribute("data-stream", "open");
    await this.waitForDemoFleet();
  }

  /**
   * Waits (through the API, with the page's cookie) until every demo server is ready; one that failed
   * to start in time on a loaded machine is reconnected once. The UI tests are about the UI, not about
   * how fast six processes start on two busy cores.
   */
  async waitForDemoFleet(ids = ["tracker", "githost", "chat", "wiki", "docs", "web"]): Promise<void> {
    const reconnected = new Set<string>();
    await expect
      .poll(
        async () => {
          const response = await this.page.request.get("/api/fleet");
          if (!response.ok()) return `HTTP ${response.status()}`;
          const state = (await response.json()) as { servers: { id: string; status: string }[] };
          const notReady = ids.filter((id) => state.servers.find((s) => s.id === id)?.status !== "ready");
          for (const id of notReady) {
            const status = state.servers.find((s) => s.id === id)?.status;
            if (status === "error" && !reconnected.has(id)) {
              reconnected.add(id);
              await this.page.request.post(`/api/servers/${id}/reconnect`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
            }
          }
          return notReady.join(",");
        },
        { timeout: 90_000, intervals: [500, 1000, 2000] },
      )
      .toBe("");
  }

  /** The main navigation. */
  nav(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  /** A link in the main navigation, by its label. */
  navLink(label: string): Locator {
    return this.nav().getByRole("link", { name: label, exact: true });
  }

  /** The live-connection indicator (data-stream: open | connecting | closed; data-version: fleet version). */
  liveIndicator(): Locator {
    return this.page.getByTestId("live-indicator");
  }

  /** The notice under the navigation (the outcome of the last action). */
  notice(): Locator {
    return this.page.getByTestId("notice");
  }

  /** The page's h1. */
  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** The "N tools" / "N of M tools" count next to a table. */
  rowCount(): Locator {
    return this.page.getByTestId("row-count").first();
  }

  /** Waits until the store holds a fleet (the loading state is gone). */
  async waitForFleet(): Promise<void> {
    await expect(this.page.getByText("Connecting to the fleet…")).toHaveCount(0);
    await expect(this.liveIndicator()).not.toHaveAttribute("data-version", "");
  }

  /** The fleet version the page shows, from the live indicator. */
  async fleetVersion(): Promise<number> {
    return Number(await this.liveIndicator().getAttribute("data-version"));
  }

  /**
   * Whether the element is what a person sees at its own center: nothing (the sticky navigation, say)
   * is drawn over it there, and the center is inside the viewport.
   */
  async isOnTop(locator: Locator): Promise<boolean> {
    return locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.height === 0 || y < 0 || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    });
  }

  /**
   * How a long name is cut on screen: whether it shows an ellipsis (the text overflows its own box, which
   * says text-overflow: ellipsis) and whether its box stays inside its table cell instead of being clipped
   * by it.
   */
  async cutWithEllipsis(locator: Locator): Promise<{ overflows: boolean; ellipsis: boolean; insideCell: boolean }> {
    return locator.evaluate((el) => {
      const cell = el.closest("td") ?? el.parentElement!;
      return {
        overflows: el.scrollWidth > el.clientWidth,
        ellipsis: getComputedStyle(el).textOverflow === "ellipsis",
        insideCell: el.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 0.5,
      };
    });
  }

  /** Fails when the page logged an error or threw, or when an expected failed request never came. */
  expectNoPageErrors(): void {
    expect(this.errors).toEqual([]);
    expect(this.expected.filter((e) => e.times > 0).map((e) => `${e.text} at ${e.url}`)).toEqual([]);
  }
}

/** Parses "12 tools" or "3 of 12 tools" into the shown count. */
export function shownCount(text: string | null): number {
  const match = /^(\d+)/.exec((text ?? "").trim());
  return match ? Number(match[1]) : NaN;
}
