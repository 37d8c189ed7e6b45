"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

import { DONATION_TEXTS } from "@/components/donation/texts";
import { INSTALL_TEXTS } from "@/components/install/texts";
import { sayLoadFailed } from "@/components/shell/load-failed";
import { Button } from "@/components/ui/button";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { SectionCard } from "@/components/ui/section-card";
import { installStore } from "@/lib/client/install/install-prompt";

// PayPal's React components load with the dialog, on the first tap: they stay out of the home screen's JavaScript.
const DonationDialog = dynamic(() => import("@/components/donation/donation-dialog").then((module) => module.DonationDialog), { ssr: false });

/** Settings' "Buy Us A Drink" card and its dialog. */
export function DonationCard() {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={DONATION_TEXTS.title} headingLevel={3}>
      <p className="mt-1 text-sm text-ink-soft">{DONATION_TEXTS.settingsHint}</p>
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setOpen(true)}>
        <span aria-hidden>🥂</span>
        {DONATION_TEXTS.settingsButton}
      </Button>
      {open ? (
        <LoadFailureBoundary
          onFailure={() => {
            sayLoadFailed();
            setOpen(false);
          }}
        >
          <DonationDialog open onOpenChange={setOpen} />
        </LoadFailureBoundary>
      ) : null}
    </SectionCard>
  );
}

/**
 * Settings' "Add to Home Screen" card. The modal is rendered by the root layout (components/install/install-support.tsx),
 * so onboarding can open it with Settings closed (showAddToHomeScreenAfterOnboarding, lib/client/install/install-prompt.ts).
 */
export function InstallCard() {
  return (
    <SectionCard title={INSTALL_TEXTS.title} headingLevel={3}>
      <p className="mt-1 text-sm text-ink-soft">{INSTALL_TEXTS.settingsHint}</p>
      <Button variant="secondary" className="mt-3 w-full" onClick={() => installStore.open()}>
        {INSTALL_TEXTS.settingsButton}
      </Button>
    </SectionCard>
  );
}
