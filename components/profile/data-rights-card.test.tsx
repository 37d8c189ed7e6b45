/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeQueryClient, queryKeys } from "@/lib/client/api/query-client";
import { setRequestAuth } from "@/lib/client/api/request";
import { STORAGE_KEYS } from "@/lib/client/storage/browser-keys";
import { currentToast as getToast } from "@/lib/client/toast/toast-store";

import { DataRightsCard } from "./data-rights-card";
import { DATA_TEXTS as T } from "./texts";

// The card's real request helper runs; the network (jsdom has no fetch) and IndexedDB (the audio store) are stand-ins.
const identity = { signedIn: true, clerkEnabled: true, user: { id: "user_1" }, signOut: jest.fn(async () => {}), endingAccount: jest.fn() };
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => identity }));

const storedRecordings = [{ id: "rec-1", mimeType: "audio/webm", startedAt: 1, mode: "couple", status: "failed", updatedAt: 1, chunkCount: 2 }];
const deletedRecordings: string[] = [];
jest.mock("@/lib/client/recordings/audio-store", () => ({
  ...jest.requireActual("@/lib/client/recordings/audio-store"),
  listStoredRecordings: jest.fn(async () => storedRecordings.filter((recording) => !deletedRecordings.includes(recording.id))),
  deleteRecording: jest.fn(async (id: string) => void deletedRecordings.push(id)),
}));

type FakeAnswer = { status: number; body: string; headers?: Record<string, string> };
const calls: { method: string; url: string; authorization: string | null }[] = [];
let answers: Record<string, FakeAnswer> = {};

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, authorization: new Headers(init?.headers).get("authorization") });
    const answer = answers[`${method} ${url}`] ?? { status: 404, body: '{"error":"not found"}' };
    return {
      ok: answer.status < 400,
      status: answer.status,
      statusText: String(answer.status),
      headers: new Headers(answer.headers),
      text: async () => answer.body,
      json: async () => JSON.parse(answer.body),
    } as Response;
  }) as typeof fetch;
});

const downloads: { name: string; text: Promise<string> }[] = [];
// jsdom's Blob has no text(): read it the way older browsers do.
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
beforeEach(() => {
  calls.length = 0;
  downloads.length = 0;
  deletedRecordings.length = 0;
  answers = {};
  localStorage.clear();
  identity.signedIn = true;
  identity.signOut.mockClear();
  identity.endingAccount.mockClear();
  setRequestAuth({ signedIn: true, getToken: async () => "token-1", user: { id: "user_1" } });
  let lastBlob: Blob | null = null;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    lastBlob = blob;
    return "blob:export";
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, text: readBlob(lastBlob as Blob) });
  });
});
afterEach(() => jest.restoreAllMocks());

function renderCard() {
  const client = makeQueryClient(async () => ({ sessions: [{ id: "s1" }] }));
  client.setQueryData(queryKeys.sessions(), { sessions: [{ id: "s1" }] });
  render(
    <QueryClientProvider client={client}>
      <DataRightsCard />
    </QueryClientProvider>,
  );
  return { client, card: screen.getByRole("region", { name: T.heading }) };
}

function seedDeviceSessions() {
  localStorage.setItem(STORAGE_KEYS.localSessions, JSON.stringify([{ id: "local-5", transcript: "Ana: hi", timestamp: 5, audioKey: "rec-1" }]));
  localStorage.setItem(STORAGE_KEYS.localRecordings, JSON.stringify([{ id: "rec-1", sessionId: "local-5", audioKey: "rec-1" }]));
  localStorage.setItem(STORAGE_KEYS.speechLanguage, "fr-FR");
}

describe("DataRightsCard, signed in", () => {
  it("downloads the account's export as the file the server named", async () => {
    answers["GET /api/account/export"] = {
      status: 200,
      body: '{"format":"relationship-coach-export","sessions":[{"id":"s1"}],"counts":{"sessions":1}}',
      headers: { "content-disposition": 'attachment; filename="relationship-coach-export-2026-11-23.json"' },
    };
    deletedRecordings.push("rec-1"); // nothing kept on this device
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.download }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe("relationship-coach-export-2026-11-23.json");
    expect(JSON.parse(await downloads[0]!.text)).toEqual({ format: "relationship-coach-export", sessions: [{ id: "s1" }], counts: { sessions: 1 } });
    expect(calls).toEqual([{ method: "GET", url: "/api/account/export", authorization: "Bearer token-1" }]);
    expect(getToast()).toMatchObject({ title: T.downloadStarted });
  });

  it("adds what this device keeps for the user (a session saved here only, a recording waiting for its retry), which deleting removes too", async () => {
    answers["GET /api/account/export"] = {
      status: 200,
      body: '{"format":"relationship-coach-export","sessions":[{"id":"s1"}],"counts":{"sessions":1}}',
      headers: { "content-disposition": 'attachment; filename="relationship-coach-export-2026-11-23.json"' },
    };
    seedDeviceSessions();
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.download }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const file = JSON.parse(await downloads[0]!.text);
    expect(file).toMatchObject({ format: "relationship-coach-export", sessions: [{ id: "s1" }], counts: { sessions: 1 } });
    expect(file.thisDevice).toMatchObject({
      source: "this-device",
      sessions: [expect.objectContaining({ id: "local-5", transcript: "Ana: hi" })],
      recordings: [expect.objectContaining({ id: "rec-1", audioIncluded: false })],
    });
  });

  it.each([
    ["cut off mid-way", '{"format":"relationship-coach-export","sessions":[{"id":"s1"},{"id":'],
    ["ended before its counts", '{"format":"relationship-coach-export","sessions":[{"id":"s1"}]}'],
    ["with fewer sessions than it counts", '{"format":"relationship-coach-export","sessions":[{"id":"s1"}],"counts":{"sessions":2}}'],
  ])("saves no file and says the download failed when the export arrives %s", async (_, body) => {
    answers["GET /api/account/export"] = {
      status: 200,
      body,
      headers: { "content-disposition": 'attachment; filename="relationship-coach-export-2026-11-23.json"' },
    };
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.download }));
    await waitFor(() => expect(getToast()).toMatchObject({ title: T.downloadFailedTitle, description: T.downloadFailedBody }));
    expect(downloads).toHaveLength(0);
  });

  it("says so when the export fails", async () => {
    answers["GET /api/account/export"] = { status: 500, body: '{"error":"x","code":"internal"}' };
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.download }));
    await waitFor(() => expect(getToast()).toMatchObject({ title: T.downloadFailedTitle, description: T.downloadFailedBody }));
    expect(downloads).toHaveLength(0);
  });

  it("deletes nothing until the dialog is confirmed; Cancel closes it", async () => {
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    const dialog = screen.getByRole("dialog", { name: T.confirmTitle });
    expect(dialog).toHaveTextContent(T.confirmAccount);
    // The focus starts on Cancel, not on the irreversible action.
    expect(within(dialog).getByRole("button", { name: T.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: T.cancel }));
    expect(screen.queryByRole("dialog", { name: T.confirmTitle })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("after confirmation deletes the account's data and this device's copies, says so, and refreshes the history", async () => {
    seedDeviceSessions();
    answers["DELETE /api/account/data"] = { status: 200, body: '{"success":true,"deleted":{"sessions":1},"accountDeleted":false}' };
    const { client, card } = renderCard();
    const heard = jest.fn();
    window.addEventListener("refresh-sessions", heard);

    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: T.confirmDelete }));

    await waitFor(() => expect(within(card).getByRole("status")).toHaveTextContent(T.deletedAccount));
    expect(calls).toEqual([{ method: "DELETE", url: "/api/account/data", authorization: "Bearer token-1" }]);
    expect(localStorage.getItem(STORAGE_KEYS.localSessions)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.speechLanguage)).toBe("fr-FR");
    expect(deletedRecordings).toEqual(["rec-1"]);
    expect(client.getQueryState(queryKeys.sessions())?.isInvalidated).toBe(true);
    expect(heard).toHaveBeenCalled();
    expect(identity.signOut).not.toHaveBeenCalled();
    window.removeEventListener("refresh-sessions", heard);
  });

  it("can delete the account too, and then signs out", async () => {
    answers["DELETE /api/account/data?account=true"] = { status: 200, body: '{"success":true,"deleted":{"sessions":1},"accountDeleted":true}' };
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: T.confirmDeleteAccount }));
    await waitFor(() => expect(identity.signOut).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["DELETE /api/account/data?account=true"]);
    // The sign-out says it, in place of "Logged out" (and after its reload, when it reloads the page).
    expect(identity.signOut).toHaveBeenCalledWith({ title: T.deletedWithAccount, variant: "success" });
    // Said before the account was deleted: Clerk noticing it gone first must not reload the page under these steps.
    expect(identity.endingAccount.mock.calls).toEqual([[true]]);
    expect(identity.endingAccount.mock.invocationCallOrder[0]).toBeLessThan((globalThis.fetch as jest.Mock).mock.invocationCallOrder.at(-1)!);
  });

  it("says the data is gone but the account is not when only Clerk failed, and keeps the user signed in", async () => {
    answers["DELETE /api/account/data?account=true"] = {
      status: 502,
      body: '{"error":"Your data was deleted, but your account could not be deleted. Please try again.","code":"upstream_failed","deleted":{"sessions":1}}',
    };
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: T.confirmDeleteAccount }));
    await waitFor(() => expect(within(card).getByRole("status")).toHaveTextContent(T.accountDeleteFailed));
    expect(identity.signOut).not.toHaveBeenCalled();
    // The account stays: another tab's sign-out reloads this one again.
    expect(identity.endingAccount.mock.calls).toEqual([[true], [false]]);
  });

  it("keeps this device's data and shows Delete Failed when the server refuses", async () => {
    seedDeviceSessions();
    answers["DELETE /api/account/data"] = { status: 503, body: '{"error":"x","code":"unavailable"}' };
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: T.confirmDelete }));
    await waitFor(() => expect(getToast()).toMatchObject({ title: T.deleteFailedTitle, description: T.deleteFailedBody }));
    expect(localStorage.getItem(STORAGE_KEYS.localSessions)).not.toBeNull();
    expect(within(card).getByRole("status")).toHaveTextContent("");
  });
});

describe("DataRightsCard, as a guest", () => {
  beforeEach(() => {
    identity.signedIn = false;
    setRequestAuth({ signedIn: false });
  });

  it("downloads this device's sessions with no server call", async () => {
    seedDeviceSessions();
    const { card } = renderCard();
    expect(card).toHaveTextContent(T.introDevice);
    await userEvent.click(within(card).getByRole("button", { name: T.download }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^relationship-coach-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await downloads[0]!.text);
    expect(data).toMatchObject({ source: "this-device", sessions: [{ id: "local-5", transcript: "Ana: hi" }] });
    expect(data.recordings).toEqual([expect.objectContaining({ id: "rec-1", audioIncluded: false })]);
    expect(calls).toEqual([]);
  });

  it("deletes this device's sessions and recordings after confirmation, with no server call", async () => {
    seedDeviceSessions();
    const { card } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: T.deleteAll }));
    const dialog = screen.getByRole("dialog", { name: T.confirmTitle });
    expect(dialog).toHaveTextContent(T.confirmDevice);
    expect(within(dialog).queryByRole("button", { name: T.confirmDeleteAccount })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: T.confirmDelete }));
    await waitFor(() => expect(within(card).getByRole("status")).toHaveTextContent(T.deletedDevice));
    expect(localStorage.getItem(STORAGE_KEYS.localSessions)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.localRecordings)).toBeNull();
    expect(deletedRecordings).toEqual(["rec-1"]);
    expect(calls).toEqual([]);
  });
});
