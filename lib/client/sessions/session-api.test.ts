/**
 * @jest-environment node
 */
import type { RequestAuth } from "../api/request";
import { SESSION_LIST_TIMEOUT_MS, sessionApi } from "./session-api";

// GET /api/sessions gives up after 3 s (spec part 1 section 7), whoever asks: the history's pages and the profile's count.

jest.mock("../api/request", () => ({ ...jest.requireActual("../api/request"), apiJson: jest.fn() }));
const { apiJson } = jest.requireMock("../api/request");
const actual: typeof import("../api/request") = jest.requireActual("../api/request");

/** apiJson as it really is, over a fetch that never answers but rejects once aborted, as browsers do. */
function hangingServer() {
  const guest: RequestAuth = { signedIn: false };
  const hangingFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason), { once: true }));
  const real = actual.createApiClient({ fetch: hangingFetch as unknown as typeof fetch, getAuth: () => guest, storage: () => null });
  apiJson.mockImplementation(real.apiJson);
}

afterEach(() => jest.restoreAllMocks());

test("the time-out is the spec's 3 s", () => {
  expect(SESSION_LIST_TIMEOUT_MS).toBe(3000);
});

test.each([
  ["the profile's count (no signal of its own)", undefined],
  ["a caller with its own signal", new AbortController().signal],
])("%s asks for the 3 s and fails as a connection error when they are over", async (_, signal) => {
  const expired = new AbortController();
  const timeout = jest.spyOn(AbortSignal, "timeout").mockImplementation(() => expired.signal);
  hangingServer();
  const listed = sessionApi.list({ limit: 1, signal }).catch((error: unknown) => error);
  expect(apiJson).toHaveBeenCalledWith(
    "GET",
    expect.stringMatching(/^\/api\/sessions\?/),
    expect.objectContaining({ timeoutMs: SESSION_LIST_TIMEOUT_MS, signal }),
  );
  await Promise.resolve();
  expect(timeout).toHaveBeenCalledWith(SESSION_LIST_TIMEOUT_MS);
  expired.abort(new DOMException("timed out", "TimeoutError"));
  expect(await listed).toMatchObject({ name: "SessionApiError", status: 0, isConnectionError: true });
});

test("the caller's own cancel still stops it at once", async () => {
  hangingServer();
  const controller = new AbortController();
  const listed = sessionApi.list({ signal: controller.signal }).catch((error: unknown) => error);
  controller.abort(new DOMException("cancelled", "AbortError"));
  expect(await listed).toMatchObject({ name: "SessionApiError" });
});
