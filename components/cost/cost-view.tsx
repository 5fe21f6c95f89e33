"use client";
/**
 * The /cost page (docs/cost.md): how much of the model's context the MCP tool definitions take, as the
 * chosen client sends them, for all servers or the profile in the URL: the totals and how they were
 * counted, Claude Code's deferred and loaded costs side by side, Anthropic's exact count on request,
 * every tool heaviest first and the heaviest descriptions, and what the figures leave out.
 */
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { setSearchParam } from "@/lib/store/use-url-state";
import { ClientChoice } from "./client-choice";
import { CostTotals } from "./cost-totals";
import { CountPanel, type Figures } from "./count-panel";
import { DescriptionCostTable, ToolCostTable } from "./cost-tables";
import { LoadingModes } from "./loading-modes";
import { ProfileNotice } from "./profile-notice";
import { useCost, useCostParams } from "./use-cost";
import styles from "./cost.module.css";

type View = "tools" | "descriptions";

export function CostView() {
  const { client, profile } = useCostParams();
  const cost = useCost(client, profile);
  const [view, setView] = useState<View>(useSearchParams().get("view") === "descriptions" ? "descriptions" : "tools");
  const [figures, setFigures] = useState<Figures>("counted");
  const report = cost.counted && figures === "counted" ? cost.counted : cost.report;
  return (
    <>
      <PageHeader
        title="Context cost"
        description="How much of the model's context the MCP tool definitions take, measured on exactly the text the client sends."
        actions={<ClientChoice value={client} />}
      />
      <ProfileNotice profile={profile} report={cost.report} problem={cost.profileProblem} />
      {cost.status === "error" && cost.error ? <ErrorState error={cost.error} title="Could not measure the context cost" /> : null}
      {!report ? (
        cost.status !== "error" ? <LoadingState label="Measuring the tool definitions…" /> : null
      ) : (
        <div className={`stack ${cost.status === "loading" ? styles.busy : ""}`} aria-busy={cost.status === "loading"} data-client={report.client.id} data-testid="cost-page">
          <CostTotals report={report} />
          <LoadingModes report={report} />
          <CountPanel
            client={client}
            report={cost.report ?? report}
            counted={cost.counted}
            counting={cost.counting}
            error={cost.countError}
            onCount={() => {
              setFigures("counted");
              void cost.countCost();
            }}
            figures={figures}
            onFigures={setFigures}
          />
          <section aria-labelledby="tools-heading">
            <div className={styles.head}>
              <h2 id="tools-heading">{view === "tools" ? "Every tool, heaviest first" : "The heaviest descriptions"}</h2>
              <span className="grow" />
              <SegmentedControl<View>
                label="Table"
                value={view}
                options={[
                  { value: "tools", label: "Tools" },
                  { value: "descriptions", label: "Heaviest descriptions" },
                ]}
                onChange={(next) => {
                  setView(next);
                  setSearchParam("view", next === "tools" ? null : next);
                }}
              />
            </div>
            <p className="muted">
              Shares are of every tool in full. A name opens the tool&apos;s page, with its description whole.
            </p>
            {view === "tools" ? <ToolCostTable key={report.client.id} report={report} /> : <DescriptionCostTable key={report.client.id} report={report} />}
          </section>
          <section aria-labelledby="notes-heading">
            <h2 id="notes-heading">How to read these figures</h2>
            <ul className={styles.notes} data-testid="cost-notes">
              {report.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
              <li>A tool&apos;s tokens are counted over its own entry and the total over the whole text, so the tools add up to a little more or less than the total</li>
            </ul>
          </section>
        </div>
      )}
    </>
  );
}
