import type { Metadata } from "next";

import { LegalPage } from "@/components/legal/legal-page";
import { PrivacyContent } from "@/components/legal/privacy-content";
import { getEnv } from "@/lib/server/env";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: "How the relationship conversation coach handles your recordings, transcripts and account data, and your rights under the GDPR.",
};

// Rendered per request: the "Last updated" line shows the current date.
export const dynamic = "force-dynamic";

export default function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <PrivacyContent contactEmail={getEnv().FEEDBACK_EMAIL} />
    </LegalPage>
  );
}
