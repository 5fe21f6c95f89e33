/** Page object of `/` (Overview): summary cards, fleet hash, servers table, add-server form. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class OverviewPage extends BasePage {
  async goto(): Promise<void> {
    await this.page.goto("/");
    await this.waitForFleet();
  }

  /** A summary card by key: ready, failing, tools, collisions, excluded, warnings. */
  summaryCard(key: string): Locator {
    return this.page.getByTestId(`summary-${key}`);
  }

  /** The fleet hash panel (16 hex shown, full hash on the copy button). */
  fleetHash(): Locator {
    return this.page.getByTestId("fleet-hash");
  }

  /** The servers table. */
  serversTable(): Locator {
    return this.page.getByRole("table", { name: "Servers" });
  }

  /** The row of one server in the servers table. */
  serverRow(id: string): Locator {
    return this.serversTable().locator(`tr[data-row-id="${id}"]`);
  }

  /** The one-line problem in a server's row (its error, or its last error while it reconnects), without expanding it. */
  serverProblem(id: string): Locator {
    return this.serverRow(id).getByTestId(`server-problem-${id}`);
  }

  /** The status badge of a server's row (data-status: ready, connecting, error, disabled). */
  serverStatus(id: string): Locator {
    return this.serverRow(id).locator("[data-status]");
  }

  /** The expand toggle of a server row. */
  expandServer(id: string): Locator {
    return this.page.getByRole("button", { name: `Expand server ${id}` });
  }

  /** The remove (trash) button of a server row, then its confirmation. */
  removeButton(id: string): Locator {
    return this.page.getByRole("button", { name: `Remove ${id}`, exact: true });
  }

  /** The confirmation that appears after the first click on remove. */
  confirmRemoveButton(id: string): Locator {
    return this.page.getByRole("button", { name: `Confirm removing ${id}` });
  }

  /** The add-server form. */
  addForm(): Locator {
    return this.page.getByRole("form", { name: "Add a server" });
  }

  /** Fills the add-server form and submits it. */
  async addServer(id: string, entry: unknown): Promise<void> {
    await this.addForm().getByLabel("Server id").fill(id);
    await this.addForm().getByLabel("mcpServers entry (JSON)").fill(typeof entry === "string" ? entry : JSON.stringify(entry, null, 2));
    await this.addForm().getByRole("button", { name: "Add server" }).click();
  }

  /** Client-side validation messages under the form fields. */
  formErrors(): Locator {
    return this.addForm().locator(".field-error");
  }

  /** Removes a server through its row's two-step button. */
  async removeServer(id: string): Promise<void> {
    await this.removeButton(id).click();
    await this.confirmRemoveButton(id).click();
  }
}
