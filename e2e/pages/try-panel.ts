/** Page object of the Try it panel on `/tools/<server>/<tool>`: the client, the form and raw JSON, the call, the three JSONs, the session's calls. */
import type { Locator } from "@playwright/test";
import { ToolDetailPage } from "./tool-detail-page";

export class TryPanelPage extends ToolDetailPage {
  /** The whole panel (data-client: the client chosen). */
  panel(): Locator {
    return this.page.getByTestId("try-panel");
  }

  /** The client switch, one choice per client. */
  client(label: "Claude Code" | "Codex" | "Agent SDK"): Locator {
    return this.panel().getByRole("radiogroup", { name: "Call as client" }).getByRole("radio", { name: label });
  }

  /** The name the model sends, prefilled for the client. */
  nameInput(): Locator {
    return this.page.getByTestId("try-name");
  }

  /** A form field built from the schema, by property name. */
  field(property: string): Locator {
    return this.panel().locator(`#try-field-${property}`);
  }

  /** The raw JSON editor: the same arguments as the form. */
  json(): Locator {
    return this.page.getByTestId("try-json");
  }

  /** The timeout, in seconds. */
  timeout(): Locator {
    return this.page.getByTestId("try-timeout");
  }

  callButton(): Locator {
    return this.page.getByTestId("try-call");
  }

  /** Shown while a call runs. */
  cancelButton(): Locator {
    return this.page.getByTestId("try-cancel");
  }

  /** The call shown (data-status: ok, refused, timeout, cancelled, ...). */
  view(): Locator {
    return this.page.getByTestId("call-view");
  }

  summary(): Locator {
    return this.view().getByTestId("call-summary");
  }

  /** One of the three JSONs: its pretty-printed text. */
  jsonOf(which: "tool-use" | "request" | "result"): Locator {
    return this.view().getByTestId(`json-${which}`).locator("pre");
  }

  /** The copy button of one of the three JSONs (data-copy-value holds what it copies). */
  copyOf(which: "tool-use" | "request" | "result"): Locator {
    return this.view().getByTestId(`json-${which}`).getByRole("button", { name: /^Copy the / });
  }

  /** A failure of the arguments against the original schema, by its JSONPath. */
  argumentError(path: string): Locator {
    return this.view().locator(`[data-testid="argument-error"][data-path="${path}"]`);
  }

  sendAnyway(): Locator {
    return this.view().getByRole("button", { name: "Send anyway" });
  }

  /** A content block of the result, by its type (text, image, ...). */
  block(type: string): Locator {
    return this.view().locator(`[data-testid="content-block"][data-type="${type}"]`);
  }

  /** structuredContent against outputSchema (data-status: valid, invalid, missing, none). */
  structuredCheck(): Locator {
    return this.view().getByTestId("structured-check");
  }

  /** The notifications/cancelled sent after a timeout or a cancel. */
  cancellation(): Locator {
    return this.view().getByTestId("call-cancellation");
  }

  /** The session's calls of the tool, newest first. */
  historyRows(): Locator {
    return this.page.getByTestId("call-history-row");
  }

  /** Why the panel made no call (arguments that are not JSON, a declined ask, an API error). */
  problem(): Locator {
    return this.page.getByTestId("try-problem");
  }

  /** The dialog an ask rule opens. */
  confirmDialog(): Locator {
    return this.page.getByTestId("confirm-dialog");
  }
}
