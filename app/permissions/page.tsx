import { Suspense } from "react";
import { PermissionsPage } from "@/components/permissions/permissions-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function Permissions() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <PermissionsPage />
      </UrlStateBoundary>
    </Suspense>
  );
}
