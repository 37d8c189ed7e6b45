"use client";

import { useIdentity } from "@/components/auth/identity-context";
import { RECORD_BUTTON_ID } from "@/components/recording/record-button";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { LazyIdentifySpeakers } from "@/components/shell/lazy-screens";
import { useStoredSetting } from "@/lib/client/hooks/use-stored-setting";
import { readDisplayName } from "@/lib/client/storage/settings";
import { resolveOwnName } from "@/lib/domain/display-name";

/**
 * The flow's naming step (spec part 2 section 4 "Speaker identification"): after a recording, before its analysis; and after
 * a growth follow-up, where the names given to the first recording are suggested again.
 */
export function SpeakerNamingStep() {
  const { state, actions } = useSessionFlow();
  const identity = useIdentity();
  const storedName = useStoredSetting(readDisplayName, null);
  const { phase } = state;
  // A single speaker is suggested the account holder's name (or the name kept on this device), else "You".
  const userName = identity.signedIn ? resolveOwnName({ storedName, fullName: identity.user?.name }) : storedName;

  if (phase.name === "naming") {
    return (
      <LazyIdentifySpeakers
        speakers={phase.transcription.speakers}
        userName={userName}
        onClose={actions.analysis.closeNaming}
        returnFocus={() => document.getElementById(RECORD_BUTTON_ID)}
        onComplete={(names) => void actions.analysis.confirmNames(names)}
      />
    );
  }
  if (phase.name === "results" && phase.growth?.name === "naming") {
    return (
      <LazyIdentifySpeakers
        speakers={phase.growth.transcription.speakers}
        userName={userName}
        knownNames={phase.session.speakerNames}
        onClose={actions.growth.closeNaming}
        returnFocus={() => document.getElementById("completion-title")}
        onComplete={(names) => void actions.growth.confirmNames(names)}
      />
    );
  }
  return null;
}
