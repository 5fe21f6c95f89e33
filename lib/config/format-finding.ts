/** One line per finding, compiler style (`file:line:column: error: message [code]`), for the CLI and logs. */
import "server-only";

import type { ConfigFinding } from "./types";

export function formatFinding(finding: ConfigFinding): string {
  const place = finding.line !== undefined ? `${finding.file}:${finding.line}:${finding.column ?? 1}` : finding.file;
  return `${place}: ${finding.severity}: ${finding.message} [${finding.code}]`;
}
