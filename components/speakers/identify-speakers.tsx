"use client";

import { useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { nextUnconfirmed } from "@/lib/domain/speakers/apply-names";
import { selectSampleQuotes } from "@/lib/domain/speakers/sample-quotes";
import { normalizeSpeakerName, SPEAKER_NAME_MAX_LENGTH, suggestSpeakerNames } from "@/lib/domain/speakers/suggested-names";
import type { TranscriptSegment } from "@/lib/domain/transcription/segments";

import { SPEAKER_TEXTS as T } from "./texts";

/** "Identify Speakers": each speaker is confirmed in turn; when all are, `onComplete` gets the id → name map. */
export function IdentifySpeakers({
  speakers,
  userName,
  knownNames,
  onComplete,
  onClose,
  returnFocus,
}: {
  speakers: Record<string, TranscriptSegment[]>;
  userName: string | null;
  /** Names given to these speaker ids before (the first recording of a growth follow-up), suggested again. */
  knownNames?: Record<string, string>;
  onComplete: (names: Record<string, string>) => void;
  onClose: () => void;
  /** Where focus goes when the screen closes with nothing after it to take it (Close). */
  returnFocus?: () => HTMLElement | null;
}) {
  const ids = useMemo(() => Object.keys(speakers), [speakers]);
  const [names, setNames] = useState(() => suggestSpeakerNames(ids, userName, knownNames));
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [index, setIndex] = useState(0);
  const [blankName, setBlankName] = useState(false);
  // The name field takes focus itself (autoFocus), so the title is not given titleProps; Tab stays in the screen rather
  // than reaching the page it covers.
  const { dialogProps } = useModalScreen({ titleId: "identify-title", returnFocus });

  const id = ids[index]!;
  const quotes = selectSampleQuotes(speakers[id] ?? []);
  const remainingAfterThis = ids.filter((other) => other !== id && !confirmed.has(other)).length;
  const buttonText = ids.length === 1 ? T.continue : remainingAfterThis > 0 ? T.nextSpeaker(remainingAfterThis) : T.lastSpeaker;

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    const name = normalizeSpeakerName(names[id] ?? "");
    if (!name) {
      setBlankName(true);
      return;
    }
    setBlankName(false);
    const nextNames = { ...names, [id]: name };
    const nextConfirmed = new Set(confirmed).add(id);
    setNames(nextNames);
    setConfirmed(nextConfirmed);
    const next = nextUnconfirmed(ids, nextConfirmed, index);
    if (next === null) onComplete(Object.fromEntries(ids.map((speaker) => [speaker, nextNames[speaker]!])));
    else setIndex(next);
  }

  return (
    <div {...dialogProps} className="fixed inset-0 z-50 overflow-y-auto bg-cream-50">
      <div className="mx-auto flex min-h-full max-w-md flex-col px-4 pb-8 pt-[max(1rem,env(safe-area-inset-top))]">
        <div className="flex items-center justify-between">
          <h2 id="identify-title" className="font-serif text-2xl font-semibold text-ink">
            {T.title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={T.close}
            className="flex h-11 w-11 items-center justify-center rounded-full text-2xl text-ink-soft hover:bg-cream-100"
          >
            <span aria-hidden>×</span>
          </button>
        </div>

        <div className="mt-4">
          {/* Said when the next speaker comes: focus moves to the new name field, which does not say whose quotes these are. */}
          <div className="flex justify-between text-sm text-ink-soft" aria-live="polite">
            <span>{T.speakerOf(index + 1, ids.length)}</span>
            <span>{T.identified(confirmed.size, ids.length)}</span>
          </div>
          <div
            role="progressbar"
            aria-label={T.identified(confirmed.size, ids.length)}
            aria-valuemin={0}
            aria-valuemax={ids.length}
            aria-valuenow={confirmed.size}
            className="mt-2 h-2 overflow-hidden rounded-full bg-cream-200"
          >
            <div
              className="h-full rounded-full bg-deep-teal-700 transition-[width] duration-300"
              style={{ width: `${(confirmed.size / ids.length) * 100}%` }}
            />
          </div>
        </div>

        <form onSubmit={confirm} className="mt-6 rounded-card bg-white p-5 shadow-card" aria-label={T.speakerOf(index + 1, ids.length)}>
          <p className="font-semibold text-deep-teal-800">{T.question}</p>
          <ul className="mt-3 flex flex-col gap-3">
            {quotes.map((quote) => (
              <li key={quote}>
                <blockquote
                  dir="auto"
                  className="rounded-2xl border-s-4 border-soft-tangerine bg-cream-100 p-3 font-serif text-lg leading-relaxed text-ink wrap-anywhere"
                >
                  “{quote}”
                </blockquote>
              </li>
            ))}
          </ul>
          <TextField
            key={id}
            label={T.nameLabel}
            className="mt-5"
            required
            autoFocus
            maxLength={SPEAKER_NAME_MAX_LENGTH}
            dir="auto"
            value={names[id] ?? ""}
            placeholder={T.placeholder}
            error={blankName ? T.nameRequired : null}
            onChange={(event) => {
              setBlankName(false);
              setNames((current) => ({ ...current, [id]: event.target.value }));
            }}
          />
          <Button type="submit" className="mt-4 w-full">
            {buttonText}
          </Button>
        </form>
      </div>
    </div>
  );
}
