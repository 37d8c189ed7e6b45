import type { SessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { createLazyActions } from "./session-flow-provider";

// The session flow's actions load on the first gesture or call (session-flow-provider.tsx): a call made before they have
// arrived runs once they have, in order; after that, calls go straight through.

function fakeModule(calls: string[]) {
  const make = () =>
    ({
      recording: { start: () => calls.push("recording.start"), stop: () => calls.push("recording.stop") },
      solo: { identify: (who: { userName: string }) => calls.push(`solo.identify ${who.userName}`), speakerName: () => "Sam" },
      retryFromHistory: (entry: { id: string }) => calls.push(`retry ${entry.id}`),
    }) as unknown as SessionFlowActions;
  return { createSessionFlowActions: jest.fn(make) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test("calls before the code has loaded run once it has, in the order made, and return nothing meanwhile", async () => {
  const calls: string[] = [];
  const flowModule = fakeModule(calls);
  let arrive!: () => void;
  const load = jest.fn(() => new Promise<typeof flowModule>((resolve) => (arrive = () => resolve(flowModule))));
  const { actions } = createLazyActions(createFlowKit(), load);

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
  const { actions, ready } = createLazyActions(createFlowKit(), load);
  await expect(ready()).rejects.toThrow("offline");
  actions.recording.start();
  await flush();
  expect(load).toHaveBeenCalledTimes(2);
  expect(calls).toEqual(["recording.start"]);
});
