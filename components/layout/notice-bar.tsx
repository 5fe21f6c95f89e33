"use client";
/** The notice under the navigation: the outcome of the last action, announced politely, dismissable, gone after a while. */
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { useFleetStore } from "@/lib/store/hooks";

const VISIBLE_MS = 8000;

export function NoticeBar() {
  const notice = useFleetStore((s) => s.notice);
  const dismiss = useFleetStore((s) => s.dismissNotice);
  useEffect(() => {
    if (!notice || notice.tone === "bad") return; // errors stay until dismissed
    const timer = setTimeout(dismiss, VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className="notice-region" role="status" aria-live="polite">
      {notice ? (
        <div className={`notice notice-${notice.tone}`} data-testid="notice" data-tone={notice.tone}>
          <span className="grow">{notice.message}</span>
          <Button size="icon" variant="ghost" aria-label="Dismiss the notice" onClick={dismiss}>
            <CloseIcon />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
