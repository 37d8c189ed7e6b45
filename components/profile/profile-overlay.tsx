"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { Button } from "@/components/ui/button";
import { DialogClose, FullScreenOverlay } from "@/components/ui/full-screen-overlay";
import { SectionCard } from "@/components/ui/section-card";
import { TextField } from "@/components/ui/text-field";
import { queryKeys } from "@/lib/client/api/query-client";
import { notifyStoredSettingChanged, useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { readDisplayName, readFreeSessionUsed, writeDisplayName } from "@/lib/client/storage/profile";
import { showToast } from "@/lib/client/toast/toast-store";
import { DISPLAY_NAME_MAX_LENGTH, isSavableNameChange, resolveDisplayName } from "@/lib/domain/display-name";

import { DataRightsCard } from "./data-rights-card";
import { PROFILE_TEXTS as T } from "./texts";

export function ProfileOverlay({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  const freeSessionUsed = useStoredSetting(readFreeSessionUsed, false);
  const savedName = resolveDisplayName({ storedName, fullName: identity.user?.name });
  // null while the field is untouched: it then shows the saved name.
  const [edited, setEdited] = useState<string | null>(null);
  const draft = edited ?? savedName;
  const [pending, setPending] = useState(false);
  // The sign-out first hands this account's kept copies to it (up to 5 s): one tap, and the button says it is under way.
  const [signingOut, setSigningOut] = useState(false);
  // The first page of the list says how many there are in all; one session is enough to ask for.
  const total = useQuery({
    queryKey: queryKeys.sessionTotal(),
    enabled: open && identity.signedIn,
    queryFn: ({ signal }) => sessionApi.list({ limit: 1, signal }).then((page) => page.total ?? null),
  });

  function saveName(event: React.FormEvent) {
    event.preventDefault();
    if (!isSavableNameChange(savedName, draft)) return;
    setPending(true);
    try {
      writeDisplayName(draft.trim());
      notifyStoredSettingChanged();
      setEdited(null);
      showToast({ title: T.updatedTitle, description: T.updatedBody, variant: "success" });
    } catch {
      showToast({ title: T.title, description: T.updateFailed, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await identity.signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <FullScreenOverlay open={open} onOpenChange={onOpenChange} title={T.title}>
      <div className="flex flex-col gap-5">
        <form onSubmit={saveName} className="rounded-card bg-white p-5 shadow-card">
          <TextField
            label={T.nameLabel}
            value={draft}
            onChange={(event) => setEdited(event.target.value)}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="name"
            dir="auto"
          />
          <Button type="submit" className="mt-3 w-full" disabled={pending || !isSavableNameChange(savedName, draft)}>
            {T.updateName}
          </Button>
          {/* An address is one word: a long one breaks anywhere rather than widen the dialog past a narrow phone. */}
          <p className="mt-4 text-sm text-ink-soft wrap-anywhere">
            <span className="font-semibold text-ink">{T.emailLabel}: </span>
            {identity.user?.email ?? T.noEmail}
          </p>
        </form>

        {/* h3: the overlay's title is the dialog's h2. */}
        <SectionCard title={T.statisticsHeading} headingLevel={3}>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-cream-100 p-3">
              <dt className="text-sm text-ink-soft">{T.totalSessions}</dt>
              <dd className="text-2xl font-semibold text-ink">{total.data ?? "–"}</dd>
            </div>
            <div className="rounded-2xl bg-cream-100 p-3">
              <dt className="text-sm text-ink-soft">{T.freeSession}</dt>
              <dd className="text-2xl font-semibold text-ink">{freeSessionUsed ? T.freeSessionUsed : T.freeSessionAvailable}</dd>
            </div>
          </dl>
          <h4 className="mt-4 font-semibold text-ink">{T.accountStatusHeading}</h4>
          <p className="mt-1 text-sm leading-relaxed text-ink-soft">{freeSessionUsed ? T.accountStatusUsed : T.accountStatusFree}</p>
        </SectionCard>

        <p className="rounded-card bg-deep-teal-50 p-4 text-sm leading-relaxed text-deep-teal-800">{T.privacyNote}</p>

        <DataRightsCard />

        <Button variant="secondary" className="w-full" disabled={signingOut} aria-busy={signingOut} onClick={() => void signOut()}>
          {T.signOut}
        </Button>
        <DialogClose asChild>
          <Button className="w-full">{T.returnToApp}</Button>
        </DialogClose>
      </div>
    </FullScreenOverlay>
  );
}
