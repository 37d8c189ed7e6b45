"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { notifyStoredSettingChanged, useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { DEFAULT_SPEECH_LANGUAGE, readDisplayName, writeSpeechLanguage } from "@/lib/client/storage/settings";
import { initialOf, resolveDisplayName } from "@/lib/domain/display-name";

import { HeaderBar } from "./header-bar";
import { LazyProfileOverlay, LazySettingsOverlay } from "./lazy-overlays";

/** Header bar plus the Settings and Profile Settings overlays around a screen. */
export function AppShell({ feedbackEmail, onHome, children }: { feedbackEmail: string; onHome?: () => void; children: ReactNode }) {
  const identity = useIdentity();
  const router = useRouter();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const storedName = useStoredSetting(readDisplayName, null);

  useEffect(() => {
    // The spec forces the recording language back to en-US on every load.
    writeSpeechLanguage(DEFAULT_SPEECH_LANGUAGE);
    notifyStoredSettingChanged();
  }, []);

  const displayName = resolveDisplayName({ storedName, fullName: identity.user?.name });

  return (
    <>
      <HeaderBar
        onHome={onHome ?? (() => router.push("/"))}
        onOpenSettings={() => setSettingsOpen(true)}
        onOpenProfile={() => setProfileOpen(true)}
        userInitial={identity.signedIn ? initialOf(displayName) : null}
      />
      {children}
      <LazySettingsOverlay open={settingsOpen} onOpenChange={setSettingsOpen} feedbackEmail={feedbackEmail} />
      {identity.signedIn ? <LazyProfileOverlay open={profileOpen} onOpenChange={setProfileOpen} /> : null}
    </>
  );
}
