/** @jest-environment jsdom */
import { act, render } from "@testing-library/react";

import { SESSION_TEXTS } from "@/components/session/texts";
import { setRequestAuth } from "@/lib/client/api/request";
import { moveLocalSessionToAccount, readLocalSessionRecord, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { SESSION_STORAGE_MESSAGES } from "@/lib/client/storage/storage-warning";
import { currentToast } from "@/lib/client/toast/toast-store";

import { HistoryDetail } from "./history-detail";
import type { HistoryEntry } from "./use-history";

// The detail view itself is tested in components/session-detail; here only what HistoryDetail does with a vote.
let vote: ((cardIndex: number, action: "helpful" | "unhelpful") => void) | null = null;
jest.mock("@/components/session-detail/session-detail", () => ({
  SessionDetail: (props: { onVote: typeof vote }) => {
    vote = props.onVote;
    return null;
  },
}));
jest.mock("@/lib/client/sessions/session-api", () => {
  const actual = jest.requireActual("@/lib/client/sessions/session-api");
  return { ...actual, sessionApi: { ...actual.sessionApi, swipe: jest.fn() } };
});

const SERVER_SESSION: HistoryEntry = {
  id: "5b0c3d2e-8f41-4a6b-9c7d-2e1f0a9b8c7d",
  createdAt: "2026-03-04T18:00:00.000Z",
  transcript: "SPEAKER_00: We should plan Sunday.",
  analysis: { cards: [{ dimension: "Curiosity", insight: "You asked open questions.", tips: [] }] },
};

beforeEach(() => {
  window.localStorage.clear();
  vote = null;
});

describe("HistoryDetail, a vote the server did not take", () => {
  it("keeps the local backup the 'Save Error' toast promises, with the vote in it", async () => {
    (sessionApi.swipe as jest.Mock).mockRejectedValue(new Error("offline"));
    render(<HistoryDetail session={SERVER_SESSION} onClose={() => {}} />);
    await act(async () => vote!(0, "helpful"));

    expect(currentToast()).toMatchObject({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody });
    const backup = readLocalSessionRecord(SERVER_SESSION.id);
    expect(backup).toMatchObject({ id: SERVER_SESSION.id, transcript: SERVER_SESSION.transcript, analysis: SERVER_SESSION.analysis });
    expect(backup?.swipeActions).toEqual([expect.objectContaining({ cardIndex: 0, action: "helpful" })]);
  });

  it("leaves the storage warning showing, not a claim of a backup, when this device refuses the copy too", async () => {
    (sessionApi.swipe as jest.Mock).mockRejectedValue(new Error("offline"));
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    render(<HistoryDetail session={SERVER_SESSION} onClose={() => {}} />);
    await act(async () => vote!(0, "helpful"));
    setItem.mockRestore();

    expect(currentToast()).toMatchObject({ title: "Warning", description: SESSION_STORAGE_MESSAGES.quota });
  });

  it("sends quick votes one after another (an older list never lands last), and a failed send's backup keeps every vote", async () => {
    const failures: (() => void)[] = [];
    const failLater = () => new Promise((_, reject) => failures.push(() => reject(new Error("timed out"))));
    (sessionApi.swipe as jest.Mock).mockClear().mockImplementationOnce(failLater).mockImplementationOnce(failLater);
    render(<HistoryDetail session={{ ...SERVER_SESSION, analysis: { cards: [{}, {}] } }} onClose={() => {}} />);
    await act(async () => vote!(0, "helpful"));
    await act(async () => vote!(1, "unhelpful"));
    expect(sessionApi.swipe).toHaveBeenCalledTimes(1);
    await act(async () => failures[0]!());
    const sent = (sessionApi.swipe as jest.Mock).mock.calls.map(([, votes]: [string, { cardIndex: number }[]]) => votes.map((saved) => saved.cardIndex));
    expect(sent).toEqual([[0], [0, 1]]);
    await act(async () => failures[1]!());

    const backup = readLocalSessionRecord(SERVER_SESSION.id);
    expect((backup?.swipeActions as { cardIndex: number }[]).map((saved) => saved.cardIndex)).toEqual([0, 1]);
  });

  it("keeps no copy on this device when the server took the vote", async () => {
    (sessionApi.swipe as jest.Mock).mockResolvedValue({ success: true });
    render(<HistoryDetail session={SERVER_SESSION} onClose={() => {}} />);
    await act(async () => vote!(0, "helpful"));

    expect(readLocalSessionRecord(SERVER_SESSION.id)).toBeNull();
  });
});

describe("HistoryDetail, a guest's session a sign-in in another tab moved into the account", () => {
  const GUEST_SESSION: HistoryEntry = { ...SERVER_SESSION, id: "local-1700000000000", isLocal: true };
  const stored = () => JSON.parse(window.localStorage.getItem("local_sessions") ?? "[]");

  function openThenMovedElsewhere() {
    upsertLocalSessionRecord({ ...GUEST_SESSION });
    render(<HistoryDetail session={GUEST_SESSION} onClose={() => {}} />);
    // The other tab's migration, once the account confirmed it holds the session.
    moveLocalSessionToAccount({ localId: GUEST_SESSION.id, accountId: SERVER_SESSION.id, ownerId: "user_a" });
  }
  beforeEach(() => (sessionApi.swipe as jest.Mock).mockClear());
  afterEach(() => setRequestAuth({ signedIn: false }));

  it("a vote in a tab still signed out does not bring it back onto this device", async () => {
    openThenMovedElsewhere();
    await act(async () => vote!(0, "helpful"));
    expect(stored()).toEqual([]);
    expect(sessionApi.swipe).not.toHaveBeenCalled();
  });

  it("a vote in a tab signed in to that account goes to the account's copy", async () => {
    (sessionApi.swipe as jest.Mock).mockResolvedValue({ success: true });
    openThenMovedElsewhere();
    setRequestAuth({ signedIn: true, user: { id: "user_a" }, getToken: async () => null });
    await act(async () => vote!(0, "helpful"));
    expect(sessionApi.swipe).toHaveBeenCalledWith(SERVER_SESSION.id, [expect.objectContaining({ cardIndex: 0, action: "helpful" })]);
    expect(stored()).toEqual([]);
  });
});
