/** Page object of `/history`: the drift timeline, its kind and server filters. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class HistoryPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/history${query}`);
  }

  /** Every event row, or one server's. */
  events(serverId?: string): Locator {
    return this.page.locator(serverId ? `[data-testid="history-event"][data-server="${serverId}"]` : '[data-testid="history-event"]');
  }

  /** The event rows of one server and kind (`schema-changed`, ...). */
  eventRow(serverId: string, kind: string): Locator {
    return this.page.locator(`[data-testid="history-event"][data-server="${serverId}"][data-kind="${kind}"]`);
  }

  /** The kind filter button, by its label ("schema changed"). */
  kindFilter(label: string): Locator {
    return this.page.getByRole("button", { name: label });
  }

  /** The background color of a kind filter button, with the pointer away from it (hover changes its border). */
  async chipBackground(label: string): Promise<string> {
    await this.page.mouse.move(0, 0);
    return this.kindFilter(label).evaluate((el) => getComputedStyle(el).backgroundColor);
  }

  /** The server filter. */
  serverFilter(): Locator {
    return this.page.getByLabel("Filter by server");
  }
}
