import { Suspense } from "react";
import { OverviewView } from "@/components/overview/overview-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function OverviewPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <OverviewView />
      </UrlStateBoundary>
    </Suspense>
  );
}
