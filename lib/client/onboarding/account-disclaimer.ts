import { browserStorage, type KeyValueStorage } from "@/lib/client/storage/browser-keys";

import { readDisclaimerAccepted, rememberDisclaimerAccepted, rememberDisclaimerCookie } from "./disclaimer-storage";
import { DISCLAIMER_ACCEPTED_KEY } from "./keys";

// The disclaimer acceptance on the account (issue 12): kept in Clerk's user unsafeMetadata (the database schema is fixed),
// written through Clerk's client once a user signs in, and copied back to a device that has not seen it yet.

/** The part of Clerk's user resource this needs. */
export type MetadataUser = {
  unsafeMetadata: Record<string, unknown>;
  update: (params: { unsafeMetadata: Record<string, unknown> }) => Promise<unknown>;
};

const isIsoTime = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** Copies the acceptance between this device and the account, whichever lacks it. Never throws: it is a convenience. */
export async function syncDisclaimerWithAccount(user: MetadataUser | null | undefined, storage: KeyValueStorage | null = browserStorage()): Promise<void> {
  if (!user) return;
  const onAccount = user.unsafeMetadata?.[DISCLAIMER_ACCEPTED_KEY];
  try {
    if (isIsoTime(onAccount)) {
      if (!readDisclaimerAccepted(storage)) {
        rememberDisclaimerAccepted(new Date(onAccount), storage);
        // Signed out later on this device, the server's HTML then opens on the recorder too.
        rememberDisclaimerCookie();
      }
      return;
    }
    const onDevice = storage?.getItem(DISCLAIMER_ACCEPTED_KEY);
    if (isIsoTime(onDevice)) await user.update({ unsafeMetadata: { ...user.unsafeMetadata, [DISCLAIMER_ACCEPTED_KEY]: onDevice } });
  } catch {
    // Offline or refused: the device still remembers it, and the next sign-in tries again.
  }
}
