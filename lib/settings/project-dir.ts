/**
 * Which project's `.claude/` settings the permissions feature reads and writes (issue 6): the
 * config's project folder; the demo fleet has none, so it uses `<dataDir>/project` (never the repo).
 */
import "server-only";

import path from "node:path";

export function permissionsProjectDir(projectDir: string | null, dataDir: string, demo: boolean): string | null {
  if (projectDir && !demo) return projectDir;
  return demo ? path.join(dataDir, "project") : null;
}
