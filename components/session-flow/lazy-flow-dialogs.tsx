"use client";

import dynamic from "next/dynamic";

import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { useOpenedOnce } from "@/lib/client/hooks/use-opened-once";

import { useSessionFlow } from "./session-flow-provider";

// The failure dialogs bring Radix's dialog code; the first screen never shows one, so it loads with the first failure.
const FlowDialogs = dynamic(() => import("./flow-dialogs").then((module) => module.SessionFlowDialogs), { ssr: false });

/** The session flow's failure dialogs, from the first time the flow has one to show. */
export function LazySessionFlowDialogs() {
  const { state } = useSessionFlow();
  // Without their code the failure's toast still says what was kept, and the history lists the recording to retry.
  return useOpenedOnce(state.dialog !== null) ? (
    <LoadFailureBoundary>
      <FlowDialogs />
    </LoadFailureBoundary>
  ) : null;
}
