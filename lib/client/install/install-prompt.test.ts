/** @jest-environment jsdom */
import {
  ADD_TO_HOME_SCREEN_DELAY_MS,
  createInstallStore,
  detectInstallPlatform,
  isRunningInstalled,
  listenForInstallPrompt,
  showAddToHomeScreenAfterOnboarding,
  type BeforeInstallPromptEvent,
} from "./install-prompt";

const UA = {
  iPhoneSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  iPhoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1",
  iPadDesktopMode: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36",
  samsung: "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
  desktopChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  desktopEdge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0",
};

describe("detectInstallPlatform: Safari's steps on Apple devices, Chrome's elsewhere", () => {
  it.each([
    ["iPhoneSafari", 5, "safari"],
    ["iPhoneChrome", 5, "safari"],
    ["iPadDesktopMode", 5, "safari"],
    ["iPadDesktopMode", 0, "safari"], // Safari on a Mac
    ["androidChrome", 5, "chrome"],
    ["samsung", 5, "chrome"],
    ["desktopChrome", 0, "chrome"],
    ["desktopEdge", 0, "chrome"],
  ] as const)("%s (touch points %d) → %s", (agent, touchPoints, expected) => {
    expect(detectInstallPlatform(UA[agent], touchPoints)).toBe(expected);
  });
});

function fakeWindow({ standaloneQuery = false, iosStandalone }: { standaloneQuery?: boolean; iosStandalone?: boolean }) {
  return {
    matchMedia: (query: string) => ({ matches: query === "(display-mode: standalone)" && standaloneQuery }) as MediaQueryList,
    navigator: { standalone: iosStandalone } as Navigator & { standalone?: boolean },
  };
}

it("isRunningInstalled: the standalone display mode, or iOS's navigator.standalone", () => {
  expect(isRunningInstalled(fakeWindow({}))).toBe(false);
  expect(isRunningInstalled(fakeWindow({ standaloneQuery: true }))).toBe(true);
  expect(isRunningInstalled(fakeWindow({ iosStandalone: true }))).toBe(true);
});

/** Chromium's event, with the user's answer chosen by the test. */
function installPromptEvent(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = jest.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: "web" }) });
  return { event, prompt };
}

describe("the install store", () => {
  it("keeps the browser's prompt (and stops its own mini-bar), shows it once on request, and closes on acceptance", async () => {
    const store = createInstallStore();
    const { event, prompt } = installPromptEvent("accepted");
    store.capture(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getState().canPrompt).toBe(true);

    store.open();
    await expect(store.prompt()).resolves.toBe("accepted");
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ open: false, canPrompt: false, installed: true });
    // A prompt can be shown once: a second request has nothing to show.
    await expect(store.prompt()).resolves.toBe("unavailable");
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it("a dismissed prompt leaves the modal open with the steps, and the prompt used up", async () => {
    const store = createInstallStore();
    store.capture(installPromptEvent("dismissed").event);
    store.open();
    await expect(store.prompt()).resolves.toBe("dismissed");
    expect(store.getState()).toEqual({ open: true, canPrompt: false, installed: false });
  });

  it("without the browser's prompt (Safari, Firefox) there is nothing to prompt", async () => {
    const store = createInstallStore();
    await expect(store.prompt()).resolves.toBe("unavailable");
    expect(store.getState().canPrompt).toBe(false);
  });

  it("notifies subscribers of every change, until they unsubscribe", () => {
    const store = createInstallStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.open();
    store.close();
    unsubscribe();
    store.open();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("listens to the window's beforeinstallprompt and appinstalled events until cleaned up", () => {
    const store = createInstallStore();
    const stop = listenForInstallPrompt(store, window);
    window.dispatchEvent(installPromptEvent("accepted").event);
    expect(store.getState().canPrompt).toBe(true);
    window.dispatchEvent(new Event("appinstalled"));
    expect(store.getState()).toMatchObject({ canPrompt: false, installed: true });
    stop();
    window.dispatchEvent(installPromptEvent("accepted").event);
    expect(store.getState().canPrompt).toBe(false);
  });
});

describe("after onboarding (spec part 2: the modal 500 ms after it completes)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const browser = (installed: boolean) => fakeWindow({ standaloneQuery: installed }) as unknown as Window;

  it("opens the modal 500 ms later, not before", () => {
    expect(ADD_TO_HOME_SCREEN_DELAY_MS).toBe(500);
    const store = createInstallStore();
    showAddToHomeScreenAfterOnboarding(store, browser(false));
    jest.advanceTimersByTime(499);
    expect(store.getState().open).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().open).toBe(true);
  });

  it("does not open when cancelled first (the page went away), nor when the app already runs installed", () => {
    const store = createInstallStore();
    const cancel = showAddToHomeScreenAfterOnboarding(store, browser(false));
    jest.advanceTimersByTime(200);
    cancel();
    jest.advanceTimersByTime(1000);
    expect(store.getState().open).toBe(false);

    showAddToHomeScreenAfterOnboarding(store, browser(true));
    jest.advanceTimersByTime(1000);
    expect(store.getState().open).toBe(false);
  });

  it("a second call restarts the delay instead of opening twice", () => {
    const store = createInstallStore();
    const listener = jest.fn();
    store.subscribe(listener);
    showAddToHomeScreenAfterOnboarding(store, browser(false));
    jest.advanceTimersByTime(300);
    showAddToHomeScreenAfterOnboarding(store, browser(false));
    jest.advanceTimersByTime(300);
    expect(store.getState().open).toBe(false);
    jest.advanceTimersByTime(200);
    expect(store.getState().open).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
