/** @jest-environment jsdom */
import { deserialize, serialize } from "node:v8";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import type { ReactNode } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { appendChunk, beginRecording, deleteRecording, listStoredRecordings } from "@/lib/client/recordings/audio-store";
import { SESSION_STORAGE_MESSAGES } from "@/lib/client/storage/storage-warning";

import { useHistory } from "./use-history";

// A recording left behind by a closed tab becomes a red item to retry when the history opens. When this browser refuses to
// write that item (its storage full), the audio is kept but nothing offers its retry: the user is told, not left unaware.

jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: false, clerkEnabled: false }) }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

function renderHistory() {
  const client = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useHistory(), { wrapper });
}

// jsdom has neither IndexedDB nor the structuredClone fake-indexeddb stores values with.
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
Object.assign(globalThis, { indexedDB, IDBKeyRange });

let setItem: jest.SpyInstance | null = null;
beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});
afterEach(async () => {
  setItem?.mockRestore();
  setItem = null;
  for (const recording of await listStoredRecordings()) await deleteRecording(recording.id);
});

test("an interrupted recording the browser cannot list (storage full) keeps its audio, and the user hears why it is not there", async () => {
  await beginRecording({ id: "rec-closed-tab", mimeType: "audio/webm", startedAt: Date.now() - 60_000, mode: "couple" });
  await appendChunk("rec-closed-tab", 0, new Blob([new Uint8Array([1, 2, 3])]));
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });

  renderHistory();

  await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: "Warning", description: SESSION_STORAGE_MESSAGES.quota, variant: "destructive" }));
  expect((await listStoredRecordings()).map((recording) => [recording.id, recording.chunkCount])).toEqual([["rec-closed-tab", 1]]);
  warn.mockRestore();
});

test("an interrupted recording listed as usual says nothing", async () => {
  await beginRecording({ id: "rec-listed", mimeType: "audio/webm", startedAt: Date.now() - 60_000, mode: "couple" });
  await appendChunk("rec-listed", 0, new Blob([new Uint8Array([1, 2, 3])]));

  const { result } = renderHistory();

  await waitFor(() => expect(result.current.items.map((item) => item.id)).toHaveLength(1));
  expect(showToast).not.toHaveBeenCalled();
});
