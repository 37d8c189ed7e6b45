import { COACH_TURN_DETECTION } from "./constants";
import { guideMessage, type CoachGuide } from "./guide-queue";

// The OpenAI Realtime API (GA) events the live coach sends and reads on its data channel. Only the fields used here are
// typed; anything else a server event carries is ignored.

export type RealtimeServerEvent = {
  type: string;
  event_id?: string;
  item_id?: string;
  content_index?: number;
  transcript?: string;
  response?: { id?: string; status?: string };
  error?: { type?: string; code?: string | null; message?: string };
};

export type RealtimeClientEvent =
  | { type: "session.update"; session: { type: "realtime"; audio: { input: { turn_detection: typeof COACH_TURN_DETECTION | null } } } }
  | { type: "response.create" }
  | { type: "conversation.item.create"; item: { type: "message"; role: "user"; content: { type: "input_text"; text: string }[] } };

/** Reads one data-channel message; null for anything that is not a JSON object with a type. */
export function parseServerEvent(data: unknown): RealtimeServerEvent | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as unknown;
    if (value && typeof value === "object" && typeof (value as { type?: unknown }).type === "string") return value as RealtimeServerEvent;
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

/** Turn detection off (while the intro plays) or on with the spec's server VAD. */
export function turnDetectionUpdate(on: boolean): RealtimeClientEvent {
  return { type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: on ? COACH_TURN_DETECTION : null } } } };
}

export const RESPONSE_CREATE: RealtimeClientEvent = { type: "response.create" };

export function guideItem(guide: CoachGuide): RealtimeClientEvent {
  return { type: "conversation.item.create", item: { type: "message", role: "user", content: [{ type: "input_text", text: guideMessage(guide) }] } };
}
