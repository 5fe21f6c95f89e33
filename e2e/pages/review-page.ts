/** Page object of `/review`: the changes since the last review, their marks, the baseline and the report. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class ReviewPage extends BasePage {
  async goto(): Promise<void> {
    await this.page.goto("/review");
  }

  /** Narrows the (virtualized) table, which other specs' changes share. */
  async search(text: string): Promise<void> {
    await this.page.getByRole("searchbox", { name: "Search changes" }).fill(text);
  }

  /** The row of one server's change of one kind. */
  row(serverId: string, kind: string): Locator {
    return this.page
      .getByTestId("review-events")
      .getByRole("row")
      .filter({ has: this.page.locator(`[data-server="${serverId}"]`) })
      .filter({ has: this.page.locator(`[data-kind="${kind}"]`) });
  }

  /** Marks one row reviewed. */
  async markReviewed(row: Locator): Promise<void> {
    await row.getByRole("button", { name: /Mark .* reviewed/ }).click();
  }

  async acceptBaseline(): Promise<void> {
    await this.page.getByRole("button", { name: "Accept as baseline" }).click();
  }

  /** The outcome of the last review action. */
  reviewNotice(): Locator {
    return this.page.getByTestId("review-notice");
  }

  /** The Markdown report. */
  report(): Locator {
    return this.page.getByTestId("review-report");
  }
}
