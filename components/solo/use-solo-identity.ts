"use client";

import { useIdentity } from "@/components/auth/identity-context";
import { useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { readDisplayName } from "@/lib/client/storage/settings";
import { resolveDisplayName } from "@/lib/domain/display-name";

import { LIVE_TRANSCRIPT_TEXTS } from "./texts";

/** Who speaks in Solo Journal: the signed-in user's display name (spec part 1 section 6), "You" for a guest. */
export function useSoloIdentity(): { signedIn: boolean; userName: string } {
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  if (!identity.signedIn) return { signedIn: false, userName: LIVE_TRANSCRIPT_TEXTS.you };
  return { signedIn: true, userName: resolveDisplayName({ storedName, fullName: identity.user?.name }) };
}
