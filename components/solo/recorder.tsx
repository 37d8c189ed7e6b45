"use client";

import { RelationshipRecorder } from "@/components/recording/relationship-recorder";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { SectionCard } from "@/components/ui/section-card";
import type { SessionFlowState } from "@/lib/domain/session-flow/machine";

import { ModeSwitch } from "./mode-switch";
import { SoloRecorder } from "./solo-recorder";
import { SOLO_TEXTS } from "./texts";

/** The recording screen with its mode switch: Solo Journal or Relationship (spec part 1 section 2). */
export function Recorder() {
  const { state, actions } = useSessionFlow();
  const { phase, mode } = state;
  // The switch moves while nothing is under way; leaving a solo session that records cancels it.
  const soloLive = mode === "solo" && (phase.name === "readiness" || phase.name === "recording");
  const modeSwitch = <ModeSwitch mode={mode} disabled={phase.name !== "idle" && !soloLive} onChange={actions.solo.switchMode} />;

  if (mode === "relationship") return <RelationshipRecorder modeSwitch={modeSwitch} />;
  return (
    <SectionCard id="recording-heading" title={SOLO_TEXTS.heading}>
      <div className="mt-3">{modeSwitch}</div>
      <SoloRecorder />
    </SectionCard>
  );
}

/** The analysing overlay's message while a solo session is wrapped up ("Wrapping up your session..."); else the default. */
export function soloOverlayMessage(state: SessionFlowState): string | undefined {
  const wrapping = state.phase.name === "transcribing" || state.phase.name === "analysing";
  return state.mode === "solo" && wrapping ? SOLO_TEXTS.wrappingUp : undefined;
}
