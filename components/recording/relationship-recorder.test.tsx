/** @jest-environment jsdom */
import { setImmediate as realTurn } from "node:timers";
import { deserialize, serialize } from "node:v8";
import { act, render, screen } from "@testing-library/react";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";

import { createFlowKit, type FlowKit } from "@/components/session-flow/flow-kit";
import { createRecordingActions } from "@/components/session-flow/recording-actions";
import { MICROPHONE_OPEN_TIMEOUT_MS } from "@/lib/client/recordings/open-microphone";
import { RECORDER_MESSAGES } from "@/lib/client/recordings/recorder";

import { RelationshipRecorder } from "./relationship-recorder";
import { READINESS_COUNTDOWN_SECONDS, READINESS_TEXTS, RECORDING_TEXTS } from "./texts";

// The home screen's recorder with the real flow (store, reducer, actions, recorder) and a browser whose microphone
// request answers only when the test says so. "Yes, ready" tapped while the microphone was still opening hid the card:
// the screen then said "Tap to start recording", its record button did nothing (the flow was not idle) and no Cancel
// showed (nothing was capturing). With a permission prompt that never answers, that lasted until a reload.

let mockFlow: { kit: FlowKit; actions: { recording: ReturnType<typeof createRecordingActions> } };
jest.mock("@/components/session-flow/session-flow-provider", () => ({
  useSessionFlow: () => {
    const { useSyncExternalStore } = jest.requireActual<typeof import("react")>("react");
    const state = useSyncExternalStore(mockFlow.kit.subscribe, mockFlow.kit.getState);
    return { state, actions: mockFlow.actions };
  },
}));
jest.mock("@/components/shell/lazy-screens", () => ({ prefetchRecordingScreens: () => undefined }));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

/** Records nothing; answers stop() as a browser does, with a last chunk and "stop" after it returns. */
class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = () => true;
  state: RecordingState = "inactive";
  mimeType = "audio/webm;codecs=opus";
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    setTimeout(() => {
      this.dispatchEvent(Object.assign(new Event("dataavailable"), { data: new Blob([new Uint8Array([1])], { type: this.mimeType }) }));
      this.dispatchEvent(new Event("stop"));
    }, 0);
  }
}

const microphoneTrack = () => ({ stop: jest.fn(), readyState: "live", addEventListener: jest.fn() });
const microphone = () => {
  const track = microphoneTrack();
  return { track, stream: { getTracks: () => [track], getAudioTracks: () => [track], addEventListener: jest.fn() } };
};
let grant: (stream: unknown) => void;

beforeAll(() => {
  globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
  Object.assign(globalThis, { indexedDB, IDBKeyRange });
});
beforeEach(() => {
  jest.clearAllMocks();
  // Only timeouts are faked: fake-indexeddb keeps its own scheduling.
  jest.useFakeTimers({ doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate"] });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  const getUserMedia = jest.fn(() => new Promise((resolve) => (grant = resolve)));
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  const kit = createFlowKit();
  mockFlow = { kit, actions: { recording: createRecordingActions(kit, { goHome: jest.fn() }) } };
});
afterEach(() => {
  mockFlow.kit.dispose();
  jest.useRealTimers();
});

const readinessCard = () => screen.queryByRole("dialog", { name: READINESS_TEXTS.relationshipTitle });
const tap = (name: string) => act(() => screen.getByRole("button", { name }).click());

/** Lets fake-indexeddb (real scheduling) finish the cancelled recording's deletion before fake time jumps past its bound. */
async function settleStorage() {
  await act(async () => {
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => realTurn(resolve));
  });
}

/** Record button, then the countdown to 0: the microphone is being asked for. */
async function countDown() {
  render(<RelationshipRecorder />);
  tap(RECORDING_TEXTS.startLabel);
  expect(readinessCard()).toBeInTheDocument();
  for (let second = 0; second < READINESS_COUNTDOWN_SECONDS; second++) await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledTimes(1);
  expect(screen.getByText(READINESS_TEXTS.startingMicrophone)).toBeInTheDocument();
}

test("'Yes, ready' before the microphone answers keeps the card; at the bound 'Microphone Unavailable', and the record button starts again", async () => {
  await countDown();
  tap(READINESS_TEXTS.positive);
  expect(readinessCard()).toBeInTheDocument();
  expect(screen.getByText(READINESS_TEXTS.startingMicrophone)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: READINESS_TEXTS.negative })).toBeEnabled();

  await act(() => jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS - 1));
  expect(readinessCard()).toBeInTheDocument();
  expect(showToast).not.toHaveBeenCalled();
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(showToast).toHaveBeenCalledWith({ title: RECORDING_TEXTS.microphoneUnavailableTitle, description: RECORDER_MESSAGES.failed, variant: "destructive" });
  expect(readinessCard()).not.toBeInTheDocument();
  expect(screen.getByText(RECORDING_TEXTS.tapToStart)).toBeInTheDocument();

  // The prompt answers at last: that microphone is let go at once, never recording.
  const late = microphone();
  await act(async () => grant(late.stream));
  expect(late.track.stop).toHaveBeenCalled();

  tap(RECORDING_TEXTS.startLabel);
  expect(readinessCard()).toBeInTheDocument();
  expect(mockFlow.kit.getState().phase).toEqual({ name: "readiness", confirmed: false });
});

test("'Yes, ready', then 'Not now' while the microphone is still opening: 'Let's try later', and nothing is left waiting", async () => {
  await countDown();
  tap(READINESS_TEXTS.positive);
  tap(READINESS_TEXTS.negative);
  expect(readinessCard()).not.toBeInTheDocument();
  expect(screen.getByText(READINESS_TEXTS.notReady)).toBeInTheDocument();
  await settleStorage();

  await act(() => jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS));
  // The user ended the wait: no "Microphone Unavailable" for it, and the flow stays home.
  expect(showToast).not.toHaveBeenCalled();
  expect(mockFlow.kit.getState().phase).toEqual({ name: "idle", notReady: true });
  tap(RECORDING_TEXTS.startLabel);
  expect(readinessCard()).toBeInTheDocument();
});

test("'Yes, ready', then the microphone opens: the card goes, the recording runs confirmed, and Cancel ends it", async () => {
  await countDown();
  tap(READINESS_TEXTS.positive);
  const mic = microphone();
  await act(async () => grant(mic.stream));
  expect(readinessCard()).not.toBeInTheDocument();
  expect(mockFlow.kit.getState().phase).toMatchObject({ name: "recording", confirmed: true });
  expect(screen.getByText(RECORDING_TEXTS.inProgress)).toBeInTheDocument();

  tap(RECORDING_TEXTS.cancel);
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(mockFlow.kit.getState().phase).toEqual({ name: "idle", notReady: false });
  expect(mic.track.stop).toHaveBeenCalled();
  expect(screen.getByText(RECORDING_TEXTS.tapToStart)).toBeInTheDocument();
});
