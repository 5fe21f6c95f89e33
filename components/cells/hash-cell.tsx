/** A SHA-256 shown as its first 16 hex digits (docs/fleet-snapshot.md "Words"); the copy button gives all 64. */
import { CopyButton } from "@/components/ui/copy-button";
import { shortHash } from "@/lib/schema/hash";

export function HashCell({ hash, label = "hash" }: { hash: string | null | undefined; label?: string }) {
  if (!hash) return <span className="muted">—</span>;
  return (
    <span className="hash-cell">
      <code className="mono" title={hash} data-hash={hash}>
        {shortHash(hash)}
      </code>
      <CopyButton value={hash} label={`Copy full ${label}`} />
    </span>
  );
}
