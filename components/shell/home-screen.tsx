"use client";

import Link from "next/link";
import { useState } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { AnalysingOverlay } from "@/components/recording/analysing-overlay";
import { SessionHistory } from "@/components/history/session-history";
import type { HistoryEntry } from "@/components/history/use-history";
import { useSessionMigration } from "@/components/history/use-session-migration";
import { RelationshipRecorder } from "@/components/recording/relationship-recorder";
import { ANALYSIS_TEXTS } from "@/components/session/texts";
import { useAnalysisRunner } from "@/components/session/use-analysis-runner";
import { ActionDialog } from "@/components/ui/action-dialog";
import { BulletList } from "@/components/ui/bullet-list";
import { APP_EVENTS, emitAppEvent } from "@/lib/client/events";
import { type LocalSession, retryTargetFor } from "@/lib/client/recordings/local-recordings";
import { historyItemStatus } from "@/lib/domain/history/history-item";

import { AppShell } from "./app-shell";
import { LazyHistoryDetail, LazySessionResults, prefetchRecordingScreens } from "./lazy-screens";
import { PRIVACY_CARD } from "./texts";

/** A failed transcription goes to the recorder (it owns the naming step that follows); a failed analysis to the runner. */
function retryFromHistory(entry: HistoryEntry, retryAnalysis: (session: LocalSession) => void): void {
  prefetchRecordingScreens();
  const target = retryTargetFor(entry);
  if (historyItemStatus(entry) === "failed-transcription") emitAppEvent(APP_EVENTS.retryTranscription, target);
  else retryAnalysis(target);
}

const DIMENSIONS = ["Curiosity", "Clarity", "Emotional Connection", "Timing", "Respect & Repair", "Appreciation"];

export function HomeScreen({ feedbackEmail }: { feedbackEmail: string }) {
  const identity = useIdentity();
  const analysis = useAnalysisRunner();
  const [detail, setDetail] = useState<HistoryEntry | null>(null);
  useSessionMigration();

  return (
    <AppShell feedbackEmail={feedbackEmail}>
      <main id="main" className="mx-auto flex max-w-2xl flex-col gap-5 px-4 pb-16 pt-6">
        <section className="rounded-card bg-white p-6 shadow-card">
          <p className="text-sm font-semibold uppercase tracking-wide text-soft-tangerine-700">
            {identity.signedIn ? "Welcome back" : "Welcome"}
          </p>
          <h1 className="mt-2 font-serif text-3xl font-semibold leading-tight text-ink">Talk it through, together.</h1>
          <p className="mt-3 leading-relaxed text-ink-soft">
            Record a conversation with your partner, name who spoke, and get warm, impartial insights across six dimensions of
            connection, with a small plan for next time.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="The six dimensions">
            {DIMENSIONS.map((dimension) => (
              <li key={dimension} className="rounded-full bg-deep-teal-50 px-3 py-1 text-sm font-medium text-deep-teal-800">
                {dimension}
              </li>
            ))}
          </ul>
        </section>

        <RelationshipRecorder onHome={() => window.scrollTo({ top: 0, behavior: "smooth" })} />

        <SessionHistory onOpen={setDetail} onRetry={(entry) => retryFromHistory(entry, analysis.retryFailedAnalysis)} />
        {detail ? <LazyHistoryDetail key={detail.id} session={detail} onClose={() => setDetail(null)} /> : null}

        <section aria-labelledby="privacy-card" className="rounded-card bg-deep-teal-700 p-6 text-white shadow-card">
          <h2 id="privacy-card" className="font-serif text-2xl font-semibold">
            {PRIVACY_CARD.title}
          </h2>
          <BulletList items={PRIVACY_CARD.bullets} dotClassName="bg-sunflower" className="mt-3 text-white/90" />
        </section>

        {analysis.step ? <AnalysingOverlay step={analysis.step} /> : null}
        {analysis.session ? <LazySessionResults key={analysis.session.id} session={analysis.session} onClose={analysis.closeSession} /> : null}
        <ActionDialog
          open={analysis.connectionDialog}
          onOpenChange={(open) => (open ? undefined : analysis.closeConnectionDialog())}
          title={ANALYSIS_TEXTS.connectionTitle}
          description={ANALYSIS_TEXTS.connectionBody}
          actions={[{ label: "OK", onSelect: analysis.closeConnectionDialog }]}
        />

        <footer className="flex justify-center gap-6 pt-2 text-sm text-ink-soft">
          <Link href="/privacy-policy" className="underline underline-offset-4 hover:text-deep-teal-800">
            Privacy Policy
          </Link>
          <Link href="/terms-of-service" className="underline underline-offset-4 hover:text-deep-teal-800">
            Terms of Service
          </Link>
        </footer>
      </main>
    </AppShell>
  );
}
