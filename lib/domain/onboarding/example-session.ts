import { MUTUAL_GROWTH_DIMENSION } from "@/lib/domain/analysis/analysis-defaults";
import type { Analysis } from "@/lib/domain/analysis/types";

// The example conversation the tutorial walks through (spec part 2 section 4: the deck's tutorial variant). It is never
// stored: it lives only in the onboarding screen, so it can never show in the history (isExample sessions are excluded).

export const EXAMPLE_ANALYSIS: Analysis = {
  source: "offline",
  coachResponse: "Alex and Sam talked about sharing the weekend chores. Both listened, and they ended with a plan they each agreed to.",
  briefSummary: "Sharing weekend chores",
  recommendations: [],
  encouragement: "",
  cards: [
    {
      dimension: "Curiosity",
      insight: "Sam asked what made Saturdays feel so rushed, and Alex explained without getting defensive.",
      tips: ["Ask one open question before offering a solution.", "Repeat back what you heard to check you understood."],
      color: "deep-teal",
      icon: "search",
    },
    {
      dimension: "Clarity",
      insight: "Alex said exactly which chores felt heavy, which made the problem easy to solve together.",
      tips: ["Name one specific thing instead of 'always' or 'never'."],
      color: "sunflower",
      icon: "lightbulb",
    },
    {
      dimension: "Emotional Connection",
      insight: "Sam noticed Alex sounded tired and said so kindly; the conversation softened right after.",
      tips: ["Say the feeling you notice out loud: 'You sound worn out.'"],
      color: "soft-tangerine",
      icon: "heart",
    },
    {
      dimension: "Appreciation",
      insight: "Both thanked each other at the end for sticking with the conversation.",
      tips: ["End a hard talk with one thing you appreciated about how it went."],
      color: "soft-brown",
      icon: "sparkles",
    },
  ],
  mutualGrowthCard: {
    dimension: MUTUAL_GROWTH_DIMENSION,
    insight: "Try the new chore plan for two weekends, then check in together.",
    tips: ["What worked better this weekend?", "What would you change next time?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
};
