/** @jest-environment node */
import { LocalStorageError } from "@/lib/client/recordings/local-recordings";

import { SESSION_STORAGE_MESSAGES, storageRefusal, storageWarning } from "./storage-warning";

const domError = (name: string, code = 0) => Object.assign(new Error(name), { name, code });

describe("storageRefusal", () => {
  it.each([
    ["a full store", new LocalStorageError(domError("QuotaExceededError", 22)), "quota"],
    ["Firefox's full store", new LocalStorageError(domError("NS_ERROR_DOM_QUOTA_REACHED", 1014)), "quota"],
    ["old WebKit's private mode (code 22, other name)", new LocalStorageError(domError("Error", 22)), "quota"],
    ["no storage object at all", new LocalStorageError(), "unavailable"],
    ["storage switched off", new LocalStorageError(domError("SecurityError", 18)), "unavailable"],
    ["anything else", new LocalStorageError(new Error("boom")), "failed"],
    ["a bare DOMException-like error", domError("QuotaExceededError"), "quota"],
  ])("%s → %s", (_label, error, expected) => {
    expect(storageRefusal(error)).toBe(expected);
  });
});

it("storageWarning is the Warning toast with the advice for the cause", () => {
  expect(storageWarning(new LocalStorageError(domError("QuotaExceededError", 22)))).toEqual({
    title: "Warning",
    description: SESSION_STORAGE_MESSAGES.quota,
    variant: "destructive",
  });
});
