import { Suspense } from "react";
import { HistoryView } from "@/components/history/history-view";
import { LoadingState } from "@/components/ui/states";

export default function HistoryPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <HistoryView />
    </Suspense>
  );
}
