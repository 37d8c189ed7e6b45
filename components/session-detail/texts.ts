// Every text of the session detail view. Spec part 2 section 2 "Session detail view (two tabs, default 'Transcript')":
// strings quoted there are word for word (some come from lib/domain/history as constants). The rest is ours: warm and plain.

import { ANALYSIS_DEFAULTS } from "@/lib/domain/analysis/analysis-defaults";
import { SPEAKER_ANALYSIS_UNAVAILABLE } from "@/lib/domain/history/speaker-share";
import { TRANSCRIPT_UNAVAILABLE } from "@/lib/domain/history/transcript-view";

export const SESSION_DETAIL_TEXTS = {
  dialogFallbackLabel: "Session",
  close: "Close",
  tabsLabel: "Session views",
  transcriptTab: "Transcript",
  summaryTab: "Summary",

  // Transcript tab.
  speakerFilterLabel: "Show lines from",
  allSpeakers: "All Speakers",
  growthConversation: "Growth Conversation",
  transcriptUnavailable: TRANSCRIPT_UNAVAILABLE,
  noLinesForSpeaker: "No lines from this speaker here.",
  followUpsFound: (count: number) => `Follow-up transcripts: Found ${count}`,
  followUpsNone: "Follow-up transcripts: None found",
  growthCommitmentDiscussions: "Growth Commitment Discussions",
  growthCommitment: (position: number) => `Growth Commitment ${position}`,
  legacyFollowUpTitle: "Growth Commitment Transcript",
  legacyFollowUpSubtitle: "Mutual Growth Commitment",

  // Summary tab.
  conversationSummary: "Conversation Summary",
  coachResponseDefault: ANALYSIS_DEFAULTS.coachResponse,
  relationshipInsights: "Relationship Insights",
  // The alternate review screen "Relationship Insights" (spec part 2 section 2), opened from here.
  reviewInsights: "Review Relationship Insights",
  reviewPosition: (position: number, total: number) => `Card ${position} of ${total}`,
  tips: "Tips",
  skip: "Skip",
  next: "Next",
  done: "Done",
  tryThis: "Try this",
  dismiss: "Dismiss",
  helpful: "Helpful",
  notHelpful: "Not Helpful",
  conversationOverview: "Conversation Overview",
  totalDuration: "Total duration",
  speakers: "Speakers",
  speakerAnalysisUnavailable: SPEAKER_ANALYSIS_UNAVAILABLE,
  speakerBreakdown: "Who Spoke How Much",
  shareOfConversation: (percent: number) => `${percent}% of the conversation`,
  speakingTime: "Speaking time",
  words: "Words",
  turns: "Turns",
  talkShareTitle: "Talk Share",
  talkShareIntro: "How the talking time was shared, with a few patterns from each person.",
  talkShareChartLabel: (parts: string[]) => `Talk share: ${parts.join(", ")}`,
  questions: "Questions",
  interruptions: "Interruptions",
  longestTurn: "Longest turn",
  focusOn: "Focus On",
  regenerateRecommendations: "Regenerate Recommendations",
  recommendationsUpdated: "Recommendations Updated",
  regenerationFailedTitle: "Regeneration Failed",
  regenerationFailedBody: "Failed to regenerate recommendations. Please try again.",
  regenerateHint: "Generate new recommendations based on your current feedback",
} as const;
