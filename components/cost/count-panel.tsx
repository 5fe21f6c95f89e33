"use client";
/**
 * "Count with Anthropic" (docs/cost.md "Counting with the API"): Claude's tokenizer is not published, so
 * Claude figures are an estimate until the user asks Anthropic's count_tokens, on demand only, with the
 * ANTHROPIC_API_KEY of the environment MCP Fleet was started in. Only the tool definitions are sent; this
 * says so before the click, and a refusal (no key) is shown in words.
 */
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { ClientError } from "@/lib/api-client";
import type { CostReport } from "@/lib/cost/types";
import { count } from "@/lib/text/count";
import type { CostClient } from "./cost-client";
import styles from "./cost.module.css";

export type Figures = "counted" | "estimate";

export function CountPanel({
  client,
  report,
  counted,
  counting,
  error,
  onCount,
  figures,
  onFigures,
}: {
  client: CostClient;
  report: CostReport;
  counted: CostReport | null;
  counting: boolean;
  error: ClientError | null;
  onCount: () => void;
  figures: Figures;
  onFigures: (figures: Figures) => void;
}) {
  if (client === "codex") {
    return (
      <section className="panel" aria-labelledby="count-heading" data-testid="count-panel">
        <h2 id="count-heading" className={styles.panelHeading}>
          Exact already
        </h2>
        <p className="muted">Codex&apos;s tokens are counted here with its model&apos;s own encoding (o200k_base): no request is needed.</p>
      </section>
    );
  }
  const requests = report.tools.length + 2 + (report.total.deferred ? 1 : 0);
  return (
    <section className="panel" aria-labelledby="count-heading" data-testid="count-panel">
      <div className={styles.head}>
        <h2 id="count-heading" className={styles.panelHeading}>
          Exact Claude figures
        </h2>
        <span className="grow" />
        {counted ? (
          <SegmentedControl<Figures>
            label="Figures shown"
            value={figures}
            options={[
              { value: "counted", label: "Counted" },
              { value: "estimate", label: "Estimate" },
            ]}
            onChange={onFigures}
          />
        ) : null}
        <Button variant="primary" size="sm" disabled={counting || report.tools.length === 0} onClick={onCount} aria-describedby="count-what">
          {counting ? "Counting…" : counted ? "Count again" : "Count with Anthropic"}
        </Button>
      </div>
      <p id="count-what" className="muted">
        Sends only the tool definitions, exactly as {report.client.label} sends them, with a one-character message, to Anthropic&apos;s count_tokens endpoint (
        {count(requests, "request")}: the message alone, all tools, each tool alone
        {report.total.deferred ? ", the names announcement" : ""}). It needs <code>ANTHROPIC_API_KEY</code> in the environment the dashboard was started in
        (<code>ANTHROPIC_BASE_URL</code> too, when set). Nothing is sent until you click.
      </p>
      {error ? (
        <p className="field-error" role="alert" data-testid="count-error" data-error-code={error.code}>
          Not counted: {error.message}.
          {/ANTHROPIC_API_KEY/.test(error.message) ? " Start MCP Fleet with ANTHROPIC_API_KEY set to count exactly." : ""}
        </p>
      ) : null}
      {counted ? (
        <p className="muted" role="status" data-testid="count-done">
          {counted.tokens.about.charAt(0).toUpperCase() + counted.tokens.about.slice(1)}.
        </p>
      ) : null}
    </section>
  );
}
