/**
 * A cost's totals: tokens up front (what applies) and with every tool loaded, each with its characters and
 * UTF-8 bytes, and how the tokens were counted (exact, an estimate and how it was made, or Anthropic's count).
 */
import type { CostReport, TextSize } from "@/lib/cost/types";
import { count, plural } from "@/lib/text/count";
import { formatNumber } from "./cost-rows";
import { TokenMethodLine } from "./token-method-badge";

function SizeCard({ testId, size, label, unit }: { testId: string; size: TextSize; label: string; unit: string }) {
  return (
    <div className="card" data-testid={testId} data-tokens={size.tokens}>
      <div className="card-value">{formatNumber(size.tokens)}</div>
      <div className="card-label">
        {unit} {label}
      </div>
      <div className="card-label tabular">
        {formatNumber(size.chars)} characters · {formatNumber(size.bytes)} bytes
      </div>
    </div>
  );
}

export function CostTotals({ report }: { report: CostReport }) {
  const unit = report.tokens.kind === "estimate" ? "tokens (estimate)" : "tokens";
  const deferring = report.total.deferred !== null;
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="sr-only">
        Totals
      </h2>
      <div className="cards">
        {deferring ? (
          <>
            <SizeCard testId="total-up-front" size={report.total.upFront} unit={unit} label="up front (what applies)" />
            <SizeCard testId="total-loaded" size={report.total.loaded} unit={unit} label="with every tool loaded" />
          </>
        ) : (
          <SizeCard testId="total-up-front" size={report.total.upFront} unit={unit} label={`up front: ${report.client.label} sends every tool in full`} />
        )}
        <div className="card" data-testid="total-tools">
          <div className="card-value">{report.tools.length}</div>
          <div className="card-label">
            {plural(report.tools.length, "tool")} sent, from {count(report.servers.length, "server")}
          </div>
        </div>
      </div>
      <TokenMethodLine method={report.tokens} />
    </section>
  );
}
