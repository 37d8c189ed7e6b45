/**
 * @jest-environment jsdom
 */
import type { SessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { waitFor } from "./flow-test-fixtures";
import { createLazyActions, FLOW_CODE_TIMEOUT_MS } from "./session-flow-provider";

jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/api/request", () => ({ apiRequest: jest.fn(async () => new Response("{}")) }));
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
const { apiRequest } = jest.requireMock("@/lib/client/api/request");

// The session flow's actions load on the first gesture or call (session-flow-provider.tsx): a call made before they have
// arrived runs once they have, in order; after that, calls go straight through.

function fakeModule(calls: string[]) {
  const make = () =>
    ({
      recording: {
        start: () => calls.push("recording.start"),
        stop: () => calls.push("recording.stop"),
        notReady: () => calls.push("recording.notReady"),
      },
      solo: { identify: (who: { userName: string }) => calls.push(`solo.identify ${who.userName}`), speakerName: () => "Sam" },
      retryFromHistory: (entry: { id: string }) => calls.push(`retry ${entry.id}`),
    }) as unknown as SessionFlowActions;
  return { createSessionFlowActions: jest.fn(make) };
}

const noInstantActions = () => ({});

/** A download of the flow's code that arrives when the test says so. */
function deferredLoad() {
  const calls: string[] = [];
  const flowModule = fakeModule(calls);
  let arrive!: () => void;
  const load = jest.fn(() => new Promise<typeof flowModule>((resolve) => (arrive = () => resolve(flowModule))));
  return { calls, flowModule, load, arrive: () => arrive() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test("calls before the code has loaded run once it has, in the order made, and return nothing meanwhile", async () => {
  const { calls, flowModule, load, arrive } = deferredLoad();
  const { actions } = createLazyActions(createFlowKit(), load, noInstantActions);

  expect(actions.solo.identify({ signedIn: false, userName: "Ana" })).toBeUndefined();
  actions.recording.start();
  actions.retryFromHistory({ id: "s1" } as never);
  expect(calls).toEqual([]);
  expect(load).toHaveBeenCalledTimes(1);

  arrive();
  await flush();
  expect(calls).toEqual(["solo.identify Ana", "recording.start", "retry s1"]);
  expect(flowModule.createSessionFlowActions).toHaveBeenCalledTimes(1);

  // Loaded: straight through, with the action's own result.
  expect(actions.solo.speakerName()).toBe("Sam");
  actions.recording.stop();
  expect(calls.at(-1)).toBe("recording.stop");
  expect(load).toHaveBeenCalledTimes(1);
});

test("every action keeps one identity (screens keep them in effect dependencies)", () => {
  const { actions } = createLazyActions(
    createFlowKit(),
    jest.fn(() => new Promise<never>(() => {})),
  );
  expect(actions.solo).toBe(actions.solo);
  expect(actions.solo.identify).toBe(actions.solo.identify);
  expect(actions.recording.start).not.toBe(actions.recording.stop);
  expect(actions.retryFromHistory).toBe(actions.retryFromHistory);
});

test("a failed download is tried again by the next gesture or call", async () => {
  const calls: string[] = [];
  const flowModule = fakeModule(calls);
  const load = jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(flowModule);
  const { actions, ready } = createLazyActions(createFlowKit(), load, noInstantActions);
  await expect(ready()).rejects.toThrow("offline");
  // Nobody waited for it (the first gesture started it on its own): nothing to tell.
  expect(showToast).not.toHaveBeenCalled();
  actions.recording.start();
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(calls).toEqual(["recording.start"]);
});

describe("the record button's first step does not wait for the download", () => {
  const supportRecording = () => {
    Object.defineProperty(window, "MediaRecorder", { value: class {}, configurable: true });
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia: jest.fn() }, configurable: true });
  };
  afterEach(() => {
    jest.clearAllMocks();
    Reflect.deleteProperty(window, "MediaRecorder");
    Reflect.deleteProperty(navigator, "mediaDevices");
  });

  test("Start opens the readiness card at once and starts the download; the capture waits for the code", async () => {
    supportRecording();
    const { calls, load, arrive } = deferredLoad();
    const kit = createFlowKit();
    const { actions } = createLazyActions(kit, load);

    actions.recording.start();
    expect(kit.getState().phase).toEqual({ name: "readiness", confirmed: false });
    expect(load).toHaveBeenCalledTimes(1);
    expect(apiRequest).toHaveBeenCalledWith("POST", "/api/preload-prompts", expect.anything());
    actions.recording.stop();
    expect(calls).toEqual([]);

    arrive();
    await flush();
    // The loaded code's own start is not run again: the tap has done it.
    expect(calls).toEqual(["recording.stop"]);
  });

  test("Solo Journal's Start names the speaker once the code is there, and opens Journal Readiness at once", async () => {
    supportRecording();
    const { calls, load, arrive } = deferredLoad();
    const kit = createFlowKit();
    const { actions } = createLazyActions(kit, load);

    actions.solo.start({ signedIn: false, userName: "Ana" });
    expect(kit.getState().phase.name).toBe("readiness");
    arrive();
    await flush();
    expect(calls).toEqual(["solo.identify Ana"]);
  });

  test("'Not now' before the code has come closes the card at once, and the queued capture then starts nothing", async () => {
    supportRecording();
    const { calls, load, arrive } = deferredLoad();
    const kit = createFlowKit();
    const { actions } = createLazyActions(kit, load);

    actions.recording.start();
    actions.recording.notReady();
    expect(kit.getState().phase).toEqual({ name: "idle", notReady: true });
    arrive();
    await flush();
    // Loaded: the code's own actions run from now on.
    actions.recording.notReady();
    expect(calls).toEqual(["recording.notReady"]);
  });

  test("Solo Journal's Skip before the code has come ends the session with 'Session cancelled'", () => {
    supportRecording();
    const kit = createFlowKit();
    const { actions } = createLazyActions(
      kit,
      jest.fn(() => new Promise<never>(() => {})),
    );
    actions.solo.notReady();
    expect(showToast).not.toHaveBeenCalled(); // nothing runs: nothing to cancel
    kit.dispatch({ type: "MODE_CHANGED", mode: "solo" });
    actions.solo.start({ signedIn: false, userName: "Ana" });
    actions.solo.notReady();
    expect(kit.getState().phase.name).toBe("idle");
    expect(showToast).toHaveBeenCalledWith({ title: "Session cancelled" });
  });

  test("a failed download closes the readiness card with a message, and the record button starts anew (no confirmed card with no recording)", async () => {
    supportRecording();
    let failFirst!: (error: Error) => void;
    const load = jest
      .fn()
      .mockImplementationOnce(() => new Promise((_, reject) => (failFirst = reject)))
      .mockImplementation(() => import("./flow-actions"));
    const kit = createFlowKit();
    const { actions } = createLazyActions(kit, load);

    actions.recording.start();
    expect(kit.getState().phase).toEqual({ name: "readiness", confirmed: false });
    void actions.recording.beginCapture(); // the countdown ended while the code was on its way
    failFirst(new Error("Failed to fetch dynamically imported module"));
    await flush();
    expect(kit.getState().phase.name).toBe("idle");
    expect(showToast).toHaveBeenCalledWith({ title: "Could not start", description: expect.stringContaining("connection"), variant: "destructive" });

    // A late "Yes, ready" (the card was on screen) loads the code and confirms nothing.
    actions.recording.confirmReady();
    await waitFor(() => load.mock.calls.length === 2);
    await flush();
    await flush();
    actions.recording.start();
    await flush();
    expect(kit.getState().phase).toEqual({ name: "readiness", confirmed: false });
  });

  test("a download that never ends fails after FLOW_CODE_TIMEOUT_MS: the card closes with the same message, and the next tap downloads again", async () => {
    jest.useFakeTimers();
    try {
      supportRecording();
      const load = jest.fn(() => new Promise<never>(() => {}));
      const kit = createFlowKit();
      const { actions } = createLazyActions(kit, load);

      actions.recording.start();
      void actions.recording.beginCapture();
      await jest.advanceTimersByTimeAsync(FLOW_CODE_TIMEOUT_MS - 1);
      expect(kit.getState().phase.name).toBe("readiness");
      expect(showToast).not.toHaveBeenCalled();

      await jest.advanceTimersByTimeAsync(1);
      expect(kit.getState().phase.name).toBe("idle");
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Could not start", variant: "destructive" }));
      actions.recording.start();
      expect(kit.getState().phase.name).toBe("readiness");
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test("a browser that cannot record gets the unsupported toast and no readiness card", () => {
    const kit = createFlowKit();
    const { actions } = createLazyActions(
      kit,
      jest.fn(() => new Promise<never>(() => {})),
    );
    actions.recording.start();
    expect(kit.getState().phase.name).toBe("idle");
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Audio Recording Not Supported", variant: "destructive" }));
  });
});
