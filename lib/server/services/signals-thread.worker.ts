import { parentPort } from "node:worker_threads";

import { getEnv } from "@/lib/server/env";
import { structuredStepsFromEnv } from "@/lib/server/providers/structured/chain";

import { conversationSignals, labellingSteps } from "./signal-labels";
import type { SignalsThreadReply, SignalsThreadRequest } from "./signals-thread";

// The worker thread of signals-thread.ts: labels and counts one conversation per request, with the providers the
// environment configures (the same chain the analysis uses), and answers with the record. Nothing is logged here: the
// messages hold the conversation.

const port = parentPort;
if (!port) throw new Error("signals-thread.worker.ts runs only as a worker thread");

const inFlight = new Map<number, AbortController>();
const steps = labellingSteps(structuredStepsFromEnv(getEnv()));

port.on("message", (message: SignalsThreadRequest) => {
  if (message.type === "cancel") {
    inFlight.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  inFlight.set(message.id, controller);
  conversationSignals(message.input, { steps, retryOptions: { deadline: message.deadline }, signal: controller.signal })
    .then((record) => port.postMessage({ id: message.id, record } satisfies SignalsThreadReply))
    .catch(() => port.postMessage({ id: message.id, record: null } satisfies SignalsThreadReply))
    .finally(() => inFlight.delete(message.id));
});
