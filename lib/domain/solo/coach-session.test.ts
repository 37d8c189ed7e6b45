import { INITIAL_COACH_SESSION, reduceCoachSession, turnDetectionDelayMs, type CoachEffect, type CoachInput, type CoachSessionState } from "./coach-session";
import { COACH_TURN_DETECTION } from "./constants";

const guide = (headline: string) => ({ headline, description: `${headline} description` });
const server = (type: string, extra: Record<string, unknown> = {}): CoachInput => ({ type: "server-event", event: { type, ...extra } });

/** Runs inputs at the given times and collects every effect. */
function run(steps: [number, CoachInput][], start: CoachSessionState = INITIAL_COACH_SESSION) {
  let state = start;
  const effects: CoachEffect[] = [];
  for (const [now, input] of steps) {
    const step = reduceCoachSession(state, input, now);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const sent = (effects: CoachEffect[]) => effects.flatMap((effect) => (effect.kind === "send" ? [effect.event] : []));
const statuses = (effects: CoachEffect[]) => effects.flatMap((effect) => (effect.kind === "status" ? [effect.status] : []));
const guideTexts = (effects: CoachEffect[]) =>
  sent(effects).flatMap((event) => (event.type === "conversation.item.create" ? event.item.content.map((part) => part.text) : []));
const turns = (effects: CoachEffect[]) => effects.flatMap((effect) => (effect.kind === "turn" ? [effect.turn] : []));

/** The intro from open to its audio's end. */
const intro = (startAt: number, endAt: number): [number, CoachInput][] => [
  [startAt, { type: "channel-open" }],
  [startAt + 100, server("response.created")],
  [startAt + 300, server("output_audio_buffer.started")],
  [endAt - 200, server("response.done")],
  [endAt, server("output_audio_buffer.stopped")],
];

describe("the intro and turn detection", () => {
  it("on open switches turn detection off and asks for the greeting", () => {
    const { state, effects } = run([[0, { type: "channel-open" }]]);
    expect(sent(effects)).toEqual([
      { type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: null } } } },
      { type: "response.create" },
    ]);
    expect(state.phase).toBe("intro");
  });

  it("switches turn detection on only after the intro's audio ended, and the intro lasted 3 s", () => {
    const { state, effects } = run(intro(1_000, 2_500));
    expect(effects).toContainEqual({ kind: "schedule-turn-detection", delayMs: 1_500 });
    expect(sent(effects).filter((event) => event.type === "session.update")).toHaveLength(1);
    const due = reduceCoachSession(state, { type: "turn-detection-due" }, 4_000);
    expect(sent(due.effects)).toEqual([{ type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: COACH_TURN_DETECTION } } } }]);
    expect(due.state.phase).toBe("live");
    expect(reduceCoachSession(due.state, { type: "turn-detection-due" }, 4_100).effects).toEqual([]);
  });

  it("does not wait once the intro lasted 3 s or more", () => {
    expect(run(intro(0, 5_000)).effects).toContainEqual({ kind: "schedule-turn-detection", delayMs: 0 });
  });

  it.each([
    [0, 0, 3_000],
    [0, 1_200, 1_800],
    [0, 3_000, 0],
    [10, 9_000, 0],
  ])("intro from %s to %s waits %s ms more", (start, end, wait) => {
    expect(turnDetectionDelayMs(start, end)).toBe(wait);
  });

  it("does not end the intro at response.done while its audio still plays", () => {
    const { effects } = run(intro(0, 4_000).slice(0, 4));
    expect(effects.some((effect) => effect.kind === "schedule-turn-detection")).toBe(false);
  });
});

describe("status", () => {
  it("thinking → speaking during the intro, listening after, listening / thinking / speaking for a turn", () => {
    const { effects } = run([
      ...intro(0, 4_000),
      [5_000, server("input_audio_buffer.speech_started")],
      [7_000, server("input_audio_buffer.speech_stopped")],
      [7_100, server("response.created")],
      [7_400, server("output_audio_buffer.started")],
      [9_000, server("response.done")],
      [9_500, server("output_audio_buffer.stopped")],
    ]);
    expect(statuses(effects)).toEqual(["thinking", "speaking", "listening", "thinking", "speaking", "listening"]);
  });

  it("a response without audio ends in listening at response.done", () => {
    const { state } = run([...intro(0, 4_000), [5_000, server("response.created")], [5_500, server("response.done")]]);
    expect(state.status).toBe("listening");
  });
});

describe("turns", () => {
  it("come from the user's input transcription and the coach's audio transcript, once each, blank ones dropped", () => {
    const { effects } = run([
      [1, server("response.output_audio_transcript.done", { item_id: "item_1", content_index: 0, transcript: " Hi Ana, what is on your mind? " })],
      [2, server("conversation.item.input_audio_transcription.completed", { item_id: "item_2", content_index: 0, transcript: "We argued about chores." })],
      [3, server("conversation.item.input_audio_transcription.completed", { item_id: "item_2", content_index: 0, transcript: "We argued about chores." })],
      [4, server("conversation.item.input_audio_transcription.completed", { item_id: "item_3", content_index: 0, transcript: "   " })],
      [5, server("response.output_audio_transcript.delta", { item_id: "item_4", delta: "Tell" })],
    ]);
    expect(turns(effects)).toEqual([
      { role: "assistant", text: "Hi Ana, what is on your mind?", timestamp: 1 },
      { role: "user", text: "We argued about chores.", timestamp: 2 },
    ]);
  });
});

describe("guides", () => {
  it("a guide while the coach is free is sent as a user message with a response request", () => {
    const live = run(intro(0, 4_000)).state;
    const { effects } = reduceCoachSession(live, { type: "guide", guide: guide("Chores") }, 6_000);
    expect(sent(effects)).toEqual([
      {
        type: "conversation.item.create",
        item: { type: "message", role: "user", content: [{ type: "input_text", text: expect.stringContaining('"Chores"') }] },
      },
      { type: "response.create" },
    ]);
  });

  it("a guide while the coach speaks is queued and sent when its audio stops; a repeat or a quick second choice is ignored", () => {
    const speaking = run([
      ...intro(0, 4_000),
      [5_000, server("response.created")],
      [5_200, server("output_audio_buffer.started")],
      [5_500, { type: "guide", guide: guide("Chores") }],
      [5_600, { type: "guide", guide: guide("Money") }],
      [6_000, { type: "guide", guide: guide("Chores") }],
      [6_500, server("response.done")],
    ]);
    expect(guideTexts(speaking.effects)).toEqual([]);
    const after = reduceCoachSession(speaking.state, server("output_audio_buffer.stopped"), 7_000);
    expect(guideTexts(after.effects)).toEqual([expect.stringContaining('"Chores"')]);
    expect(sent(after.effects).at(-1)).toEqual({ type: "response.create" });
    expect(statuses(after.effects)).toEqual(["thinking"]);
  });

  it("a guide refused with conversation_already_has_active_response waits, with no error, and goes out when the coach is free", () => {
    const live = run(intro(0, 4_000)).state;
    const { state, effects } = run(
      [
        [6_000, { type: "guide", guide: guide("Chores") }],
        [6_050, server("error", { error: { type: "invalid_request_error", code: "conversation_already_has_active_response", message: "busy" } })],
        [6_100, server("response.done")],
      ],
      live,
    );
    expect(effects.some((effect) => effect.kind === "error")).toBe(false);
    const items = sent(effects).filter((event) => event.type === "conversation.item.create");
    expect(items).toHaveLength(2);
    expect(state.guides.pending).toBeNull();
  });

  it("a guide picked before the channel opens waits for the end of the intro", () => {
    const { effects } = run([[0, { type: "guide", guide: guide("Chores") }], ...intro(10, 4_000)]);
    const order = effects.map((effect) => (effect.kind === "send" ? effect.event.type : effect.kind));
    expect(order.indexOf("conversation.item.create")).toBeGreaterThan(order.indexOf("schedule-turn-detection"));
  });
});

describe("errors", () => {
  it("other realtime errors are raised with their message, or the spec's text without one", () => {
    expect(run([[0, server("error", { error: { type: "server_error", message: "Boom" } })]]).effects).toEqual([{ kind: "error", message: "Boom" }]);
    expect(run([[0, server("error", { error: { type: "server_error" } })]]).effects).toEqual([{ kind: "error", message: "Realtime API error" }]);
  });
});
