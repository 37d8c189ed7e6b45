// The scripts' servers (benches and the load test): a free port, `next start` of a build until it answers, and stopping it.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now (the OS picks it; the probe is closed before it resolves). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers with a status `accept` takes (any, by default), asking every 250 ms (each try at most 5 s);
 * throws after `timeoutMs`, or at once with the error `failed()` returns (the server exited, say).
 */
export async function waitUntilAnswers(url, { init = {}, accept = () => true, timeoutMs = 60_000, failed = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = failed();
    if (failure) throw failure;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer().catch(() => undefined);
      if (accept(response.status)) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(250);
  }
}

/** Ends `child`: SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves once it has exited. */
export function stopChild(child, graceMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * `next start [args] -p port` (with `-H hostname` when given) in `env`. Resolves with `{ child, url, stop }` once `readyPath`
 * answers (`readyInit`: method, headers…; `accept`: which statuses count, any by default). When the server exits first or
 * does not answer within `timeoutMs`, it is killed and the error ends with the last of its stderr.
 */
export async function startNext({ nextBin, args = [], env, port, hostname, readyPath = "/", readyInit = {}, accept, timeoutMs = 60_000 }) {
  const child = spawn(nextBin, ["start", ...args, "-p", String(port), ...(hostname ? ["-H", hostname] : [])], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
  let spawnError = null;
  child.once("error", (error) => (spawnError = error));
  const name = `next start${args.length ? ` ${args.join(" ")}` : ""}`;
  const url = `http://${hostname ?? "127.0.0.1"}:${port}`;
  try {
    await waitUntilAnswers(`${url}${readyPath}`, {
      init: { redirect: "manual", ...readyInit },
      accept,
      timeoutMs,
      failed: () =>
        spawnError
          ? new Error(`${name} could not start: ${spawnError.message}`)
          : child.exitCode !== null || child.signalCode !== null
            ? new Error(`${name} exited (${child.exitCode ?? child.signalCode}): ${stderr}`)
            : null,
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${error.message}${error.message.includes(stderr) || !stderr ? "" : `\n${name} stderr: ${stderr}`}`);
  }
  return { child, url, stop: () => stopChild(child) };
}
