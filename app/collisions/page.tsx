import { Suspense } from "react";
import { CollisionsView } from "@/components/collisions/collisions-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function CollisionsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <CollisionsView />
      </UrlStateBoundary>
    </Suspense>
  );
}
