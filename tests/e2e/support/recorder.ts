import { expect, type Locator, type Page } from "@playwright/test";

import { READINESS_COUNTDOWN_SECONDS } from "../../../components/recording/texts";

/** The relationship recorder on the home screen, from the record button to named speakers. */
export class RecorderPage {
  readonly startButton: Locator;
  readonly stopButton: Locator;
  readonly readiness: Locator;
  readonly timer: Locator;
  readonly identify: Locator;
  /** The session history, where failed recordings are listed in red with "Tap to retry". */
  readonly history: Locator;
  /** The failed items' buttons (their titles): "…: Transcription failed. Tap to retry", without the hint while they wait. */
  readonly retryButtons: Locator;

  constructor(readonly page: Page) {
    this.startButton = page.getByRole("button", { name: "Start recording" });
    this.stopButton = page.getByRole("button", { name: "Stop recording" });
    this.readiness = page.getByRole("dialog", { name: "Timing & Readiness" });
    this.timer = page.getByRole("timer");
    this.identify = page.getByRole("dialog", { name: "Identify Speakers" });
    this.history = page.getByRole("region", { name: "Session History" });
    this.retryButtons = this.history.getByRole("button", { name: /: (Transcription|Analysis) failed\.( Tap to retry)?$/ });
  }

  /** Record button → 3-2-1 countdown (choices disabled) → recording → "Yes, ready". */
  async startRecording(): Promise<void> {
    await this.startButton.click();
    await expect(this.readiness).toBeVisible();
    // 3, 2 or 1 by the time it is read on a busy machine (that it starts at 3 is readiness-card.test.tsx's).
    await expect(this.readiness.getByTestId("readiness-countdown")).toHaveText(/^[1-3]$/);
    await expect(this.page.getByRole("button", { name: "Yes, ready" })).toBeDisabled();
    await jumpCountdown(this.page, this.readiness);
    await expect(this.readiness.getByText("Recording...")).toBeVisible({ timeout: 6_000 });
    await this.page.getByRole("button", { name: "Yes, ready" }).click();
    await expect(this.readiness).toBeHidden();
    await expect(this.page.getByText("Recording in progress...")).toBeVisible();
  }

  async recordFor(ms: number): Promise<void> {
    await this.startRecording();
    await this.page.waitForTimeout(ms);
    await this.stopButton.click();
  }

  /** Names every speaker in turn. */
  async nameSpeakers(names: string[]): Promise<void> {
    await expect(this.identify).toBeVisible({ timeout: 15_000 });
    for (const [index, name] of names.entries()) {
      await expect(this.identify.getByText(`Speaker ${index + 1} of ${names.length}`)).toBeVisible();
      const input = this.identify.getByLabel("Name");
      await input.fill(name);
      await input.press("Enter");
    }
    await expect(this.identify).toBeHidden();
  }

  /** Audio chunks this page's browser keeps in IndexedDB, per recording id. */
  async storedChunkCounts(): Promise<Record<string, number>> {
    return (await this.page.evaluate(inStoredChunks, "count" as const)) as Record<string, number>;
  }

  /** Deletes every audio chunk this browser keeps (a storage the browser cleared, say), leaving the history's list as it is. */
  async deleteStoredChunks(): Promise<void> {
    await this.page.evaluate(inStoredChunks, "delete" as const);
  }

  /** Seconds of audio the browser decodes from the chunks stored so far (the one recording this page holds). */
  async storedAudioSeconds(): Promise<number> {
    return (await this.page.evaluate(inStoredChunks, "decode" as const)) as number;
  }
}

/** The page's first microphone request never answers (a prompt nobody answers); later ones get the fake microphone. */
export async function hangFirstMicrophoneRequest(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const counted = window as unknown as { __microphoneRequests: number };
    counted.__microphoneRequests = 0;
    devices.getUserMedia = (constraints) => (++counted.__microphoneRequests === 1 ? new Promise<MediaStream>(() => undefined) : getUserMedia(constraints));
  });
}

/** How many times the page has asked for the microphone (after hangFirstMicrophoneRequest). */
export function microphoneRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __microphoneRequests: number }).__microphoneRequests);
}

/**
 * Moves the page's clock through a readiness card's 3-2-1 instead of waiting for it, where the file has the clock
 * (`pageClock`, support/app.ts); elsewhere the countdown runs in real time. A second at a time: the card sets each second's
 * timer once the previous number has rendered, so one 3 s jump would fire only the first. A number that real time has
 * already moved on is not waited for.
 */
export async function jumpCountdown(page: Page, card: Locator): Promise<void> {
  // Moving a clock installed only now would leave the timers set before it on the real one.
  if (!(await page.evaluate(() => "__pwClock" in globalThis))) return;
  const countdown = card.getByTestId("readiness-countdown");
  for (let second = 0; second < READINESS_COUNTDOWN_SECONDS; second++) {
    const shown = await countdown.textContent({ timeout: 500 }).catch(() => null);
    if (!shown) return;
    await page.clock.fastForward(1_000);
    // The next number, or the card's line after 0.
    await expect(countdown.filter({ hasText: new RegExp(`^${shown}$`) })).toHaveCount(0);
  }
}

/**
 * Runs in the page, on the audio chunks the app keeps in IndexedDB: counts them by recording, deletes them, or decodes them
 * (keys sort by recording id, then chunk index, so the stored order is the recorded order). A database the app has not made
 * yet is left alone: opened here, it would be made empty, without the app's store, which the app would then have to add
 * (open-audio-store.ts) before its first recording: not the path a user's first recording takes.
 */
async function inStoredChunks(action: "count" | "delete" | "decode"): Promise<Record<string, number> | number | null> {
  const exists = (await indexedDB.databases()).some((database) => database.name === "coach-audio");
  const db = exists
    ? await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("coach-audio");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      })
    : null;
  try {
    const chunks: { key: IDBValidKey; value: Blob }[] = [];
    if (db?.objectStoreNames.contains("recordings")) {
      const transaction = db.transaction("recordings", action === "delete" ? "readwrite" : "readonly");
      await new Promise<void>((resolve, reject) => {
        const cursor = transaction.objectStore("recordings").openCursor();
        cursor.onsuccess = () => {
          const current = cursor.result;
          if (!current) return;
          if (Array.isArray(current.key) && current.key[0] === "chunk") {
            chunks.push({ key: current.key, value: current.value as Blob });
            if (action === "delete") current.delete();
          }
          current.continue();
        };
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    }
    if (action === "delete") return null;
    if (action === "count") {
      const counts: Record<string, number> = {};
      for (const { key } of chunks) counts[String((key as unknown[])[1])] = (counts[String((key as unknown[])[1])] ?? 0) + 1;
      return counts;
    }
    const context = new AudioContext();
    const decoded = await context.decodeAudioData(await new Blob(chunks.map(({ value }) => value)).arrayBuffer());
    await context.close();
    return decoded.duration;
  } finally {
    db?.close();
  }
}
