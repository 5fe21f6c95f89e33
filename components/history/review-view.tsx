"use client";
/**
 * `/review` (the weekly review): everything since the last review, marked reviewed one by
 * one or all at once; "accept as baseline" writes mcp-fleet.lock.json; the Markdown report to copy.
 */
import { useEffect, useMemo, useState } from "react";
import { DataTable, DataTableFacetedFilter, DataTableToolbar, useDataTable } from "@/components/data-table";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ClientError } from "@/lib/api-client";
import { useFleetStoreShallow } from "@/lib/store/hooks";
import type { DriftEvent, ReviewState } from "@/lib/history/types";
import { useTableUrlState } from "@/lib/store/use-url-state";
import { kindOptions, reviewColumns } from "./review-columns";
import styles from "./history.module.css";

function ReviewTable({ review, mark, disabled }: { review: ReviewState; mark: (event: DriftEvent) => void; disabled: boolean }) {
  const columns = useMemo(() => reviewColumns(mark, disabled), [mark, disabled]);
  const url = useTableUrlState({ filters: { server: "serverId", kind: "kind" } });
  const { table } = useDataTable({
    data: review.events,
    columns,
    getRowId: (e) => String(e.id),
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (e) => `${e.serverId} ${e.toolName} ${e.kind}`,
  });
  const servers = [...new Set(review.events.map((e) => e.serverId))].sort().map((id) => ({ value: id, label: id }));
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search changes" noun="change">
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={servers} />
        <DataTableFacetedFilter column={table.getColumn("kind")} title="Change" options={kindOptions} />
      </DataTableToolbar>
      <DataTable table={table} label="Changes to review" testId="review-events" maxHeight="55vh" empty="No change matches these filters." />
    </>
  );
}

export function ReviewView() {
  const { review, status, error, report, reportError } = useFleetStoreShallow((s) => ({
    review: s.review,
    status: s.reviewStatus,
    error: s.reviewError,
    report: s.report,
    reportError: s.reportError,
  }));
  const actions = useFleetStoreShallow((s) => ({
    loadReview: s.loadReview,
    loadReport: s.loadReport,
    markReviewed: s.markReviewed,
    acceptBaseline: s.acceptBaseline,
  }));
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<ClientError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const eventCount = review?.events.length ?? 0;
  const markReviewed = actions.markReviewed;
  // Stable, so the table's columns are not rebuilt on every render.
  const markOne = useMemo(
    () => (event: DriftEvent) => {
      void markReviewed([event.id]).then((result) => setActionError(result.ok ? null : result.error));
    },
    [markReviewed],
  );
  const loadReview = actions.loadReview;
  const loadReport = actions.loadReport;

  useEffect(() => {
    void loadReview();
  }, [loadReview]);
  // The report follows the queue: a new event or a mark changes it.
  useEffect(() => {
    void loadReport();
  }, [loadReport, eventCount]);

  async function run(action: () => Promise<{ ok: boolean; error?: ClientError; lockFile?: string }>, done?: (r: { lockFile?: string }) => string) {
    setBusy(true);
    setActionError(null);
    setNotice(null);
    const result = await action();
    setBusy(false);
    if (!result.ok && result.error) setActionError(result.error);
    else if (done) setNotice(done(result));
  }

  return (
    <>
      <PageHeader
        title="Review"
        description={
          review?.lastReviewedAt
            ? `Changes since the last review (${review.lastReviewedAt.slice(0, 16).replace("T", " ")} UTC).`
            : "Every change since history began: nothing has been reviewed yet."
        }
        actions={
          <>
            <Button disabled={busy || eventCount === 0} onClick={() => run(() => actions.markReviewed("all"), () => "Everything is marked reviewed.")}>
              Mark all reviewed
            </Button>
            <Button
              variant="primary"
              disabled={busy}
              onClick={() => run(() => actions.acceptBaseline(), (r) => `Accepted as baseline: wrote ${r.lockFile}.`)}
            >
              Accept as baseline
            </Button>
          </>
        }
      />
      {actionError ? <ErrorState error={actionError} title="That did not work" /> : null}
      {notice ? (
        <p role="status" data-testid="review-notice">
          {notice}
        </p>
      ) : null}
      {review?.baseline ? (
        <p className="muted">
          Baseline accepted {review.baseline.time.slice(0, 16).replace("T", " ")} UTC
          {review.baseline.lockFile ? (
            <>
              {" "}
              into <code>{review.baseline.lockFile}</code>
            </>
          ) : null}
          .
        </p>
      ) : null}

      <h2>
        To review <span className="muted tabular">({eventCount})</span>
      </h2>
      {status === "error" && error ? (
        <ErrorState error={error} title="Could not load the review" />
      ) : !review ? (
        <LoadingState label="Loading the review…" />
      ) : eventCount === 0 ? (
        <EmptyState title="Nothing to review">Every recorded change has been reviewed.</EmptyState>
      ) : (
        <ReviewTable review={review} mark={markOne} disabled={busy} />
      )}

      <div className="row" style={{ marginTop: 24 }}>
        <h2 style={{ margin: 0 }}>Report</h2>
        <span className="muted">Markdown, fit to paste into a pull request or a chat (also `npm run fleet -- report`).</span>
        <span className="grow" />
        {report ? <CopyButton value={report} label="Copy the report as Markdown" /> : null}
      </div>
      {reportError ? <ErrorState error={reportError} title="Could not build the report" /> : null}
      {report ? (
        <pre className={styles.report} data-testid="review-report">
          {report}
        </pre>
      ) : reportError ? null : (
        <LoadingState label="Building the report…" />
      )}
    </>
  );
}
