/**
 * The clients a view can be asked for (docs/clients.md), each with the version it models. Names only:
 * every page imports this, so the views themselves are in client-view.ts.
 */
import { AGENT_SDK, CLAUDE_CODE, CLAUDE_CODE_BEFORE_2_1_195, CODEX } from "./client-info";
import type { ClaudeCodeSettings, ClientInfo, ClientView, CodexSettings } from "./types";

/** The client choices a view can be asked for, with the version each models. */
export const CLIENT_CHOICES = {
  "claude-code": CLAUDE_CODE,
  "claude-code@2.1.194": CLAUDE_CODE_BEFORE_2_1_195,
  codex: CODEX,
  "agent-sdk": AGENT_SDK,
} as const satisfies Record<string, ClientInfo>;

export type ClientChoice = keyof typeof CLIENT_CHOICES;

/** Every choice, in the order people are offered them (the default first). */
export const CLIENT_CHOICE_LIST = Object.keys(CLIENT_CHOICES) as ClientChoice[];

/** Claude Code 2.1.328: the client most people run, so the one shown when nobody chose. */
export const DEFAULT_CLIENT: ClientChoice = "claude-code";

export function isClientChoice(value: string): value is ClientChoice {
  return Object.prototype.hasOwnProperty.call(CLIENT_CHOICES, value);
}

/** The view type of one choice: both Claude Code versions send the Claude Code wire format. */
export type ClientViewOf<K extends ClientChoice> = ClientView<(typeof CLIENT_CHOICES)[K]["id"]>;

/** Every client's own settings; each view reads only its own. */
export interface ClientSettings {
  claudeCode?: ClaudeCodeSettings;
  codex?: CodexSettings;
}
