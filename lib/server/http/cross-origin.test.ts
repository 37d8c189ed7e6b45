/** @jest-environment node */
import { isCrossOriginWrite } from "./cross-origin";

const request = (method: string, headers: Record<string, string>) => new Request("https://coach.example/api/sessions/migrate", { method, headers });

describe("isCrossOriginWrite", () => {
  it.each([
    ["POST", { "sec-fetch-site": "cross-site" }],
    ["POST", { "sec-fetch-site": "same-site" }],
    ["DELETE", { "sec-fetch-site": "cross-site" }],
    ["PUT", { "sec-fetch-site": "same-site", origin: "https://coach.example" }],
    ["POST", { origin: "https://evil.example" }],
    ["POST", { origin: "https://coach.example.evil.example" }],
    ["POST", { origin: "null" }],
    ["POST", { origin: "not a url" }],
  ])("%s with %j is refused", (method, headers) => {
    expect(isCrossOriginWrite(request(method, headers))).toBe(true);
  });

  it.each([
    ["POST", { "sec-fetch-site": "same-origin" }],
    ["POST", { "sec-fetch-site": "none" }],
    ["POST", { origin: "https://coach.example" }],
    ["POST", { origin: "https://COACH.example", host: "coach.example" }],
    // Behind a proxy that rewrites Host, the host the browser used is in x-forwarded-host.
    ["POST", { origin: "https://coach.example", host: "127.0.0.1:3000", "x-forwarded-host": "coach.example" }],
    // Not a browser: a scheduler, curl, a server. No user's cookies ride along unasked.
    ["POST", {}],
    ["GET", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["HEAD", { "sec-fetch-site": "cross-site" }],
  ])("%s with %j goes through", (method, headers) => {
    expect(isCrossOriginWrite(request(method, headers))).toBe(false);
  });
});
