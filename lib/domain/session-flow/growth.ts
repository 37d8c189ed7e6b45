import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";

// The growth follow-up of an open session (spec part 2 sections 2 and 4: "Growth continuation flow" and its failure
// branches), as a sub-state of the results. The couple records what they agree to do; it is transcribed, named, appended
// to the session, and the analysis is regenerated with it.

/** Spec part 2 section 4: the growth recorder looks for 1 to 4 speakers (its retry from the history too). */
export const GROWTH_SPEAKERS = { minSpeakers: 1, maxSpeakers: 4 } as const;

export type GrowthDialog =
  /** The append failed or the regeneration did not run: Try Again / Cancel. */
  | "generation-failed"
  /** Try Again failed too: View Transcript / Close. */
  | "generation-failed-again"
  /** The follow-up is stored but the updated session could not be fetched: Try Again / Cancel. */
  | "loading-failed"
  /** Fetching failed again: Go to Session History. */
  | "unable-to-load";

export type GrowthState =
  /** The "Mutual Aspirations & Growth" card is up and the hidden recorder runs. */
  | { name: "recording"; startedAt: number | null }
  /** The follow-up is being uploaded and transcribed. */
  | { name: "transcribing" }
  | { name: "naming"; transcription: TranscriptionResultData }
  /** Appending and regenerating: the analysing overlay's processing, then generating step. */
  | { name: "appending"; step: "processing" | "generating" }
  /** The follow-up is stored; the updated session is being fetched. */
  | { name: "loading" }
  /** `retrying`: its Try Again runs; the dialog stays, its actions off until the outcome moves on from there. */
  | { name: "failed"; dialog: GrowthDialog; retrying?: boolean };

export type GrowthEvent =
  | { type: "GROWTH_OPENED" }
  | { type: "GROWTH_CAPTURE_STARTED"; at: number }
  | { type: "GROWTH_CANCELLED" }
  | { type: "GROWTH_STOPPED" }
  | { type: "GROWTH_TRANSCRIBED"; result: TranscriptionResultData }
  | { type: "GROWTH_TRANSCRIPTION_FAILED" }
  | { type: "GROWTH_NAMES_CONFIRMED" }
  | { type: "GROWTH_STEP"; step: "processing" | "generating" }
  | { type: "GROWTH_APPENDED" }
  | { type: "GROWTH_APPEND_FAILED" }
  | { type: "GROWTH_LOAD_FAILED" }
  | { type: "GROWTH_RETRY" }
  | { type: "GROWTH_COMPLETED"; session: ClientSession }
  | { type: "GROWTH_CLOSED" }
  /** The naming step's close: the follow-up is let go, the session's completion screen stays. */
  | { type: "GROWTH_NAMING_CLOSED" };

/** The growth sub-state after an event, and the session when the event replaces it; `undefined` growth = ignored. */
export function growthTransition(growth: GrowthState | null, event: GrowthEvent): { growth: GrowthState | null; session?: ClientSession } | undefined {
  switch (event.type) {
    case "GROWTH_OPENED":
      return growth === null ? { growth: { name: "recording", startedAt: null } } : undefined;
    case "GROWTH_CAPTURE_STARTED":
      return growth?.name === "recording" && growth.startedAt === null ? { growth: { name: "recording", startedAt: event.at } } : undefined;
    case "GROWTH_CANCELLED":
      return growth?.name === "recording" ? { growth: null } : undefined;
    case "GROWTH_STOPPED":
      return growth?.name === "recording" ? { growth: { name: "transcribing" } } : undefined;
    case "GROWTH_TRANSCRIBED":
      if (growth?.name !== "transcribing") return undefined;
      return {
        growth: event.result.segments.length > 0 && Object.keys(event.result.speakers).length > 0 ? { name: "naming", transcription: event.result } : null,
      };
    case "GROWTH_TRANSCRIPTION_FAILED":
      return growth?.name === "transcribing" ? { growth: null } : undefined;
    case "GROWTH_NAMING_CLOSED":
      return growth?.name === "naming" ? { growth: null } : undefined;
    case "GROWTH_NAMES_CONFIRMED":
      return growth?.name === "naming" ? { growth: { name: "appending", step: "processing" } } : undefined;
    case "GROWTH_STEP":
      return growth?.name === "appending" ? { growth: { name: "appending", step: event.step } } : undefined;
    case "GROWTH_APPENDED":
      return growth?.name === "appending" || (growth?.name === "failed" && growth.dialog === "generation-failed") ? { growth: { name: "loading" } } : undefined;
    case "GROWTH_APPEND_FAILED":
      if (growth?.name === "appending") return { growth: { name: "failed", dialog: "generation-failed" } };
      return growth?.name === "failed" && growth.dialog === "generation-failed" ? { growth: { name: "failed", dialog: "generation-failed-again" } } : undefined;
    case "GROWTH_LOAD_FAILED":
      if (growth?.name === "loading") return { growth: { name: "failed", dialog: "loading-failed" } };
      return growth?.name === "failed" && growth.dialog === "loading-failed" ? { growth: { name: "failed", dialog: "unable-to-load" } } : undefined;
    case "GROWTH_RETRY":
      // Try Again keeps the dialog up while it runs, once (a second tap would pay for the regeneration twice); its outcome
      // moves on from there.
      return growth?.name === "failed" && !growth.retrying && (growth.dialog === "generation-failed" || growth.dialog === "loading-failed")
        ? { growth: { ...growth, retrying: true } }
        : undefined;
    case "GROWTH_COMPLETED":
      return growth !== null ? { growth: null, session: event.session } : undefined;
    case "GROWTH_CLOSED":
      return growth?.name === "failed" ? { growth: null } : undefined;
  }
}

/** The analysing overlay's step while the follow-up is processed, or null. */
export function growthOverlayStep(growth: GrowthState | null): "processing" | "identifying" | "generating" | null {
  if (!growth) return null;
  if (growth.name === "transcribing") return "processing";
  if (growth.name === "appending") return growth.step;
  if (growth.name === "loading") return "generating";
  return null;
}
