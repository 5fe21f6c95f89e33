import { Suspense } from "react";
import { HistoryView } from "@/components/history/history-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function HistoryPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <HistoryView />
      </UrlStateBoundary>
    </Suspense>
  );
}
