/** @jest-environment jsdom */
import { ApiRequestError } from "@/lib/client/api/request";
import { setDeviceOwner } from "@/lib/client/storage/device-owner";

import type { UploadSend } from "./stored-upload";
import { closeStoredUpload, closeUpload, flushUploadsToClose, queueUploadToClose, readUploadsToClose } from "./uploads-to-close";

// An upload the server could not be told to close would count against the caller's open uploads (and hold a deleted
// recording's pieces) for a day: it waits in this browser and is closed at the next opening or reconnection.

type Answer = "ok" | "network" | number;

const methodsSent: string[] = [];
afterEach(() => {
  expect(methodsSent.filter((method) => method !== "DELETE")).toEqual([]);
  methodsSent.length = 0;
});

/** A server answering each DELETE from a queue of answers per upload id (ok once the queue is empty). */
function fakeServer(answers: Record<string, Answer[]> = {}) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const send = jest.fn<ReturnType<UploadSend>, Parameters<UploadSend>>(async (method, path, options = {}) => {
    // Checked after the test, not by an expect here: the code under test takes a throw from send for "try later".
    methodsSent.push(method);
    calls.push({ path, headers: options.headers ?? {} });
    const id = decodeURIComponent(path.split("/").at(-1)!);
    const answer = answers[id]?.shift() ?? "ok";
    if (answer === "network") throw new TypeError("Failed to fetch");
    if (answer !== "ok") throw new ApiRequestError(answer, "", JSON.stringify({ error: "no" }));
    return { ok: true, status: 204 } as Response;
  });
  return { send, calls };
}

const waitingIds = () => readUploadsToClose().map((upload) => upload.uploadId);

beforeEach(() => {
  localStorage.clear();
  setDeviceOwner(null);
});

test("an upload the server closed, or will never take (gone, not the caller's), does not wait", async () => {
  const server = fakeServer({ gone: [404], forbidden: [403] });
  await closeUpload({ uploadId: "closed", uploadToken: "tok" }, server.send);
  await closeUpload({ uploadId: "gone" }, server.send);
  await closeUpload({ uploadId: "forbidden" }, server.send);
  expect(server.calls).toEqual([
    { path: "/api/uploads/closed", headers: { "x-upload-token": "tok" } },
    { path: "/api/uploads/gone", headers: {} },
    { path: "/api/uploads/forbidden", headers: {} },
  ]);
  expect(localStorage.getItem("uploads_to_close")).toBeNull();
});

test.each<[string, Answer]>([
  ["no connection", "network"],
  ["a server error", 500],
  ["a busy server", 503],
  ["a rate limit", 429],
  ["a time-out", 408],
])("an upload whose close met %s waits with its token, and the next flush closes it", async (_, failure) => {
  const server = fakeServer({ up1: [failure] });
  await closeUpload({ uploadId: "up1", uploadToken: "tok-1" }, server.send);
  expect(readUploadsToClose()).toEqual([{ uploadId: "up1", uploadToken: "tok-1" }]);

  expect(await flushUploadsToClose(server.send)).toBe(1);
  expect(server.calls.at(-1)).toEqual({ path: "/api/uploads/up1", headers: { "x-upload-token": "tok-1" } });
  expect(localStorage.getItem("uploads_to_close")).toBeNull();
});

test("the recording's stored upload is the one closed; a recording without one asks nothing", async () => {
  const server = fakeServer({ up2: ["network"] });
  const getExtra = jest.fn(async (id: string, key: string) => (id === "rec-1" && key === "upload" ? { uploadId: "up2" } : undefined));
  await closeStoredUpload("rec-1", server.send, getExtra);
  await closeStoredUpload("rec-without-upload", server.send, getExtra);
  await closeStoredUpload("rec-unreadable", server.send, async () => Promise.reject(new Error("closed")));
  expect(server.calls.map((call) => call.path)).toEqual(["/api/uploads/up2"]);
  expect(waitingIds()).toEqual(["up2"]);
});

test("a flush closes what it can and keeps what still fails; one the server has expired (404) goes", async () => {
  for (const uploadId of ["a", "b", "c"]) queueUploadToClose({ uploadId });
  const server = fakeServer({ b: ["network"], c: [404] });
  expect(await flushUploadsToClose(server.send)).toBe(2);
  expect(waitingIds()).toEqual(["b"]);
  expect(await flushUploadsToClose(server.send)).toBe(1);
  expect(waitingIds()).toEqual([]);
});

test("a signed-in user's upload waits for them: a guest or another account on this browser does not send it", async () => {
  setDeviceOwner("user_ana");
  queueUploadToClose({ uploadId: "anas" });
  setDeviceOwner(null);
  queueUploadToClose({ uploadId: "guests", uploadToken: "tok-g" });
  const server = fakeServer();

  expect(await flushUploadsToClose(server.send)).toBe(1);
  expect(server.calls.map((call) => call.path)).toEqual(["/api/uploads/guests"]);
  setDeviceOwner("user_ben");
  expect(await flushUploadsToClose(server.send)).toBe(0);
  setDeviceOwner("user_ana");
  expect(await flushUploadsToClose(server.send)).toBe(1);
  expect(server.calls.map((call) => call.path)).toEqual(["/api/uploads/guests", "/api/uploads/anas"]);
  expect(waitingIds()).toEqual([]);
});

test("the app's opening and the connection's return flushing at once close each upload once", async () => {
  queueUploadToClose({ uploadId: "once" });
  const server = fakeServer();
  const [first, second] = await Promise.all([flushUploadsToClose(server.send), flushUploadsToClose(server.send)]);
  expect(first).toBe(1);
  expect(second).toBe(1);
  expect(server.send).toHaveBeenCalledTimes(1);
});

test("the list is bounded: the oldest goes (the server expires it on its own); the same upload is kept once", () => {
  for (let index = 0; index < 25; index += 1) queueUploadToClose({ uploadId: `up-${index}` });
  queueUploadToClose({ uploadId: "up-24" });
  expect(waitingIds()).toEqual(Array.from({ length: 20 }, (_, index) => `up-${index + 5}`));
});

test("a damaged list reads as what it holds that is readable; a browser refusing the write loses nothing else", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  localStorage.setItem("uploads_to_close", "{not json");
  expect(readUploadsToClose()).toEqual([]);
  localStorage.setItem("uploads_to_close", JSON.stringify([null, { uploadId: "" }, { uploadId: 3 }, { uploadId: "ok", ownerId: 5, uploadToken: 7 }]));
  expect(readUploadsToClose()).toEqual([{ uploadId: "ok" }]);
  warn.mockRestore();

  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException("full", "QuotaExceededError");
    },
    removeItem: () => undefined,
  };
  expect(() => queueUploadToClose({ uploadId: "x" }, refusing)).not.toThrow();
});
