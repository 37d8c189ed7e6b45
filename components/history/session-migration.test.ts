/**
 * @jest-environment jsdom
 */
import { listLocalSessionRecords, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";

import { migrateLocalSessions } from "./session-migration";

jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { migrate: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const commitment = {
  id: "local-commitment-1",
  sessionId: "local-1700000000000",
  text: "Walk together on Fridays",
  who: "both",
  byWhen: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: "kept",
  outcomeAt: "2026-11-08T10:00:00.000Z",
};
const signals = { version: 1, turns: 2, labelled: false };

beforeEach(() => {
  localStorage.clear();
  upsertLocalSessionRecord({
    id: "local-1700000000000",
    transcript: "Maya: We never get time for us.",
    analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
    swipeActions: [],
    createdAt: "2026-11-01T09:00:00.000Z",
    timestamp: 1700000000000,
    isCompleted: true,
    commitments: [commitment],
    signals,
    audioKey: "rec-kept-on-device",
  });
});

test("a guest's commitments and signals go to the account with their session before the device's copy is removed", async () => {
  sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
    success: true,
    migratedCount: items.length,
    migrated: items.map((item) => ({ localId: item.id, id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" })),
  }));
  await migrateLocalSessions();
  const [[sent]] = sessionApi.migrate.mock.calls[0];
  expect(sent).toMatchObject({ id: "local-1700000000000", commitments: [commitment], signals });
  expect(sent).not.toHaveProperty("audioKey");
  expect(listLocalSessionRecords()).toEqual([]);
});

test("what the server did not confirm stays on the device, commitments and all", async () => {
  sessionApi.migrate.mockResolvedValue({ success: true, migratedCount: 0, migrated: [] });
  await migrateLocalSessions();
  expect(listLocalSessionRecords()).toEqual([expect.objectContaining({ id: "local-1700000000000", commitments: [commitment] })]);
});
