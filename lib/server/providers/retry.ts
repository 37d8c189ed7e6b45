import "server-only";

/** Fallback order, time-outs and retries are data (see each capability's chain), not scattered ifs. */
export type RetryPolicy = { attempts: number; timeoutMs: number; baseDelayMs: number; maxDelayMs: number };

export class ProviderTimeoutError extends Error {
  constructor(provider: string, timeoutMs: number) {
    super(`${provider} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    this.name = "ProviderTimeoutError";
  }
}

/** The route's time budget ran out before this provider could be (re)tried: the failure is stored instead of waiting on. */
export class BudgetExhaustedError extends ProviderTimeoutError {
  constructor(provider: string) {
    super(provider, 0);
    this.message = `${provider} was not tried again: the request's time budget is spent`;
    this.name = "BudgetExhaustedError";
  }
}

/**
 * The caller went away (the client disconnected): nobody will read the answer, so the attempt in flight is aborted and no
 * further attempt, backoff or fallback starts. Not retryable, and not a time-out: a service stores no failure for it.
 */
export class RequestAbortedError extends Error {
  constructor(provider: string) {
    super(`${provider} was not waited on: the request was cancelled by its client`);
    this.name = "RequestAbortedError";
  }
}

/** An attempt needs at least this long to be worth starting. */
const MIN_ATTEMPT_MS = 1_000;

/** Only time-outs, network errors, 429 and 503 are worth another try; anything else fails at once. */
export function isRetryableProviderError(error: unknown): boolean {
  if (error instanceof ProviderTimeoutError) return true;
  const status = statusOf(error);
  if (status !== undefined) return status === 429 || status === 503;
  if (!(error instanceof Error)) return false;
  const name = error.name ?? "";
  if (["AbortError", "TimeoutError", "APIConnectionError", "APIConnectionTimeoutError", "FetchError"].includes(name)) return true;
  return /fetch failed|ECONNRESET|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i.test(error.message);
}

export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === "object" && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === "number") return status;
  }
  return undefined;
}

/** Waits `ms`, or less when `signal` aborts first: a backoff ends with the request it was for. */
type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

export type RetryOptions = {
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  /**
   * Epoch ms by which every attempt and backoff must be over: the route's one time budget (providers/budget.ts). Each
   * attempt's time-out is cut to what is left, and no attempt starts with less than a second to go.
   */
  deadline?: number;
  /** The caller's cancellation (the route's `request.signal`): when it aborts, RequestAbortedError ends the work at once. */
  signal?: AbortSignal;
};

/** Runs `task` with a per-attempt time-out; retries retryable failures with exponential backoff and jitter, within the deadline. */
export async function withRetry<T>(
  provider: string,
  policy: RetryPolicy,
  task: (signal: AbortSignal) => Promise<T>,
  { sleep = realSleep, random = Math.random, now = Date.now, deadline = Infinity, signal }: RetryOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (signal?.aborted) throw new RequestAbortedError(provider);
    const left = deadline - now();
    if (left < MIN_ATTEMPT_MS) {
      lastError ??= new BudgetExhaustedError(provider);
      break;
    }
    const timeoutMs = Math.min(policy.timeoutMs, left);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ProviderTimeoutError(provider, timeoutMs)), timeoutMs);
    // The caller's abort reaches the SDK call through this attempt's own signal; removed when the attempt is over.
    const onCallerAbort = () => controller.abort(new RequestAbortedError(provider));
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      // Listening before the task starts: a caller that aborts while the task is being started is heard too.
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
      });
      return await Promise.race([task(controller.signal), aborted]);
    } catch (error) {
      // Whatever the attempt ended with (the SDK's abort error, a 503 in the same moment), a cancelled caller ends the retries.
      if (signal?.aborted) throw new RequestAbortedError(provider);
      lastError = error;
      if (attempt === policy.attempts || !isRetryableProviderError(error)) break;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    }
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    const delay = backoff / 2 + random() * (backoff / 2);
    if (now() + delay + MIN_ATTEMPT_MS > deadline) break;
    await sleep(delay, signal);
  }
  throw lastError;
}

/**
 * The options for one provider of a chain with `stepsLeft` providers still to try (this one included): an even share of
 * the time left, so a hanging primary leaves its fallbacks their turn. A provider that fails fast hands its unused share on.
 */
export function shareOfDeadline(options: RetryOptions | undefined, stepsLeft: number): RetryOptions | undefined {
  if (options?.deadline === undefined || stepsLeft <= 1) return options;
  const now = (options.now ?? Date.now)();
  return { ...options, deadline: now + Math.max(0, options.deadline - now) / stepsLeft };
}
