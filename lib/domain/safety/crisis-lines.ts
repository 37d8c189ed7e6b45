// Crisis lines and emergency numbers: one list for the terms' "Crisis resources", the results' safety card and the
// coaching prompts' safety protocol.

export type CrisisLine = { service: string; numbers: string[]; note?: string };
export type CrisisCountry = { country: string; lines: CrisisLine[] };

/** National crisis lines, as named in the spec (US, Canada, UK, Australia, Germany, France, Spain, the Netherlands). */
export const CRISIS_LINES: CrisisCountry[] = [
  { country: "United States", lines: [{ service: "988 Suicide & Crisis Lifeline", numbers: ["988"], note: "Call or text, free, 24/7." }] },
  { country: "Canada", lines: [{ service: "9-8-8 Suicide Crisis Helpline", numbers: ["9-8-8"], note: "Call or text, free, 24/7." }] },
  { country: "United Kingdom", lines: [{ service: "Samaritans", numbers: ["116 123"], note: "Free, 24/7." }] },
  { country: "Australia", lines: [{ service: "Lifeline", numbers: ["13 11 14"], note: "24/7." }] },
  { country: "Germany", lines: [{ service: "Telefonseelsorge", numbers: ["0800 111 0 111", "0800 111 0 222"], note: "Free, anonymous, 24/7." }] },
  { country: "France", lines: [{ service: "3114 – Numéro national de prévention du suicide", numbers: ["3114"], note: "Free, 24/7." }] },
  { country: "Spain", lines: [{ service: "Línea 024 – atención a la conducta suicida", numbers: ["024"], note: "Free, 24/7." }] },
  { country: "Netherlands", lines: [{ service: "113 Zelfmoordpreventie", numbers: ["113", "0800-0113"], note: "24/7; 0800-0113 is free." }] },
];

export const EMERGENCY_NUMBERS = [
  { where: "United States and Canada", numbers: ["911"] },
  { where: "European Union, including Germany, France, Spain and the Netherlands", numbers: ["112"] },
  { where: "United Kingdom", numbers: ["999", "112"] },
  { where: "Australia", numbers: ["000"] },
];

/** The lines in one sentence each, for a prompt ("United States: 988 Suicide & Crisis Lifeline, 988"). */
export function crisisLinesAsText(): string {
  const lines = CRISIS_LINES.map(
    ({ country, lines: services }) => `${country}: ${services.map((line) => `${line.service}, ${line.numbers.join(" or ")}`).join("; ")}`,
  );
  const emergency = EMERGENCY_NUMBERS.map(({ where, numbers }) => `${where}: ${numbers.join(" or ")}`);
  return [...lines, `Emergency numbers: ${emergency.join("; ")}`, "Elsewhere: findahelpline.com"].join("\n");
}
