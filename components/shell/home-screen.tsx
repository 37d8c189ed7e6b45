"use client";

import Link from "next/link";
import { useState } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { ConversationGuides } from "@/components/guides/conversation-guides";
import { LazySessionHistory } from "@/components/history/lazy-session-history";
import type { HistoryEntry } from "@/components/history/use-history";
import { useSessionMigration } from "@/components/history/use-session-migration";
import { HelpButton } from "@/components/onboarding/help-modal";
import { WelcomeGate } from "@/components/onboarding/welcome-gate";
import { AnalysingOverlay } from "@/components/recording/analysing-overlay";
import { LazySessionFlowDialogs } from "@/components/session-flow/lazy-flow-dialogs";
import { SessionFlowProvider, useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { Recorder, soloOverlayMessage } from "@/components/solo/recorder";
import { SpeakerNamingStep } from "@/components/speakers/speaker-naming-step";
import { BulletList } from "@/components/ui/bullet-list";
import { SectionCard } from "@/components/ui/section-card";
import { isBusy, overlayStep } from "@/lib/domain/session-flow/machine";

import { AppShell } from "./app-shell";
import { LazyHistoryDetail, LazySessionResults, prefetchRecordingScreens } from "./lazy-screens";
import { openFromHistory } from "./open-from-history";
import { HOME_TEXTS, PRIVACY_CARD } from "./texts";

/** `disclaimerAccepted`: the request carried the acceptance cookie, so the server's HTML opens on the recorder. */
export function HomeScreen({ feedbackEmail, disclaimerAccepted }: { feedbackEmail: string; disclaimerAccepted: boolean }) {
  return (
    <SessionFlowProvider>
      <Home feedbackEmail={feedbackEmail} disclaimerAccepted={disclaimerAccepted} />
    </SessionFlowProvider>
  );
}

function Home({ feedbackEmail, disclaimerAccepted }: { feedbackEmail: string; disclaimerAccepted: boolean }) {
  const identity = useIdentity();
  const { state, actions } = useSessionFlow();
  const [detail, setDetail] = useState<HistoryEntry | null>(null);
  const step = overlayStep(state);
  useSessionMigration();

  return (
    <AppShell feedbackEmail={feedbackEmail}>
      <main id="main" className="mx-auto flex max-w-2xl flex-col gap-5 px-4 pb-16 pt-5">
        {/* Short, so the record button sits in the first screen of a phone (390 × 844). */}
        <section aria-labelledby="home-title" className="px-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-soft-tangerine-700">
            {identity.signedIn ? HOME_TEXTS.welcomeBack : HOME_TEXTS.welcome}
          </p>
          <h1 id="home-title" className="mt-1 font-serif text-3xl font-semibold leading-tight text-ink">
            {HOME_TEXTS.title}
          </h1>
          <p className="mt-2 leading-relaxed text-ink-soft">{HOME_TEXTS.intro}</p>
        </section>

        <Recorder />
        <ConversationGuides />

        <SectionCard title={HOME_TEXTS.dimensionsHeading}>
          <p className="mt-2 leading-relaxed text-ink-soft">{HOME_TEXTS.dimensionsIntro}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={HOME_TEXTS.dimensionsLabel}>
            {HOME_TEXTS.dimensions.map((dimension) => (
              <li key={dimension} className="rounded-full bg-deep-teal-50 px-3 py-1 text-sm font-medium text-deep-teal-800">
                {dimension}
              </li>
            ))}
          </ul>
        </SectionCard>

        <LazySessionHistory
          onOpen={(session) => openFromHistory(session, { results: actions.results.open, detail: setDetail })}
          onRetry={(entry) => {
            prefetchRecordingScreens();
            actions.retryFromHistory(entry);
          }}
          retryBlocked={isBusy(state)}
        />
        {detail ? <LazyHistoryDetail key={detail.id} session={detail} onClose={() => setDetail(null)} /> : null}

        <section aria-labelledby="privacy-card" className="rounded-card bg-deep-teal-700 p-6 text-white shadow-card">
          <div className="flex items-start justify-between gap-3">
            <h2 id="privacy-card" className="font-serif text-2xl font-semibold">
              {PRIVACY_CARD.title}
            </h2>
            <HelpButton tone="light" />
          </div>
          <BulletList items={PRIVACY_CARD.bullets} dotClassName="bg-sunflower" className="mt-3 text-white/90" />
        </section>

        {state.phase.name === "results" ? <LazySessionResults key={state.phase.session.id} results={state.phase} /> : null}
        {/* After the results in the page, so a growth follow-up's naming and progress show over the completion screen. */}
        <SpeakerNamingStep />
        {step ? <AnalysingOverlay step={step} message={soloOverlayMessage(state)} isFollowUp={state.phase.name === "results"} /> : null}
        <LazySessionFlowDialogs />
        <WelcomeGate disclaimerAccepted={disclaimerAccepted} />

        <footer className="flex justify-center gap-6 pt-2 text-sm text-ink-soft">
          <Link href="/privacy-policy" className="underline underline-offset-4 hover:text-deep-teal-800">
            {HOME_TEXTS.privacyLink}
          </Link>
          <Link href="/terms-of-service" className="underline underline-offset-4 hover:text-deep-teal-800">
            {HOME_TEXTS.termsLink}
          </Link>
        </footer>
      </main>
    </AppShell>
  );
}
