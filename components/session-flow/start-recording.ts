import { PRELOAD_PROMPTS_TIMEOUT_MS, RECORDING_TEXTS } from "@/components/recording/texts";
import { apiRequest } from "@/lib/client/api/request";
import { isRecordingSupported } from "@/lib/client/recordings/recording-support";
import { showToast } from "@/lib/client/toast/toast-store";

import type { FlowKit } from "./flow-kit";

// The record button's first step, apart from the rest of the actions: it needs none of their code, so the provider runs it
// on the tap itself while that code is still loading (session-flow-provider.tsx). The readiness card's countdown then
// gives the download its time before the microphone opens.

/** The record button: readiness first (with the prompts warmed up), or the unsupported-browser toast. */
export function startRecording(kit: FlowKit): void {
  if (!isRecordingSupported()) {
    showToast({ title: RECORDING_TEXTS.unsupportedTitle, description: RECORDING_TEXTS.unsupportedBody, variant: "destructive" });
    return;
  }
  void preloadPrompts();
  kit.dispatch({ type: "START" });
}

/** Warms the server's prompts before a recording; 5 s at most, and any failure is ignored. */
async function preloadPrompts(): Promise<void> {
  try {
    await apiRequest("POST", "/api/preload-prompts", { timeoutMs: PRELOAD_PROMPTS_TIMEOUT_MS });
  } catch {
    // Ignored by design: recording must not depend on it.
  }
}
