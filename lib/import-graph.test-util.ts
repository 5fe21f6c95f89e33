/** The local files a source file imports, resolved as the bundler and tsx do (`@/` is the repository root), and a walk along them: for the tests that follow imports. */
import { existsSync, readFileSync, statSync } from "node:fs";
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

/**
 * Follows imports from `start`, each file once: `step` is given the chain of files so far (relative to
 * the repository), the specifier and the local file it names (null for a package), and says whether to
 * go on into that file.
 */
export function followImports(start: string, importsOf: (source: string) => string[], step: (chain: string[], specifier: string, local: string | null) => boolean): void {
  const seen = new Set<string>();
  const visit = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chain = [...via, relative(REPO_ROOT, file)];
    for (const specifier of importsOf(readFileSync(file, "utf8"))) {
      const local = resolveLocal(specifier, file);
      if (step(chain, specifier, local) && local !== null) visit(local, chain);
    }
  };
  visit(start, []);
}
