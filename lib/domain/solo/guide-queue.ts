import { GUIDE_DEBOUNCE_MS } from "./constants";

// The guides the live coach takes up during a session (spec part 1, section 4): a choice is ignored when it repeats the
// last headline or comes within 250 ms of the previous choice; one that arrives while the coach is answering waits, and
// only the newest waiting guide is sent when the coach is free (an older one would be out of date by then).

export type CoachGuide = { headline: string; description: string };

export type GuideQueueState = {
  /** The last choice that counted, by headline and time. */
  last: { headline: string; at: number } | null;
  /** The guide waiting for the coach to be free. */
  pending: CoachGuide | null;
};

export const EMPTY_GUIDE_QUEUE: GuideQueueState = { last: null, pending: null };

export type GuideOffer = { state: GuideQueueState; outcome: "send" | "queued" | "ignored" };

/** A guide picked at `now`; `busy` while the coach is answering (a response is active or its audio still plays). */
export function offerGuide(state: GuideQueueState, guide: CoachGuide, now: number, busy: boolean): GuideOffer {
  const { last } = state;
  if (last && (last.headline === guide.headline || now - last.at < GUIDE_DEBOUNCE_MS)) return { state, outcome: "ignored" };
  const counted = { ...state, last: { headline: guide.headline, at: now } };
  if (busy) return { state: { ...counted, pending: guide }, outcome: "queued" };
  return { state: { ...counted, pending: null }, outcome: "send" };
}

/** The provider refused a guide because a response was still active: it waits again, unless a newer one already does. */
export function requeueGuide(state: GuideQueueState, guide: CoachGuide): GuideQueueState {
  return state.pending ? state : { ...state, pending: guide };
}

/** The coach is free: the waiting guide, if any, and the queue without it. */
export function takePendingGuide(state: GuideQueueState): { state: GuideQueueState; guide: CoachGuide | null } {
  return { state: { ...state, pending: null }, guide: state.pending };
}

/** The message that hands the coach a guide (a user message of the conversation, not a transcript turn). */
export function guideMessage(guide: CoachGuide): string {
  const description = guide.description.trim();
  return [
    `I picked a new conversation guide: "${guide.headline.trim()}".`,
    description ? `It is about: ${/[.!?]$/.test(description) ? description : `${description}.`}` : "",
    "Please take it up now, briefly, with one question.",
  ]
    .filter(Boolean)
    .join(" ");
}
