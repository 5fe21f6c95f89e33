// "Try a tool" in the browser: the Try it panel on a tool's page calls the tool through the chosen
// client's view and shows the three JSONs (the model's call, the host's tools/call, the answer), on the
// demo fleet and on the calls fixture added at runtime (isError, an image, structuredContent against its
// outputSchema, a cancel the server sees, an ask rule's dialog, a deny rule).
// Run: E2E_PORT=3309 npx playwright test e2e/try.spec.ts
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Locator, type TestInfo } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { fixtureSpecWith, rawServerCommand, REPO_ROOT } from "./fixtures/fixture-servers";
import { TryPanelPage } from "./pages/try-panel";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };

async function addServer(request: APIRequestContext, id: string, config: unknown): Promise<void> {
  const added = await request.post("/api/servers", { headers: AUTH, data: { id, config } });
  expect(added.status(), await added.text()).toBeLessThan(300);
}

/** A picture of the panel, attached to the report and kept under e2e/artifacts/screenshots (gitignored). */
async function keepScreenshot(panel: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await panel.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  mkdirSync(join(REPO_ROOT, "e2e", "artifacts", "screenshots"), { recursive: true });
  copyFileSync(file, join(REPO_ROOT, "e2e", "artifacts", "screenshots", `${name}.png`));
}

async function setRule(request: APIRequestContext, serverId: string, toolName: string, decision: "allow" | "ask" | "deny" | "none"): Promise<void> {
  const put = await request.put("/api/permissions", { headers: AUTH, data: { changes: [{ serverId, toolName, decision }] } });
  expect(put.status(), await put.text()).toBe(200);
}

test("the panel calls a demo tool and shows the three JSONs, each copyable; the call is listed", async ({ page }, testInfo) => {
  const tryIt = new TryPanelPage(page);
  await tryIt.signIn();
  await tryIt.goto("tracker", "create_issue");
  await expect(tryIt.panel()).toHaveAttribute("data-client", "claude-code");
  await expect(tryIt.nameInput()).toHaveValue("mcp__tracker__create_issue");

  // The form and the raw JSON are one value.
  await tryIt.field("title").fill("Crash on save");
  await tryIt.field("teamId").fill("ENG");
  await tryIt.field("priority").selectOption({ label: "2" });
  await expect.poll(async () => JSON.parse(await tryIt.json().inputValue())).toEqual({ title: "Crash on save", teamId: "ENG", priority: 2 });

  await tryIt.callButton().click();
  await expect(tryIt.view()).toHaveAttribute("data-status", "ok");
  const toolUse = JSON.parse(await tryIt.jsonOf("tool-use").innerText());
  const request = JSON.parse(await tryIt.jsonOf("request").innerText());
  const result = JSON.parse(await tryIt.jsonOf("result").innerText());
  expect(toolUse).toEqual({ type: "tool_use", id: expect.stringMatching(/^toolu_[0-9a-f]{32}$/), name: "mcp__tracker__create_issue", input: { title: "Crash on save", teamId: "ENG", priority: 2 } });
  expect(request).toEqual({ jsonrpc: "2.0", id: expect.any(Number), method: "tools/call", params: { name: "create_issue", arguments: { title: "Crash on save", teamId: "ENG", priority: 2 } } });
  expect(result).toMatchObject({ jsonrpc: "2.0", id: request.id, result: { structuredContent: { identifier: "ENG-124" } } });
  // Each copies exactly what it shows.
  for (const which of ["tool-use", "request", "result"] as const) {
    expect(JSON.parse((await tryIt.copyOf(which).getAttribute("data-copy-value"))!)).toEqual(JSON.parse(await tryIt.jsonOf(which).innerText()));
  }
  await expect(tryIt.view().getByTestId("argument-check")).toHaveAttribute("data-status", "valid");
  await expect(tryIt.block("text")).toContainText("ENG-124");
  await expect(tryIt.summary()).toHaveText(/^answered in \d+ ms$/);
  await expect(tryIt.historyRows()).toHaveCount(1);
  await expect(tryIt.historyRows().first()).toHaveAttribute("data-status", "ok");
  await keepScreenshot(tryIt.panel(), testInfo, "try-panel");

  // Under the Agent SDK host the model calls it by its exposed name: prefixed, since githost lists create_issue too.
  await tryIt.client("Agent SDK").click();
  await expect(tryIt.nameInput()).toHaveValue("tracker__create_issue");
  await tryIt.callButton().click();
  await expect.poll(async () => JSON.parse(await tryIt.jsonOf("tool-use").innerText()).name).toBe("tracker__create_issue");
  await expect(tryIt.view()).toHaveAttribute("data-status", "ok");
  expect(JSON.parse(await tryIt.jsonOf("request").innerText()).params.name).toBe("create_issue");
  await expect(tryIt.historyRows()).toHaveCount(2);
  tryIt.expectNoPageErrors();
});

test("the panel starts on the client the page shows, when that client sends the tool", async ({ page }) => {
  const tryIt = new TryPanelPage(page);
  await tryIt.signIn();
  await page.goto("/tools/tracker/create_issue?client=codex");
  await tryIt.waitForFleet();
  await expect(tryIt.verdict()).toHaveAttribute("data-client", "codex");
  await expect(tryIt.panel()).toHaveAttribute("data-client", "codex");
});

test("arguments are checked against the schema the server listed: the oneOf the flattening loosened is caught before sending; Send anyway sends them", async ({ page }) => {
  const tryIt = new TryPanelPage(page);
  await tryIt.signIn();
  // get_issue takes exactly one of id and identifier (a root oneOf); Claude Code's flattened schema requires neither.
  await tryIt.goto("tracker", "get_issue");
  await tryIt.json().fill('{ "id": "7f1c", "identifier": "eng-1" }');
  await tryIt.callButton().click();
  await expect(tryIt.view()).toHaveAttribute("data-status", "refused");
  await expect(tryIt.argumentError("$")).toContainText("must match exactly one branch of oneOf; it matches branches 0 and 1");
  await expect(tryIt.argumentError("$.identifier")).toContainText('must match pattern "^[A-Z]+-[0-9]+$"');
  await expect(tryIt.jsonOf("request")).toHaveText("(nothing)");
  expect(JSON.parse(await tryIt.jsonOf("result").innerText())).toMatchObject({ type: "tool_result", is_error: true });
  await tryIt.sendAnyway().click();
  await expect(tryIt.view()).toHaveAttribute("data-status", "ok");
  expect(JSON.parse(await tryIt.jsonOf("request").innerText()).params).toEqual({ name: "get_issue", arguments: { id: "7f1c", identifier: "eng-1" } });
  await expect(tryIt.view().getByTestId("argument-check")).toContainText("sent anyway, as asked");

  // Arguments that are not JSON are said at once, and nothing is sent.
  await tryIt.json().fill("{ identifier: ");
  await expect(page.getByTestId("try-json-error")).toContainText("Not JSON");
  await tryIt.callButton().click();
  await expect(tryIt.problem()).toContainText("The arguments are not JSON");
  await expect(tryIt.historyRows()).toHaveCount(2);
  tryIt.expectNoPageErrors();
});

test("a fixture server: an image, isError, structuredContent checked, a JSON-RPC error, and a cancel the server sees", async ({ page, request }, testInfo) => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-e2e-try-"));
  const spec = fixtureSpecWith("calls", dir, { recordCancellations: "cancelled.jsonl" });
  await addServer(request, "try-calls", rawServerCommand(spec));
  const tryIt = new TryPanelPage(page);
  try {
    await tryIt.signIn();
    await tryIt.goto("try-calls", "picture");
    await tryIt.callButton().click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "ok");
    await expect(tryIt.block("image").getByRole("img")).toBeVisible();
    expect(await tryIt.block("image").getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await keepScreenshot(tryIt.view(), testInfo, "try-image");

    await tryIt.goto("try-calls", "tool_error");
    await tryIt.callButton().click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "tool-error");
    await expect(tryIt.view().getByTestId("is-error")).toBeVisible();

    await tryIt.goto("try-calls", "bad_weather");
    await tryIt.callButton().click();
    await expect(tryIt.structuredCheck()).toHaveAttribute("data-status", "invalid");
    await expect(tryIt.structuredCheck()).toContainText("$.temperature: must be number");

    await tryIt.goto("try-calls", "rpc_error");
    await tryIt.callButton().click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "server-error");
    expect(JSON.parse(await tryIt.jsonOf("result").innerText())).toMatchObject({ error: { code: -32603, message: "database is locked" } });

    await tryIt.goto("try-calls", "slow");
    await tryIt.callButton().click();
    // While it runs, the model's call and the request are already shown.
    await expect(tryIt.view()).toHaveAttribute("data-status", "running");
    const requestId = JSON.parse(await tryIt.jsonOf("request").innerText()).id as number;
    await tryIt.cancelButton().click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "cancelled");
    await expect(tryIt.cancellation()).toContainText('"method":"notifications/cancelled"');
    await expect
      .poll(() => {
        try {
          return readFileSync(join(dir, "cancelled.jsonl"), "utf8");
        } catch {
          return "";
        }
      })
      .toContain(JSON.stringify({ requestId, tool: "slow", reason: "cancelled by the user" }));
  } finally {
    await request.delete("/api/servers/try-calls", { headers: AUTH });
    rmSync(dir, { recursive: true, force: true });
  }
  tryIt.expectNoPageErrors();
});

test("an ask rule opens a dialog before the call; a deny rule stops it and is named", async ({ page, request }, testInfo) => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-e2e-try-"));
  await addServer(request, "try-rules", rawServerCommand(fixtureSpecWith("calls", dir, {})));
  const tryIt = new TryPanelPage(page);
  try {
    await setRule(request, "try-rules", "echo", "ask");
    await setRule(request, "try-rules", "weather", "deny");
    await tryIt.signIn();
    await tryIt.goto("try-rules", "echo");
    await tryIt.field("text").fill("hello");
    await expect(page.getByTestId("try-decision")).toContainText('ask "mcp__try-rules__echo" (our rule)');

    await tryIt.callButton().click();
    await expect(tryIt.confirmDialog()).toBeVisible();
    await keepScreenshot(tryIt.confirmDialog(), testInfo, "try-ask");
    await expect(tryIt.confirmDialog().getByTestId("confirm-question")).toHaveText('ask "mcp__try-rules__echo" (our rule) asks before mcp__try-rules__echo is called on server try-rules. Call it?');
    await tryIt.confirmDialog().getByRole("button", { name: "Don't call" }).click();
    await expect(tryIt.confirmDialog()).toHaveCount(0);
    await expect(tryIt.problem()).toContainText("you said no");
    await expect(tryIt.historyRows()).toHaveCount(0);

    await tryIt.callButton().click();
    await tryIt.confirmDialog().getByRole("button", { name: "Call it" }).click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "ok");
    await expect(tryIt.view().getByTestId("call-permission")).toContainText("you confirmed it");
    await expect(tryIt.structuredCheck()).toHaveAttribute("data-status", "valid");

    await tryIt.goto("try-rules", "weather");
    await tryIt.callButton().click();
    await expect(tryIt.view()).toHaveAttribute("data-status", "refused");
    await expect(tryIt.view().getByTestId("refusal")).toContainText('deny "mcp__try-rules__weather" (our rule) denies it');
    await expect(tryIt.jsonOf("request")).toHaveText("(nothing)");
  } finally {
    await setRule(request, "try-rules", "echo", "none");
    await setRule(request, "try-rules", "weather", "none");
    await request.delete("/api/servers/try-rules", { headers: AUTH });
    rmSync(dir, { recursive: true, force: true });
  }
  tryIt.expectNoPageErrors();
});

test("the API: a call is one POST behind the token; an unknown name answers with the names that exist", async ({ request }) => {
  const refused = await request.post("/api/calls", { data: { id: "no-token-call", client: "agent-sdk", name: "x" } });
  expect(refused.status()).toBe(401);
  const answer = await request.post("/api/calls", { headers: AUTH, data: { id: "api-unknown-1", client: "agent-sdk", name: "create_issue", arguments: {} } });
  expect(answer.status()).toBe(200);
  const { call } = await answer.json();
  expect(call).toMatchObject({ status: "refused", request: null, refusal: { code: "unknown-tool" } });
  expect(call.refusal.closest.slice(0, 2)).toEqual(["githost__create_issue", "tracker__create_issue"]);
  const again = await request.post("/api/calls", { headers: AUTH, data: { id: "api-unknown-1", client: "agent-sdk", name: "create_issue" } });
  expect(again.status()).toBe(409);
  const cancelled = await request.post("/api/calls/api-unknown-1/cancel", { headers: AUTH });
  expect(await cancelled.json()).toMatchObject({ cancelled: false, call: { id: "api-unknown-1" } });
  expect((await request.post("/api/calls/never-made-1/cancel", { headers: AUTH })).status()).toBe(404);
});
