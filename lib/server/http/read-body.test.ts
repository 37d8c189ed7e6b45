/** @jest-environment node */
import { ApiError } from "./errors";
import { BODY_GRACE_MS, BODY_IDLE_MS, BODY_TOO_SLOW_MESSAGE, bodyChunks, bodyReadBounds, MIN_BODY_BYTES_PER_SECOND } from "./read-body";

const encoder = new TextEncoder();

/** A request whose body sends `pieces`, one every `everyMs`, and then ends (or never ends, with `stall`). */
function trickle(pieces: string[], everyMs: number, { stall = false }: { stall?: boolean } = {}): { request: Request; cancelled: () => boolean } {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let index = 0;
      const next = () => {
        if (index < pieces.length) {
          controller.enqueue(encoder.encode(pieces[index++]!));
          timer = setTimeout(next, everyMs);
        } else if (!stall) controller.close();
      };
      next();
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  });
  return { request: new Request("http://localhost/x", { method: "POST", body, duplex: "half" } as RequestInit), cancelled: () => cancelled };
}

async function readAll(request: Request, bounds: { deadlineMs: number; idleMs: number }): Promise<string> {
  let text = "";
  for await (const chunk of bodyChunks(request, bounds)) text += new TextDecoder().decode(chunk);
  return text;
}

describe("bodyReadBounds", () => {
  const sized = (contentLength?: string) =>
    new Request("http://localhost/x", { method: "POST", headers: contentLength ? { "content-length": contentLength } : {} });

  it.each([
    ["an 8 MB body, declared", "8388608", 8 * 1024 * 1024, BODY_GRACE_MS + 256_000],
    ["a 2 KB body, declared, on a route taking 8 MB", "2048", 8 * 1024 * 1024, BODY_GRACE_MS + 63],
    ["a body of unknown size: the route's limit", undefined, 2 * 1024 * 1024, BODY_GRACE_MS + 64_000],
    ["a declared size past the limit: the limit", "999999999", 1024 * 1024, BODY_GRACE_MS + 32_000],
  ])("%s", (_, contentLength, limit, deadlineMs) => {
    expect(bodyReadBounds(sized(contentLength), limit)).toEqual({ deadlineMs, idleMs: BODY_IDLE_MS });
  });

  it("waits for a real 8 MB recording at the slowest throughput it allows", () => {
    const bytes = 8 * 1024 * 1024;
    expect(bodyReadBounds(sized(String(bytes)), bytes).deadlineMs).toBeGreaterThanOrEqual((bytes / MIN_BODY_BYTES_PER_SECOND) * 1000);
  });
});

describe("bodyChunks", () => {
  it("reads a body whose pieces keep coming, none after a pause past the idle bound", async () => {
    const { request } = trickle(["a", "b", "c", "d"], 40);
    expect(await readAll(request, { deadlineMs: 1_000, idleMs: 100 })).toBe("abcd");
  });

  it("a body that stops halfway is a 408 with a clear message once the idle bound passes, and the body is cancelled", async () => {
    const { request, cancelled } = trickle(['{"audio":"AAAA'], 0, { stall: true });
    const started = Date.now();
    const error = await readAll(request, { deadlineMs: 10_000, idleMs: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, message: BODY_TOO_SLOW_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(cancelled()).toBe(true);
  });

  it("a body that trickles (each pause within the idle bound) is a 408 at its deadline", async () => {
    const { request, cancelled } = trickle(Array(100).fill("x"), 30);
    const started = Date.now();
    const error = await readAll(request, { deadlineMs: 200, idleMs: 100 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(cancelled()).toBe(true);
  });

  it("stopping early (a body over its limit) cancels the rest", async () => {
    const { request, cancelled } = trickle(["a", "b", "c"], 20, { stall: true });
    for await (const chunk of bodyChunks(request, { deadlineMs: 1_000, idleMs: 500 })) if (chunk.byteLength > 0) break;
    expect(cancelled()).toBe(true);
  });
});
