// The context cost and task profile pages in real Chromium: the overview's cost bar and the /cost page
// against the demo fleet (sorted heaviest first, each client's names and token method, Claude Code's
// deferred and loaded costs, the count refused without a key); the profile switch, /profiles and
// Anthropic's count against the real launcher on a temp project with an mcp-fleet.json and a fake
// Messages API on 127.0.0.1 that records every body. Screenshots kept as dashboard.spec.ts keeps them.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";

import { makeToolsFileServer, rawServerCommand, REPO_ROOT } from "./fixtures/fixture-servers";
import { startFakeCountApi, startTempLauncher } from "./fixtures/temp-launcher";
import { CostBar } from "./pages/cost-bar";
import { CostPage } from "./pages/cost-page";
import { OverviewPage } from "./pages/overview-page";
import { ProfilesPage } from "./pages/profiles-page";
import { ToolsPage } from "./pages/tools-page";

interface ApiCost {
  tools: { name: string }[];
  heaviest: { tools: { name: string; serverId: string; originalName: string; tokens: number; share: number }[]; descriptions: { name: string }[] };
  loading: { applies: "loaded" | "deferred" };
  total: { upFront: { tokens: number }; loaded: { tokens: number } };
  servers: { serverId: string; tools: number }[];
}

/** Saves a screenshot beside the run's output and keeps the latest in e2e/artifacts/screenshots (gitignored). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, target?: Locator): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  mkdirSync(join(REPO_ROOT, "e2e", "artifacts", "screenshots"), { recursive: true });
  copyFileSync(file, join(REPO_ROOT, "e2e", "artifacts", "screenshots", `${name}.png`));
}

async function apiCost(page: Page, query: string): Promise<ApiCost> {
  const response = await page.request.get(`/api/cost${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCost;
}

test.describe("the demo fleet", () => {
  test("the overview's cost bar: each server's share of Claude Code's up-front tokens, what applies, and a link to /cost", async ({ page }, testInfo) => {
    const overview = new OverviewPage(page);
    const bar = new CostBar(page);
    await overview.signIn();
    await overview.goto();
    const api = await apiCost(page, "?client=claude-code");

    await expect(bar.section()).toBeVisible();
    await expect.poll(() => bar.serverIds().then((ids) => [...ids].sort())).toEqual(["chat", "docs", "githost", "tracker", "web", "wiki"]);
    const tokens = await bar.tokens();
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    // Every part of the up-front total belongs to a server or to the announcement's sentence.
    expect(await bar.shareSum()).toBeCloseTo(1, 6);
    await expect(bar.total()).toContainText(`${api.total.upFront.tokens.toLocaleString("en-US")} tokens up front`);
    await expect(bar.total()).toContainText("estimate");
    await expect(bar.loading()).toHaveAttribute("data-applies", "deferred");
    await expect(bar.loading()).toContainText("Deferred behind ToolSearch applies");
    await expect(bar.loading()).toContainText(`${api.total.loaded.tokens.toLocaleString("en-US")} tokens with every tool loaded`);
    await expect(bar.scope()).toHaveText("All servers.");
    await keepScreenshot(page, testInfo, "overview-cost-bar", bar.section());

    // In full, the same servers cost more; the bar says so.
    await bar.measure("Every tool loaded").click();
    await expect(bar.total()).toContainText(`${api.total.loaded.tokens.toLocaleString("en-US")} tokens with every tool loaded`);
    expect((await bar.tokens())[0]).toBeGreaterThan(tokens[0]);

    // Codex never defers: no measure to choose, and its tokens are exact.
    await bar.client("Codex").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("client")).toBe("codex");
    await expect(bar.total()).toContainText("exact");
    await expect(bar.loading()).toHaveCount(0);
    await expect(bar.measure("Up front")).toHaveCount(0);

    await bar.link().click();
    await expect(page).toHaveURL(/\/cost\?client=codex$/);
    await expect(overview.heading()).toHaveText("Context cost");
    overview.expectNoPageErrors();
  });

  test("/tools: a tokens column per client, sorted as numbers, the heaviest first as GET /api/cost ranks it; Claude Code says which cost applies", async ({ page }) => {
    const tools = new ToolsPage(page);
    await tools.signIn();
    await tools.goto();
    const api = await apiCost(page, "?client=claude-code");
    const heaviest = api.heaviest.tools[0];

    // Claude Code defers (ENABLE_TOOL_SEARCH unset): the column is each tool's cost once loaded, and says so.
    await expect(tools.clientCost()).toHaveAttribute("data-applies", api.loading.applies);
    await expect(tools.clientCost()).toContainText("Deferred behind ToolSearch applies");
    const title = "Tokens (loaded)";
    await tools.sortBy(title);
    await tools.sortBy(title);
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("-tokens");
    await expect(tools.rows().first()).toHaveAttribute("data-row-id", `${heaviest.serverId}:${heaviest.originalName}`);
    const tokens = await tools.renderedTokens();
    expect(tokens[0]).toBe(heaviest.tokens);
    // Sorted as numbers, not as text.
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    const cell = tools.rows().first().locator('td[data-column="tokens"] [data-tokens]');
    await expect(cell).toHaveAttribute("title", /tokens \(estimate\) in full: [\d.]+% of the [\d,]+ of every tool Claude Code 2\.1\.328 sends\. Deferred applies/);

    // Codex: exact tokens of its own entries, its own heaviest first (the sort is kept across the switch).
    await tools.chooseClient("Codex 0.169.0");
    const codex = await apiCost(page, "?client=codex");
    await expect(tools.columnHeader("Tokens")).toBeVisible();
    await expect(tools.clientCost()).toHaveAttribute("data-applies", "loaded");
    await expect(tools.rows().first()).toHaveAttribute("data-row-id", `${codex.heaviest.tools[0].serverId}:${codex.heaviest.tools[0].originalName}`);
    expect((await tools.renderedTokens())[0]).toBe(codex.heaviest.tools[0].tokens);
    tools.expectNoPageErrors();
  });

  test("/cost: every tool heaviest first and sortable, Claude Code's deferred and loaded costs side by side, each client's names", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const cost = new CostPage(page);
    await cost.signIn();
    await cost.goto();
    const api = await apiCost(page, "");

    // Heaviest first, as the API ranks them.
    await expect.poll(() => cost.names().then((n) => n[0])).toBe(api.heaviest.tools[0].name);
    const tokens = await cost.numbers("tokens");
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    expect(await cost.shown()).toBe(api.tools.length);
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "estimate");
    await expect(page.getByTestId("token-method")).toContainText("Claude's tokenizer is not published");

    // Claude Code: names up front applies (ENABLE_TOOL_SEARCH unset), every tool loaded beside it.
    await expect(cost.mode("deferred")).toHaveAttribute("data-applies", "true");
    await expect(cost.mode("deferred").getByTestId("applies")).toHaveText("applies");
    await expect(cost.mode("loaded")).toHaveAttribute("data-applies", "false");
    await expect(cost.mode("loaded")).toContainText("does not apply");
    await expect(cost.loadingReason()).toContainText("ENABLE_TOOL_SEARCH is not set");
    expect(await cost.totalTokens("up-front")).toBe(api.total.upFront.tokens);
    expect(await cost.totalTokens("loaded")).toBe(api.total.loaded.tokens);
    expect(api.total.upFront.tokens).toBeLessThan(api.total.loaded.tokens);
    await keepScreenshot(page, testInfo, "cost");

    // Sorted by name: ascending, kept in the URL.
    await cost.sortBy("Name as sent");
    await expect.poll(() => cost.names().then((n) => n[0])).toBe(api.tools.map((t) => t.name).sort()[0]);
    const byName = await cost.names();
    expect(byName).toEqual([...byName].sort());
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("name");
    // By share, heaviest first on the second click.
    await cost.sortBy("Share");
    await cost.sortBy("Share");
    await expect.poll(() => cost.names().then((n) => n[0])).toBe(api.heaviest.tools[0].name);

    // The heaviest descriptions, one click away.
    await cost.showTable("Heaviest descriptions");
    await expect.poll(() => cost.names(cost.descriptionTable()).then((n) => n[0])).toBe(api.heaviest.descriptions[0].name);
    const descriptionTokens = await cost.numbers("descriptionTokens", cost.descriptionTable());
    expect(descriptionTokens).toEqual([...descriptionTokens].sort((a, b) => b - a));
    await expect(cost.descriptionTable().locator('td[data-column="name"] a').first()).toHaveAttribute("href", /^\/tools\/[^/]+\/[^/]+$/);
    await cost.showTable("Tools");

    // Codex: its own names (mcp__<server>__<tool>) and exact tokens; nothing deferred.
    await cost.chooseClient("Codex");
    const codex = await apiCost(page, "?client=codex");
    await expect.poll(() => cost.names().then((n) => n[0])).toBe(codex.heaviest.tools[0].name);
    expect((await cost.names()).every((name) => /^mcp__[a-z]+__/.test(name))).toBe(true);
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "exact");
    await expect(page.getByTestId("loading-modes")).toHaveCount(0);
    await expect(page.getByTestId("count-panel")).toContainText("Exact already");
    expect(await cost.totalTokens("up-front")).toBe(codex.total.loaded.tokens);
    await keepScreenshot(page, testInfo, "cost-codex");

    // An Agent SDK host sends the reconciler's exposed names.
    await cost.chooseClient("Agent SDK");
    const sdk = await apiCost(page, "?client=agent-sdk");
    await expect.poll(() => cost.names().then((n) => n[0])).toBe(sdk.heaviest.tools[0].name);
    expect(sdk.heaviest.tools[0].name.startsWith("mcp__")).toBe(false);
    await expect.poll(() => new URL(page.url()).searchParams.get("client")).toBe("agent-sdk");
    cost.expectNoPageErrors();
  });

  test("Count with Anthropic says what it sends, and without ANTHROPIC_API_KEY says so in words", async ({ page }) => {
    // The demo launcher inherits the runner's environment: with a real key there, a click would reach Anthropic.
    test.skip(Boolean(process.env.ANTHROPIC_API_KEY), "ANTHROPIC_API_KEY is set in this environment; the temp-project test below counts against a fake API");
    const cost = new CostPage(page);
    await cost.signIn();
    await cost.goto();
    await expect(cost.countExplanation()).toContainText("Sends only the tool definitions");
    await expect(cost.countExplanation()).toContainText("ANTHROPIC_API_KEY");
    cost.expectFailedRequest(400, /\/api\/cost\/count/);
    await cost.countButton().click();
    await expect(cost.countError()).toBeVisible();
    await expect(cost.countError()).toContainText("no ANTHROPIC_API_KEY in the environment MCP Fleet was started with");
    await expect(cost.countError()).toHaveAttribute("data-error-code", "bad_request:cost");
    // The figures stay the estimate, labelled as one.
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "estimate");
    cost.expectNoPageErrors();
  });
});

test.describe("a project with profiles", () => {
  const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } });
  let dir: string;
  let launcher: Awaited<ReturnType<typeof startTempLauncher>> | undefined;
  let base: string;
  let fake: Awaited<ReturnType<typeof startFakeCountApi>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    fake = await startFakeCountApi();

    dir = mkdtempSync(join(tmpdir(), "mcp-fleet-cost-ui-"));
    const project = join(dir, "project");
    mkdirSync(project);
    const github = makeToolsFileServer(dir, [tool("create_issue", "Create a GitHub issue."), tool("search_code", "Search code in every repository the token can read.")], { name: "github" });
    const linear = makeToolsFileServer(dir, [tool("create_issue", "Create a Linear issue.")], { name: "linear" });
    const web = makeToolsFileServer(dir, [tool("fetch", "Fetch a URL.")], { name: "web" });
    const config = join(project, ".mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { github: rawServerCommand(github.specPath), linear: rawServerCommand(linear.specPath), web: rawServerCommand(web.specPath) } }));
    writeFileSync(join(project, "mcp-fleet.json"), '{\n  "version": 1,\n  "profiles": {\n    "docs": { "servers": ["github", "web"] },\n    "review": { "servers": ["github", "linear", "jira"] }\n  }\n}\n');

    launcher = await startTempLauncher(config, dir, { ANTHROPIC_API_KEY: "sk-ant-e2e-fake", ANTHROPIC_BASE_URL: fake.url });
    base = launcher.base;
  });

  test.afterAll(async () => {
    await launcher?.stop();
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A browser page on the temp project's launcher, signed in, its three servers ready. */
  async function open(browser: import("@playwright/test").Browser): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await new CostPage(page).signInTo(["github", "linear", "web"]);
    return { page, close: () => context.close() };
  }

  test("the profile switch keeps the profile in the URL from page to page; the cost bar and /cost show its servers alone", async ({ browser }) => {
    const { page, close } = await open(browser);
    const profiles = new ProfilesPage(page);
    const cost = new CostPage(page);
    const bar = new CostBar(page);
    await page.goto("/");
    await profiles.waitForFleet();

    await expect(profiles.profileSwitch()).toHaveValue("");
    await expect(profiles.profileSwitch().locator("option")).toHaveText(["All servers", "docs", "review"]);
    await expect.poll(() => bar.serverIds().then((ids) => [...ids].sort())).toEqual(["github", "linear", "web"]);

    await profiles.chooseProfile("docs");
    await expect.poll(() => profiles.urlProfile()).toBe("docs");
    await expect(bar.scope()).toContainText("Profile docs");
    await expect.poll(() => bar.serverIds().then((ids) => [...ids].sort())).toEqual(["github", "web"]);

    // Every nav link carries it; the next page keeps it chosen.
    await expect(profiles.navLink("Tools")).toHaveAttribute("href", "/tools?profile=docs");
    await profiles.navLink("Tools").click();
    await expect(page).toHaveURL(/\/tools\?profile=docs$/);
    await expect(profiles.profileSwitch()).toHaveValue("docs");
    await profiles.navLink("Cost").click();
    await expect(page).toHaveURL(/\/cost\?profile=docs$/);
    await expect(cost.scope()).toContainText("Profile docs");
    await expect.poll(() => cost.names().then((n) => [...n].sort())).toEqual(["mcp__github__create_issue", "mcp__github__search_code", "mcp__web__fetch"]);
    // A tool's link keeps the profile too.
    await expect(cost.table().locator('td[data-column="name"] a').first()).toHaveAttribute("href", /^\/tools\/[^/?]+\/[^/?]+\?profile=docs$/);

    // Back to all servers: the param goes, every tool comes back.
    await profiles.chooseProfile("");
    await expect.poll(() => profiles.urlProfile()).toBeNull();
    await expect(cost.scope()).toHaveText("All servers.");
    await expect.poll(() => cost.shown()).toBe(4);
    await expect(profiles.navLink("Overview")).toHaveAttribute("href", "/");
    profiles.expectNoPageErrors();
    await close();
  });

  test("/profiles: each profile's own collisions, the unknown server at its line and column, suggestions with what they save", async ({ browser }, testInfo) => {
    const { page, close } = await open(browser);
    const profiles = new ProfilesPage(page);
    await profiles.goto();
    const api = (await (await page.request.get("/api/profiles")).json()) as { suggestions: { servers: string[]; saves: { tokens: number; of: number } }[] };

    await expect(profiles.collisions("docs")).toHaveText("none");
    await expect(profiles.resolved("docs")).toContainText("create_issue");
    await expect(profiles.collisions("review")).toContainText("create_issue");
    await expect(profiles.profile("review").locator('[data-unknown="jira"]')).toHaveText("jira: unknown");
    await expect(profiles.problems()).toHaveCount(1);
    await expect(profiles.problems().first()).toContainText("mcp-fleet.json:5:49");
    await expect(profiles.problems().first()).toContainText("jira");
    await expect(profiles.problems().first()).toContainText("warning");

    // The best suggestion keeps github's create_issue and leaves linear out; it saves what the API says.
    await expect(profiles.suggestion(0).locator("[data-server]")).toHaveText(api.suggestions[0].servers);
    await expect(profiles.suggestionSaves(0)).toHaveAttribute("data-saves", String(api.suggestions[0].saves.tokens));
    expect(api.suggestions[0].saves.tokens).toBeGreaterThan(0);
    await expect(profiles.suggestionSaves(0)).toContainText(`saves ${api.suggestions[0].saves.tokens} tokens up front`);
    await expect(profiles.suggestion(0)).toContainText(`mcp-fleet profiles set ${api.suggestions[0].servers.join("-")} ${api.suggestions[0].servers.join(" ")}`);
    await keepScreenshot(page, testInfo, "profiles");

    await profiles.costLink("docs").click();
    await expect(page).toHaveURL(/\/cost\?profile=docs$/);
    await expect(profiles.heading()).toHaveText("Context cost");
    await expect(profiles.profileSwitch()).toHaveValue("docs");
    profiles.expectNoPageErrors();
    await close();
  });

  test("an unknown ?profile= says so plainly and shows every server", async ({ browser }) => {
    const { page, close } = await open(browser);
    const cost = new CostPage(page);
    cost.expectFailedRequest(404, /\/api\/cost/);
    await page.goto("/cost?profile=nope");
    await cost.waitForFleet();
    await expect(cost.profileUnknown()).toContainText('no profile "nope"');
    await expect(cost.profileUnknown()).toContainText("its profiles: docs, review");
    await expect(cost.profileUnknown()).toContainText("Showing all servers");
    await expect.poll(() => cost.shown()).toBe(4);
    await expect(new ProfilesPage(page).profileSwitch()).toHaveValue("nope");
    await expect(new ProfilesPage(page).profileSwitch()).toHaveAttribute("aria-invalid", "true");
    cost.expectNoPageErrors();
    await close();
  });

  test("Count with Anthropic counts on the click only, sends only the tool definitions, and shows the counted figures", async ({ browser }) => {
    const { page, close } = await open(browser);
    const cost = new CostPage(page);
    await cost.goto("?client=agent-sdk&profile=docs");
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "estimate");
    expect(fake!.recorded).toEqual([]);

    await cost.countButton().click();
    await expect(cost.countDone()).toBeVisible();
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "counted");
    // The fake answers 346 for the framing and 40 per tool: the docs profile's three tools.
    expect(await cost.totalTokens("up-front")).toBe(346 + 3 * 40);
    await expect.poll(() => cost.numbers("tokens")).toEqual([40, 40, 40]);
    expect(fake!.recorded.map((r) => r.url)).toEqual(Array.from({ length: 5 }, () => "/v1/messages/count_tokens"));
    expect(fake!.recorded.map((r) => Object.keys(r.body).sort().join(","))).toEqual(["messages,model", "messages,model,tools", "messages,model,tools", "messages,model,tools", "messages,model,tools"]);
    expect(fake!.recorded[1].body.tools!.map((t) => t.name).sort()).toEqual(["create_issue", "fetch", "search_code"]);

    // The estimate stays one click away.
    await page.getByRole("radiogroup", { name: "Figures shown" }).getByRole("radio", { name: "Estimate" }).click();
    await expect(cost.tokenMethod()).toHaveAttribute("data-token-method", "estimate");
    cost.expectNoPageErrors();
    await close();
  });
});
