import { Suspense } from "react";
import { ReviewView } from "@/components/history/review-view";
import { LoadingState } from "@/components/ui/states";

export default function ReviewPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <ReviewView />
    </Suspense>
  );
}
