/**
 * A tool name, linking to its detail view (`/tools/<server>/<tool>`) when a server is given. A long
 * name is cut with an ellipsis and shown whole on hover (its title); with `copy`, a button beside it
 * copies it whole, since these are the names people paste into permission rules and dispatchers.
 */
import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";

export function toolHref(serverId: string, originalName: string): string {
  return `/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(originalName)}`;
}

export function ToolName({
  name,
  serverId,
  originalName,
  muted,
  note,
  tone,
  copy,
  href,
}: {
  name: string | null;
  serverId?: string;
  originalName?: string;
  muted?: boolean;
  /** Said after the name in its title (a length warning, say). */
  note?: string;
  /** `bad`: the name breaks a client's rule. */
  tone?: "bad";
  /** Offer a button that copies the full name. */
  copy?: boolean;
  /** Where the name links instead of the plain detail page (the same page with a query kept, say). */
  href?: string;
}) {
  const text = name ?? "(not exposed)";
  const className = ["mono", "tool-name", muted || name === null ? "muted" : null, tone === "bad" ? "diff-removed" : null].filter(Boolean).join(" ");
  const title = note ? `${text}\n${note}` : text;
  const shown =
    serverId && originalName !== undefined ? (
      // Not prefetched: a table shows these by the dozen and every keystroke of a search brings new ones,
      // each a server render of a page whose data the store fetches on arrival anyway.
      <Link href={href ?? toolHref(serverId, originalName)} className={className} title={title} prefetch={false}>
        {text}
      </Link>
    ) : (
      <span className={className} title={title}>
        {text}
      </span>
    );
  if (!copy || name === null) return shown;
  return (
    <span className="name-cell">
      {shown}
      <CopyButton value={name} label={`Copy ${name}`} className="copy-on-hover" />
    </span>
  );
}
