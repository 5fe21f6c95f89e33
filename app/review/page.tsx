import { Suspense } from "react";
import { ReviewView } from "@/components/history/review-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function ReviewPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <ReviewView />
      </UrlStateBoundary>
    </Suspense>
  );
}
