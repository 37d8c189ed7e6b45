/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { httpFetch } from "./http-fetch";

// A real loopback server (not msw): what the transport itself does with statuses, headers, bodies and aborts.

let server: Server;
let base: string;
let handle: (request: IncomingMessage, body: string, response: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handle(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("sends the method, headers and body, and answers with the status, headers and whole body", async () => {
  let seen: { method?: string; contentType?: string; key?: string; body?: string } = {};
  handle = (request, body, response) => {
    seen = { method: request.method, contentType: request.headers["content-type"], key: request.headers["x-goog-api-key"] as string, body };
    response.writeHead(200, { "content-type": "application/json", "x-two": ["a", "b"] });
    response.end(JSON.stringify({ ok: "é" }));
  };
  const headers = new Headers({ "content-type": "application/json", "x-goog-api-key": "key" });
  const response = await httpFetch(`${base}/v1beta/models/m:generateContent`, { method: "POST", headers, body: '{"a":1}' });
  expect(seen).toEqual({ method: "POST", contentType: "application/json", key: "key", body: '{"a":1}' });
  expect(response.status).toBe(200);
  expect(response.ok).toBe(true);
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(response.headers.get("x-two")).toBe("a, b");
  expect(await response.json()).toEqual({ ok: "é" });
});

test("an error status comes back as a response whose body can be read (the SDK reads the error from it)", async () => {
  handle = (_request, _body, response) => {
    response.writeHead(503, "Service Unavailable", { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { code: 503, message: "overloaded" } }));
  };
  const response = await httpFetch(`${base}/x`, { method: "POST", body: "{}" });
  expect(response.ok).toBe(false);
  expect(response.status).toBe(503);
  expect(response.statusText).toBe("Service Unavailable");
  expect(await response.json()).toEqual({ error: { code: 503, message: "overloaded" } });
});

test("a 204 has no body", async () => {
  handle = (_request, _body, response) => {
    response.writeHead(204);
    response.end();
  };
  const response = await httpFetch(`${base}/x`);
  expect(response.status).toBe(204);
  expect(response.body).toBeNull();
});

test("an abort while waiting for the answer rejects with the signal's reason", async () => {
  handle = () => undefined; // never answers
  const controller = new AbortController();
  const pending = httpFetch(`${base}/slow`, { method: "POST", body: "{}", signal: controller.signal });
  setTimeout(() => controller.abort(new Error("budget spent")), 50);
  await expect(pending).rejects.toThrow("budget spent");
});

test("an abort while the body is arriving rejects", async () => {
  handle = (_request, _body, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"labels": [');
  };
  const controller = new AbortController();
  const pending = httpFetch(`${base}/half`, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("cancelled")), 50);
  await expect(pending).rejects.toThrow();
});

test("a signal already aborted sends nothing", async () => {
  let requests = 0;
  handle = (_request, _body, response) => {
    requests++;
    response.end("{}");
  };
  const controller = new AbortController();
  controller.abort(new Error("too late"));
  await expect(httpFetch(`${base}/x`, { signal: controller.signal })).rejects.toThrow("too late");
  expect(requests).toBe(0);
});

test("connections are kept alive between calls", async () => {
  const ports = new Set<number>();
  handle = (request, _body, response) => {
    ports.add(request.socket.remotePort!);
    response.end("{}");
  };
  for (let i = 0; i < 3; i++) await (await httpFetch(`${base}/x`, { method: "POST", body: "{}" })).json();
  expect(ports.size).toBe(1);
});

test("a refused connection rejects (a network error the retry logic takes as retryable)", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await expect(httpFetch(`http://127.0.0.1:${port}/x`)).rejects.toThrow(/ECONNREFUSED/);
});
