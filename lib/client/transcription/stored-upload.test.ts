import { forgetExtrasInMemory, withExtrasInMemory } from "./stored-upload";

// The side store of a recording the audio store does not hold (private browsing): this tab's memory keeps what it cannot,
// so that a retry here resumes the same upload, with its token, instead of opening a new one each time.

const refusing = () => ({ put: jest.fn(async () => false), get: jest.fn(async () => undefined) });

test("what the audio store refused is read back from this tab's memory", async () => {
  const store = refusing();
  const extras = withExtrasInMemory(store);
  expect(await extras.put("rec-private-1", "upload", { uploadId: "u1", uploadToken: "t" })).toBe(false);
  expect(await extras.get("rec-private-1", "upload")).toEqual({ uploadId: "u1", uploadToken: "t" });
  expect(await extras.get("rec-private-1", "part-0")).toBeUndefined();
  expect(await extras.get("rec-other", "upload")).toBeUndefined();
});

test("a store that throws counts as refusing, and what it keeps wins over the memory", async () => {
  const store = { put: jest.fn(async () => Promise.reject(new Error("InvalidStateError"))), get: jest.fn(async () => Promise.reject(new Error("closed"))) };
  const extras = withExtrasInMemory(store);
  expect(await extras.put("rec-private-2", "upload", { uploadId: "u2" })).toBe(false);
  expect(await extras.get("rec-private-2", "upload")).toEqual({ uploadId: "u2" });

  const kept = withExtrasInMemory({ put: jest.fn(async () => true), get: jest.fn(async () => ({ uploadId: "u3" })) });
  expect(await kept.put("rec-private-2", "upload", { uploadId: "u3" })).toBe(true);
  expect(await kept.get("rec-private-2", "upload")).toEqual({ uploadId: "u3" });
});

test("a newer value the store refused wins over the older one it still holds", async () => {
  const store = { put: jest.fn(async () => false), get: jest.fn(async () => ({ uploadId: "old" })) };
  const extras = withExtrasInMemory(store);
  await extras.put("rec-private-4", "upload", { uploadId: "new" });
  expect(await extras.get("rec-private-4", "upload")).toEqual({ uploadId: "new" });
});

test("forgetting a recording drops all it kept in memory, and nothing of another one", async () => {
  const extras = withExtrasInMemory(refusing());
  await extras.put("rec-private-3", "upload", { uploadId: "u3" });
  await extras.put("rec-private-3", "part-0", { part: 0 });
  await extras.put("rec-private-30", "upload", { uploadId: "u30" });
  forgetExtrasInMemory("rec-private-3");
  expect(await extras.get("rec-private-3", "upload")).toBeUndefined();
  expect(await extras.get("rec-private-3", "part-0")).toBeUndefined();
  expect(await extras.get("rec-private-30", "upload")).toEqual({ uploadId: "u30" });
});
