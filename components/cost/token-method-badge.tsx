/** How a cost's tokens were counted, said wherever a count is shown: exact, an estimate (and how), or Anthropic's count. */
import { Badge } from "@/components/ui/badge";
import type { TokenMethod } from "@/lib/cost/types";
import styles from "./cost.module.css";

const TONE = { exact: "good", estimate: "warn", counted: "accent" } as const;
const WORD = { exact: "exact", estimate: "estimate", counted: "counted by Anthropic" } as const;

export function TokenMethodBadge({ method }: { method: TokenMethod }) {
  return (
    <Badge tone={TONE[method.kind]} title={method.about} data-token-method={method.kind}>
      {WORD[method.kind]}
    </Badge>
  );
}

/** The badge and the method in words: which tokenizer, for which model, and what the count leaves out. */
export function TokenMethodLine({ method }: { method: TokenMethod }) {
  return (
    <p className={styles.method} data-testid="token-method">
      <TokenMethodBadge method={method} />
      <span className="muted">{method.about}</span>
    </p>
  );
}
