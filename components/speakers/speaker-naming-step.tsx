"use client";

import { useIdentity } from "@/components/auth/identity-context";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { LazyIdentifySpeakers } from "@/components/shell/lazy-screens";
import { useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { readDisplayName } from "@/lib/client/storage/settings";
import { resolveDisplayName } from "@/lib/domain/display-name";

/** The flow's naming step: who said what, before the analysis (spec part 2 section 4 "Speaker identification"). */
export function SpeakerNamingStep() {
  const { state, actions } = useSessionFlow();
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  if (state.phase.name !== "naming") return null;
  // A single speaker is suggested the account holder's name (or the name kept on this device), else "You".
  const userName = identity.signedIn ? resolveDisplayName({ storedName, fullName: identity.user?.name }) : storedName;
  return (
    <LazyIdentifySpeakers
      speakers={state.phase.transcription.speakers}
      userName={userName}
      onClose={actions.analysis.closeNaming}
      onComplete={(names) => void actions.analysis.confirmNames(names)}
    />
  );
}
