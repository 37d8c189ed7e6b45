"use client";

import { useIdentity } from "@/components/auth/identity-context";
import { useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { readDisplayName } from "@/lib/client/storage/settings";
import { resolveOwnName } from "@/lib/domain/display-name";

import { LIVE_TRANSCRIPT_TEXTS } from "./texts";

/** Who speaks in Solo Journal: the signed-in user's name (spec part 1 section 6), "You" for a guest or a nameless account. */
export function useSoloIdentity(): { signedIn: boolean; userName: string } {
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  if (!identity.signedIn) return { signedIn: false, userName: LIVE_TRANSCRIPT_TEXTS.you };
  return { signedIn: true, userName: resolveOwnName({ storedName, fullName: identity.user?.name }) ?? LIVE_TRANSCRIPT_TEXTS.you };
}
