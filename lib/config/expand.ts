/**
 * Variable expansion as each client does it. Claude Code (.mcp.json, ~/.claude.json, and here Claude
 * Desktop): `${VAR}` and `${VAR:-default}`, an unset variable stays literal, a bare `$VAR` is text.
 * Cursor and VS Code: `${env:NAME}`, `${userHome}`, `${workspaceFolder}`, ... (docs/clients.md).
 */
import "server-only";

export type Env = Record<string, string | undefined>;

export interface Expansion {
  value: string;
  /** Variables that were unset with no default (kept literally for Claude Code, empty for editors). */
  unset: string[];
  /** VS Code `${input:x}` references, kept literally: we cannot prompt. */
  inputs: string[];
  /** `${NAME}` forms the editor does not expand (Cursor/VS Code want `${env:NAME}`). */
  unsupported: string[];
}

export interface EditorVariables {
  env: Env;
  userHome?: string;
  workspaceFolder?: string;
  pathSeparator: string;
}

/** Offset of the `}` closing the `${` that starts at `start`, counting nested `${...}`; -1 when none. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "$" && text[i + 1] === "{") {
      depth++;
      i++;
    } else if (text[i] === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function scan(text: string, resolve: (inner: string, whole: string) => string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf("${", i);
    if (at === -1) break;
    const end = closingBrace(text, at);
    if (end === -1) break;
    out += text.slice(i, at) + resolve(text.slice(at + 2, end), text.slice(at, end + 1));
    i = end + 1;
  }
  return out + text.slice(i);
}

const CLAUDE_VAR = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

/** Claude Code's `${VAR}` / `${VAR:-default}`; the default may itself hold `${...}`. */
export function expandClaude(template: string, env: Env): Expansion {
  const unset: string[] = [];
  const value = scan(template, (inner, whole) => {
    const match = CLAUDE_VAR.exec(inner);
    if (!match) return whole; // other shell forms (`${var%pattern}`) are left alone, as Claude Code does
    const [, name, fallback] = match;
    const current = env[name];
    if (fallback !== undefined) {
      if (current !== undefined && current !== "") return current;
      const nested = expandClaude(fallback, env);
      unset.push(...nested.unset);
      return nested.value;
    }
    if (current !== undefined) return current;
    unset.push(name);
    return whole;
  });
  return { value, unset, inputs: [], unsupported: [] };
}

/** Cursor / VS Code predefined variables; `${env:NAME}` of an unset variable becomes empty, as in VS Code. */
export function expandEditor(template: string, vars: EditorVariables): Expansion {
  const unset: string[] = [];
  const inputs: string[] = [];
  const unsupported: string[] = [];
  const value = scan(template, (inner, whole) => {
    if (inner.startsWith("env:")) {
      const name = inner.slice(4);
      const current = vars.env[name];
      if (current === undefined) {
        unset.push(name);
        return "";
      }
      return current;
    }
    if (inner.startsWith("input:")) {
      inputs.push(inner.slice(6));
      return whole;
    }
    switch (inner) {
      case "userHome":
        if (vars.userHome !== undefined) return vars.userHome;
        break;
      case "workspaceFolder":
        if (vars.workspaceFolder !== undefined) return vars.workspaceFolder;
        break;
      case "workspaceFolderBasename":
        if (vars.workspaceFolder !== undefined) return vars.workspaceFolder.split(/[\\/]/).filter(Boolean).pop() ?? "";
        break;
      case "pathSeparator":
      case "/":
        return vars.pathSeparator;
      default:
        if (/^[A-Za-z_][A-Za-z0-9_]*(:-.*)?$/s.test(inner)) unsupported.push(inner.replace(/:-.*$/s, ""));
        return whole;
    }
    unset.push(inner);
    return whole;
  });
  return { value, unset, inputs, unsupported };
}

/** True when the text holds a `${...}` reference (the value comes from somewhere else, not the file). */
export function hasReference(text: string): boolean {
  return /\$\{[^}]+\}/.test(text);
}
