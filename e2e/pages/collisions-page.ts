/** Page object of `/collisions`: the groups table, a group's expanded detail, the server matrix. */
import type { Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class CollisionsPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/collisions${query}`);
    await this.waitForFleet();
  }

  /** The collision groups table. */
  table(): Locator {
    return this.page.getByRole("table", { name: "Collision groups" });
  }

  /** The row of the group sharing `name`. */
  groupRow(name: string): Locator {
    return this.table().locator(`tr[data-row-id="${name}"]`);
  }

  /** Every group name shown, in order. */
  groupNames(): Locator {
    return this.table().locator("[data-collision]");
  }

  /** Opens a group's detail (members side by side, schema diff). */
  async expand(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Expand collision ${name}` }).click();
  }

  /** The expanded detail of a group. */
  detail(name: string): Locator {
    return this.page.getByTestId(`collision-detail-${name}`);
  }

  /** The server-by-server matrix. */
  matrix(): Locator {
    return this.page.getByTestId("collision-matrix");
  }
}
