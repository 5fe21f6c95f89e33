/** A tool name, linking to its detail view (`/tools/<server>/<tool>`) when a server is given. */
import Link from "next/link";

export function toolHref(serverId: string, originalName: string): string {
  return `/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(originalName)}`;
}

export function ToolName({ name, serverId, originalName, muted }: { name: string | null; serverId?: string; originalName?: string; muted?: boolean }) {
  const text = name ?? "(not exposed)";
  const className = ["mono", "tool-name", muted || name === null ? "muted" : null].filter(Boolean).join(" ");
  if (serverId && originalName !== undefined) {
    return (
      <Link href={toolHref(serverId, originalName)} className={className} title={text}>
        {text}
      </Link>
    );
  }
  return (
    <span className={className} title={text}>
      {text}
    </span>
  );
}
