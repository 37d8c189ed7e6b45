// Add to Home Screen (spec part 2, section 2: a modal with 3 steps for Safari and for Chrome, 500 ms after onboarding).
// Which steps a browser gets, whether the app already runs installed, the browser's own install prompt (Chromium's
// `beforeinstallprompt`, kept for the moment the user asks), and the modal's open state shared by its openers (Settings
// today, onboarding once it exists) through one small store.

/** Spec part 2, section 9: the modal opens 500 ms after onboarding completes. */
export const ADD_TO_HOME_SCREEN_DELAY_MS = 500;

export type InstallPlatform = "safari" | "chrome";

/**
 * Safari's steps for iPhones and iPads (every iOS browser adds to the home screen through the share sheet) and for Safari on
 * a Mac; Chrome's for everything else (Android browsers and desktop Chromium all use a menu item).
 */
export function detectInstallPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  const iOS = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1); // iPadOS reports a Mac
  if (iOS) return "safari";
  const desktopSafari = /Safari\//.test(userAgent) && /Version\//.test(userAgent) && !/Chrome|Chromium|CriOS|Edg|OPR|Android/i.test(userAgent);
  return desktopSafari ? "safari" : "chrome";
}

/** Already opened from the home screen: the modal has nothing to offer. */
export function isRunningInstalled(win: Pick<Window, "matchMedia"> & { navigator: Navigator & { standalone?: boolean } }): boolean {
  return win.matchMedia("(display-mode: standalone)").matches || win.navigator.standalone === true;
}

/** Chromium's install prompt event (not in TypeScript's DOM library). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

export type InstallState = {
  /** The Add to Home Screen modal is open. */
  open: boolean;
  /** The browser offered its own install prompt, and it has not been used yet. */
  canPrompt: boolean;
  /** The app was installed during this visit. */
  installed: boolean;
};

type Listener = () => void;

/** One store per page: the deferred prompt, the modal's open state and the pending delayed opening. */
export function createInstallStore(schedule: (run: () => void, ms: number) => () => void = defaultSchedule) {
  let state: InstallState = { open: false, canPrompt: false, installed: false };
  let deferred: BeforeInstallPromptEvent | null = null;
  let cancelPending: (() => void) | null = null;
  const listeners = new Set<Listener>();

  const set = (next: Partial<InstallState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Keeps the browser's prompt instead of letting it show its own mini-bar: the user asks for it in the modal. */
    capture(event: BeforeInstallPromptEvent) {
      event.preventDefault();
      deferred = event;
      set({ canPrompt: true });
    },
    markInstalled() {
      deferred = null;
      set({ canPrompt: false, installed: true });
    },
    /** Shows the browser's install prompt; a prompt can be used once, after which Chrome may fire a new event later. */
    async prompt(): Promise<InstallOutcome> {
      const event = deferred;
      if (!event) return "unavailable";
      deferred = null;
      set({ canPrompt: false });
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === "accepted") set({ installed: true, open: false });
      return outcome;
    },
    open() {
      cancelPending?.();
      cancelPending = null;
      set({ open: true });
    },
    /** Opens the modal after `delayMs`; returns a cancel function (an unmount before then must not open it). */
    openAfter(delayMs: number): () => void {
      cancelPending?.();
      const cancel = schedule(() => {
        cancelPending = null;
        set({ open: true });
      }, delayMs);
      cancelPending = cancel;
      return () => {
        if (cancelPending === cancel) cancelPending = null;
        cancel();
      };
    },
    close() {
      set({ open: false });
    },
  };
}

export type InstallStore = ReturnType<typeof createInstallStore>;

function defaultSchedule(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

/** The page's store. */
export const installStore = createInstallStore();

/**
 * For onboarding: call when the user completes it; the Add to Home Screen modal opens 500 ms later, unless the app already
 * runs installed. Returns a cancel function.
 */
export function showAddToHomeScreenAfterOnboarding(store: InstallStore = installStore, win: Window = window): () => void {
  if (isRunningInstalled(win)) return () => {};
  return store.openAfter(ADD_TO_HOME_SCREEN_DELAY_MS);
}

/** Listens for the browser's install prompt and for a completed installation; returns the clean-up. */
export function listenForInstallPrompt(store: InstallStore = installStore, target: Window = window): () => void {
  const onPrompt = (event: Event) => store.capture(event as BeforeInstallPromptEvent);
  const onInstalled = () => store.markInstalled();
  target.addEventListener("beforeinstallprompt", onPrompt);
  target.addEventListener("appinstalled", onInstalled);
  return () => {
    target.removeEventListener("beforeinstallprompt", onPrompt);
    target.removeEventListener("appinstalled", onInstalled);
  };
}
