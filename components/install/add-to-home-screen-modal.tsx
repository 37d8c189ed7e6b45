"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useSyncExternalStore } from "react";

import { RECORD_BUTTON_ID } from "@/components/recording/record-button";
import { Button } from "@/components/ui/button";
import { useFocusReturn } from "@/components/ui/focus-return";
import { detectInstallPlatform, installStore, type InstallPlatform, type InstallStore } from "@/lib/client/install/install-prompt";

import { INSTALL_TEXTS as T } from "./texts";

const noSubscribe = () => () => {};

/** Safari's steps on iPhones, iPads and Macs' Safari, Chrome's elsewhere; null while rendering on the server. */
function usePlatform(): InstallPlatform | null {
  return useSyncExternalStore(
    noSubscribe,
    () => detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints),
    () => null,
  );
}

/**
 * The Add to Home Screen modal: the 3 steps for this browser and, where Chromium offers it, a button for its real install
 * prompt. Opened through the install store (Settings' button; onboarding calls showAddToHomeScreenAfterOnboarding).
 */
export function AddToHomeScreenModal({ store = installStore }: { store?: InstallStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const platform = usePlatform();
  // Opened after onboarding, nothing had the focus: it goes to the record button, where the app starts.
  const returnFocusOnClose = useFocusReturn(state.open, () => document.getElementById(RECORD_BUTTON_ID));

  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => (open ? store.open() : store.close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocusOnClose}
          className="fixed left-1/2 top-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none"
        >
          <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{T.title}</Dialog.Title>
          <Dialog.Description className="mt-2 leading-relaxed text-ink-soft">{T.description}</Dialog.Description>

          {state.installed ? (
            <p role="status" className="mt-4 font-semibold text-deep-teal-700">
              {T.installed}
            </p>
          ) : platform ? (
            <section aria-label={T.stepsLabel[platform]} className="mt-4">
              <h3 className="font-semibold text-ink">{T.stepsLabel[platform]}</h3>
              <ol className="mt-2 flex flex-col gap-2">
                {T.steps[platform].map((step, index) => (
                  <li key={step} className="flex items-start gap-3 text-ink">
                    <span
                      aria-hidden
                      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-deep-teal-50 font-semibold text-deep-teal-800"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          <div className="mt-5 flex flex-col gap-2">
            {state.canPrompt && !state.installed ? (
              <Button
                onClick={() => {
                  void store.prompt();
                }}
              >
                {T.installNow}
              </Button>
            ) : null}
            <Dialog.Close asChild>
              <Button variant="secondary">{T.notNow}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
