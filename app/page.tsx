import { Suspense } from "react";
import { OverviewView } from "@/components/overview/overview-view";
import { LoadingState } from "@/components/ui/states";

export default function OverviewPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <OverviewView />
    </Suspense>
  );
}
