/**
 * A ServerConfig as it may leave the server (API, events, CLI, logs): env and header values become the
 * `${VAR}` reference the file used or a mask, URLs lose userinfo and credential query values, and
 * secret-looking arguments are masked (docs/security.md: secrets never leave the server).
 */
import "server-only";

import { hasReference } from "./expand";
import { isSecretPair, looksSecretValue, MASK, maskUrl, templateHoldsSecret } from "./secrets";
import type { RedactedServerConfig, ServerConfig } from "./types";

/** A template is shown when its references carry the value and its literal text holds no credential. */
function safeTemplate(name: string, template: string | undefined): string | undefined {
  if (template === undefined || !hasReference(template)) return undefined;
  const shown = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(template) ? maskUrl(template) : template;
  return templateHoldsSecret(name, shown) ? undefined : shown;
}

function redactValues(values: Record<string, string> | undefined, templates: Record<string, string> | undefined): Record<string, string> | undefined {
  if (values === undefined) return undefined;
  return Object.fromEntries(Object.keys(values).map((name) => [name, safeTemplate(name, templates?.[name]) ?? MASK]));
}

function redactArg(arg: string, previous: string | undefined): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(arg)) return maskUrl(arg);
  if (looksSecretValue(arg)) return MASK;
  const flag = /^(--?[A-Za-z][\w-]*)=(.*)$/s.exec(arg);
  if (flag) {
    const [, name, value] = flag;
    if (/^\$\{[^}]+\}$/.test(value)) return arg;
    if (isSecretPair(name.replace(/^-+/, ""), value)) return `${name}=${MASK}`;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) return `${name}=${maskUrl(value)}`;
    return arg;
  }
  const previousFlag = previous !== undefined ? /^--?([A-Za-z][\w-]*)$/.exec(previous) : null;
  if (previousFlag && !/^\$\{[^}]+\}$/.test(arg) && isSecretPair(previousFlag[1], arg)) return MASK;
  return arg;
}

/** The shareable form of a server entry. Never contains an env or header value. */
export function redactServerConfig(server: ServerConfig): RedactedServerConfig {
  const templates = server.templates ?? {};
  const redacted: RedactedServerConfig = {
    id: server.id,
    transport: server.transport,
    enabled: server.enabled,
    source: { ...server.source },
  };
  if (server.label !== undefined) redacted.label = server.label;
  const command = templates.command ?? server.command;
  if (command !== undefined) redacted.command = redactArg(command, undefined);
  const args = templates.args ?? server.args;
  if (args !== undefined) redacted.args = args.map((arg, index) => redactArg(arg, index > 0 ? args[index - 1] : undefined));
  const env = redactValues(server.env ?? templates.env, templates.env);
  if (env !== undefined) redacted.env = env;
  if (server.cwd !== undefined) redacted.cwd = server.cwd;
  const url = templates.url ?? server.url;
  if (url !== undefined) redacted.url = maskUrl(url);
  const headers = redactValues(server.headers ?? templates.headers, templates.headers);
  if (headers !== undefined) redacted.headers = headers;
  if (server.invalid !== undefined) redacted.invalid = server.invalid;
  return redacted;
}
