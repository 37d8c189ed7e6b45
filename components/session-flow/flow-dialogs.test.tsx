/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { RecordButton } from "@/components/recording/record-button";
import { FAILURE_TEXTS } from "@/components/recording/texts";
import { ANALYSIS_TEXTS } from "@/components/session/texts";
import type { SessionFlowState } from "@/lib/domain/session-flow/machine";

import { SessionFlowDialogs } from "./flow-dialogs";

type FlowDialog = NonNullable<SessionFlowState["dialog"]>;

// The flow's failure dialogs open after the progress screen that had focus has gone ('Analyzing Your Conversation'), so
// Radix had nothing to give focus back to: after Cancel or Escape it was on nothing, and a keyboard user started again
// from the top of the page. Now it goes back to the record button, unless the next screen took it (Retry Now).

const mockStore = { dialog: null as FlowDialog | null, listeners: new Set<() => void>() };
const mockSet = (dialog: FlowDialog | null) => {
  mockStore.dialog = dialog;
  mockStore.listeners.forEach((listener) => listener());
};
jest.mock("./session-flow-provider", () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import("react")>("react");
  const subscribe = (listener: () => void) => {
    mockStore.listeners.add(listener);
    return () => mockStore.listeners.delete(listener);
  };
  const close = () => mockSet(null);
  const actions = {
    recording: { closeDialog: close, saveRecordingLocally: close, goHomeNow: close, retryFromDialog: close },
    analysis: { retryFromDialog: close, saveLocally: close },
  };
  return { useSessionFlow: () => ({ state: { dialog: useSyncExternalStore(subscribe, () => mockStore.dialog) }, actions }) };
});

afterEach(() => act(() => mockSet(null)));

function Page() {
  return (
    <>
      <RecordButton recording={false} onPress={() => undefined} />
      <SessionFlowDialogs />
    </>
  );
}

test("Transcription Failed → Cancel: focus back on the record button", async () => {
  const user = userEvent.setup();
  render(<Page />);
  act(() => mockSet({ kind: "transcription-retry", retryId: "rec-1" }));
  expect(screen.getByRole("dialog", { name: FAILURE_TEXTS.transcriptionFailedTitle })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: FAILURE_TEXTS.cancel }));
  expect(screen.queryByRole("dialog")).toBeNull();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByRole("button", { name: "Start recording" })).toHaveFocus();
});

test("Analysis Failed → Escape: focus back on the record button", async () => {
  const user = userEvent.setup();
  render(<Page />);
  act(() => mockSet({ kind: "analysis-failed", retry: { keptId: null } } as unknown as FlowDialog));
  expect(screen.getByRole("dialog", { name: ANALYSIS_TEXTS.failedTitle })).toBeInTheDocument();
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByRole("button", { name: "Start recording" })).toHaveFocus();
});

test("a screen that takes focus as the dialog closes keeps it", async () => {
  const user = userEvent.setup();
  function PageWithNextScreen() {
    return (
      <>
        <Page />
        {/* Stands for the progress screen that Retry Now opens, which puts focus on its title. */}
        <h2 tabIndex={-1} id="next-screen">
          Analyzing Your Conversation
        </h2>
      </>
    );
  }
  render(<PageWithNextScreen />);
  act(() => mockSet({ kind: "transcription-retry", retryId: "rec-1" }));
  await user.click(screen.getByRole("button", { name: FAILURE_TEXTS.retryNow }));
  act(() => document.getElementById("next-screen")!.focus());
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByRole("heading", { name: "Analyzing Your Conversation" })).toHaveFocus();
});
