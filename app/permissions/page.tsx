import { Suspense } from "react";
import { PermissionsPage } from "@/components/permissions/permissions-view";
import { LoadingState } from "@/components/ui/states";

export default function Permissions() {
  return (
    <Suspense fallback={<LoadingState />}>
      <PermissionsPage />
    </Suspense>
  );
}
