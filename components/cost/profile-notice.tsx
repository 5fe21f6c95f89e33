/**
 * Which servers a cost is of: all of them, or a profile's. A profile the server does not know (or a broken
 * mcp-fleet.json) is said plainly, with the server's words, and the whole fleet is shown instead.
 */
import Link from "next/link";
import type { CostReport } from "@/lib/cost/types";
import styles from "./cost.module.css";

export function ProfileNotice({ profile, report, problem }: { profile: string | null; report: CostReport | null; problem: string | null }) {
  if (profile !== null && problem) {
    return (
      <p className={styles.warnNote} role="status" data-testid="profile-unknown">
        Showing all servers: {problem}. <Link href="/profiles">See the profiles</Link>
      </p>
    );
  }
  if (!report) return null;
  return (
    <p className={`muted ${styles.scope}`} data-testid="cost-scope">
      {report.profile ? (
        <>
          Profile <strong>{report.profile}</strong>: its servers only ({report.servers.map((s) => s.serverId).join(", ") || "none running"}).
        </>
      ) : (
        "All servers."
      )}
    </p>
  );
}
