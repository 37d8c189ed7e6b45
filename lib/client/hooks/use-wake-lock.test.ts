/**
 * @jest-environment jsdom
 */
import { renderHook } from "@testing-library/react";

import { useWakeLock } from "./use-wake-lock";

// Old iOS (no Screen Wake Lock API): the screen is kept on by a navigation cancelled at once every 15 s.
const OLD_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1";

let userAgent: jest.SpyInstance;
let setInterval: jest.SpyInstance;

beforeEach(() => {
  userAgent = jest.spyOn(window.navigator, "userAgent", "get").mockReturnValue(OLD_IPHONE);
  setInterval = jest.spyOn(window, "setInterval");
});

afterEach(() => {
  userAgent.mockRestore();
  setInterval.mockRestore();
});

test("while recording on old iOS, the navigation trick runs every 15 s, and stops with the recording", () => {
  const clearInterval = jest.spyOn(window, "clearInterval");
  const { unmount } = renderHook(() => useWakeLock(true));
  expect(setInterval).toHaveBeenCalledWith(expect.any(Function), 15_000);
  unmount();
  expect(clearInterval).toHaveBeenCalled();
  clearInterval.mockRestore();
});

test("a screen waiting on requests (the upload, the transcription) does not use it: its window.stop() would cancel them", () => {
  renderHook(() => useWakeLock(true, { navigationFallback: false }));
  expect(setInterval).not.toHaveBeenCalled();
});

test("inactive, nothing runs", () => {
  renderHook(() => useWakeLock(false));
  expect(setInterval).not.toHaveBeenCalled();
});
