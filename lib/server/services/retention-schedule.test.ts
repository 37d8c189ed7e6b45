/** @jest-environment node */
import { runRetention } from "./retention";
import { RETENTION_INTERVAL_MS, RETENTION_MIN_GAP_MS, RETENTION_RUN_BOUND_MS, runRetentionWhenDue } from "./retention-schedule";

jest.mock("./retention", () => ({ runRetention: jest.fn() }));
const run = runRetention as jest.MockedFunction<typeof runRetention>;
const done = { failedAudioDeleted: 0, rateLimitCountersDeleted: 0, uploadsDeleted: 0, transcribedPartsCleared: 0, audioCutoff: "" };

// The module keeps when it last ran: each case starts from a fresh copy of it.
function freshSchedule(): typeof import("./retention-schedule") {
  let fresh!: typeof import("./retention-schedule");
  jest.isolateModules(() => {
    fresh = jest.requireActual("./retention-schedule");
  });
  return fresh;
}

beforeEach(() => run.mockReset().mockResolvedValue(done));

it("runs at most once in its least gap, however often it is asked", async () => {
  const { runRetentionWhenDue: whenDue } = freshSchedule();
  const start = Date.UTC(2026, 10, 25, 12);
  await whenDue(start);
  await whenDue(start + 1_000);
  await whenDue(start + RETENTION_MIN_GAP_MS - 1);
  expect(run).toHaveBeenCalledTimes(1);
  await whenDue(start + RETENTION_MIN_GAP_MS);
  expect(run).toHaveBeenCalledTimes(2);
  expect(run).toHaveBeenLastCalledWith(new Date(start + RETENTION_MIN_GAP_MS));
});

it("asked again while it runs, waits for that run instead of starting another", async () => {
  const { runRetentionWhenDue: whenDue } = freshSchedule();
  let finish!: () => void;
  run.mockReturnValueOnce(new Promise((resolve) => (finish = () => resolve(done))));
  const first = whenDue(0);
  const second = whenDue(RETENTION_MIN_GAP_MS * 2);
  finish();
  await Promise.all([first, second]);
  expect(run).toHaveBeenCalledTimes(1);
});

it("a failed run is logged without its data and never thrown at the request that asked", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  run.mockRejectedValueOnce(Object.assign(new Error("insert … 'Ana: private words'"), { name: "PrismaClientKnownRequestError", code: "P1001" }));
  await expect(runRetentionWhenDue(0)).resolves.toBeUndefined();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining("PrismaClientKnownRequestError P1001"));
  expect(warn.mock.calls.flat().join(" ")).not.toContain("private words");
  warn.mockRestore();
});

it("a run that failed on a bound of the database (no pool connection in time) lets the next one start when due", async () => {
  const { runRetentionWhenDue: whenDue } = freshSchedule();
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    run.mockRejectedValueOnce(new Error("timeout exceeded when trying to connect"));
    await whenDue(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("timeout exceeded when trying to connect"));
    await whenDue(RETENTION_MIN_GAP_MS);
    expect(run).toHaveBeenCalledTimes(2);
  } finally {
    warn.mockRestore();
  }
});

it("a run that never ends is given up on after its bound, and the next one starts when due", async () => {
  jest.useFakeTimers();
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const { runRetentionWhenDue: whenDue } = freshSchedule();
    run.mockReturnValueOnce(new Promise(() => {}));
    let ended = false;
    void whenDue(0).then(() => (ended = true));
    await jest.advanceTimersByTimeAsync(RETENTION_RUN_BOUND_MS - 1);
    expect(ended).toBe(false);
    // Still running: asked again, it waits for that run.
    void whenDue(RETENTION_MIN_GAP_MS);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("has not ended in 10 minutes"));
    await whenDue(RETENTION_RUN_BOUND_MS + RETENTION_MIN_GAP_MS);
    expect(run).toHaveBeenCalledTimes(2);
  } finally {
    warn.mockRestore();
    jest.useRealTimers();
  }
});

it("the server's timer runs it a minute after start, then every interval (started twice, still once)", async () => {
  jest.useFakeTimers();
  try {
    const { scheduleRetention: schedule } = freshSchedule();
    schedule();
    schedule();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS * 3);
    expect(run).toHaveBeenCalledTimes(5);
  } finally {
    jest.useRealTimers();
  }
});
