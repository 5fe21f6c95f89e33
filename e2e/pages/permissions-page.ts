/** Page object of `/permissions`: the rule table, the unsaved-changes bar, the export and settings panels. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class PermissionsPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/permissions${query}`);
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole("searchbox", { name: "Search tools" }).fill(text);
  }

  /** The segmented "our rule" control of one tool (`server:tool`). */
  ruleControl(tool: string): Locator {
    return this.page.getByRole("radiogroup", { name: `Rule for ${tool}` });
  }

  /** Sets one tool's rule in the table (unsaved until `save`). */
  async setRule(tool: string, decision: "Allow" | "Ask" | "Deny" | "None"): Promise<void> {
    await this.ruleControl(tool).getByRole("radio", { name: decision }).click();
  }

  /** The flag on a rule (ours, saved or not) that a deny or ask elsewhere shadows: `server:tool`, or a server id for its default. */
  shadowFlag(target: string): Locator {
    return this.page.getByTestId(`shadowed-${target}`);
  }

  /** The effective-decision cell of one tool. */
  effectiveCell(tool: string): Locator {
    return this.page.getByTestId(`effective-${tool}`);
  }

  /** Accepts the suggested decision (lower case: "ask") for one tool. */
  async acceptSuggestion(decision: string, tool: string): Promise<void> {
    await this.page.getByRole("button", { name: `Accept ${decision} for ${tool}` }).click();
  }

  /** Sets every filtered row to a decision (lower case). */
  async setFiltered(decision: string): Promise<void> {
    await this.page.getByRole("button", { name: `Set filtered to ${decision}` }).click();
  }

  /** The bar of unsaved changes, with Save and Undo. */
  unsavedBar(): Locator {
    return this.page.getByTestId("unsaved-bar");
  }

  async save(): Promise<void> {
    await this.unsavedBar().getByRole("button", { name: "Save" }).click();
  }

  async undo(): Promise<void> {
    await this.unsavedBar().getByRole("button", { name: "Undo" }).click();
  }

  /** The Claude Code export: preview, write, and their outcome. */
  exportPanel(): Locator {
    return this.page.getByTestId("export-panel");
  }

  async preview(): Promise<void> {
    await this.exportPanel().getByRole("button", { name: "Preview" }).click();
  }

  async write(): Promise<void> {
    await this.exportPanel().getByRole("button", { name: "Write" }).click();
  }

  /** What the project's settings files already say. */
  settingsPanel(): Locator {
    return this.page.getByTestId("settings-panel");
  }
}
