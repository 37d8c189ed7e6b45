"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { ElapsedTimer } from "@/components/recording/elapsed-timer";
import { RecordButton } from "@/components/recording/record-button";
import { RECORDING_TEXTS } from "@/components/recording/texts";
import { useElapsedSeconds } from "@/components/recording/use-elapsed-seconds";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { prefetchRecordingScreens } from "@/components/shell/lazy-screens";
import { BulletList } from "@/components/ui/bullet-list";
import { Button } from "@/components/ui/button";
import { useWakeLock } from "@/lib/client/hooks/use-wake-lock";
import { isCapturing, showsReadiness, type SessionFlowState } from "@/lib/domain/session-flow/machine";
import { SOLO_TIMER_INTERVAL_MS } from "@/lib/domain/solo/constants";

import { JournalReadinessCard } from "./journal-readiness-card";
import { LiveTranscript } from "./live-transcript";
import { SOLO_TEXTS as T } from "./texts";
import { useSoloIdentity } from "./use-solo-identity";

/** The coach's status line while recording (spec part 1 section 4): speaking, thinking or listening, or the journal alone. */
function statusText(state: SessionFlowState): string {
  if (state.phase.name !== "recording") return RECORDING_TEXTS.tapToStart;
  if (state.phase.reconnecting) return RECORDING_TEXTS.reconnecting;
  const { coach } = state.solo;
  return coach === "off" ? T.status.connecting : T.status[coach];
}

/** Whether the status is one of a conversation's turns, which change every few seconds while the coach is up. */
function isTurnStatus(state: SessionFlowState): boolean {
  if (state.phase.name !== "recording" || state.phase.reconnecting) return false;
  const { coach } = state.solo;
  return coach === "listening" || coach === "thinking" || coach === "speaking";
}

/** Solo Journal's recording screen: readiness, the record button, the timer, the coach's status and the live transcript. */
export function SoloRecorder() {
  const { state, actions } = useSessionFlow();
  const { phase } = state;
  const flow = actions.solo;
  const who = useSoloIdentity();
  const identity = useIdentity();
  const coachAudio = useRef<HTMLAudioElement>(null);
  const capturing = isCapturing(state);
  const elapsedSeconds = useElapsedSeconds(phase.name === "recording" ? phase.startedAt : null, SOLO_TIMER_INTERVAL_MS);
  useWakeLock(capturing);

  useEffect(() => flow.identify({ signedIn: who.signedIn, userName: who.userName }), [flow, who.signedIn, who.userName]);

  const start = () => {
    prefetchRecordingScreens();
    flow.start(who);
  };

  return (
    <>
      <BulletList items={T.bullets} dotClassName="bg-soft-tangerine" className="mt-3 text-ink-soft" compact />
      {!who.signedIn ? (
        <p className="mt-4 rounded-2xl bg-sunflower-100 px-4 py-3 text-sm leading-relaxed text-ink">
          {T.guestNote}{" "}
          {identity.clerkEnabled ? (
            <Link href="/sign-in" className="font-semibold text-deep-teal-800 underline underline-offset-4">
              {T.signInForCoach}
            </Link>
          ) : null}
        </p>
      ) : null}
      {state.solo.guideHeadline ? <p className="mt-3 text-center text-sm font-semibold text-deep-teal-800">{T.guideTopic(state.solo.guideHeadline)}</p> : null}

      <RecordButton recording={capturing} disabled={phase.name === "transcribing"} onPress={capturing ? flow.stop : start} />

      <div className="text-center">
        {/* Outside the live region: a screen reader would otherwise say the time every half second. */}
        <ElapsedTimer seconds={elapsedSeconds} />
        <p className="mt-1 font-semibold text-deep-teal-800" data-testid="coach-status">
          {statusText(state)}
        </p>
        {/* Said once, not at every turn: "Listening… Thinking… Your coach is speaking…" would talk over the coach's voice. */}
        <p aria-live="polite" className="sr-only">
          {isTurnStatus(state) ? "" : statusText(state)}
        </p>
        <div aria-live="polite">
          {capturing && state.solo.coach === "unavailable" && who.signedIn ? <p className="mt-1 text-sm text-ink-soft">{T.coachUnavailable}</p> : null}
        </div>
      </div>
      {capturing ? (
        <div className="mt-4 flex justify-center">
          <Button variant="ghost" onClick={flow.cancel}>
            {RECORDING_TEXTS.cancel}
          </Button>
        </div>
      ) : null}
      {capturing && state.solo.turns.length > 0 ? <LiveTranscript turns={state.solo.turns} userLabel={who.userName} /> : null}

      {/* The coach's voice. Not shown: the status line says when it speaks. */}
      <audio ref={coachAudio} autoPlay hidden />

      {showsReadiness(state) ? (
        <JournalReadinessCard
          capturing={phase.name === "recording"}
          onCountdownStart={() => flow.beginCountdown(coachAudio.current)}
          onCountdownEnd={() => void flow.beginCapture()}
          onContinue={flow.confirmReady}
          onNotReady={flow.notReady}
        />
      ) : null}
    </>
  );
}
