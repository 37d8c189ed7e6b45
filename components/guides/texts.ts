// The Conversation Guides overlay (spec part 1 section 2 "Home screen additions", part 2 sections 2 and 3 "Conversation
// guides"). The spec names the eight cards; their descriptions and prompts are ours.

export const GUIDES_TEXTS = {
  button: "Conversation Guides",
  title: "Conversation Guides",
  intro: "Pick a topic when you don't know where to start. Swipe, or use Previous and Next.",
  soloIntro: "Pick a topic and your coach will take it up.",
  recordingBadge: "Recording in progress",
  previous: "Previous",
  next: "Next",
  close: "Close",
  choose: "Talk about this",
  chosen: "Your coach has this topic",
  chosenBeforeStart: "This will be your topic when you start",
  startersNote: "Conversation starters: read a prompt aloud and take turns answering.",
  promptsLabel: "Prompts",
  position: (index: number, total: number) => `Guide ${index + 1} of ${total}`,
  announce: (headline: string) => `Conversation guides. ${headline}`,
  // Ours: said when Previous, Next or a swipe brings another guide (the card changes above the focused button).
  shown: (index: number, total: number, headline: string) => `Guide ${index + 1} of ${total}: ${headline}`,
} as const;

export type GuideColor = "deep-teal" | "sunflower" | "soft-tangerine" | "soft-brown";

/** A conversation guide card (spec part 2 section 3): id, headline, subheadline, color; prompts are the card's questions. */
export type ConversationGuideCard = { id: string; headline: string; subheadline: string; prompts: readonly string[]; color: GuideColor };

export const CONVERSATION_GUIDES: readonly ConversationGuideCard[] = [
  {
    id: "two-peas-in-a-pod",
    headline: "Two Peas in a Pod",
    subheadline: "Notice what you share: the small habits, jokes and values that make you a team.",
    prompts: [
      "What is something we both love that surprised you when you first found out?",
      "Which everyday moment with us feels most like home?",
      "What is one value we agree on without ever having to say it?",
    ],
    color: "deep-teal",
  },
  {
    id: "elephant-in-the-room",
    headline: "Elephant in the Room",
    subheadline: "Name the thing that keeps getting skipped, gently and without blame.",
    prompts: [
      "Is there a topic we both avoid? What makes it hard to bring up?",
      "What would help you feel safe enough to talk about it today?",
      "What is one small step we could take on it this week?",
    ],
    color: "soft-tangerine",
  },
  {
    id: "lifes-lemons",
    headline: "Life's Lemons",
    subheadline: "Talk about a hard stretch: what weighed on you, and what helped you through it.",
    prompts: [
      "What has been the heaviest thing on your mind lately?",
      "When things went wrong recently, what did you need most?",
      "What is one thing that helped, even a little?",
    ],
    color: "sunflower",
  },
  {
    id: "better-half",
    headline: "Better Half",
    subheadline: "Appreciation, said out loud: what the other person brings that you would miss.",
    prompts: [
      "What is something kind that was done for you this week that you haven't said thanks for yet?",
      "Which quality in the other person do you rely on most?",
      "When did you last feel really proud of them?",
    ],
    color: "deep-teal",
  },
  {
    id: "grow-together",
    headline: "Grow Together",
    subheadline: "Look ahead: the habits, skills and plans you want to build over the coming months.",
    prompts: [
      "What is one thing you'd like us to get better at together?",
      "Which habit would make our weeks feel calmer?",
      "Where do you picture us a year from now?",
    ],
    color: "soft-brown",
  },
  {
    id: "hot-chili",
    headline: "Hot Chili",
    subheadline: "A disagreement that heats up quickly: slow it down and hear each side in full.",
    prompts: [
      "What do you think the other person is really asking for in this argument?",
      "What do you need to hear before you can listen?",
      "What could each of us do differently the next time it starts?",
    ],
    color: "soft-tangerine",
  },
  {
    id: "greener-grass",
    headline: "Greener Grass",
    subheadline: "Wishes and comparisons: what you long for, and what is already good right here.",
    prompts: [
      "Is there something you see in other people's lives that you wish we had?",
      "What would that change for you, day to day?",
      "What do we already have that you wouldn't trade?",
    ],
    color: "sunflower",
  },
  {
    id: "come-rain-or-shine",
    headline: "Come Rain or Shine",
    subheadline: "Commitment through change: how you stay close when life gets busy or uncertain.",
    prompts: [
      "When life gets busy, what is the first thing between us that slips?",
      "What helps you feel we're still on the same side during a tough week?",
      "What is one ritual we could keep no matter what?",
    ],
    color: "soft-brown",
  },
];
