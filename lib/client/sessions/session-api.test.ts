/**
 * @jest-environment node
 */
import { SESSION_LIST_TIMEOUT_MS, sessionApi } from "./session-api";

// GET /api/sessions gives up after 3 s (spec part 1 section 7), whoever asks: the history's pages and the profile's count.

jest.mock("../api/request", () => ({ ...jest.requireActual("../api/request"), apiJson: jest.fn() }));
const { apiJson } = jest.requireMock("../api/request");

/** An answer that never comes, rejected with the signal's reason once it aborts, as fetch does. */
function hangUntilAborted() {
  apiJson.mockImplementation(
    (_method: string, _path: string, { signal }: { signal: AbortSignal }) =>
      new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
  );
}

afterEach(() => jest.restoreAllMocks());

test("the time-out is the spec's 3 s", () => {
  expect(SESSION_LIST_TIMEOUT_MS).toBe(3000);
});

test.each([
  ["the profile's count (no signal of its own)", undefined],
  ["a caller with its own signal", new AbortController().signal],
])("%s is aborted when the 3 s are over", async (_, signal) => {
  const expired = new AbortController();
  const timeout = jest.spyOn(AbortSignal, "timeout").mockImplementation(() => expired.signal);
  hangUntilAborted();
  const listed = sessionApi.list({ limit: 1, signal }).catch((error: unknown) => error);
  expect(timeout).toHaveBeenCalledWith(SESSION_LIST_TIMEOUT_MS);
  expired.abort(new DOMException("timed out", "TimeoutError"));
  expect(await listed).toMatchObject({ name: "SessionApiError", status: 0 });
});

test("the caller's own cancel still stops it at once", async () => {
  hangUntilAborted();
  const controller = new AbortController();
  const listed = sessionApi.list({ signal: controller.signal }).catch((error: unknown) => error);
  controller.abort(new DOMException("cancelled", "AbortError"));
  expect(await listed).toMatchObject({ name: "SessionApiError" });
});
