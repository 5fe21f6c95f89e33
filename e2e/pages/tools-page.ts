/** Page object of `/tools`: the forward-map table, its search, faceted filters, view menu and the reverse view. */
import { expect, type Locator } from "@playwright/test";
import { BasePage, shownCount } from "./base-page";

export class ToolsPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/tools${query}`);
    await this.waitForFleet();
    await expect(this.table()).toBeVisible();
  }

  /** The forward-map table. */
  table(): Locator {
    return this.page.getByRole("table", { name: "Tools (forward map)" });
  }

  /** The reverse-map table. */
  reverseTable(): Locator {
    return this.page.getByRole("table", { name: "Reverse map" });
  }

  /** Rendered body rows (the body is virtualized: only rows in view exist). */
  rows(): Locator {
    return this.table().locator("tbody tr[data-row-id]");
  }

  /** The row of `server:original`. */
  row(serverId: string, originalName: string): Locator {
    return this.table().locator(`tr[data-row-id="${serverId}:${originalName}"]`);
  }

  /** One cell of a row, by column id (`name`, `originalName`, `claudeCodeName`, ...). */
  cell(serverId: string, originalName: string, column: string): Locator {
    return this.row(serverId, originalName).locator(`td[data-column="${column}"]`);
  }

  /** The name shown in a name cell (cut with an ellipsis when long; the full name in its title). */
  nameIn(cell: Locator): Locator {
    return cell.locator(".tool-name");
  }

  /** The search box. */
  search(): Locator {
    return this.page.getByRole("searchbox", { name: "Search tools" });
  }

  /** Opens a faceted filter ("Server" or "Flag") and returns its checkbox group. */
  async openFacet(title: "Server" | "Flag"): Promise<Locator> {
    await this.page.getByTestId(title === "Server" ? "facet-serverId" : "facet-flags").locator("summary").click();
    return this.page.getByRole("group", { name: `${title} filter` });
  }

  /** Checks one option of a faceted filter. */
  async filterBy(title: "Server" | "Flag", label: string): Promise<void> {
    const group = await this.openFacet(title);
    await group.getByRole("checkbox", { name: label }).check();
    await this.page.keyboard.press("Escape");
  }

  /** The number of tools the table shows (from the count next to it). */
  async shown(): Promise<number> {
    return shownCount(await this.rowCount().textContent());
  }

  /** The server ids of the rendered rows. */
  async renderedServers(): Promise<string[]> {
    return this.rows().locator("[data-server]").evaluateAll((els) => els.map((el) => el.getAttribute("data-server") ?? ""));
  }

  /** The flags of the rendered rows, one array per row. */
  async renderedFlags(): Promise<string[][]> {
    return this.rows().evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("[data-flag]")].map((el) => el.getAttribute("data-flag") ?? "")));
  }

  /** A column header of the forward-map table, by its title. */
  columnHeader(title: string): Locator {
    return this.table().getByRole("columnheader", { name: title });
  }

  /** Clicks a sortable header (ascending first, then descending). */
  async sortBy(title: string): Promise<void> {
    await this.columnHeader(title).getByRole("button").click();
  }

  /** Shows or hides a column through the View menu. */
  async toggleColumn(label: string): Promise<void> {
    await this.page.getByRole("button", { name: "Choose visible columns" }).or(this.page.locator('summary[aria-label="Choose visible columns"]')).first().click();
    await this.page.getByRole("group", { name: "Visible columns" }).getByRole("checkbox", { name: label }).click();
    await this.page.keyboard.press("Escape");
  }

  /** Selects a tool with its row checkbox (one selection at a time; kept in the URL as `sel`). */
  async select(serverId: string, originalName: string): Promise<void> {
    await this.table().getByRole("checkbox", { name: `Select ${serverId}:${originalName}` }).check();
  }

  /** The panel showing the selected tool. */
  selectedPanel(): Locator {
    return this.page.getByTestId("selected-tool");
  }

  /** The chosen client in a few lines: label and version, tools sent, servers lost whole. */
  clientSummary(): Locator {
    return this.page.getByTestId("client-summary");
  }

  /** The chosen client's cost line: its tokens and which cost applies (`data-applies`). */
  clientCost(): Locator {
    return this.page.getByTestId("client-cost");
  }

  /** The tokens of the rendered rows, top to bottom (a dropped tool shows none). */
  async renderedTokens(): Promise<number[]> {
    return this.rows().locator('td[data-column="tokens"] [data-tokens]').evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-tokens"))));
  }

  /** The text of the name cells of the rendered rows (the chosen client's names). */
  async renderedNames(): Promise<string[]> {
    return this.rows().locator("td:nth-child(2)").evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()));
  }

  /** Switches between the forward and the reverse map. */
  async showView(view: "Forward map" | "Reverse map"): Promise<void> {
    await this.page.getByRole("radio", { name: view }).click();
  }
}
