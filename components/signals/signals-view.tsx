"use client";

import { useId, useState, type ReactNode } from "react";

import { useOpenTranscriptAt } from "@/components/evidence/transcript-focus";
import { SectionCard } from "@/components/ui/section-card";
import {
  bidQuotes,
  labelQuotes,
  negativeQuotes,
  positiveQuotes,
  repairQuotes,
  startUpQuotes,
  stonewallQuotes,
  type SignalQuote,
} from "@/lib/domain/signals/quotes";
import { readSignalsRecord, type SignalsRecord } from "@/lib/domain/signals/record";

import { joinNames, SIGNALS_TEXTS as T, times, type ResearchLine } from "./texts";

type NameOf = (speaker: string) => string;

/** A piece of a sentence: words, or a count that opens the quotes it was counted from. */
type Part = string | { count: string; quotes: SignalQuote[] };
type Sentence = { key: string; parts: Part[] };

/**
 * "Conversation signals" (issue 17): each signal as a plain sentence with the speakers' names, the research line beside the
 * signals it speaks to, and every count a button that opens the quotes behind it; a quote opens the transcript at its turn
 * where the transcript can be shown. Nothing for a session without signals (analysed before they existed).
 */
export function SignalsView({ signals, nameOf: sessionNameOf, headingLevel = 3 }: { signals: unknown; nameOf: NameOf; headingLevel?: 2 | 3 }) {
  const record = readSignalsRecord(signals);
  if (!record) return null;
  // A follow-up's speaker the conversation's names did not match carries its name in the record.
  const nameOf: NameOf = (speaker) => {
    const name = sessionNameOf(speaker);
    return name === speaker ? (record.speakerNames[speaker] ?? name) : name;
  };
  const speakers = Object.keys(record.pronouns);
  const solo = record.startUp === null && record.latency === null;
  const others = (speaker: string) => joinNames(speakers.filter((other) => other !== speaker).map(nameOf));

  return (
    <SectionCard title={T.title} headingLevel={headingLevel} className="text-ink">
      <p className="mt-2 text-sm leading-relaxed text-ink-soft">{T.intro}</p>
      {!record.labelled && !solo ? (
        <p role="note" className="mt-3 rounded-2xl bg-sunflower-100 px-4 py-3 text-sm leading-relaxed text-ink">
          {T.noAi}
        </p>
      ) : null}

      <div className="mt-4 flex flex-col gap-5">
        {record.startUp ? (
          <Signal
            nameOf={nameOf}
            heading={T.startUpHeading}
            research={record.labelled ? T.references.startUp : undefined}
            sentences={startUpSentences(record, nameOf)}
          />
        ) : null}
        {record.ratio ? <Signal nameOf={nameOf} heading={T.ratioHeading} research={T.references.ratio} sentences={ratioSentences(record)} /> : null}
        {record.bids ? (
          <Signal nameOf={nameOf} heading={T.bidsHeading} research={T.references.bids} sentences={bidSentences(record, speakers, nameOf, others)} />
        ) : null}
        {record.repairs ? <Signal nameOf={nameOf} heading={T.repairsHeading} sentences={repairSentences(record, speakers, nameOf, others)} /> : null}
        {record.horsemen ? <Signal nameOf={nameOf} heading={T.horsemenHeading} sentences={horsemenSentences(record, speakers, nameOf)} /> : null}
        {record.latency && record.interruptions ? (
          <Signal nameOf={nameOf} heading={T.timingHeading} research={T.references.timing} sentences={timingSentences(record, speakers, nameOf)} />
        ) : null}
        <Signal nameOf={nameOf} heading={T.wordsHeading} sentences={wordSentences(record, speakers, nameOf)} />
      </div>
      {record.labelled && record.rejectedLabels > 0 ? <p className="mt-4 text-xs leading-relaxed text-ink-soft">{T.rejected(record.rejectedLabels)}</p> : null}
    </SectionCard>
  );
}

// ---- Sentences ----

const count = (value: number, word: string, quotes: SignalQuote[]): Part => ({ count: word, quotes: value === 0 ? [] : quotes });

function startUpSentences(record: SignalsRecord, nameOf: NameOf): Sentence[] {
  const startUp = record.startUp!;
  const name = nameOf(startUp.initiator);
  const sentences: Sentence[] = [{ key: "by", parts: [T.startedBy(name)] }];
  if (startUp.harsh !== null) sentences.push({ key: "harsh", parts: [startUp.harsh ? T.harsh(name) : T.soft(name)] });
  if (startUp.negativeInWindow !== null && startUp.negativeAfter !== null) {
    const [before, middle, after] = T.negativeWindow;
    sentences.push({
      key: "window",
      parts: [
        before,
        count(startUp.negativeInWindow, T.moments(startUp.negativeInWindow), startUpQuotes(record, true)),
        middle,
        count(startUp.negativeAfter, T.moments(startUp.negativeAfter), startUpQuotes(record, false)),
        after,
      ],
    });
  }
  return sentences;
}

function ratioSentences(record: SignalsRecord): Sentence[] {
  const ratio = record.ratio!;
  const [before, middle, after] = T.ratioCounts;
  return [
    {
      key: "counts",
      parts: [
        before,
        count(ratio.positive, T.positiveMoments(ratio.positive), positiveQuotes(record)),
        middle,
        count(ratio.negative, T.negativeMoments(ratio.negative), negativeQuotes(record)),
        after,
      ],
    },
    { key: "value", parts: [ratio.value === null ? T.ratioNoNegative : T.ratioValue(ratio.value)] },
  ];
}

function bidSentences(record: SignalsRecord, speakers: string[], nameOf: NameOf, others: (speaker: string) => string): Sentence[] {
  const bids = record.bids!;
  const sentences = speakers
    .filter((speaker) => (bids[speaker]?.made ?? 0) > 0)
    .map((speaker) => {
      const own = bids[speaker]!;
      const parts: Part[] = [
        T.reachedOut(nameOf(speaker)),
        count(own.made, times(own.made), bidQuotes(record, speaker, "made")),
        T.turnedToward(others(speaker)),
        count(own.toward, times0(own.toward), bidQuotes(record, speaker, "toward")),
      ];
      if (own.away > 0) parts.push(T.turnedAway, count(own.away, times(own.away), bidQuotes(record, speaker, "away")));
      if (own.against > 0) parts.push(T.turnedAgainst, count(own.against, times(own.against), bidQuotes(record, speaker, "against")));
      parts.push(".");
      return { key: speaker, parts };
    });
  return sentences.length > 0 ? sentences : [{ key: "none", parts: [T.noBids] }];
}

function repairSentences(record: SignalsRecord, speakers: string[], nameOf: NameOf, others: (speaker: string) => string): Sentence[] {
  const repairs = record.repairs!;
  const sentences = speakers
    .filter((speaker) => (repairs[speaker]?.made ?? 0) > 0)
    .map((speaker) => {
      const own = repairs[speaker]!;
      const parts: Part[] = [
        T.triedRepair(nameOf(speaker)),
        count(own.made, times(own.made), repairQuotes(record, speaker, "made")),
        T.accepted(others(speaker)),
        count(own.accepted, times0(own.accepted), repairQuotes(record, speaker, "accepted")),
      ];
      if (own.rejected > 0) parts.push(T.rejectedRepair, count(own.rejected, times(own.rejected), repairQuotes(record, speaker, "rejected")));
      if (own.unclear > 0) parts.push(T.unclear, count(own.unclear, times(own.unclear), repairQuotes(record, speaker, "unclear")));
      parts.push(".");
      return { key: speaker, parts };
    });
  return sentences.length > 0 ? sentences : [{ key: "none", parts: [T.noRepairs] }];
}

function horsemenSentences(record: SignalsRecord, speakers: string[], nameOf: NameOf): Sentence[] {
  const horsemen = record.horsemen!;
  return speakers.map((speaker) => {
    const own = horsemen[speaker]!;
    const kind = (value: number, label: "criticism" | "contempt" | "defensiveness" | "stonewalling") =>
      count(value, times0(value), labelQuotes(record, [label], speaker));
    const parts: Part[] = [
      T.horsemenFrom(nameOf(speaker)),
      kind(own.criticism, "criticism"),
      T.contempt,
      kind(own.contempt, "contempt"),
      T.defensiveness,
      kind(own.defensiveness, "defensiveness"),
      T.stonewalling,
      kind(own.stonewalling, "stonewalling"),
    ];
    if (own.stonewallingByTiming > 0)
      parts.push(T.lateAnswers(nameOf(speaker)), count(own.stonewallingByTiming, times(own.stonewallingByTiming), stonewallQuotes(record, speaker)));
    parts.push(".");
    return { key: speaker, parts };
  });
}

function timingSentences(record: SignalsRecord, speakers: string[], nameOf: NameOf): Sentence[] {
  return speakers.flatMap((speaker) => {
    const median = record.latency![speaker]?.medianMs ?? null;
    return [
      { key: `${speaker}-pause`, parts: [median === null ? T.noPause(nameOf(speaker)) : T.pause(nameOf(speaker), median)] },
      { key: `${speaker}-over`, parts: [T.interruptions(nameOf(speaker), record.interruptions![speaker] ?? 0)] },
    ];
  });
}

function wordSentences(record: SignalsRecord, speakers: string[], nameOf: NameOf): Sentence[] {
  return speakers.flatMap((speaker) => {
    const pronouns = record.pronouns[speaker]!;
    const floor = record.floor[speaker];
    return [
      { key: `${speaker}-words`, parts: [T.pronouns(nameOf(speaker), pronouns.we, pronouns.i, pronouns.you, pronouns.words)] },
      ...(floor ? [{ key: `${speaker}-floor`, parts: [T.floor(nameOf(speaker), floor.talkShare, floor.longestTurnSeconds)] }] : []),
    ];
  });
}

const times0 = (value: number) => (value === 0 ? T.none : times(value));

// ---- Rendering ----

function Signal({ heading, sentences, research, nameOf }: { heading: string; sentences: Sentence[]; research?: ResearchLine; nameOf: NameOf }) {
  return (
    <section className="flex flex-col gap-2">
      <h4 className="font-semibold text-ink">{heading}</h4>
      {sentences.map((sentence) => (
        <SentenceView key={sentence.key} sentence={sentence} nameOf={nameOf} />
      ))}
      {research ? <Research line={research} /> : null}
    </section>
  );
}

/** Each count named by its own phrase ("Maya turned toward once"), so two "once" in one sentence stay distinct. */
function countPhrases(parts: readonly Part[]): string[] {
  const phrases: string[] = [];
  let words = "";
  for (const part of parts) {
    if (typeof part === "string") {
      words += part;
      phrases.push("");
    } else {
      phrases.push(`${words}${part.count}`.replace(/^[\s;,.:]+/, "").replace(/^and /, ""));
      words = "";
    }
  }
  return phrases;
}

function SentenceView({ sentence, nameOf }: { sentence: Sentence; nameOf: NameOf }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const plain = sentence.parts.map((part) => (typeof part === "string" ? part : part.count)).join("");
  const opened = open === null ? undefined : sentence.parts[open];
  const phrases = countPhrases(sentence.parts);
  const rendered: ReactNode[] = sentence.parts.map((part, index) => {
    if (typeof part === "string") return part;
    if (part.quotes.length === 0) return <span key={index}>{part.count}</span>;
    return (
      <button
        key={index}
        type="button"
        aria-expanded={open === index}
        aria-controls={`${baseId}-${index}`}
        aria-label={T.showQuotes(phrases[index]!)}
        onClick={() => setOpen((current) => (current === index ? null : index))}
        className="inline rounded font-semibold text-deep-teal-800 underline decoration-2 underline-offset-4 hover:bg-deep-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
      >
        {part.count}
      </button>
    );
  });
  return (
    <div>
      <p className="leading-relaxed">{rendered}</p>
      {opened && typeof opened !== "string" ? <QuoteList id={`${baseId}-${open}`} quotes={opened.quotes} label={T.quotesLabel(plain)} nameOf={nameOf} /> : null}
    </div>
  );
}

function QuoteList({ id, quotes, label, nameOf }: { id: string; quotes: SignalQuote[]; label: string; nameOf: NameOf }) {
  const openAt = useOpenTranscriptAt();
  return (
    <ul id={id} aria-label={label} className="mt-2 flex flex-col gap-1 border-l-4 border-cream-200 pl-2">
      {quotes.map((quote) => (
        <li key={`${quote.turn}-${quote.quote}`}>
          {openAt ? (
            <button
              type="button"
              onClick={() => openAt(quote.start)}
              className="flex min-h-11 w-full items-baseline gap-2 rounded-xl px-2 py-1 text-left text-sm leading-relaxed text-ink-soft hover:bg-cream-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
            >
              <span className="sr-only">{T.openAtPrefix}</span>
              <span className="shrink-0 text-xs font-semibold tabular-nums text-deep-teal-800 underline underline-offset-2">{T.time(quote.start)}</span>{" "}
              <span>
                <span className="font-semibold text-ink">{nameOf(quote.speaker)}: </span>
                <q className="italic">{quote.quote}</q>
              </span>
            </button>
          ) : (
            <p className="flex items-baseline gap-2 px-2 py-1 text-sm italic leading-relaxed text-ink-soft">
              <span className="shrink-0 text-xs font-semibold not-italic tabular-nums">{T.time(quote.start)}</span>
              <span>
                <span className="font-semibold not-italic text-ink">{nameOf(quote.speaker)}: </span>
                <q>{quote.quote}</q>
              </span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Research({ line }: { line: ResearchLine }) {
  return (
    <p className="text-xs leading-relaxed text-ink-soft">
      <span className="font-semibold">{T.research}</span>
      <span aria-hidden> · </span>
      <span className="sr-only">: </span>
      {line.text} (<cite className="not-italic">{line.source}</cite>). {line.caveat}
    </p>
  );
}
