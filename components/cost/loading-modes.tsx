"use client";
/**
 * Claude Code's two costs side by side (docs/cost.md "Claude Code: up front or in full"): deferred behind
 * ToolSearch (the names up front, plus tools marked always-load) and every tool in full, with the one
 * that applies marked and why: ENABLE_TOOL_SEARCH as Claude Code reads it.
 */
import { Badge } from "@/components/ui/badge";
import type { CostReport, TextSize } from "@/lib/cost/types";
import { count } from "@/lib/text/count";
import { formatNumber } from "./cost-rows";
import styles from "./cost.module.css";

function Size({ size, unit }: { size: TextSize; unit: string }) {
  return (
    <div>
      <div className={styles.big}>
        {formatNumber(size.tokens)} <span className={styles.unit}>{unit}</span>
      </div>
      <div className="muted tabular">
        {formatNumber(size.chars)} characters · {formatNumber(size.bytes)} bytes
      </div>
    </div>
  );
}

function Applies({ on }: { on: boolean }) {
  return on ? (
    <Badge tone="good" data-testid="applies">
      applies
    </Badge>
  ) : (
    <Badge tone="neutral">does not apply</Badge>
  );
}

export function LoadingModes({ report }: { report: CostReport }) {
  const deferred = report.total.deferred;
  if (!deferred) return null;
  const unit = report.tokens.kind === "estimate" ? "tokens (estimate)" : "tokens";
  const alwaysLoad = report.tools.filter((t) => t.alwaysLoad).length;
  const applies = report.loading.applies;
  return (
    <section aria-labelledby="loading-heading" data-testid="loading-modes">
      <h2 id="loading-heading">Up front or loaded: what Claude Code sends</h2>
      <div className="side-by-side">
        <article className={`panel ${styles.mode}`} data-applies={applies === "deferred"} data-testid="mode-deferred" aria-labelledby="mode-deferred-heading">
          <div className={styles.modeHead}>
            <h3 id="mode-deferred-heading">Deferred: names up front</h3>
            <Applies on={applies === "deferred"} />
          </div>
          <Size size={deferred.total} unit={unit} />
          <ul className={styles.notes}>
            <li>
              The names, one line each under a fixed sentence: {formatNumber(deferred.announcement.tokens)} {unit}.
            </li>
            <li>
              {alwaysLoad === 0
                ? "No tool is marked always-load."
                : `${count(alwaysLoad, "tool")} marked always-load, sent in full anyway: ${formatNumber(deferred.alwaysLoaded.tokens)} ${unit}.`}
            </li>
            <li>
              ToolSearch and its placeholder add {formatNumber(deferred.toolSearch.tokens)} {unit}, sent whenever anything is deferred (Claude Code&apos;s own
              tools too), so not counted as these tools&apos;.
            </li>
            <li>A tool&apos;s full entry reaches the model when the model loads it.</li>
          </ul>
        </article>
        <article className={`panel ${styles.mode}`} data-applies={applies === "loaded"} data-testid="mode-loaded" aria-labelledby="mode-loaded-heading">
          <div className={styles.modeHead}>
            <h3 id="mode-loaded-heading">Every tool loaded</h3>
            <Applies on={applies === "loaded"} />
          </div>
          <Size size={report.total.loaded} unit={unit} />
          <ul className={styles.notes}>
            <li>Every tool&apos;s entry in the tools array, as with ENABLE_TOOL_SEARCH=false.</li>
            <li>Also what the deferred tools cost once the model has loaded all of them.</li>
          </ul>
        </article>
      </div>
      <p className={`muted ${styles.more}`} data-testid="loading-reason">
        Why: {report.loading.reason}. Set ENABLE_TOOL_SEARCH in the <code>env</code> of <code>.claude/settings.json</code> (or the environment Claude Code runs in) to
        change it.
      </p>
    </section>
  );
}
