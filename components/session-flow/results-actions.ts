import { regenerateRecommendations } from "@/components/session-detail/regenerate-recommendations";
import { SESSION_TEXTS as T } from "@/components/session/texts";
import { announceSessionsChanged } from "@/lib/client/events";
import { downloadFile } from "@/lib/client/files/download-file";
import { preferredScrollBehavior } from "@/lib/client/motion";
import { sessionApi, SessionApiError } from "@/lib/client/sessions/session-api";
import { createVoteSaver } from "@/lib/client/sessions/vote-saver";
import { showToast } from "@/lib/client/toast/toast-store";
import { applyVote, resolveSummary, SummaryFallbackError } from "@/lib/domain/analysis/summary";
import type { SessionSummary } from "@/lib/domain/analysis/types";
import { reminderDescription, reminderEventStart, reminderTexts, tutorialReminderStart } from "@/lib/domain/calendar/reminder";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import type { AnalysisStep } from "@/lib/domain/session-flow/machine";

import { accountCopyOf, keepOnDevice } from "./device-copy";
import type { FlowKit } from "./flow-kit";

/**
 * The results of an open session (spec part 2 sections 4 and 7): votes, the summary once the deck is done, the calendar
 * reminder, and Finish Session with its failed-save dialog. A guest's session is written to this browser at each step; a
 * signed-in user's goes to the server, with a local backup whenever the server cannot take it.
 */
export function createResultsActions(kit: FlowKit, { stopCapture }: { stopCapture: () => void }) {
  /**
   * The open session; every action builds on the latest one, so quick votes never overwrite each other. A guest's session
   * that a sign-in in another tab moved into the account this tab is signed in to becomes the account's copy here, so that
   * its changes go to the server rather than bring it back onto this device.
   */
  const current = (): ClientSession | null => {
    const { phase } = kit.getState();
    if (phase.name !== "results") return null;
    const session = accountCopyOf(phase.session);
    if (session !== phase.session) kit.dispatch({ type: "SESSION_UPDATED", session });
    return session;
  };

  /**
   * The open session if it is still `session` (or has become its account's copy meanwhile), else null: the results
   * closed, or gave way to another session (closed, and another opened from the history), whose own summary a late
   * answer must not replace (nor, for a guest, its copy on this device).
   */
  const stillOpen = (session: ClientSession): ClientSession | null => {
    const latest = current();
    return latest && (latest.id === session.id || latest.id === accountCopyOf(session).id) ? latest : null;
  };

  // A signed-in user's votes; the account's summary is made from the stored ones, so it waits for them (votesSaved).
  const votes = createVoteSaver();
  const votesSaved = (session: ClientSession): Promise<void> => (session.isLocal ? Promise.resolve() : votes.settled(session.id));

  async function generateSummary(): Promise<void> {
    const session = current();
    if (!session) return;
    kit.dispatch({ type: "SUMMARY_REQUESTED" });
    const existing = session.summary
      ? {
          summary: session.summary,
          recommendations: session.recommendations ?? [],
          encouragement: session.encouragement ?? "",
          reminderDate: session.reminderDate ?? Date.now(),
        }
      : null;
    const { summary, source } = await resolveSummary({
      existing,
      forceRegenerate: false,
      now: Date.now(),
      cards: session.analysis.cards,
      swipeActions: session.swipeActions,
      fetchServer: () => (session.isLocal ? fetchServerSummary(session) : votes.settled(session.id).then(() => fetchServerSummary(session))),
    });
    if (source !== "existing" && source !== "server") showToast({ title: T.summaryErrorTitle, description: T.summaryErrorBody, variant: "destructive" });
    const latest = stillOpen(session);
    if (!latest) return;
    const next = withSummary(latest, summary);
    if (next.isLocal) keepOnDevice(next);
    kit.dispatch({ type: "SUMMARY_READY", session: next });
  }

  /** The final save: this device for a guest, the server for a signed-in user (its latest copy merged under ours). */
  async function save(session: ClientSession): Promise<boolean> {
    if (session.isLocal) return keepOnDevice(session);
    try {
      const server = await sessionApi.get(session.id).catch(() => ({}));
      await sessionApi.save(toSaveBody({ ...server, ...session }));
      return true;
    } catch {
      return false;
    }
  }

  async function finish(successBody: string): Promise<void> {
    const session = current();
    if (!session) return;
    kit.dispatch({ type: "SAVE_REQUESTED" });
    const completed = { ...session, isCompleted: true };
    if (await save(completed)) {
      showToast({ title: T.savedTitle, description: completed.isLocal ? T.savedLocallyBody : successBody, variant: "success" });
      kit.dispatch({ type: "CLOSED" });
      announceSessionsChanged();
      return;
    }
    // Closed while the save ran (the results' ×): no dialog is left to offer its retry, so the session is kept on this
    // device, as after a vote the server did not take, and the user is told so ("We've saved a local backup").
    if (!completed.isLocal && !stillOpen(completed)) {
      if (keepOnDevice(completed)) showToast({ title: T.saveErrorTitle, description: T.saveErrorBody, variant: "destructive" });
      announceSessionsChanged();
      return;
    }
    // A guest's refused write was explained by keepOnDevice: the results stay open, since closing would lose them. A
    // signed-in user gets the "Failed to Save Session" dialog.
    kit.dispatch({ type: completed.isLocal ? "SAVE_REFUSED" : "SAVE_FAILED" });
  }

  return {
    /** A completed session picked in the history: its results open at the completion screen (its summary made if missing). */
    open: (session: ClientSession) => {
      // Only the call that opens the results asks for the summary. A second open finds them open already (the same session
      // opened twice: two taps queued while the flow's code was loading run back to back), and would pay for it again.
      if (kit.getState().phase.name !== "idle") return;
      kit.dispatch({ type: "OPENED", session });
      if (!session.summary && current()?.id === accountCopyOf(session).id) void generateSummary();
    },

    vote: (cardIndex: number, action: "helpful" | "unhelpful") => {
      const session = current();
      if (!session) return;
      const next = { ...session, swipeActions: applyVote(session.swipeActions, { cardIndex, action, timestamp: Date.now() }) };
      kit.dispatch({ type: "SESSION_UPDATED", session: next });
      if (next.isLocal) {
        keepOnDevice(next);
        return;
      }
      void votes.save(next.id, next.swipeActions).then((saved) => {
        if (saved) return;
        // The backup is the session as it is now, with every vote since: this vote's copy would drop the later ones.
        const latest = current();
        const backup = latest?.id === next.id ? latest : next;
        // "We've saved a local backup" only when it was: a refused write leaves keepOnDevice's storage warning showing.
        if (keepOnDevice(backup)) showToast({ title: T.saveErrorTitle, description: T.saveErrorBody, variant: "destructive" });
      });
    },

    /**
     * Regenerate Recommendations in the speaker analysis over the completion screen: the summary asked again for the votes
     * as they are now, put on the open session like the first one (and, for a guest, on this device). `setStep` drives
     * the view: the overlay's step while it runs, null when the speaker analysis comes back.
     */
    regenerate: (setStep: (step: AnalysisStep | null) => void) => {
      const session = current();
      if (!session) return;
      const request = { sessionId: session.id, cards: session.analysis.cards, swipeActions: session.swipeActions, votesSaved: votesSaved(session) };
      void regenerateRecommendations(request, {
        setStep,
        apply: (summary) => {
          const latest = stillOpen(session);
          if (!latest) return false;
          const next = withSummary(latest, summary);
          kit.dispatch({ type: "SESSION_UPDATED", session: next });
          return next.isLocal ? keepOnDevice(next) : true;
        },
      });
    },

    /** The last card is voted: the spec's force-stop for any capture still running, then the summary. */
    deckFinished: () => {
      stopCapture();
      void generateSummary();
    },

    setReminder: () => {
      const session = current();
      if (!session) return;
      const start = session.isExample ? tutorialReminderStart(new Date()) : reminderEventStart(new Date());
      // The ics package loads here, not with the home screen.
      void import("@/lib/domain/calendar/reminder-ics")
        .then(({ buildReminderIcs }) => {
          const texts = reminderTexts(session.commitments ?? [], reminderDescription(session.mode));
          downloadFile(buildReminderIcs({ start, ...texts }), "relationship-check-in.ics", "text/calendar");
          const when = start.toLocaleString("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
          showToast({ title: T.reminderSetTitle, description: T.reminderSetBody(when), variant: "success" });
          // Onto the session as it is now (the ics code may take a while to arrive), and only if it is still the one open.
          const latest = current();
          if (latest?.id === session.id) kit.dispatch({ type: "SESSION_UPDATED", session: { ...latest, reminderSet: true } });
        })
        .catch(() => showToast({ title: T.errorTitle, description: T.prepareError, variant: "destructive" }));
      sessionApi.reminderClick(session.id).catch(() => undefined);
    },

    finish: () => void finish(T.savedServerBody),
    retryCloudSave: () => void finish(T.savedCloudBody),
    saveLocallyOnly: () => {
      const { phase } = kit.getState();
      // Not while Retry Cloud Save runs: its answer decides.
      if (phase.name === "results" && phase.save === "retrying") return;
      const session = current();
      if (!session || !keepOnDevice({ ...session, isCompleted: true, isLocal: true })) return;
      showToast({ title: T.savedLocallyOnlyTitle, description: T.savedLocallyOnlyBody });
      kit.dispatch({ type: "CLOSED" });
      announceSessionsChanged();
    },
    /**
     * "Failed to Save Session" put aside: the completion screen again, nothing lost, Finish Session there to try again. The
     * way out when neither action can succeed (offline, and this device's storage full).
     */
    dismissSaveFailure: () => kit.dispatch({ type: "SAVE_DISMISSED" }),
    close: () => kit.dispatch({ type: "CLOSED" }),
    /** "Go to Session History": the results close and the history comes into view, with the keyboard's focus on it. */
    closeToHistory: () => {
      kit.dispatch({ type: "CLOSED" });
      const heading = document.getElementById("history-heading");
      heading?.scrollIntoView({ behavior: preferredScrollBehavior() });
      heading?.focus({ preventScroll: true });
    },
  };
}

/** The server's summary; a failed call whose body carries a usable fallback summary is handed to resolveSummary as such. */
async function fetchServerSummary(session: ClientSession): Promise<SessionSummary> {
  try {
    return await sessionApi.summary(session.id, { analysis: { cards: session.analysis.cards }, swipeActions: session.swipeActions });
  } catch (error) {
    const fallbackBody = error instanceof SessionApiError ? error.fallbackSummary : null;
    throw fallbackBody ? new SummaryFallbackError(fallbackBody) : error;
  }
}

function withSummary(session: ClientSession, summary: SessionSummary): ClientSession {
  return {
    ...session,
    summary: summary.summary,
    recommendations: summary.recommendations,
    encouragement: summary.encouragement,
    reminderDate: summary.reminderDate,
    isCompleted: true,
  };
}

function toSaveBody(session: Partial<ClientSession> & { id: string }) {
  return {
    id: session.id,
    transcript: session.transcript,
    analysis: session.analysis,
    swipeActions: session.swipeActions,
    name: session.name,
    summary: session.summary ?? undefined,
    recommendations: session.recommendations ?? undefined,
    encouragement: session.encouragement ?? undefined,
    reminderDate: session.reminderDate ?? undefined,
    reminderSet: session.reminderSet,
    isCompleted: session.isCompleted,
    mode: session.mode,
    speakerNames: session.speakerNames,
  };
}
