import type { SwipeAction } from "@/lib/domain/analysis/types";

import { createVoteSaver } from "./vote-saver";

const vote = (cardIndex: number): SwipeAction => ({ cardIndex, action: "helpful", timestamp: cardIndex });

/** A send that waits until the test answers it. */
function controlledSend() {
  const calls: { sessionId: string; cards: number[]; answer: (ok: boolean) => void }[] = [];
  const send = (sessionId: string, swipeActions: SwipeAction[]) =>
    new Promise((resolve, reject) =>
      calls.push({ sessionId, cards: swipeActions.map((action) => action.cardIndex), answer: (ok) => (ok ? resolve({}) : reject(new Error("offline"))) }),
    );
  return { calls, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("sends one call after another; votes made while one is under way go as one call with the newest list", async () => {
  const { calls, send } = controlledSend();
  const saver = createVoteSaver(send);
  const first = saver.save("s1", [vote(0)]);
  await settle();
  const second = saver.save("s1", [vote(0), vote(1)]);
  const third = saver.save("s1", [vote(0), vote(1), vote(2)]);
  await settle();
  expect(calls.map((call) => call.cards)).toEqual([[0]]);
  calls[0]!.answer(false);
  expect(await first).toBe(false);
  await settle();
  expect(calls.map((call) => call.cards)).toEqual([[0], [0, 1, 2]]);
  calls[1]!.answer(true);
  expect(await second).toBe(true);
  expect(await third).toBe(true);
});

test("settled waits for the last send, sends its votes again when it failed, and never rejects", async () => {
  const { calls, send } = controlledSend();
  const saver = createVoteSaver(send);
  void saver.save("s1", [vote(0), vote(1)]);
  let done = false;
  const settled = saver.settled("s1").then(() => (done = true));
  await settle();
  calls[0]!.answer(false);
  await settle();
  expect(calls.map((call) => call.cards)).toEqual([
    [0, 1],
    [0, 1],
  ]);
  expect(done).toBe(false);
  calls[1]!.answer(false);
  await settled;
  expect(calls).toHaveLength(2);
});

test("settled waits for a vote made meanwhile rather than sending an older list again", async () => {
  const { calls, send } = controlledSend();
  const saver = createVoteSaver(send);
  void saver.save("s1", [vote(0)]);
  await settle();
  const settled = saver.settled("s1");
  void saver.save("s1", [vote(0), vote(1)]);
  calls[0]!.answer(false);
  await settle();
  calls[1]!.answer(true);
  await settled;
  expect(calls.map((call) => call.cards)).toEqual([[0], [0, 1]]);
});

test("settled gives up waiting after its bound: the summary is asked for from the votes stored by then", async () => {
  jest.useFakeTimers();
  try {
    const { calls, send } = controlledSend();
    const saver = createVoteSaver(send, 1_000);
    void saver.save("s1", [vote(0)]);
    let done = false;
    void saver.settled("s1").then(() => (done = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(calls).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
});

test("settled has nothing to wait for when no vote of that session was sent", async () => {
  const { calls, send } = controlledSend();
  const saver = createVoteSaver(send);
  await saver.settled("s1");
  void saver.save("s2", [vote(0)]);
  await saver.settled("s1");
  await settle();
  expect(calls.map((call) => call.sessionId)).toEqual(["s2"]);
});
