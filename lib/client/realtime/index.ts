// The live voice coach's browser client, loaded on demand by the Solo Journal (components/session-flow/coach-loader.ts).
export { startRealtimeCoach, RealtimeCoachError, type RealtimeCoach, type RealtimeCoachOptions } from "./realtime-coach";
export { startLiveTranscriptAid, type LiveTranscriptAid } from "./speech-recognition";
