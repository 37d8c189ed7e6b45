"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { Button } from "@/components/ui/button";
import { ConfirmationDialog } from "@/components/ui/confirmation-dialog";
import { SectionCard } from "@/components/ui/section-card";
import { queryKeys } from "@/lib/client/api/query-client";
import { announceSessionsChanged } from "@/lib/client/events";
import { downloadFile } from "@/lib/client/files/download-file";
import { showToast } from "@/lib/client/toast/toast-store";
import { exportFileName } from "@/lib/domain/data-rights/retention";

import { dataDeletedButNotAccount, deleteAccountData, downloadAccountExport } from "./account-data-api";
import { collectDeviceData, deleteDeviceData } from "./device-data";
import { DATA_TEXTS as T } from "./texts";

type Busy = "download" | "delete" | null;

/**
 * "Your data": download a copy, or delete it all after a confirmation. Signed in, both act on the account (the server)
 * and deleting also clears this device's copies; as a guest they act on this browser only, with no server call.
 */
export function DataRightsCard() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const signedIn = identity.signedIn;

  async function download() {
    setBusy("download");
    try {
      if (signedIn) await downloadAccountExport(await collectDeviceData());
      else downloadFile(JSON.stringify(await collectDeviceData(), null, 2), exportFileName(new Date()), "application/json");
      showToast({ title: T.downloadStarted, variant: "success" });
    } catch {
      showToast({ title: T.downloadFailedTitle, description: T.downloadFailedBody, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function removeAll(withAccount: boolean) {
    setConfirming(false);
    setBusy("delete");
    setDone(null);
    let message: string = signedIn ? T.deletedAccount : T.deletedDevice;
    let failure: string | null = null;
    let accountGone = false;
    try {
      if (signedIn) {
        // Clerk may notice the account gone (its next token refresh) before the sign-out below: that is this tab's doing,
        // and the page must not reload under the steps still to come.
        if (withAccount) identity.endingAccount(true);
        try {
          const result = await deleteAccountData({ account: withAccount });
          accountGone = result.accountDeleted;
          if (accountGone) message = T.deletedWithAccount;
        } catch (error) {
          // The data is gone either way; only the account step failed, and the card says exactly that.
          if (!dataDeletedButNotAccount(error)) throw error;
          failure = T.accountDeleteFailed;
        } finally {
          if (withAccount && !accountGone) identity.endingAccount(false);
        }
      }
      await deleteDeviceData();
      setDone(failure ?? message);
    } catch {
      showToast({ title: T.deleteFailedTitle, description: T.deleteFailedBody, variant: "destructive" });
    } finally {
      setBusy(null);
      // Whatever happened, what the history shows may be stale now: refetch the account's list and reread this device's.
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
      announceSessionsChanged();
    }
    if (accountGone) {
      // No account is left to be signed in to: the sign-out says the outcome in place of "Logged out", after a reload too.
      await identity.signOut({ title: T.deletedWithAccount, variant: "success" });
    }
  }

  return (
    <SectionCard title={T.heading} headingLevel={3}>
      <p className="mt-1 text-sm leading-relaxed text-ink-soft">{signedIn ? T.introAccount : T.introDevice}</p>
      <div className="mt-4 flex flex-col gap-2">
        <Button variant="secondary" onClick={() => void download()} disabled={busy !== null} aria-busy={busy === "download"}>
          {busy === "download" ? T.downloading : T.download}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy !== null} aria-busy={busy === "delete"}>
          {busy === "delete" ? T.deleting : T.deleteAll}
        </Button>
      </div>
      {/* A live region: the outcome is announced where the buttons are, and stays readable. */}
      <p role="status" className="mt-3 text-sm font-medium text-deep-teal-800 empty:hidden">
        {done}
      </p>
      <ConfirmationDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={T.confirmTitle}
        message={signedIn ? T.confirmAccount : T.confirmDevice}
        primary={{ label: T.confirmDelete, onSelect: () => void removeAll(false) }}
        secondary={signedIn ? { label: T.confirmDeleteAccount, onSelect: () => void removeAll(true) } : undefined}
        // Not the irreversible action: Enter pressed twice must not delete everything.
        cancel={{ label: T.cancel, onSelect: () => setConfirming(false), autoFocus: true }}
      />
    </SectionCard>
  );
}
