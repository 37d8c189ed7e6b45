import "server-only";

import { Worker } from "node:worker_threads";

import type { SignalsRecord } from "@/lib/domain/signals/record";
import type { StructuredStep } from "@/lib/server/providers/structured/chain";

import { conversationSignals, SIGNAL_LABELS_BUDGET_MS, type SignalsInput } from "./signal-labels";

// The conversation signals (issue 17) on a worker thread beside the request's: the labelling call's request and answer,
// the label checks and the counts are CPU the analysis would otherwise wait for, and a long conversation's counts take
// milliseconds no other request should queue behind. One worker per server process, started at the first conversation and
// kept (unreferenced, so it never holds the process open). A conversation never loses its signals to the thread: when the
// worker cannot start or dies, they are computed on the request's thread; when it does not answer in time, they come
// back unlabelled, as when the labelling's own budget runs out.

export type SignalsThreadRequest = { type: "signals"; id: number; input: SignalsInput; deadline: number | undefined } | { type: "cancel"; id: number };
export type SignalsThreadReply = { id: number; record: SignalsRecord | null };

/** The worker's own budget plus a margin: past it the thread is taken as stuck. */
const THREAD_ANSWER_MS = SIGNAL_LABELS_BUDGET_MS + 5_000;

type Outcome = { record: SignalsRecord | null } | "crashed" | "timed-out";

let worker: Worker | null = null;
/** A worker that failed before its first answer will fail again: after that, this process counts on the request's thread. */
let workerUnusable = false;
const pending = new Map<number, (outcome: Outcome) => void>();
let nextId = 1;

function startWorker(): Worker {
  const started = new Worker(new URL("./signals-thread.worker.ts", import.meta.url));
  let answered = false;
  started.unref();
  started.on("message", (reply: SignalsThreadReply) => {
    answered = true;
    const settle = pending.get(reply.id);
    pending.delete(reply.id);
    settle?.({ record: reply.record });
  });
  started.on("error", (error) => {
    if (!answered) workerUnusable = true;
    // The error's name only: a message could quote what the worker was given.
    console.warn(`[signals] the worker thread failed (${error.name}); counting on the request's thread`);
  });
  started.on("exit", () => {
    if (worker === started) worker = null;
    for (const settle of pending.values()) settle("crashed");
    pending.clear();
  });
  return started;
}

function signalsWorker(): Worker | null {
  if (worker || workerUnusable) return worker;
  try {
    worker = startWorker();
  } catch (error) {
    workerUnusable = true;
    console.warn(`[signals] no worker thread (${error instanceof Error ? error.name : "error"}); counting on the request's thread`);
  }
  return worker;
}

/**
 * The signals record of a conversation, labelled with the environment's providers (the analysis's chain) on the worker
 * thread. `stepsHere` are the same providers as the request built them, for counting on the request's thread when the
 * worker cannot. `deadline` is the route's budget; `signal` cancels the labelling (the analysis failed): the answer is then
 * null at once. Never rejects.
 */
export async function conversationSignalsOffThread(
  input: SignalsInput,
  { stepsHere, deadline, signal }: { stepsHere: StructuredStep[]; deadline?: number; signal?: AbortSignal },
): Promise<SignalsRecord | null> {
  if (signal?.aborted) return null;
  const signalsHere = () => conversationSignals(input, { steps: stepsHere, retryOptions: { deadline }, signal }).catch(() => null);
  const thread = signalsWorker();
  if (!thread) return signalsHere();

  const id = nextId++;
  const outcome = await new Promise<Outcome>((resolve) => {
    const finish = (value: Outcome) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      pending.delete(id);
      resolve(value);
    };
    const cancel = (value: Outcome) => {
      thread.postMessage({ type: "cancel", id } satisfies SignalsThreadRequest);
      finish(value);
    };
    const timer = setTimeout(() => cancel("timed-out"), THREAD_ANSWER_MS);
    const onAbort = () => cancel({ record: null });
    signal?.addEventListener("abort", onAbort, { once: true });
    pending.set(id, finish);
    thread.postMessage({ type: "signals", id, input, deadline } satisfies SignalsThreadRequest);
  });
  if (outcome === "crashed") return signalsHere();
  if (outcome === "timed-out") return conversationSignals(input, { steps: [] }).catch(() => null);
  return outcome.record;
}
