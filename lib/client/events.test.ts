/** @jest-environment jsdom */
import { announceSessionsChanged, onSessionsChanged } from "./events";
import { STORAGE_KEYS } from "./storage/browser-keys";

// The history listens here: a change in this tab, or another tab's write of what the history lists.

const fromOtherTab = (key: string | null) => window.dispatchEvent(new StorageEvent("storage", { key }));

test("this tab's announcement, another tab's write of the device's sessions or a storage cleared there are heard", () => {
  const listener = jest.fn();
  const stop = onSessionsChanged(listener);
  announceSessionsChanged();
  fromOtherTab(STORAGE_KEYS.localSessions);
  fromOtherTab(null);
  expect(listener).toHaveBeenCalledTimes(3);
  stop();
  announceSessionsChanged();
  fromOtherTab(STORAGE_KEYS.localSessions);
  expect(listener).toHaveBeenCalledTimes(3);
});

test("an account's session deleted in another tab is heard, so this tab's history stops listing it", () => {
  // The other tab's delete writes only the deleted ids: the session lived on the server, not in this device's list.
  const listener = jest.fn();
  const stop = onSessionsChanged(listener);
  fromOtherTab(STORAGE_KEYS.deletedSessionIds);
  expect(listener).toHaveBeenCalledTimes(1);
  stop();
});

test("other stored settings written in another tab are not taken for a change of sessions", () => {
  const listener = jest.fn();
  const stop = onSessionsChanged(listener);
  fromOtherTab(STORAGE_KEYS.speechLanguage);
  fromOtherTab(STORAGE_KEYS.userDisplayName);
  expect(listener).not.toHaveBeenCalled();
  stop();
});
