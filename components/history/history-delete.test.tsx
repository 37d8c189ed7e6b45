/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { listLocalSessions, saveFailedRecordingAsLocalSession, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { readDeletedIds } from "@/lib/client/storage/deleted-sessions";

import { HISTORY_TEXTS as T } from "./texts";
import { useHistory, type HistoryEntry } from "./use-history";

// Deleting from the history: the card stays until the delete is done, so a second tap (or a swipe after the tap) on the
// same session meanwhile is the same delete, not another one.

jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: true, clerkEnabled: true, user: { id: "user_1" } }) }));
jest.mock("@/lib/client/recordings/recover-interrupted", () => ({ recoverInterruptedRecordings: async () => [] }));
jest.mock("@/lib/client/recordings/audio-store", () => ({
  deleteRecording: jest.fn(async () => undefined),
  getRecordingExtra: jest.fn(async () => undefined),
  putRecordingExtra: jest.fn(async () => false),
}));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn() }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { list: jest.fn(async () => ({ sessions: [], nextCursor: null, total: 0 })), remove: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
const audioStore = jest.requireMock("@/lib/client/recordings/audio-store");
const { apiRequest } = jest.requireMock("@/lib/client/api/request");

const entry = { id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", createdAt: "2026-11-01T09:00:00.000Z" } as HistoryEntry;
const titles = () => showToast.mock.calls.map(([toast]: [{ title: string }]) => toast.title);

function renderHistory() {
  const client = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useHistory(), { wrapper });
}

beforeEach(() => jest.clearAllMocks());

test("a second tap on a session's delete while its delete runs sends nothing more, and the user is told once", async () => {
  let done!: () => void;
  sessionApi.remove.mockImplementation(() => new Promise<void>((resolve) => (done = resolve)));
  const { result } = renderHistory();

  act(() => void result.current.remove(entry));
  act(() => void result.current.remove(entry));
  await waitFor(() => expect(sessionApi.remove).toHaveBeenCalled());
  await act(async () => done());
  await waitFor(() => expect(titles()).toContain(T.deleted));

  expect(sessionApi.remove).toHaveBeenCalledTimes(1);
  expect(titles()).toEqual([T.deleting, T.deleted]);
});

test("a delete that failed can be tried again", async () => {
  sessionApi.remove.mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(undefined);
  const { result } = renderHistory();

  act(() => void result.current.remove(entry));
  await waitFor(() => expect(titles()).toContain(T.deleteFailedTitle));
  act(() => void result.current.remove(entry));
  await waitFor(() => expect(titles()).toContain(T.deleted));
  expect(sessionApi.remove).toHaveBeenCalledTimes(2);
});

test("deleting a failed recording sent in parts withdraws the pieces the server keeps for its retry", async () => {
  // A guest's long recording whose second part could not be transcribed: the server still holds that part's pieces, and
  // only this browser knows the upload (its id and token are kept beside the audio, which the delete removes).
  const failed = saveFailedRecordingAsLocalSession({ audioKey: "rec-long-1", mimeType: "audio/webm", size: 40_000_000, error: "Transcription failed" });
  audioStore.getRecordingExtra.mockImplementation(async (id: string, key: string) =>
    id === "rec-long-1" && key === "upload" ? { uploadId: "8d0c8f7e-5b1a-4c2d-9e3f-0a1b2c3d4e5f", uploadToken: "t".repeat(43) } : undefined,
  );
  apiRequest.mockResolvedValue({ ok: true, status: 204 });
  const { result } = renderHistory();

  await act(() => result.current.remove({ ...failed, isLocal: true } as unknown as HistoryEntry));
  await waitFor(() => expect(titles()).toContain(T.deleted));

  expect(apiRequest).toHaveBeenCalledWith("DELETE", "/api/uploads/8d0c8f7e-5b1a-4c2d-9e3f-0a1b2c3d4e5f", { headers: { "x-upload-token": "t".repeat(43) } });
  expect(audioStore.deleteRecording).toHaveBeenCalledWith("rec-long-1");
  // The server is asked while the browser still has the upload's token: before the audio (and its extras) go.
  expect(apiRequest.mock.invocationCallOrder[0]).toBeLessThan(audioStore.deleteRecording.mock.invocationCallOrder[0]);
});

test("deleting an account's session also deletes its device copy left by a move whose answer never came, which then stays deleted", async () => {
  // The move reached the account (which keeps the device id as clientId), but its answer was lost: the copy is still here.
  const deviceId = "local-1700000000000";
  upsertLocalSessionRecord({ id: deviceId, isLocal: true, isCompleted: true, name: "Saturday plans", createdAt: "2026-11-01T09:00:00.000Z" });
  sessionApi.remove.mockResolvedValue(undefined);
  const { result } = renderHistory();

  await act(() => result.current.remove({ ...entry, clientId: deviceId }));
  await waitFor(() => expect(titles()).toContain(T.deleted));

  expect(sessionApi.remove).toHaveBeenCalledWith(entry.id);
  expect(listLocalSessions().map((session) => session.id)).toEqual([]);
  expect(readDeletedIds()).toEqual(expect.arrayContaining([entry.id, deviceId]));
});
