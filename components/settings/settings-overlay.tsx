"use client";

import { useId } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { DataRightsCard } from "@/components/profile/data-rights-card";
import { Button } from "@/components/ui/button";
import { DialogClose, FullScreenOverlay } from "@/components/ui/full-screen-overlay";
import { SectionCard } from "@/components/ui/section-card";
import { Switch } from "@/components/ui/switch";
import { FIELD_CLASSES } from "@/components/ui/text-field";
import { notifyStoredSettingChanged, useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { DEFAULT_SPEECH_LANGUAGE, readPrivacyMode, readSpeechLanguage, writePrivacyMode, writeSpeechLanguage } from "@/lib/client/storage/settings";
import { showToast } from "@/lib/client/toast/toast-store";
import { RECORDING_LANGUAGES } from "@/lib/domain/languages";

import { DonationCard, InstallCard } from "./support-cards";
import { SETTINGS_TEXTS as T } from "./texts";

export function SettingsOverlay({ open, onOpenChange, feedbackEmail }: { open: boolean; onOpenChange: (open: boolean) => void; feedbackEmail: string }) {
  const identity = useIdentity();
  const languageId = useId();
  const privacyMode = useStoredSetting(readPrivacyMode, true);
  const language = useStoredSetting(readSpeechLanguage, DEFAULT_SPEECH_LANGUAGE);

  const showSignIn = identity.clerkEnabled && !identity.signedIn;

  return (
    <FullScreenOverlay open={open} onOpenChange={onOpenChange} title={T.title}>
      <div className="flex flex-col gap-5">
        {/* Cards take h3: the overlay's title is the dialog's h2. */}
        <SectionCard title={T.aboutHeading} headingLevel={3}>
          <p className="mt-2 leading-relaxed text-ink-soft">{T.about}</p>
        </SectionCard>

        <section aria-label={T.privacyHeading} className="rounded-card bg-white p-5 shadow-card">
          <Switch
            id="privacy-by-design"
            label={T.privacyHeading}
            description={T.privacyDescription}
            checked={privacyMode}
            onCheckedChange={(checked) => {
              writePrivacyMode(checked);
              notifyStoredSettingChanged();
            }}
          />
        </section>

        <section className="rounded-card bg-white p-5 shadow-card">
          <label htmlFor={languageId} className="font-semibold text-ink">
            {T.languageLabel}
          </label>
          <p id={`${languageId}-hint`} className="mt-1 text-sm text-ink-soft">
            {T.languageHint}
          </p>
          <select
            id={languageId}
            aria-describedby={`${languageId}-hint`}
            value={language}
            onChange={(event) => {
              writeSpeechLanguage(event.target.value);
              notifyStoredSettingChanged();
            }}
            className={`mt-3 ${FIELD_CLASSES}`}
          >
            {RECORDING_LANGUAGES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </section>

        {showSignIn ? (
          <SectionCard title={T.accountHeading} headingLevel={3}>
            <p className="mt-1 text-sm text-ink-soft">{T.signInHint}</p>
            <Button
              variant="secondary"
              className="mt-3 w-full"
              onClick={() => {
                identity.signInWithGoogle().catch((error: unknown) => {
                  showToast({ title: T.signInWithGoogle, description: error instanceof Error ? error.message : String(error), variant: "destructive" });
                });
              }}
            >
              <GoogleMark />
              {T.signInWithGoogle}
            </Button>
          </SectionCard>
        ) : null}

        {/* Guests have no Profile Settings: their data rights (this browser's data) live here. */}
        {identity.signedIn ? null : <DataRightsCard />}

        <DonationCard />
        <InstallCard />

        <a href={`mailto:${feedbackEmail}`} className="text-center font-semibold text-deep-teal-700 underline underline-offset-4">
          {T.feedback}
        </a>

        <DialogClose asChild>
          <Button className="w-full">{T.returnToApp}</Button>
        </DialogClose>
      </div>
    </FullScreenOverlay>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
