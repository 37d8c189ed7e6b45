import { EventEmitter } from "node:events";

import type { SignalsRecord } from "@/lib/domain/signals/record";
import { STRUCTURED_POLICIES, type StructuredStep } from "@/lib/server/providers/structured/chain";

import type { SignalsInput } from "./signal-labels";
import type { SignalsThreadRequest } from "./signals-thread";

// The worker thread's client (signals-thread.ts) against a stand-in for node:worker_threads' Worker: what it sends, and
// that every way the thread can fail still gives the conversation its signals. The worker itself runs in the browser tests
// (the built app labels on it; their teardown fails the run if a server fell back from it).

class FakeWorker extends EventEmitter {
  static created: FakeWorker[] = [];
  static failToStart = false;
  readonly sent: SignalsThreadRequest[] = [];
  constructor(readonly url: URL) {
    super();
    if (FakeWorker.failToStart) throw new Error("cannot start");
    FakeWorker.created.push(this);
  }
  postMessage(message: SignalsThreadRequest) {
    this.sent.push(message);
  }
  unref() {}
}

jest.mock("node:worker_threads", () => ({ Worker: FakeWorker }));

const input: SignalsInput = {
  segments: [
    { speaker: "SPEAKER_01", text: "You never ask about my day.", start: 0, end: 2 },
    { speaker: "SPEAKER_02", text: "I am sorry, tell me now.", start: 2.5, end: 4 },
  ],
  speakerNames: { SPEAKER_01: "Maya", SPEAKER_02: "Jon" },
  mode: "couple",
};
const record = { version: 1, labelled: true } as unknown as SignalsRecord;

/** The request's own providers, for counting on its thread: a model that labels nothing (so the record says labelled). */
const generate = jest.fn(async () => ({ labels: [] }));
const stepsHere: StructuredStep[] = [{ provider: { name: "gemini", generate }, policy: STRUCTURED_POLICIES.gemini }];

let offThread: (given: typeof input, options?: { deadline?: number; signal?: AbortSignal }) => Promise<SignalsRecord | null>;

beforeEach(async () => {
  // Each test gets the module fresh: the worker and its state are per process.
  jest.resetModules();
  generate.mockClear();
  FakeWorker.created = [];
  FakeWorker.failToStart = false;
  const { conversationSignalsOffThread } = await import("./signals-thread");
  offThread = (given, options = {}) => conversationSignalsOffThread(given, { stepsHere, ...options });
});
afterEach(() => {
  jest.useRealTimers();
});

const lastWorker = () => FakeWorker.created.at(-1)!;
const flush = () => new Promise((resolve) => setImmediate(resolve));

test("sends the conversation and the route's deadline to one worker, and answers with its record", async () => {
  const first = offThread(input, { deadline: 1_234 });
  const worker = lastWorker();
  expect(worker.url.pathname).toMatch(/signals-thread\.worker\.ts$/);
  expect(worker.sent).toEqual([{ type: "signals", id: 1, input, deadline: 1_234 }]);
  worker.emit("message", { id: 1, record });
  await expect(first).resolves.toBe(record);

  const second = offThread(input);
  expect(FakeWorker.created).toHaveLength(1);
  expect(worker.sent[1]).toEqual({ type: "signals", id: 2, input, deadline: undefined });
  worker.emit("message", { id: 2, record: null });
  await expect(second).resolves.toBeNull();
});

test("answers each call with its own reply when several are in flight", async () => {
  const first = offThread(input);
  const second = offThread(input);
  const other = { ...record, turns: 7 } as SignalsRecord;
  lastWorker().emit("message", { id: 2, record: other });
  lastWorker().emit("message", { id: 1, record });
  await expect(first).resolves.toBe(record);
  await expect(second).resolves.toBe(other);
});

test("a worker that exits mid-call: the signals are counted on this thread, and the next call starts a new worker", async () => {
  const call = offThread(input);
  const worker = lastWorker();
  worker.emit("message", { id: 99, record: null }); // it had answered before, so it is not unusable
  worker.emit("exit", 1);
  // Counted here, labelled by the request's own providers.
  await expect(call).resolves.toMatchObject({ version: 1, turns: 2, labelled: true });
  expect(generate).toHaveBeenCalledTimes(1);
  const next = offThread(input);
  expect(FakeWorker.created).toHaveLength(2);
  lastWorker().emit("message", { id: 2, record });
  await expect(next).resolves.toBe(record);
});

test("a worker that fails before its first answer is not started again: later calls count on this thread", async () => {
  const call = offThread(input);
  lastWorker().emit("error", new Error("Cannot find module"));
  lastWorker().emit("exit", 1);
  await expect(call).resolves.toMatchObject({ turns: 2, labelled: true });
  await expect(offThread(input)).resolves.toMatchObject({ turns: 2, labelled: true });
  expect(FakeWorker.created).toHaveLength(1);
  expect(generate).toHaveBeenCalledTimes(2);
});

test("no worker thread at all: the signals are counted on this thread", async () => {
  FakeWorker.failToStart = true;
  await expect(offThread(input)).resolves.toMatchObject({ turns: 2, labelled: true, ratio: { positive: 0, negative: 0, value: null } });
  expect(generate).toHaveBeenCalledTimes(1);
});

test("a worker that does not answer within the labelling's budget and its margin: cancelled, and the signals come back unlabelled", async () => {
  jest.useFakeTimers();
  const call = offThread(input);
  const worker = lastWorker();
  jest.advanceTimersByTime(65_000);
  jest.useRealTimers();
  // Unlabelled because of the time, not for want of a provider: the request's providers are not asked either.
  await expect(call).resolves.toMatchObject({ turns: 2, labelled: false });
  expect(generate).not.toHaveBeenCalled();
  expect(worker.sent[1]).toEqual({ type: "cancel", id: 1 });
  // A late answer is ignored.
  worker.emit("message", { id: 1, record });
  await flush();
});

test("cancelled (the analysis failed): null at once, and the worker is told to stop", async () => {
  const controller = new AbortController();
  const call = offThread(input, { signal: controller.signal });
  controller.abort();
  await expect(call).resolves.toBeNull();
  expect(lastWorker().sent[1]).toEqual({ type: "cancel", id: 1 });
  await expect(offThread(input, { signal: controller.signal })).resolves.toBeNull();
  expect(lastWorker().sent).toHaveLength(2);
});
