/**
 * What looks like a secret in a config: names (token, key, secret, password, ...) and values (ghp_,
 * sk-, Bearer <literal>, JWTs, ...). Used to lint literal secrets in project files and to redact.
 */
import "server-only";

export const MASK = "••••";

const SECRET_NAME = /(token|secret|passw(or)?d|passwd|\bpwd\b|api[-_]?key|apikey|access[-_]?key|private[-_]?key|client[-_]?secret|credential|auth|bearer|session|cookie|signature|\bsig\b|dsn|_pat\b|^pat$)/i;

const SECRET_VALUE: RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{16,}/, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bsk-[A-Za-z0-9_-]{16,}/, // OpenAI / Anthropic style keys
  /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]{10,}/, // Stripe
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/, // Slack
  /\bxapp-[A-Za-z0-9-]{10,}/,
  /\bglpat-[A-Za-z0-9_-]{16,}/, // GitLab
  /\bnpm_[A-Za-z0-9]{30,}/,
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key id
  /\bAIza[0-9A-Za-z_-]{30,}/, // Google API key
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/, // JWT
  /^(Bearer|Basic|Token)\s+(?!\$\{)\S{6,}/i, // an Authorization value written out
];

/** A field name (env variable, header, query parameter, flag) that usually holds a secret. */
export function looksSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A value that has the shape of a known credential. */
export function looksSecretValue(value: string): boolean {
  return SECRET_VALUE.some((pattern) => pattern.test(value));
}

/** Whether a literal `name = value` pair (env, header) should be treated as a secret. */
export function isSecretPair(name: string, value: string): boolean {
  const trimmed = value.trim();
  // A number, a boolean or a bare reference is a setting, not a credential (SESSION_TIMEOUT=30, OAUTH_ENABLED=true).
  if (trimmed === "" || /^(-?\d+(\.\d+)?|true|false|yes|no|on|off|null)$/i.test(trimmed) || /^\$\{[^}]+\}$/.test(trimmed)) return false;
  return looksSecretName(name) || looksSecretValue(value);
}

/** A run long enough, and mixed enough, to be a key written out (`sk-live-9f8e7d6c5b4a39281706`). */
export function hasKeyLikeRun(text: string): boolean {
  return text.split(/[^A-Za-z0-9_+=-]+/).some((run) => run.length >= 20 && /\d/.test(run) && /[A-Za-z]/.test(run));
}

/** The text a template writes out itself: references dropped, `${VAR:-default}` defaults kept. */
export function literalText(template: string): string {
  return template.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::-([^}]*))?\}/g, (_, fallback: string | undefined) => ` ${fallback ?? ""} `).replace(/\$\{[^}]*\}/g, " ");
}

/**
 * Whether a value as written in the file (`name` is its env variable / header / parameter name) holds a
 * credential: a literal secret-named value, or a key written next to or as the default of a reference.
 */
export function templateHoldsSecret(name: string, template: string): boolean {
  if (!/\$\{[^}]+\}/.test(template)) return isSecretPair(name, template);
  const literal = literalText(template);
  return looksSecretValue(literal) || hasKeyLikeRun(literal);
}

/** Query parameters and userinfo of a URL (or URL template) that carry credentials, with their ranges. */
export function urlSecrets(url: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  const userinfo = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#@\s]*)@/.exec(url);
  if (userinfo) {
    const [user, password] = userinfo[1].split(":", 2);
    if (password !== undefined && password !== "") found.push({ name: "password", value: password });
    else if (user) found.push({ name: "userinfo", value: user });
  }
  const query = url.indexOf("?");
  if (query !== -1) {
    for (const part of url.slice(query + 1).split("#")[0].split("&")) {
      const eq = part.indexOf("=");
      if (eq === -1) continue;
      const name = decodeSafe(part.slice(0, eq));
      const value = decodeSafe(part.slice(eq + 1));
      if (isSecretPair(name, value)) found.push({ name, value });
    }
  }
  return found;
}

/** The URL with its userinfo and credential-bearing query values replaced by the mask. */
export function maskUrl(url: string): string {
  let out = url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#@\s]*)@/, (_, scheme: string) => `${scheme}${MASK}@`);
  const query = out.indexOf("?");
  if (query === -1) return out;
  const hash = out.indexOf("#", query);
  const head = out.slice(0, query + 1);
  const body = out.slice(query + 1, hash === -1 ? undefined : hash);
  const tail = hash === -1 ? "" : out.slice(hash);
  const masked = body
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq === -1) return part;
      const name = decodeSafe(part.slice(0, eq));
      const value = part.slice(eq + 1);
      if (/^\$\{[^}]+\}$/.test(value)) return part;
      return isSecretPair(name, decodeSafe(value)) ? `${part.slice(0, eq)}=${MASK}` : part;
    })
    .join("&");
  out = head + masked + tail;
  return out;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
