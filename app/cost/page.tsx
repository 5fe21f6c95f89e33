import { Suspense } from "react";
import { CostView } from "@/components/cost/cost-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function CostPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <CostView />
      </UrlStateBoundary>
    </Suspense>
  );
}
