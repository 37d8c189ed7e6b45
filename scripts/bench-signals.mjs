#!/usr/bin/env node
// The conversation signals' cost (issue 17), printed by `npm run bench` (or run alone: node scripts/bench-signals.mjs).
//
// 1. Computing the signals of a 3,000-turn conversation from its segments and a model's labels (turns, label checks,
//    every signal, the events behind the counts): the median of 25 runs after a warm-up. Goal: under 20 ms.
// 2. The labelling's own cost on the request's thread: the analysis service in this process, with the real Gemini SDK
//    against a loopback server that answers at once, with the labelling beside it and without it (the regeneration's
//    switch), alternating, 60 times each on a 120-turn conversation; the medians are compared.
// 3. What the labelling call adds to POST /api/analyze of the built app against the same zero-latency fake (section 3
//    below). Goal: under 10 %, because the labelling runs beside the analysis: on its worker thread (the default), its
//    CPU runs beside the request's; on the request's thread (also measured) it can only interleave with it.
//
// The TypeScript modules are loaded with jiti (already in the tree through the tooling); `server-only` is the empty
// module the unit tests use. Nothing is written, no database is touched (the analysis runs as a guest's).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

import { freePort, startNext } from "./lib/servers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const jiti = createJiti(import.meta.url, {
  alias: { "@/": `${ROOT}/`, "server-only": path.join(ROOT, "tests", "setup", "empty-module.ts") },
  interopDefault: true,
  moduleCache: true,
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const WORDS = ["you", "never", "listen", "we", "could", "try", "again", "thanks", "for", "asking", "I", "feel", "tired", "tonight", "love"];
/** A conversation of `count` turns between two speakers, with a short backchannel now and then and some overlaps. */
function conversation(count) {
  const segments = [];
  let time = 0;
  for (let i = 0; i < count; i++) {
    const speaker = i % 2 ? "SPEAKER_02" : "SPEAKER_01";
    const text = Array.from({ length: 6 + (i % 9) }, (_, w) => WORDS[(i * 7 + w) % WORDS.length]).join(" ") + ".";
    const start = time + (i % 5 === 0 ? -0.4 : 0.3);
    const end = start + 2 + (i % 4);
    segments.push({ speaker, text, start: Math.max(0, start), end });
    if (i % 6 === 0) segments.push({ speaker: i % 2 ? "SPEAKER_01" : "SPEAKER_02", text: "mm-hm", start: start + 0.5, end: start + 0.9 });
    time = end;
  }
  return segments;
}

/** A model's answer for these turns: a label on most turns, quotes copied from the turn, some answering the turn before. */
function labelsFor(turns) {
  const kinds = ["criticism", "validation", "bid", "interest", "repair_attempt", "appreciation", "defensiveness", "humor", "complaint"];
  return {
    labels: turns.flatMap((turn) => {
      if (turn.index % 4 === 3) return [];
      const quote = turn.text.split(" ").slice(1, 4).join(" ");
      const respondsTo = turn.index > 0 && turn.index % 3 === 0 ? turn.index - 1 : null;
      return [{ turn: turn.index, label: kinds[turn.index % kinds.length], quote, responds_to: respondsTo }];
    }),
  };
}

async function computeBench() {
  const { validateLabels } = await jiti.import(path.join(ROOT, "lib/domain/signals/labels.ts"));
  const { buildSignalsRecord, signalTurns } = await jiti.import(path.join(ROOT, "lib/domain/signals/record.ts"));
  const segments = conversation(3000);
  const answer = labelsFor(signalTurns(segments));
  const once = () => {
    const turns = signalTurns(segments);
    const { labels, rejectedLabels } = validateLabels(answer, turns);
    return buildSignalsRecord({ turns, labels, rejectedLabels, mode: "couple" });
  };
  const check = once();
  for (let i = 0; i < 5; i++) once();
  const times = [];
  const cpu = [];
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    once();
    const spent = process.cpuUsage(usage);
    times.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  // CPU time as well as wall time: on a shared machine the wall clock also counts the other processes' turns.
  return { turns: check.turns, labels: check.labels.length, medianMs: median(times), cpuMedianMs: median(cpu) };
}

/**
 * A loopback Gemini that answers every generateContent at once (the analysis, or labels for the labelling call), in a
 * process of its own as a real provider is: its work is not counted in the app's.
 */
async function zeroLatencyGemini(analysisJson, labelsJson) {
  const source = `
    import { createServer } from "node:http";
    const analysis = ${JSON.stringify(JSON.stringify(analysisJson))};
    const labels = ${JSON.stringify(labelsJson)};
    const server = createServer((request, response) => {
      const chunks = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        // A labelling chunk is answered for its own turns only, as a model would: the lines "[n] Name: text" it was shown.
        const shown = new Set([...(body.contents?.[0]?.parts?.[0]?.text ?? "").matchAll(/^\[(\d+)\]/gm)].map((match) => Number(match[1])));
        const text = body.generationConfig?.responseSchema?.properties?.labels
          ? JSON.stringify({ labels: labels.labels.filter((label) => shown.has(label.turn)) })
          : analysis;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }] }));
      });
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the fake Gemini exited (${code})`)));
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  });
  return { server: { close: () => child.kill() }, url: `http://127.0.0.1:${port}` };
}

/** The model's analysis the zero-latency fake answers, with an evidence quote taken from the conversation. */
function benchAnalysis(segments) {
  return {
    cards: ["Curiosity", "Timing", "Appreciation", "Empathy"].map((dimension) => ({
      dimension,
      insight: "They took turns and asked each other questions.",
      tips: ["Ask one more question.", "Pause before answering."],
      color: "deep-teal",
      icon: "search",
      evidence: [segments[2].text.split(" ").slice(0, 3).join(" ")],
    })),
    coachResponse: "You talked about the evening and how tired you both felt.",
    briefSummary: "A tired evening",
    recommendations: ["Check in before dinner", "Name one thing you appreciated", "Take a pause when voices rise"],
    encouragement: "Keep talking like this.",
    mutualGrowthCard: {
      dimension: "Mutual Aspirations & Growth",
      insight: "Evenings together.",
      tips: ["What helps you unwind?"],
      icon: "sparkles",
      color: "soft-tangerine",
    },
  };
}

async function analyzeBench() {
  const { signalTurns } = await jiti.import(path.join(ROOT, "lib/domain/signals/record.ts"));
  const segments = conversation(120);
  const analysisJson = benchAnalysis(segments);
  const { server, url } = await zeroLatencyGemini(analysisJson, labelsFor(signalTurns(segments)));
  try {
    const { analyzeConversation } = await jiti.import(path.join(ROOT, "lib/server/services/analysis.ts"));
    const { GeminiJsonProvider } = await jiti.import(path.join(ROOT, "lib/server/providers/structured/gemini-json.ts"));
    const { STRUCTURED_POLICIES } = await jiti.import(path.join(ROOT, "lib/server/providers/structured/chain.ts"));
    const steps = [{ provider: new GeminiJsonProvider({ apiKey: "bench", baseUrl: url }), policy: STRUCTURED_POLICIES.gemini }];
    const request = {
      transcript: segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n"),
      mode: "couple",
      speakerNames: { SPEAKER_01: "Maya", SPEAKER_02: "Jon" },
      segments,
    };
    const run = async (withSignals) => {
      const started = performance.now();
      const result = await analyzeConversation(request, null, { steps, signalSteps: withSignals ? steps : false });
      const elapsed = performance.now() - started;
      if (withSignals && !result.signals?.labelled) throw new Error("the labelling call did not label the conversation");
      return elapsed;
    };
    for (let i = 0; i < 10; i++) {
      await run(true);
      await run(false);
    }
    const withLabels = [];
    const without = [];
    for (let i = 0; i < 60; i++) {
      withLabels.push(await run(true));
      without.push(await run(false));
    }
    const base = median(without);
    const labelled = median(withLabels);
    return { turns: 120, withoutMs: base, withMs: labelled, addedPercent: ((labelled - base) / base) * 100 };
  } finally {
    server.close();
  }
}

// ---- 3. The same over HTTP: POST /api/analyze of the built app, labelling on and off ----

const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");

/** `next start` of the build, guest-only, its own PGlite directory (migrated first), answering within 60 s, or an error. */
async function startApp(env) {
  const migrated = spawnSync(process.execPath, [path.join(ROOT, "scripts", "db-migrate.mjs")], { env, stdio: ["ignore", "ignore", "pipe"], timeout: 120_000 });
  if (migrated.status !== 0) throw new Error(`migrations failed: ${String(migrated.stderr).slice(-500)}`);
  return startNext({ nextBin: NEXT_BIN, env, port: await freePort(), readyPath: "/api/preload-prompts", readyInit: { method: "POST" } });
}

/**
 * POST /api/analyze of the built app (route, validation, rate limit in the database, analysis, signals, JSON), as a guest,
 * against the zero-latency fake: one server labels on its worker thread (the default), one on the request's thread
 * (SIGNAL_LABELLING_THREAD=main), one runs with SIGNAL_LABELLING=off; requests rotate, 60 each after a warm-up, medians
 * compared. Skipped (null) when there is no build. Measured for a conversation of about 6 minutes (120 turns, one labelling
 * call) and of about 20 (400 turns, two chunks, so two calls).
 */
async function analyzeOverHttpBench(turnCount) {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(ROOT, distDir, "BUILD_ID"))) return null;
  const { signalTurns } = await jiti.import(path.join(ROOT, "lib/domain/signals/record.ts"));
  const segments = conversation(turnCount);
  const fake = await zeroLatencyGemini(benchAnalysis(segments), labelsFor(signalTurns(segments)));
  const dirs = [];
  const apps = [];
  try {
    const base = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "",
      CLERK_SECRET_KEY: "",
      CLERK_JWT_KEY: "",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
      GEMINI_API_KEY: "bench",
      GEMINI_BASE_URL: fake.url,
      DATABASE_URL: "",
      RATE_LIMIT_AI_PER_IP: "1000000",
    };
    const variants = [
      { name: "worker", env: { SIGNAL_LABELLING: "on", SIGNAL_LABELLING_THREAD: "worker" }, labelled: true },
      { name: "main", env: { SIGNAL_LABELLING: "on", SIGNAL_LABELLING_THREAD: "main" }, labelled: true },
      { name: "off", env: { SIGNAL_LABELLING: "off" }, labelled: false },
    ];
    for (const variant of variants) {
      const dir = mkdtempSync(path.join(os.tmpdir(), `bench-signals-${variant.name}-`));
      dirs.push(dir);
      apps.push({ ...variant, app: await startApp({ ...base, ...variant.env, PGLITE_DIR: dir }) });
    }
    const body = JSON.stringify({
      transcript: segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n"),
      mode: "couple",
      speakerNames: { SPEAKER_01: "Maya", SPEAKER_02: "Jon" },
      segments,
    });
    const once = async ({ app, name, labelled }) => {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/analyze`, { method: "POST", headers: { "content-type": "application/json" }, body });
      const json = await response.json();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`/api/analyze answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
      if (json.signals?.labelled !== labelled) throw new Error(`${name}: the signals say labelled=${json.signals?.labelled}`);
      return elapsed;
    };
    for (let i = 0; i < 200; i++) for (const variant of apps) await once(variant);
    const times = apps.map(() => []);
    for (let i = 0; i < 100; i++) for (const [index, variant] of apps.entries()) times[index].push(await once(variant));
    const [workerMs, mainMs, baseMs] = times.map(median);
    const added = (ms) => ((ms - baseMs) / baseMs) * 100;
    return {
      turns: turnCount,
      withoutMs: baseMs,
      withMs: workerMs,
      addedPercent: added(workerMs),
      onRequestThreadMs: mainMs,
      onRequestThreadAddedPercent: added(mainMs),
    };
  } finally {
    await Promise.all(apps.map(({ app }) => app.stop()));
    fake.server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const signed = (percent) => `${percent < 0 ? "−" : "+"}${Math.abs(percent).toFixed(1)} %`;

/** Both measurements, printed as rows; returned for bench-results/latest.json. */
export async function benchSignals(log = console.log) {
  const compute = await computeBench();
  const analyze = await analyzeBench();
  const overHttp = [];
  for (const turns of [120, 400]) {
    const result = await analyzeOverHttpBench(turns);
    if (result) overHttp.push(result);
  }
  const rows = [
    [
      `Signals of ${compute.turns} turns (${compute.labels} labels), median of 25`,
      `${compute.medianMs.toFixed(1)} ms wall, ${compute.cpuMedianMs.toFixed(1)} ms CPU (goal < 20 ms)`,
    ],
    [`analyzeConversation in process without labelling (zero-latency fake, ${analyze.turns} turns)`, `${analyze.withoutMs.toFixed(1)} ms`],
    ["analyzeConversation in process, labelling on the same thread", `${analyze.withMs.toFixed(1)} ms`],
    ["Added on the same thread (in process): the labelling's own cost", `${analyze.addedPercent.toFixed(1)} %`],
  ];
  for (const http of overHttp) {
    rows.push(
      [`POST /api/analyze over HTTP, ${http.turns} turns, labelling off (built app, 100 runs)`, `${http.withoutMs.toFixed(1)} ms`],
      [`  … labelling on its worker thread (default)`, `${http.withMs.toFixed(1)} ms: ${signed(http.addedPercent)} (goal < 10 %)`],
      [
        `  … labelling on the request's thread (SIGNAL_LABELLING_THREAD=main)`,
        `${http.onRequestThreadMs.toFixed(1)} ms: ${signed(http.onRequestThreadAddedPercent)}`,
      ],
    );
  }
  if (overHttp.length === 0) rows.push(["POST /api/analyze over HTTP", "skipped: no build (run npm run build or next build first)"]);
  rows.push(["Load average (1 min) while measuring", os.loadavg()[0].toFixed(2)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  log("");
  for (const [label, value] of rows) log(`  ${label.padEnd(width)}  ${value}`);
  log("");
  return { compute, analyze, overHttp };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchSignals()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(`[bench-signals] ${error instanceof Error ? error.stack : error}`);
      process.exit(1);
    });
}
