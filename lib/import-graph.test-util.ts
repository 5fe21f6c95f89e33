/** The local files a source file imports, resolved as the bundler and tsx do (`@/` is the repository root): for the tests that follow imports. */
import { existsSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** The file of this repository that `specifier` (imported by `from`) names, or null for a package. */
export function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/") ? join(REPO_ROOT, specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(REPO_ROOT, from)} imports "${specifier}", which names no file`);
}
