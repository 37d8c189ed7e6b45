import { cookies } from "next/headers";

import { HomeScreen } from "@/components/shell/home-screen";
import { DISCLAIMER_COOKIE } from "@/lib/client/onboarding/keys";
import { getEnv } from "@/lib/server/env";

// Rendered per request (the root layout is dynamic): the acceptance cookie decides whether the HTML opens on the welcome
// card or on the recorder, so either paints before any JavaScript runs.
export default async function HomePage() {
  const disclaimerAccepted = (await cookies()).has(DISCLAIMER_COOKIE);
  return <HomeScreen feedbackEmail={getEnv().FEEDBACK_EMAIL} disclaimerAccepted={disclaimerAccepted} />;
}
