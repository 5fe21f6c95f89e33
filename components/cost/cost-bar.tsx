"use client";
/**
 * The overview's cost bar (docs/cost.md): each server's share of the tokens the chosen client's MCP tool
 * definitions take, as one segmented bar and one row per server with the numbers; for Claude Code, which
 * cost applies (names up front while tools are deferred behind ToolSearch, or every tool in full) and
 * both totals. Follows the profile in the URL; links to /cost for every tool.
 */
import Link from "next/link";
import { useMemo, useState } from "react";
import { ServerBadge } from "@/components/cells/server-badge";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ErrorState } from "@/components/ui/states";
import type { FleetIndex } from "@/lib/server/page-state";
import type { CostReport } from "@/lib/cost/types";
import { count } from "@/lib/text/count";
import { ClientChoice } from "./client-choice";
import { costHref } from "./cost-client";
import { formatNumber, formatShare, serverBars, type CostMeasure } from "./cost-rows";
import { ProfileNotice } from "./profile-notice";
import { TokenMethodBadge } from "./token-method-badge";
import { useCost, useCostParams } from "./use-cost";
import styles from "./cost.module.css";

const color = (i: number) => styles[`c${i % 8}`];

/** What applies for Claude Code, in one sentence with both totals; null for a client that never defers. */
export function loadingSentence(report: CostReport): string | null {
  if (!report.total.deferred) return null;
  const upFront = `${formatNumber(report.total.deferred.total.tokens)} tokens up front (names only)`;
  const loaded = `${formatNumber(report.total.loaded.tokens)} tokens with every tool loaded`;
  return report.loading.applies === "deferred"
    ? `Deferred behind ToolSearch applies: ${upFront}; a tool's full entry reaches the model when it is loaded, up to ${loaded}.`
    : `Every tool in full applies: ${loaded}; deferred, it would be ${upFront}.`;
}

function Bars({ report, measure }: { report: CostReport; measure: CostMeasure }) {
  const { bars, total, shared } = useMemo(() => serverBars(report, measure), [report, measure]);
  const unit = report.tokens.kind === "estimate" ? "tokens (estimate)" : "tokens";
  return (
    <>
      <div className={styles.bar} aria-hidden="true" data-testid="cost-bar-segments">
        {bars.map((bar, i) =>
          bar.tokens > 0 ? <span key={bar.serverId} className={`${styles.segment} ${color(i)}`} style={{ width: `${bar.share * 100}%` }} title={`${bar.serverId}: ${formatShare(bar.share)}`} /> : null,
        )}
        {shared > 0 ? <span className={`${styles.segment} ${styles.cShared}`} style={{ width: `${(shared / total) * 100}%` }} title="not of one server" /> : null}
      </div>
      <ul className={styles.rows} aria-label="Cost per server">
        {bars.map((bar, i) => (
          <li key={bar.serverId} className={styles.rowItem} data-testid={`cost-server-${bar.serverId}`} data-tokens={bar.tokens} data-share={bar.share}>
            <span className={styles.serverCell}>
              <span className={`${styles.swatch} ${color(i)}`} aria-hidden="true" />
              <ServerBadge id={bar.serverId} />
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={`${styles.fill} ${color(i)}`} style={{ width: `${bar.share * 100}%` }} />
            </span>
            <span className={styles.num}>
              {formatNumber(bar.tokens)} {unit}
            </span>
            <span className={styles.num}>{formatShare(bar.share)}</span>
            <span className={`${styles.num} muted`}>{count(bar.tools, "tool")}</span>
          </li>
        ))}
        {shared > 0 ? (
          <li className={styles.rowItem} data-testid="cost-server-shared" data-tokens={shared} data-share={shared / total}>
            <span className={styles.serverCell}>
              <span className={`${styles.swatch} ${styles.cShared}`} aria-hidden="true" />
              <span className="muted">{measure === "upFront" && report.loading.applies === "deferred" ? "the announcement" : "shared"}</span>
            </span>
            <span className={styles.track} aria-hidden="true" />
            <span className={styles.num}>
              {formatNumber(shared)} {unit}
            </span>
            <span className={styles.num}>{formatShare(shared / total)}</span>
            <span />
          </li>
        ) : null}
      </ul>
    </>
  );
}

/** Placeholder rows, one per server of the fleet, so the figures arriving do not move the page. */
function Placeholder({ fleet }: { fleet: FleetIndex }) {
  return (
    <>
      <div className={styles.bar} aria-hidden="true" />
      <ul className={styles.rows} aria-label="Cost per server">
        {fleet.servers.map((s) => (
          <li key={s.id} className={styles.rowItem}>
            <span className={styles.serverCell}>
              <span className={styles.swatch} aria-hidden="true" />
              <ServerBadge id={s.id} />
            </span>
            <span className={styles.track} aria-hidden="true" />
            <span className={`${styles.num} muted`}>…</span>
            <span />
            <span />
          </li>
        ))}
      </ul>
    </>
  );
}

export function CostBar({ fleet }: { fleet: FleetIndex }) {
  const { client, profile } = useCostParams();
  const cost = useCost(client, profile);
  const [measure, setMeasure] = useState<CostMeasure>("upFront");
  const report = cost.report;
  const deferring = report?.total.deferred != null;
  const sentence = report ? loadingSentence(report) : null;
  return (
    <section className="panel" aria-labelledby="cost-bar-heading" data-testid="cost-bar" aria-busy={cost.status === "loading"}>
      <div className={styles.head}>
        <h2 id="cost-bar-heading">Context cost</h2>
        <span className="muted">
          what the tool definitions take of the model&apos;s context, per server{report ? `, as ${report.client.label} sends them` : ""}
        </span>
        <span className="grow" />
        {deferring ? (
          <SegmentedControl<CostMeasure>
            label="Measure"
            value={measure}
            options={[
              { value: "upFront", label: "Up front" },
              { value: "loaded", label: "Every tool loaded" },
            ]}
            onChange={setMeasure}
          />
        ) : null}
        <ClientChoice value={client} />
      </div>
      <ProfileNotice profile={profile} report={report} problem={cost.profileProblem} />
      {cost.status === "error" && cost.error ? <ErrorState error={cost.error} title="Could not measure the context cost" /> : null}
      <div className={cost.status === "loading" ? styles.busy : undefined}>
        {report ? (
          <>
            <p className="row" data-testid="cost-bar-total">
              <strong>
                {formatNumber((measure === "loaded" ? report.total.loaded : report.total.upFront).tokens)} tokens
                {measure === "loaded" ? " with every tool loaded" : " up front"}
              </strong>
              <TokenMethodBadge method={report.tokens} />
              <span className="muted">{count(report.tools.length, "tool")}</span>
            </p>
            {sentence ? (
              <p className="muted" data-testid="cost-bar-loading" data-applies={report.loading.applies}>
                {sentence}
              </p>
            ) : null}
            <Bars report={report} measure={deferring ? measure : "upFront"} />
          </>
        ) : cost.status !== "error" ? (
          <Placeholder fleet={fleet} />
        ) : null}
      </div>
      <p className={styles.more}>
        <Link href={costHref(client, profile)} data-testid="cost-bar-link">
          Every tool&apos;s cost, heaviest first →
        </Link>
      </p>
    </section>
  );
}
