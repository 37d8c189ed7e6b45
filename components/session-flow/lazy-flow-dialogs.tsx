"use client";

import dynamic from "next/dynamic";

import { useOpenedOnce } from "@/lib/client/hooks/use-opened-once";

import { useSessionFlow } from "./session-flow-provider";

// The failure dialogs bring Radix's dialog code; the first screen never shows one, so it loads with the first failure.
const FlowDialogs = dynamic(() => import("./flow-dialogs").then((module) => module.SessionFlowDialogs), { ssr: false });

/** The session flow's failure dialogs, from the first time the flow has one to show. */
export function LazySessionFlowDialogs() {
  const { state } = useSessionFlow();
  return useOpenedOnce(state.dialog !== null) ? <FlowDialogs /> : null;
}
