/** Page object of `/cost`: the client choice, the totals, Claude Code's two costs, the count button and the tool tables. */
import { expect, type Locator } from "@playwright/test";
import { E2E_TOKEN } from "../../playwright.config";
import { BasePage } from "./base-page";

export class CostPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/cost${query}`);
    await this.waitForFleet();
    await expect(this.page.getByTestId("cost-page")).toBeVisible();
  }

  /** Signs in on a launcher of one's own (a temp project) and waits until its servers are ready. */
  async signInTo(serverIds: string[]): Promise<void> {
    await this.page.goto(`/?token=${E2E_TOKEN}`);
    await expect(this.liveIndicator()).toHaveAttribute("data-stream", "open");
    await this.waitForDemoFleet(serverIds);
  }

  /** The page's content once a report is shown (data-client: the client id it is of). */
  content(): Locator {
    return this.page.getByTestId("cost-page");
  }

  /** A client in the client choice (Claude Code, Codex, Agent SDK). */
  client(label: "Claude Code" | "Codex" | "Agent SDK"): Locator {
    return this.page.getByRole("radiogroup", { name: "Client" }).getByRole("radio", { name: label });
  }

  /** Chooses a client and waits until the report shown is its. */
  async chooseClient(label: "Claude Code" | "Codex" | "Agent SDK"): Promise<void> {
    await this.client(label).click();
    const id = { "Claude Code": "claude-code", Codex: "codex", "Agent SDK": "agent-sdk" }[label];
    await expect(this.content()).toHaveAttribute("data-client", id);
    await expect(this.content()).toHaveAttribute("aria-busy", "false");
  }

  /** A total card: `up-front` (what applies) or `loaded` (every tool in full); data-tokens holds the number. */
  total(which: "up-front" | "loaded"): Locator {
    return this.page.getByTestId(`total-${which}`);
  }

  async totalTokens(which: "up-front" | "loaded"): Promise<number> {
    return Number(await this.total(which).getAttribute("data-tokens"));
  }

  /** The token method badge next to the totals (data-token-method: exact, estimate, counted). */
  tokenMethod(): Locator {
    return this.page.getByTestId("token-method").locator("[data-token-method]");
  }

  /** Claude Code's two costs: `deferred` (names up front) or `loaded` (every tool in full); data-applies says which applies. */
  mode(which: "deferred" | "loaded"): Locator {
    return this.page.getByTestId(`mode-${which}`);
  }

  /** Why the loading that applies applies (ENABLE_TOOL_SEARCH). */
  loadingReason(): Locator {
    return this.page.getByTestId("loading-reason");
  }

  /** The "Count with Anthropic" button. */
  countButton(): Locator {
    return this.page.getByRole("button", { name: /Count with Anthropic|Count again/ });
  }

  /** What the button says it sends, before any click. */
  countExplanation(): Locator {
    return this.page.locator("#count-what");
  }

  /** The refusal of a count, in words. */
  countError(): Locator {
    return this.page.getByTestId("count-error");
  }

  /** Said once Anthropic counted. */
  countDone(): Locator {
    return this.page.getByTestId("count-done");
  }

  /** Which servers the cost is of ("All servers." or the profile's). */
  scope(): Locator {
    return this.page.getByTestId("cost-scope");
  }

  /** The notice when the URL's profile is unknown. */
  profileUnknown(): Locator {
    return this.page.getByTestId("profile-unknown");
  }

  /** The tool table. */
  table(): Locator {
    return this.page.getByRole("table", { name: "Tool cost" });
  }

  /** The descriptions table (the "Heaviest descriptions" view). */
  descriptionTable(): Locator {
    return this.page.getByRole("table", { name: "Description cost" });
  }

  /** Switches between the tool table and the heaviest descriptions. */
  async showTable(view: "Tools" | "Heaviest descriptions"): Promise<void> {
    await this.page.getByRole("radiogroup", { name: "Table" }).getByRole("radio", { name: view }).click();
  }

  /** The names of the rendered rows of a table, in order (the body is virtualized: the rows in view). */
  async names(table: Locator = this.table()): Promise<string[]> {
    return table.locator('tbody tr[data-row-id] td[data-column="name"] .tool-name').allTextContents();
  }

  /** The numbers of one column of the rendered rows, in order. */
  async numbers(column: string, table: Locator = this.table()): Promise<number[]> {
    const texts = await table.locator(`tbody tr[data-row-id] td[data-column="${column}"] .tabular`).allTextContents();
    return texts.map((t) => Number(t.replace(/[^\d]/g, "")));
  }

  /** Clicks a sortable header of the tool table (ascending first, then descending). */
  async sortBy(title: string, table: Locator = this.table()): Promise<void> {
    await table.getByRole("columnheader", { name: title }).getByRole("button").click();
  }

  /** The number of tools the table shows (from the count next to it). */
  async shown(): Promise<number> {
    return Number(/^(\d+)/.exec(((await this.rowCount().textContent()) ?? "").trim())?.[1] ?? NaN);
  }
}
