import { containerMimeType, providerLanguage, transcribeRequestSchema } from "./transcribe-request";

const audio = Buffer.from("fake webm bytes").toString("base64");

describe("transcribeRequestSchema", () => {
  it("applies the spec's defaults: en, 2–6 speakers", () => {
    const parsed = transcribeRequestSchema.parse({ audio });
    expect(parsed).toMatchObject({ audio, mimeType: "audio/webm", language: "en", minSpeakers: 2, maxSpeakers: 6, soloMode: false });
  });

  it("forces 1 speaker in solo mode", () => {
    const parsed = transcribeRequestSchema.parse({ audio, soloMode: true, minSpeakers: 2, maxSpeakers: 4, speakerName: " Ana " });
    expect(parsed).toMatchObject({ minSpeakers: 1, maxSpeakers: 1, speakerName: "Ana" });
  });

  it("accepts a data URL and codec parameters", () => {
    const parsed = transcribeRequestSchema.parse({ audio: `data:audio/webm;base64,${audio}`, mimeType: "audio/webm;codecs=opus" });
    expect(parsed.audio).toBe(audio);
  });

  it.each([
    [{ audio: "" }, "audio"],
    [{ audio: "not base64!" }, "audio"],
    [{ audio, mimeType: "video/mp4" }, "mimeType"],
    [{ audio, mimeType: "text/html" }, "mimeType"],
    [{ audio, language: "english please" }, "language"],
    [{ audio, minSpeakers: 0 }, "minSpeakers"],
    [{ audio, maxSpeakers: 7 }, "maxSpeakers"],
    [{ audio, minSpeakers: 4, maxSpeakers: 3 }, "minSpeakers"],
    [{ audio, speakerName: "x".repeat(81) }, "speakerName"],
    [{ audio, soloMode: "yes" }, "soloMode"],
  ])("rejects %j at %s", (body, field) => {
    const result = transcribeRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it("maps mime types and languages for the providers", () => {
    expect(containerMimeType("audio/webm;codecs=opus")).toBe("audio/webm");
    expect(providerLanguage("en-US")).toBe("en");
    expect(providerLanguage("de")).toBe("de");
  });
});
