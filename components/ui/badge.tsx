/** A small label; `tone` picks the color so a status or a flag looks the same on every page. */
import type { HTMLAttributes } from "react";

export type BadgeTone = "neutral" | "info" | "good" | "warn" | "bad" | "accent";

export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={["badge", `badge-${tone}`, className].filter(Boolean).join(" ")} {...props} />;
}
