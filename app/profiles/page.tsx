import { Suspense } from "react";
import { ProfilesView } from "@/components/profiles/profiles-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function ProfilesPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <ProfilesView />
      </UrlStateBoundary>
    </Suspense>
  );
}
