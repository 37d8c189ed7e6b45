"use client";

import type { ReactNode } from "react";

import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { prefetchRecordingScreens } from "@/components/shell/lazy-screens";
import { BulletList } from "@/components/ui/bullet-list";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { useWakeLock } from "@/lib/client/hooks/use-wake-lock";
import { isCapturing, showsReadiness } from "@/lib/domain/session-flow/machine";

import { ElapsedTimer } from "./elapsed-timer";
import { ReadinessCard } from "./readiness-card";
import { RecordButton } from "./record-button";
import { READINESS_TEXTS, RECORDING_TEXTS as T } from "./texts";
import { useElapsedSeconds } from "./use-elapsed-seconds";

/** Relationship mode (spec part 1 sections 2 and 4): readiness, recording with its timer, stop or cancel. */
export function RelationshipRecorder({ modeSwitch }: { modeSwitch?: ReactNode }) {
  const { state, actions } = useSessionFlow();
  const { phase } = state;
  const { recording: flow } = actions;
  const capturing = isCapturing(state);
  const elapsedSeconds = useElapsedSeconds(phase.name === "recording" ? phase.startedAt : null);
  useWakeLock(capturing);

  const reconnecting = phase.name === "recording" && phase.reconnecting;
  const status = reconnecting ? T.reconnecting : capturing ? T.inProgress : T.tapToStart;
  const start = () => {
    prefetchRecordingScreens();
    flow.start();
  };

  return (
    <SectionCard id="recording-heading" title={T.heading}>
      {modeSwitch ? <div className="mt-3">{modeSwitch}</div> : null}
      <BulletList items={T.bullets} dotClassName="bg-soft-tangerine" className="mt-3 text-ink-soft" compact />

      <RecordButton recording={capturing} disabled={phase.name === "transcribing"} onPress={capturing ? flow.stop : start} />

      <div className="text-center">
        {/* Outside the live region: a screen reader would otherwise say the time every second. */}
        <ElapsedTimer seconds={elapsedSeconds} />
        <div aria-live="polite">
          <p className="mt-1 font-semibold text-deep-teal-800">{status}</p>
          {capturing ? <p className="mt-1 text-sm text-ink-soft">{T.tapToStop}</p> : null}
          {phase.name === "idle" && phase.notReady ? <p className="mt-2 font-semibold text-soft-tangerine-700">{READINESS_TEXTS.notReady}</p> : null}
        </div>
      </div>
      {capturing ? (
        <div className="mt-4 flex justify-center">
          <Button variant="ghost" onClick={flow.cancel}>
            {T.cancel}
          </Button>
        </div>
      ) : null}

      {showsReadiness(state) ? (
        <ReadinessCard
          capturing={phase.name === "recording"}
          onCountdownEnd={() => void flow.beginCapture()}
          onReady={flow.confirmReady}
          onNotReady={flow.notReady}
        />
      ) : null}
    </SectionCard>
  );
}
