"use client";

import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { sayLoadFailed } from "@/components/shell/load-failed";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { onSessionsChanged } from "@/lib/client/events";
import { loadCodeWithin } from "@/lib/client/lazy-code";
import { AUDIO_DATABASE_NAME } from "@/lib/client/recordings/audio-database";
import { browserStorage, STORAGE_KEYS } from "@/lib/client/storage/browser-keys";
import { withDeadline } from "@/lib/domain/with-deadline";

import { HistoryPlaceholder } from "./history-placeholder";
import type { SessionHistory } from "./session-history";

// The history (its list, paging, deletes, the signals trend, React Query and the schemas it reads the server's list with)
// loads only when there can be something to list: a signed-in user (the account's sessions), a device with sessions or
// recordings of its own, or audio a closed tab may have left mid-recording (the history turns it into a retryable item).
// A first visit has none of them, so its first screen carries none of that code; the card shows its empty text as the
// list would, and the first session saved (the sessions-changed broadcast) brings the list in.

// Rendered only in the browser, once wanted (never on the server): React's lazy, with the placeholder while it loads. Its
// code can fail to arrive (or stall: bounded by loadCodeWithin), typically just after an upload failed on a poor
// connection; then the placeholder stays and the toast asks for a reload, and the rest of the app, with any recording it
// holds in memory, stays instead of giving way to the error page.
const History = lazy(() => loadCodeWithin(import("./history-with-query")).then((module) => ({ default: module.SessionHistoryWithQuery })));

/** How long the browser may take to list its databases before the answer counts as "maybe". */
const DATABASES_LIST_TIMEOUT_MS = 3000;

const LOCAL_KEYS = [STORAGE_KEYS.localSessions, STORAGE_KEYS.localRecordings, STORAGE_KEYS.failedRecordings] as const;

/** Whether this device's storage lists any session or recording; unreadable storage counts as "maybe". */
export function hasLocalHistory(storage = browserStorage()): boolean {
  try {
    return LOCAL_KEYS.some((key) => {
      const stored = storage?.getItem(key)?.trim();
      return Boolean(stored && stored !== "[]" && stored !== "{}");
    });
  } catch {
    return true;
  }
}

/** Whether the recordings' database exists (audio may wait there); true when the browser cannot tell. */
export async function mayHaveStoredAudio(factory: Pick<IDBFactory, "databases"> | undefined = globalThis.indexedDB): Promise<boolean> {
  if (!factory) return false;
  if (typeof factory.databases !== "function") return true;
  try {
    const databases = await withDeadline(factory.databases(), DATABASES_LIST_TIMEOUT_MS, () => new Error("indexedDB.databases() did not answer"));
    return databases.some((database) => database.name === AUDIO_DATABASE_NAME);
  } catch {
    return true;
  }
}

export function LazySessionHistory(props: ComponentProps<typeof SessionHistory>) {
  const identity = useIdentity();
  // null: not known yet (the server's HTML and the first render in the browser); false: nothing to list on this device.
  const [wanted, setWanted] = useState<boolean | null>(null);

  useEffect(() => {
    if (wanted) return;
    let active = true;
    const want = () => active && setWanted(true);
    if (identity.signedIn || hasLocalHistory()) want();
    else void mayHaveStoredAudio().then((maybe) => (maybe ? want() : active && setWanted(false)));
    const stop = onSessionsChanged(want);
    return () => {
      active = false;
      stop();
    };
  }, [identity.signedIn, wanted]);

  const placeholder = <HistoryPlaceholder signedIn={identity.signedIn} clerkEnabled={identity.clerkEnabled} empty={wanted === false} />;
  if (!wanted) return placeholder;
  return (
    <LoadFailureBoundary fallback={placeholder} onFailure={sayLoadFailed}>
      <Suspense fallback={placeholder}>
        <History {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
