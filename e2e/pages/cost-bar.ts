/** The overview's cost bar (a section of `/`): each server's share of the chosen client's tool tokens, and its link to /cost. */
import type { Locator, Page } from "@playwright/test";

export class CostBar {
  constructor(readonly page: Page) {}

  /** The whole section. */
  section(): Locator {
    return this.page.getByTestId("cost-bar");
  }

  /** One server's row (data-tokens, data-share); `shared` is the part of no server (Claude Code's announcement sentence). */
  server(id: string): Locator {
    return this.page.getByTestId(`cost-server-${id}`);
  }

  /** Every server row, heaviest first. */
  servers(): Locator {
    return this.section().locator('[data-testid^="cost-server-"]:not([data-testid="cost-server-shared"])');
  }

  /** The server ids of the rows, in order. */
  async serverIds(): Promise<string[]> {
    return this.servers().evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")!.replace("cost-server-", "")));
  }

  /** The tokens of the rows, in order. */
  async tokens(): Promise<number[]> {
    return this.servers().evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-tokens"))));
  }

  /** The shares of the rows and of the shared part, summed. */
  async shareSum(): Promise<number> {
    return this.section().locator('[data-testid^="cost-server-"]').evaluateAll((rows) => rows.reduce((n, r) => n + Number(r.getAttribute("data-share") ?? 0), 0));
  }

  /** The total line ("328 tokens up front"). */
  total(): Locator {
    return this.page.getByTestId("cost-bar-total");
  }

  /** Claude Code's sentence on which cost applies (data-applies: deferred or loaded). */
  loading(): Locator {
    return this.page.getByTestId("cost-bar-loading");
  }

  /** Up front or every tool loaded (shown for Claude Code). */
  measure(label: "Up front" | "Every tool loaded"): Locator {
    return this.section().getByRole("radiogroup", { name: "Measure" }).getByRole("radio", { name: label });
  }

  client(label: "Claude Code" | "Codex" | "Agent SDK"): Locator {
    return this.section().getByRole("radiogroup", { name: "Client" }).getByRole("radio", { name: label });
  }

  /** Which servers the bar is of. */
  scope(): Locator {
    return this.section().getByTestId("cost-scope");
  }

  /** The link to /cost. */
  link(): Locator {
    return this.page.getByTestId("cost-bar-link");
  }
}
