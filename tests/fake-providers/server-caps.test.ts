/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

import { generateOggOpus } from "../helpers/generated-audio";
import { DIALOGUE } from "./dialogue.mjs";

// The fake provider server the browser tests run against: each transcription is held to the provider's cap and answered
// with a dialogue as long as its audio, and the request log says how long the audio was (never the audio itself).

let child: ChildProcess;
let base: string;

beforeAll(async () => {
  child = spawn(process.execPath, [path.join(__dirname, "server.mjs"), "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`fake providers exited (${code})`)));
  });
});
afterAll(() => {
  child.kill();
});
beforeEach(() => fetch(`${base}/__control/reset`, { method: "POST" }));

async function openAi(audio: Uint8Array, names: string[] = []) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(audio)], { type: "audio/ogg" }), "part.ogg");
  form.append("model", "gpt-4o-transcribe-diarize");
  form.append("response_format", "diarized_json");
  form.append("chunking_strategy", "auto");
  for (const name of names) {
    form.append("known_speaker_names[]", name);
    form.append("known_speaker_references[]", `data:audio/wav;base64,${"A".repeat(400)}`);
  }
  return fetch(`${base}/v1/audio/transcriptions`, { method: "POST", headers: { authorization: "Bearer sk-test" }, body: form });
}

async function gemini(parts: unknown[]) {
  return fetch(`${base}/v1beta/models/gemini-2.5-flash:generateContent`, {
    method: "POST",
    headers: { "x-goog-api-key": "test", "content-type": "application/json" },
    body: JSON.stringify({
      contents: [{ role: "user", parts }],
      generationConfig: { responseMimeType: "application/json", responseSchema: { type: "OBJECT", properties: { segments: { type: "ARRAY" } } } },
    }),
  });
}

const log = async (route: string) => (await (await fetch(`${base}/__control/requests?route=${route}`)).json()).requests;

describe("fake providers: caps and answers", () => {
  it("answers short audio with the default dialogue, as before", async () => {
    const body = await (await openAi(generateOggOpus(12))).json();
    expect(body.segments.map((segment: { text: string }) => segment.text)).toEqual(DIALOGUE.map(([, , , text]) => text));
    expect(body.segments.map((segment: { speaker: string }) => segment.speaker)).toEqual(["A", "B", "A", "B", "A", "B"]);
  });

  it("answers a 604 s part with a dialogue to its end, labelled with the known speakers, and logs duration and names", async () => {
    const response = await openAi(generateOggOpus(604), ["SPEAKER_01", "SPEAKER_02"]);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.segments.at(-1).end).toBe(604);
    expect(new Set(body.segments.map((segment: { speaker: string }) => segment.speaker))).toEqual(new Set(["SPEAKER_01", "SPEAKER_02"]));
    const [entry] = await log("openai.transcriptions");
    expect(entry).toMatchObject({ audioDurationSeconds: 604, knownSpeakerNames: ["SPEAKER_01", "SPEAKER_02"], status: 200 });
    expect(entry.files.file[0]).toMatchObject({ contentType: "audio/ogg", durationSeconds: 604 });
    expect(JSON.stringify(entry)).not.toContain("A".repeat(300)); // the reference clips are not logged
  });

  it("refuses audio over 1,400 s with OpenAI's error, without using a queued answer", async () => {
    await fetch(`${base}/__control/queue`, {
      method: "POST",
      body: JSON.stringify({ route: "openai.transcriptions", responses: [{ body: { text: "queued" } }] }),
    });
    const response = await openAi(generateOggOpus(1500));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "audio duration 1500 seconds is longer than 1400 seconds which is the maximum for this model",
        type: "invalid_request_error",
        param: null,
        code: "invalid_value",
      },
    });
    expect(await log("openai.transcriptions")).toEqual([expect.objectContaining({ status: 400, overCap: true, audioDurationSeconds: 1500 })]);
    expect(await (await openAi(generateOggOpus(5))).json()).toEqual({ text: "queued" });
  });

  it("Gemini: a transcription gets a dialogue as long as the last inline audio, named after the reference clips", async () => {
    const clip = { inlineData: { mimeType: "audio/wav", data: "UklGRg==" } };
    const response = await gemini([
      { text: 'Reference clip of the speaker named "SPEAKER_02":' },
      clip,
      { inlineData: { mimeType: "audio/ogg", data: Buffer.from(generateOggOpus(300)).toString("base64") } },
      { text: "Transcribe." },
    ]);
    const answer = JSON.parse((await response.json()).candidates[0].content.parts[0].text);
    expect(answer.segments.at(-1).end).toBe(300);
    expect(answer.segments[0].speaker).toBe("SPEAKER_02");
    expect(await log("gemini.generate")).toEqual([expect.objectContaining({ audioDurationSeconds: 300, knownSpeakerNames: ["SPEAKER_02"] })]);
  });

  it("Gemini: a request over 20 MB is refused", async () => {
    const response = await gemini([{ inlineData: { mimeType: "audio/ogg", data: "A".repeat(21 * 1024 * 1024) } }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: "Request payload size exceeds the limit: 20971520 bytes.", status: "INVALID_ARGUMENT" },
    });
  });
});
