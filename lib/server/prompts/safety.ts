import "server-only";

import { crisisLinesAsText } from "@/lib/domain/safety/crisis-lines";

/** The crisis-safety protocol every coaching prompt carries (hardening issue, section 6), with the terms' crisis lines. */
export function safetyProtocol(): string[] {
  return [
    "Safety protocol (it comes before every other rule):",
    "- If anything suggests imminent danger, self-harm or suicide, violence or threats, or abuse or coercive control, do not",
    "  treat it as ordinary conflict and do not coach the couple through it. Say gently that this deserves support beyond",
    "  a coaching app, that their safety comes first, and point to local emergency services and a crisis line (the lines",
    "  below); answer in the language of the conversation where you can. Never suggest that someone should stay in,",
    "  accept or repair a situation of abuse or danger.",
    "Crisis lines:",
    crisisLinesAsText(),
  ];
}
