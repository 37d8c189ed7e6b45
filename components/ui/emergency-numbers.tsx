import { EMERGENCY_NUMBERS } from "@/lib/domain/safety/crisis-lines";

import { PhoneNumbers } from "./phone-numbers";

/** The emergency numbers by region, each tappable (the terms' crisis resources and the results' safety card). */
export function EmergencyNumbers({ className = "" }: { className?: string }) {
  return (
    <ul className={`space-y-1 ${className}`}>
      {EMERGENCY_NUMBERS.map(({ where, numbers }) => (
        <li key={where}>
          {where}: <PhoneNumbers numbers={numbers} />
        </li>
      ))}
    </ul>
  );
}
