// A deterministic first look at a transcript for language of self-harm, violence or threats, and abuse (hardening issue,
// section 6). It runs on every analysis, from a provider or the local analyzer alike, so the safety card never depends on
// a model noticing. It errs towards showing the card: a calm card shown once too often costs little; one missed, a lot.

import type { SafetyScreen } from "@/lib/domain/analysis/types";

type SafetyConcern = SafetyScreen["kinds"][number];

const OBJECT = "(?:you|him|her|them|myself|yourself)";

const PATTERNS: Record<SafetyConcern, RegExp[]> = {
  "self-harm": [
    /\b(?:kill(?:ing)?|hurt(?:ing)?|cut(?:ting)?|harm(?:ing)?) myself\b/,
    /\bsuicid(?:e|al)\b/,
    /\bself[- ]?harm(?:ing)?\b/,
    /\b(?:want|wanted|going) to die\b/,
    /\bend (?:my life|it all)\b/,
    /\btake my (?:own )?life\b/,
    /\bbetter off (?:dead|without me)\b/,
    /\bdon'?t want to (?:live|be alive|be here any ?more)\b/,
    /\bno (?:reason|point) (?:to|in) (?:live|living|go on|going on)\b/,
  ],
  violence: [
    new RegExp(`\\b(?:i'?ll|i will|i'?m going to|i am going to|gonna) (?:kill|hurt|hit|beat|strangle|choke|stab|shoot|smash) ${OBJECT}\\b`),
    new RegExp(
      `\\b(?:hit|hits|hitting|punch(?:ed|es)?|slap(?:ped|s)?|chok(?:ed|es|ing)|strangl(?:ed|es|ing)|shov(?:ed|es)|kick(?:ed|s)|beat|beats|beating) me\\b`,
    ),
    /\bthreaten(?:ed|s|ing)? (?:me|to)\b/,
    /\b(?:a|the|my|your|his|her) (?:gun|knife)\b.*\b(?:point|pointed|grabbed|held|hold)\b|\b(?:point|pointed|grabbed|held|hold)\b.*\b(?:a|the|my|your|his|her) (?:gun|knife)\b/,
  ],
  abuse: [
    /\babus(?:e|ed|es|ive|ing)\b/,
    /\b(?:afraid|scared|terrified) (?:of you|of him|of her|to go home|for my life)\b/,
    /\bforced me\b/,
    /\bwon'?t let me (?:leave|go|see|talk to|have)\b/,
    /\b(?:raped?|sexual(?:ly)? assault(?:ed)?)\b/,
    /\b(?:take|took|takes|control|controls) (?:all )?my (?:money|phone|passport|keys)\b/,
  ],
};

/** Which concerns the words of a transcript raise (lower-cased, curly apostrophes made straight). */
export function screenForSafety(transcript: string): SafetyScreen {
  const text = transcript.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const kinds = (Object.keys(PATTERNS) as SafetyConcern[]).filter((kind) =>
    text.split(/\n+/).some((line) => PATTERNS[kind].some((pattern) => pattern.test(line))),
  );
  return { concern: kinds.length > 0, kinds };
}
