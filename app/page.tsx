import { HomeScreen } from "@/components/shell/home-screen";
import { getEnv } from "@/lib/server/env";

export default function HomePage() {
  return <HomeScreen feedbackEmail={getEnv().FEEDBACK_EMAIL} />;
}
