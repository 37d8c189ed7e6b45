"use client";

import { useIdentity } from "@/components/auth/identity-context";
import { LazyIdentifySpeakers, prefetchRecordingScreens } from "@/components/shell/lazy-screens";
import { ActionDialog } from "@/components/ui/action-dialog";
import { BulletList } from "@/components/ui/bullet-list";
import { Button } from "@/components/ui/button";
import { useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { APP_EVENTS, type AnalyzeWithNamesDetail, emitAppEvent } from "@/lib/client/events";
import { readDisplayName } from "@/lib/client/storage/settings";
import { resolveDisplayName } from "@/lib/domain/display-name";
import { formatMmSs } from "@/lib/domain/format-time";
import { namedTranscript } from "@/lib/domain/speakers/apply-names";

import { AnalysingOverlay } from "./analysing-overlay";
import { ReadinessCard } from "./readiness-card";
import { RecordButton } from "./record-button";
import { FAILURE_TEXTS, READINESS_TEXTS, RECORDING_TEXTS as T } from "./texts";
import { useRelationshipRecording } from "./use-relationship-recording";

/** Relationship mode: record, transcribe, name the speakers, then hand over to analysis (analyze-with-names). */
export function RelationshipRecorder({ onHome }: { onHome: () => void }) {
  const flow = useRelationshipRecording({ onHome });
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  const userName = identity.signedIn ? resolveDisplayName({ storedName, fullName: identity.user?.name }) : storedName;
  const { phase } = flow;
  const startRecording = () => {
    prefetchRecordingScreens();
    flow.start();
  };
  const status = flow.reconnecting ? T.reconnecting : flow.recording ? T.inProgress : T.tapToStart;

  return (
    <section aria-labelledby="recording-heading" className="rounded-card bg-white p-6 shadow-card">
      <h2 id="recording-heading" className="font-serif text-2xl font-semibold text-ink">
        {T.heading}
      </h2>
      <BulletList items={T.bullets} dotClassName="bg-soft-tangerine" className="mt-3 text-ink-soft" />

      <RecordButton recording={flow.recording} disabled={phase.name === "transcribing"} onPress={flow.recording ? flow.stop : startRecording} />

      <div className="text-center" aria-live="polite">
        <p className="font-mono text-3xl tabular-nums text-ink" aria-label={`Elapsed time ${formatMmSs(flow.elapsedSeconds)}`} role="timer">
          {formatMmSs(flow.elapsedSeconds)}
        </p>
        <p className="mt-1 font-semibold text-deep-teal-800">{status}</p>
        {flow.recording ? <p className="mt-1 text-sm text-ink-soft">{T.tapToStop}</p> : null}
        {phase.name === "idle" && phase.notReady ? <p className="mt-2 font-semibold text-soft-tangerine-700">{READINESS_TEXTS.notReady}</p> : null}
      </div>
      {flow.recording ? (
        <div className="mt-4 flex justify-center">
          <Button variant="ghost" onClick={flow.cancel}>
            {T.cancel}
          </Button>
        </div>
      ) : null}

      {phase.name === "readiness" ? <ReadinessCard onCountdownEnd={() => void flow.beginCapture()} onReady={flow.confirmReady} onNotReady={flow.notReady} /> : null}
      {phase.name === "transcribing" ? <AnalysingOverlay step="processing" /> : null}
      {phase.name === "naming" ? (
        <LazyIdentifySpeakers
          speakers={phase.result.speakers}
          userName={userName}
          onClose={flow.finishNaming}
          onComplete={(speakerNames) => {
            const detail: AnalyzeWithNamesDetail = {
              transcript: namedTranscript(phase.result.segments, speakerNames),
              speakerNames,
              originalData: { transcript: phase.result.transcript, segments: phase.result.segments, speakers: phase.result.speakers, speakerStats: phase.result.speakerStats },
              ...(phase.result.sessionId ? { sessionId: phase.result.sessionId } : {}),
            };
            flow.finishNaming();
            emitAppEvent(APP_EVENTS.analyzeWithNames, detail);
          }}
        />
      ) : null}

      <ActionDialog
        open={flow.dialog?.kind === "connection"}
        onOpenChange={(open) => (open ? undefined : flow.closeDialog())}
        title={FAILURE_TEXTS.connectionErrorTitle}
        description={FAILURE_TEXTS.connectionErrorBody}
        actions={[
          { label: FAILURE_TEXTS.saveLocally, onSelect: flow.saveLocally },
          { label: FAILURE_TEXTS.goHome, onSelect: () => { flow.closeDialog(); onHome(); }, variant: "secondary" },
        ]}
      />
      <ActionDialog
        open={flow.dialog?.kind === "retry"}
        onOpenChange={(open) => (open ? undefined : flow.closeDialog())}
        title={FAILURE_TEXTS.transcriptionFailedTitle}
        description={FAILURE_TEXTS.transcriptionFailedBody}
        actions={[
          { label: FAILURE_TEXTS.retryNow, onSelect: () => flow.retry(flow.dialog?.kind === "retry" ? flow.dialog.session : null), disabled: flow.retrying },
          { label: FAILURE_TEXTS.saveLocally, onSelect: flow.saveLocally, variant: "secondary" },
          { label: FAILURE_TEXTS.cancel, onSelect: flow.closeDialog, variant: "ghost" },
        ]}
      />
    </section>
  );
}
