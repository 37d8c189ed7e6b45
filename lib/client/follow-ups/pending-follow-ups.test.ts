/** @jest-environment jsdom */
import { SessionApiError } from "@/lib/client/sessions/session-api";
import { setDeviceOwner } from "@/lib/client/storage/device-owner";

import { flushPendingFollowUps, queueFollowUp, readPendingFollowUps } from "./pending-follow-ups";

const followUp = (transcript: string) => ({ transcript, speakerNames: { SPEAKER_01: "Ana" } });

beforeEach(() => localStorage.clear());

describe("pending growth follow-ups", () => {
  it("keeps a follow-up once per session and transcript", () => {
    queueFollowUp({ sessionId: "s1", followUp: followUp("We will walk on Sundays.") });
    queueFollowUp({ sessionId: "s1", followUp: followUp("We will walk on Sundays.") });
    queueFollowUp({ sessionId: "s2", followUp: followUp("Phones away at dinner.") });
    expect(readPendingFollowUps().map((item) => item.sessionId)).toEqual(["s1", "s2"]);
  });

  it("a full queue refuses a new follow-up rather than drop one it holds (its audio is gone: that transcript is the only copy)", () => {
    for (let index = 0; index < 20; index += 1) expect(queueFollowUp({ sessionId: `s${index}`, followUp: followUp(`commitment ${index}`) })).toBe(true);
    expect(queueFollowUp({ sessionId: "one-more", followUp: followUp("Phones away at dinner.") })).toBe(false);
    expect(readPendingFollowUps().map((item) => item.sessionId)).toEqual(Array.from({ length: 20 }, (_, index) => `s${index}`));
    // The same follow-up again is not a new one: it is still taken.
    expect(queueFollowUp({ sessionId: "s0", followUp: followUp("commitment 0") })).toBe(true);
    expect(readPendingFollowUps()).toHaveLength(20);
  });

  it("sends each one; what the server took, or whose session is gone, leaves the queue; the rest waits for the next try", async () => {
    queueFollowUp({ sessionId: "sent", followUp: followUp("one") });
    queueFollowUp({ sessionId: "offline", followUp: followUp("two") });
    queueFollowUp({ sessionId: "deleted", followUp: followUp("three") });
    const append = jest.fn(async (sessionId: string) => {
      if (sessionId === "offline") throw new SessionApiError("Failed to fetch", { status: 0 });
      if (sessionId === "deleted") throw new SessionApiError("Session not found", { status: 404 });
      return { status: "partial_failure" };
    });
    expect(await flushPendingFollowUps(localStorage, append)).toBe(1);
    expect(append).toHaveBeenCalledWith("sent", followUp("one"));
    expect(readPendingFollowUps().map((item) => item.sessionId)).toEqual(["offline"]);

    append.mockResolvedValue({ status: "ok" });
    expect(await flushPendingFollowUps(localStorage, append)).toBe(1);
    expect(readPendingFollowUps()).toEqual([]);
    expect(localStorage.getItem("pending_follow_ups")).toBeNull();
  });

  it("reads a damaged entry as nothing instead of failing", () => {
    localStorage.setItem("pending_follow_ups", "{not json");
    expect(readPendingFollowUps()).toEqual([]);
    localStorage.setItem("pending_follow_ups", JSON.stringify([{ sessionId: 3 }, { sessionId: "s", followUp: { transcript: "ok" } }]));
    expect(readPendingFollowUps()).toEqual([{ sessionId: "s", followUp: { transcript: "ok" } }]);
  });

  it("reads a stored value that is not a list, or a storage that refuses to be read, as nothing", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    localStorage.setItem("pending_follow_ups", JSON.stringify({ sessionId: "s", followUp: { transcript: "ok" } }));
    expect(readPendingFollowUps()).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: jest.fn(),
      removeItem: jest.fn(),
    };
    expect(readPendingFollowUps(refusing)).toEqual([]);
    expect(readPendingFollowUps(null)).toEqual([]);
    warn.mockRestore();
  });
});

describe("pending follow-ups on a shared browser", () => {
  afterEach(() => setDeviceOwner(null));

  it("one account's follow-up is not sent by a guest or another account (whose 404 would drop it); its owner sends it", async () => {
    setDeviceOwner("user_a");
    queueFollowUp({ sessionId: "session-of-a", followUp: followUp("We will walk on Sundays.") });
    const notTheirs = jest.fn(async () => {
      throw new SessionApiError("Session not found", { status: 404 });
    });
    for (const next of [null, "user_b"]) {
      setDeviceOwner(next);
      expect(await flushPendingFollowUps(localStorage, notTheirs)).toBe(0);
    }
    expect(notTheirs).not.toHaveBeenCalled();
    setDeviceOwner("user_a");
    const append = jest.fn().mockResolvedValue({ status: "ok" });
    expect(await flushPendingFollowUps(localStorage, append)).toBe(1);
    expect(append).toHaveBeenCalledWith("session-of-a", followUp("We will walk on Sundays."));
    expect(readPendingFollowUps()).toEqual([]);
  });
});

describe("flushes at the same time", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "locks");
  });

  it("a flush started while one runs (the connection back during the one at opening) sends nothing twice", async () => {
    queueFollowUp({ sessionId: "s1", followUp: followUp("We will walk on Sundays.") });
    const answers: (() => void)[] = [];
    const append = jest.fn(() => new Promise((resolve) => answers.push(() => resolve({ status: "ok" }))));
    const first = flushPendingFollowUps(localStorage, append);
    const second = flushPendingFollowUps(localStorage, append);
    await waitUntil(() => append.mock.calls.length > 0);
    answers.forEach((answer) => answer());
    expect(await Promise.all([first, second])).toEqual([1, 0]);
    expect(append).toHaveBeenCalledTimes(1);
    expect(readPendingFollowUps()).toEqual([]);
  });

  it("another tab's flush is waited for under the Web Lock, and what it sent is not sent again", async () => {
    const requested: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    // One lock at a time, in order, as the browser grants an exclusive lock to the tabs of one origin.
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        requested.push(name);
        const granted = tail.then(() => callback());
        tail = granted.catch(() => undefined);
        return granted;
      },
    };
    Object.defineProperty(navigator, "locks", { configurable: true, value: locks });
    queueFollowUp({ sessionId: "s1", followUp: followUp("We will walk on Sundays.") });

    // The other tab holds the lock while it sends the follow-up, and takes it out of the shared queue.
    let otherTabDone!: () => void;
    const otherTab = locks.request("coach-pending-follow-ups", () => new Promise<void>((resolve) => (otherTabDone = resolve)));
    const append = jest.fn().mockResolvedValue({ status: "ok" });
    const flushing = flushPendingFollowUps(localStorage, append);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(append).not.toHaveBeenCalled();
    localStorage.removeItem("pending_follow_ups");
    otherTabDone();
    await otherTab;

    expect(await flushing).toBe(0);
    expect(append).not.toHaveBeenCalled();
    expect(requested).toEqual(["coach-pending-follow-ups", "coach-pending-follow-ups"]);
  });
});

async function waitUntil(condition: () => boolean) {
  for (let attempt = 0; attempt < 100 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
