"use client";

import { useState } from "react";

import { ResultsDeck } from "@/components/deck/results-deck";
import { RECORD_BUTTON_ID } from "@/components/recording/record-button";
import { SESSION_TEXTS } from "@/components/session/texts";
import { downloadFile } from "@/lib/client/files/download-file";
import { showToast } from "@/lib/client/toast/toast-store";
import type { SwipeAction } from "@/lib/domain/analysis/types";
import { tutorialReminderStart } from "@/lib/domain/calendar/reminder";
import { buildReminderIcs } from "@/lib/domain/calendar/reminder-ics";
import { EXAMPLE_ANALYSIS } from "@/lib/domain/onboarding/example-session";

const NO_SUMMARY = { loading: false, summary: null } as const;

/**
 * The example session in the deck's tutorial variant. Its votes live only here: an example session is never saved, so it
 * never reaches the history or the server.
 */
export function TutorialSession({ onDone }: { onDone: () => void }) {
  const [swipes, setSwipes] = useState<SwipeAction[]>([]);
  return (
    <ResultsDeck
      analysis={EXAMPLE_ANALYSIS}
      swipeActions={swipes}
      isExample
      completion={NO_SUMMARY}
      onVote={(cardIndex, action) =>
        setSwipes((current) => [...current.filter((swipe) => swipe.cardIndex !== cardIndex), { cardIndex, action, timestamp: Date.now() }])
      }
      onDeckFinished={() => undefined}
      onSetReminder={setTutorialReminder}
      onFinish={onDone}
      onClose={onDone}
      // What opened the tutorial (the welcome's Start) is gone with the welcome: the app starts at the record button.
      returnFocus={() => document.getElementById(RECORD_BUTTON_ID)}
    />
  );
}

/** The tutorial's reminder: next Sunday 10 AM, one hour (spec part 2 section 9), as a calendar file. */
function setTutorialReminder() {
  const start = tutorialReminderStart(new Date());
  try {
    downloadFile(buildReminderIcs({ start }), "relationship-check-in.ics", "text/calendar");
    const when = start.toLocaleString("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
    showToast({ title: SESSION_TEXTS.reminderSetTitle, description: SESSION_TEXTS.reminderSetBody(when), variant: "success" });
  } catch {
    showToast({ title: SESSION_TEXTS.errorTitle, description: SESSION_TEXTS.prepareError, variant: "destructive" });
  }
}
