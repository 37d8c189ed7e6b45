// Spec texts of the "Identify Speakers" screen (spec part 2, sections 2 and 5).
export const SPEAKER_TEXTS = {
  title: "Identify Speakers",
  question: "Who said this?",
  placeholder: "e.g. your partner's name, or Me",
  nameLabel: "Name",
  nextSpeaker: (remaining: number) => `Next Speaker (${remaining} remaining)`,
  lastSpeaker: "Last Speaker - Continue to Insights",
  continue: "Continue to Insights",
  speakerOf: (index: number, total: number) => `Speaker ${index} of ${total}`,
  identified: (done: number, total: number) => `${done} of ${total} speakers identified`,
  loading: "Processing speaker information...",
  close: "Close",
  // Ours: a name of only spaces passes the field's required check, and the button then did nothing at all.
  nameRequired: "Enter a name for this speaker.",
} as const;
