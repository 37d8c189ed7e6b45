-- What a history card needs of a session's transcript, analysis and signals, kept by the database on every write of
-- those, whichever code path writes them. The list (lib/server/services/sessions.ts) reads this small value: cutting
-- the big ones down on every page (each a compressed document of tens of kilobytes) was most of a page's cost.

-- AlterTable
ALTER TABLE "Session" ADD COLUMN "card" JSONB;

-- CreateIndex
CREATE INDEX "Session_userId_isExample_idx" ON "Session"("userId", "isExample");

-- The card: the start of the transcript; the analysis's brief summary, card count and speaker names; the start of the
-- segments' text for a session whose transcript is blank (older sessions kept their words there only); and the few numbers
-- of the signals the trend plots. Only built-in functions and the row itself, so the schema it lives in does not matter.
CREATE FUNCTION "Session_card_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head CONSTANT integer := 4000; -- SESSION_LIST_LIMITS.transcriptHeadChars
  transcript_head text := left(NEW."transcript", head);
BEGIN
  NEW."card" := jsonb_build_object(
    'transcriptHead', transcript_head,
    'briefSummary', CASE WHEN jsonb_typeof(NEW."analysis" -> 'briefSummary') = 'string' THEN NEW."analysis" -> 'briefSummary' END,
    'segmentsText', CASE WHEN btrim(transcript_head) = '' AND jsonb_typeof(NEW."analysis" -> 'transcriptionSegments') = 'array' THEN
      to_jsonb(left((SELECT string_agg(segment ->> 'text', E'\n') FROM jsonb_array_elements(NEW."analysis" -> 'transcriptionSegments') AS segment
                     WHERE jsonb_typeof(segment) = 'object'), head)) END,
    'analysisSpeakerNames', NEW."analysis" -> 'speakerNames',
    'insightCount', CASE WHEN jsonb_typeof(NEW."analysis" -> 'cards') = 'array' THEN jsonb_array_length(NEW."analysis" -> 'cards') END,
    'trendParts', CASE WHEN jsonb_typeof(NEW."signals") = 'object' THEN jsonb_build_object(
      'version', NEW."signals" -> 'version', 'labelled', NEW."signals" -> 'labelled', 'ratio', NEW."signals" -> 'ratio',
      'repairs', NEW."signals" -> 'repairs', 'bids', NEW."signals" -> 'bids') END);
  RETURN NEW;
END
$$;

CREATE TRIGGER "Session_card" BEFORE INSERT OR UPDATE OF "transcript", "analysis", "signals" ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "Session_card_of_row"();

-- The sessions already stored: the trigger fills their card.
UPDATE "Session" SET "transcript" = "transcript";
