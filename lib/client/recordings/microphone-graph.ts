// A Web Audio graph between the microphone and MediaRecorder. Recording the graph's output rather than the microphone
// itself lets a dropped microphone be replaced underneath a MediaRecorder that never stops, so one recording survives.

// iOS Safari leaves a context started without a user gesture suspended, and resume() then never settles.
export const CONTEXT_RESUME_TIMEOUT_MS = 1_000;

export type MicrophoneGraph = {
  readonly context: AudioContext;
  /** Its stream is what MediaRecorder records; it stays live (silent) while no microphone is connected. */
  readonly destination: MediaStreamAudioDestinationNode;
  source: MediaStreamAudioSourceNode | null;
};

type WebkitWindow = Window & { webkitAudioContext?: typeof AudioContext };

function audioContextClass(): typeof AudioContext | undefined {
  if (typeof window === "undefined") return undefined;
  return window.AudioContext ?? (window as WebkitWindow).webkitAudioContext;
}

async function resumeWithin(context: AudioContext, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  // A refused resume is judged by the state below, like one that hangs.
  const resumed = Promise.resolve()
    .then(() => context.resume())
    .catch(() => undefined);
  await Promise.race([resumed, timeout]).finally(() => clearTimeout(timer));
}

function closeContext(context: AudioContext): void {
  // Closing an already closed context rejects (or throws, in older Safari); either way it is closed.
  Promise.resolve()
    .then(() => context.close())
    .catch(() => undefined);
}

/**
 * Connects the microphone to a mono destination, or returns null when Web Audio cannot run now: no AudioContext, a
 * constructor that throws, or a context still not running after the timeout. The caller then records the microphone
 * directly, as browsers without Web Audio always have.
 */
export async function createMicrophoneGraph(microphone: MediaStream, resumeTimeoutMs = CONTEXT_RESUME_TIMEOUT_MS): Promise<MicrophoneGraph | null> {
  const Context = audioContextClass();
  if (!Context) return null;
  let context: AudioContext | null = null;
  try {
    context = new Context();
    await resumeWithin(context, resumeTimeoutMs);
    if (context.state !== "running") {
      closeContext(context);
      return null;
    }
    const destination = context.createMediaStreamDestination();
    // Mono as the microphone was asked to be: the speech upload's size budget assumes one channel.
    destination.channelCount = 1;
    destination.channelCountMode = "explicit";
    const graph: MicrophoneGraph = { context, destination, source: null };
    connectMicrophone(graph, microphone);
    return graph;
  } catch {
    if (context) closeContext(context);
    return null;
  }
}

/** Feeds a new microphone stream into the same destination; throws (leaving the old source in place) if it cannot. */
export function connectMicrophone(graph: MicrophoneGraph, microphone: MediaStream): void {
  const next = graph.context.createMediaStreamSource(microphone);
  disconnectMicrophone(graph);
  next.connect(graph.destination);
  graph.source = next;
}

function disconnectMicrophone(graph: MicrophoneGraph): void {
  try {
    graph.source?.disconnect();
  } catch {
    // Already disconnected, or its context is closed: nothing is feeding the destination either way.
  }
  graph.source = null;
}

export function closeMicrophoneGraph(graph: MicrophoneGraph): void {
  disconnectMicrophone(graph);
  closeContext(graph.context);
}
