import { Suspense } from "react";
import { CollisionsView } from "@/components/collisions/collisions-view";
import { LoadingState } from "@/components/ui/states";

export default function CollisionsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <CollisionsView />
    </Suspense>
  );
}
