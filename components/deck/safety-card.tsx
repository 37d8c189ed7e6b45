import { Button } from "@/components/ui/button";
import { EmergencyNumbers } from "@/components/ui/emergency-numbers";
import { PhoneNumbers } from "@/components/ui/phone-numbers";
import { SectionCard } from "@/components/ui/section-card";
import { CRISIS_LINES } from "@/lib/domain/safety/crisis-lines";

import { SAFETY_TEXTS as T } from "./texts";

/** A calm first screen when the conversation raised a safety concern: where to find help, before any coaching. */
export function SafetyCard({ onContinue }: { onContinue: () => void }) {
  return (
    <section aria-labelledby="safety-title" className="pt-2">
      <h2 id="safety-title" tabIndex={-1} data-step-heading className="font-serif text-3xl font-semibold text-ink">
        {T.title}
      </h2>
      <p className="mt-3 leading-relaxed text-ink">{T.body}</p>
      <div className="mt-5 rounded-card bg-white p-5 shadow-card">
        <p className="font-semibold text-ink">{T.emergency}</p>
        <EmergencyNumbers className="mt-2 text-ink-soft" />
      </div>
      <SectionCard title={T.linesHeading} headingLevel={3} className="mt-4">
        <ul className="mt-2 space-y-2 text-ink-soft">
          {CRISIS_LINES.map(({ country, lines }) => (
            <li key={country}>
              <span className="font-semibold text-ink">{country}</span>:{" "}
              {lines.map((line) => (
                <span key={line.service}>
                  {line.service}, <PhoneNumbers numbers={line.numbers} />
                </span>
              ))}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink-soft">{T.elsewhere}</p>
      </SectionCard>
      <Button variant="secondary" className="mt-6 w-full" onClick={onContinue}>
        {T.continue}
      </Button>
    </section>
  );
}
