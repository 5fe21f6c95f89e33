/** Page object of `/tools/<server>/<tool>`: names, flattening, schemas side by side, checks, descriptions. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class ToolDetailPage extends BasePage {
  async goto(serverId: string, toolName: string): Promise<void> {
    await this.page.goto(`/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(toolName)}`);
    await this.waitForFleet();
  }

  /** The flattening panel (keyword, sentence, lost constraint). */
  flattenPanel(): Locator {
    return this.page.getByTestId("flatten-info");
  }

  /** The sentence put before the description. */
  flattenSentence(): Locator {
    return this.page.getByTestId("flatten-sentence");
  }

  /** "The server must check: ..." */
  lostConstraint(): Locator {
    return this.page.getByTestId("lost-constraint");
  }

  /** The names table (original, exposed, Claude Code) with their checks. */
  namesTable(): Locator {
    return this.page.getByTestId("tool-names");
  }

  /** The original schema (left) and the final one (right). */
  originalSchema(): Locator {
    return this.page.getByLabel("Original input schema");
  }

  /** For an excluded tool: the notice that the model is sent nothing, and why. */
  notSent(): Locator {
    return this.page.getByTestId("not-sent");
  }

  /** The final schema, as the model sees it. */
  finalSchema(): Locator {
    return this.page.getByLabel("Final input schema");
  }

  /** The final description block. */
  finalDescription(): Locator {
    return this.page.getByTestId("description-after");
  }

  /** The marked tail of a description Claude Code cuts at 2,048 characters. */
  descriptionCut(): Locator {
    return this.finalDescription().getByTestId("description-cut");
  }

  /** Every check result row. */
  checks(): Locator {
    return this.page.getByTestId("tool-checks").locator("li");
  }

  /** The tool's hash timeline (filled from the history). */
  history(): Locator {
    return this.page.getByTestId("tool-history");
  }

  /** The versions on the timeline. */
  versions(): Locator {
    return this.history().getByTestId("tool-version");
  }

  /** A marked schema difference between two versions (`kind`: added, removed, changed). */
  schemaChange(path: string, kind: string): Locator {
    return this.history().locator(`[data-testid="schema-change"][data-path="${path}"][data-change="${kind}"]`);
  }
}
