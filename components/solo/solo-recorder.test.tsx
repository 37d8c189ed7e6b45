/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";

import { IdentityContext } from "@/components/auth/identity-context";
import { READINESS_TEXTS } from "@/components/recording/texts";
import { initialSessionFlowState, type FlowPhase, type SessionFlowState } from "@/lib/domain/session-flow/machine";
import { testIdentity } from "@/tests/helpers/identity";

import { SoloRecorder } from "./solo-recorder";

// Continue on Journal Readiness can come while the journal's microphone is still opening. The card hid at once, and the
// screen behind it offered neither Cancel (nothing was capturing) nor a working record button (the flow was not idle).

let mockState: SessionFlowState = initialSessionFlowState;
const noop = () => undefined;
const mockActions = new Proxy({}, { get: () => new Proxy({}, { get: () => noop }) });
jest.mock("@/components/session-flow/session-flow-provider", () => ({ useSessionFlow: () => ({ state: mockState, actions: mockActions }) }));

const guest = testIdentity();
const journalAt = (phase: FlowPhase): SessionFlowState => ({ ...initialSessionFlowState, mode: "solo", phase });
const journalReadiness = () => screen.queryByRole("dialog", { name: READINESS_TEXTS.soloTitle });

test.each<[string, FlowPhase, boolean]>([
  ["Continue before the microphone is open: the card stays", { name: "readiness", confirmed: true }, true],
  ["recording, not answered yet: the card stays", { name: "recording", startedAt: 1, confirmed: false, reconnecting: false }, true],
  ["recording after Continue: the card goes", { name: "recording", startedAt: 1, confirmed: true, reconnecting: false }, false],
])("%s", (_name, phase, shown) => {
  mockState = journalAt(phase);
  render(
    <IdentityContext.Provider value={guest}>
      <SoloRecorder />
    </IdentityContext.Provider>,
  );
  if (shown) expect(journalReadiness()).toBeInTheDocument();
  else expect(journalReadiness()).not.toBeInTheDocument();
});

// The coach's status is said when it connects, reconnects or is unavailable; not at each turn of the conversation, where
// "Listening… Thinking… Your coach is speaking…" would talk over the coach's voice. It is still shown at each turn.
test.each<[string, SessionFlowState["solo"]["coach"], boolean, string, string]>([
  ["connecting", "connecting", false, "Connecting to your coach...", "Connecting to your coach..."],
  ["listening", "listening", false, "Listening...", ""],
  ["thinking", "thinking", false, "Thinking...", ""],
  ["speaking", "speaking", false, "Your coach is speaking...", ""],
  ["unavailable", "unavailable", false, "Recording your journal", "Recording your journal"],
  ["reconnecting the microphone mid-turn", "listening", true, "Reconnecting audio...", "Reconnecting audio..."],
])("coach %s: shown as such, announced only when it is not a turn", (_name, coach, reconnecting, shown, announced) => {
  mockState = { ...journalAt({ name: "recording", startedAt: 1, confirmed: true, reconnecting }), solo: { ...initialSessionFlowState.solo, coach } };
  const { container } = render(
    <IdentityContext.Provider value={guest}>
      <SoloRecorder />
    </IdentityContext.Provider>,
  );
  expect(screen.getByTestId("coach-status")).toHaveTextContent(shown);
  expect(screen.getByTestId("coach-status").closest("[aria-live]")).toBeNull();
  expect(container.querySelector("p[aria-live]")).toHaveTextContent(announced === "" ? /^$/ : announced);
});
