import { showToast } from "@/lib/client/toast/toast-store";

import { SHELL_TEXTS } from "./texts";

/** Says that a part of the app could not be opened because its code did not arrive (components/ui/load-failure-boundary.tsx). */
export function sayLoadFailed(): void {
  showToast({ title: SHELL_TEXTS.loadFailedTitle, description: SHELL_TEXTS.loadFailedBody, variant: "destructive" });
}
