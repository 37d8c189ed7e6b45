import type { Metadata } from "next";

import { LegalPage } from "@/components/legal/legal-page";
import { TermsContent } from "@/components/legal/terms-content";
import { LEGAL_TEXTS } from "@/components/legal/texts";
import { getEnv } from "@/lib/server/env";

export const metadata: Metadata = {
  title: LEGAL_TEXTS.termsTitle,
  description: "The terms for using the relationship conversation coach: not therapy, consent to recording, donations, and crisis resources.",
};

// Rendered per request: the "Last updated" line shows the current date.
export const dynamic = "force-dynamic";

export default function TermsOfServicePage() {
  return (
    <LegalPage title={LEGAL_TEXTS.termsTitle}>
      <TermsContent contactEmail={getEnv().FEEDBACK_EMAIL} />
    </LegalPage>
  );
}
