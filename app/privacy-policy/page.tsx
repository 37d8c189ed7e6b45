import type { Metadata } from "next";

import { LegalPage } from "@/components/legal/legal-page";
import { PrivacyContent } from "@/components/legal/privacy-content";
import { LEGAL_TEXTS } from "@/components/legal/texts";
import { getEnv } from "@/lib/server/env";

export const metadata: Metadata = {
  title: LEGAL_TEXTS.privacyTitle,
  description: "How the relationship conversation coach handles your recordings, transcripts and account data, and your rights under the GDPR.",
};

// Rendered per request: the "Last updated" line shows the current date.
export const dynamic = "force-dynamic";

export default function PrivacyPolicyPage() {
  return (
    <LegalPage title={LEGAL_TEXTS.privacyTitle}>
      <PrivacyContent contactEmail={getEnv().FEEDBACK_EMAIL} />
    </LegalPage>
  );
}
