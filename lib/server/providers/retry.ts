import "server-only";

/** Fallback order, time-outs and retries are data (see each capability's chain), not scattered ifs. */
export type RetryPolicy = { attempts: number; timeoutMs: number; baseDelayMs: number; maxDelayMs: number };

export class ProviderTimeoutError extends Error {
  constructor(provider: string, timeoutMs: number) {
    super(`${provider} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    this.name = "ProviderTimeoutError";
  }
}

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

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` with a per-attempt time-out; retries retryable failures with exponential backoff and jitter. */
export async function withRetry<T>(
  provider: string,
  policy: RetryPolicy,
  task: (signal: AbortSignal) => Promise<T>,
  { sleep = realSleep, random = Math.random }: { sleep?: Sleep; random?: () => number } = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ProviderTimeoutError(provider, policy.timeoutMs)), policy.timeoutMs);
    try {
      return await Promise.race([
        task(controller.signal),
        new Promise<never>((_, reject) => {
          controller.signal.addEventListener("abort", () => reject(new ProviderTimeoutError(provider, policy.timeoutMs)), { once: true });
        }),
      ]);
    } catch (error) {
      lastError = error;
      if (attempt === policy.attempts || !isRetryableProviderError(error)) break;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      await sleep(backoff / 2 + random() * (backoff / 2));
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError;
}
