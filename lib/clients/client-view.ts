/** The one door to a single client's view: the fleet's raw tool lists and that client's own settings. */
import type { ServerToolList } from "../reconcile/types";
import { agentSdkView } from "./agent-sdk";
import type { ClientChoice, ClientSettings } from "./choices";
import { claudeCodeView } from "./claude-code";
import { codexView } from "./codex";
import type { ClientView } from "./types";

/** The view of one client for the fleet's raw tool lists. */
export function clientView(choice: ClientChoice, servers: readonly ServerToolList[], settings: ClientSettings = {}): ClientView {
  switch (choice) {
    case "claude-code":
      return claudeCodeView(servers, settings.claudeCode);
    case "claude-code@2.1.194":
      return claudeCodeView(servers, settings.claudeCode, { version: "2.1.194" });
    case "codex":
      return codexView(servers, settings.codex);
    case "agent-sdk":
      return agentSdkView(servers);
  }
}
