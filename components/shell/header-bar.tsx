"use client";

import { HelpButton } from "@/components/onboarding/help-modal";

import { SHELL_TEXTS as T } from "./texts";

export function HeaderBar({
  onHome,
  onOpenSettings,
  onOpenProfile,
  userInitial,
}: {
  onHome?: () => void;
  onOpenSettings: () => void;
  onOpenProfile: () => void;
  /** Present only for signed-in users. */
  userInitial: string | null;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-cream-200/80 bg-cream-50/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-2xl items-center justify-between gap-3 px-4">
        <button
          type="button"
          onClick={onHome}
          aria-label={T.goHome}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-full pr-2 font-serif text-xl font-semibold text-deep-teal-800"
        >
          <HeartMark />
          {/* On a 320 px phone a signed-in user's three buttons leave the title less than its width: it is cut, they stay. */}
          <span className="truncate">{T.productTitle}</span>
        </button>
        <div className="flex shrink-0 items-center gap-2">
          {userInitial ? (
            <button
              type="button"
              onClick={onOpenProfile}
              aria-label={T.openProfile}
              className="flex h-11 w-11 items-center justify-center rounded-full bg-soft-tangerine-100 text-lg font-semibold text-soft-tangerine-700"
            >
              <span aria-hidden>{userInitial}</span>
            </button>
          ) : null}
          <HelpButton />
          <button
            type="button"
            onClick={onOpenSettings}
            aria-label={T.openSettings}
            className="flex h-11 w-11 items-center justify-center rounded-full text-deep-teal-800 hover:bg-deep-teal-50"
          >
            <GearIcon />
          </button>
        </div>
      </div>
    </header>
  );
}

function HeartMark() {
  return (
    <svg aria-hidden width="26" height="26" viewBox="0 0 24 24" className="shrink-0">
      <circle cx="12" cy="12" r="12" fill="#fde4d8" />
      <path
        fill="#f08a5d"
        d="M12 18s-5.5-3.3-5.5-7.2C6.5 8.6 8 7.3 9.7 7.3c1 0 1.8.5 2.3 1.3.5-.8 1.3-1.3 2.3-1.3 1.7 0 3.2 1.3 3.2 3.5C17.5 14.7 12 18 12 18z"
      />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg
      aria-hidden
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}
