/** Page object of `/profiles` and of the profile switch in the navigation. */
import { expect, type Locator } from "@playwright/test";
import { BasePage } from "./base-page";

export class ProfilesPage extends BasePage {
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/profiles${query}`);
    await this.waitForFleet();
    await expect(this.page.getByTestId("profiles-page")).toBeVisible();
  }

  /** The profile switch in the navigation ("All servers" or a profile; kept in the URL as ?profile=). */
  profileSwitch(): Locator {
    return this.page.getByRole("combobox", { name: "Profile" });
  }

  /** Chooses a profile in the navigation ("" for all servers). */
  async chooseProfile(name: string): Promise<void> {
    await this.profileSwitch().selectOption(name);
  }

  /** The profile shown in the URL, or null. */
  urlProfile(): string | null {
    return new URL(this.page.url()).searchParams.get("profile");
  }

  /** A profile's card. */
  profile(name: string): Locator {
    return this.page.getByTestId(`profile-${name}`);
  }

  /** A profile's own collisions, and the names it resolves. */
  collisions(name: string): Locator {
    return this.page.getByTestId(`profile-${name}-collisions`);
  }

  resolved(name: string): Locator {
    return this.page.getByTestId(`profile-${name}-resolved`);
  }

  /** The link from a profile to its cost page. */
  costLink(name: string): Locator {
    return this.page.getByTestId(`profile-${name}-cost`);
  }

  /** The file's problems, each at file:line:column. */
  problems(): Locator {
    return this.page.getByTestId("profiles-problems").locator("li");
  }

  /** The n-th suggestion (0: the best) and what it saves (data-saves: tokens). */
  suggestion(index: number): Locator {
    return this.page.getByTestId(`suggestion-${index}`);
  }

  suggestionSaves(index: number): Locator {
    return this.page.getByTestId(`suggestion-${index}-saves`);
  }
}
