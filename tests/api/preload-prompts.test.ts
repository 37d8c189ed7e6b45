/** @jest-environment node */
import { POST as preloadPublic } from "@/app/api/public/preload-prompts/route";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, routeContext } from "@/tests/helpers/requests";

describe("POST /api/public/preload-prompts without AI keys", () => {
  setEnvForFile(NO_AI_KEYS);

  it("answers a message and a warning that AI is not configured", async () => {
    const response = await preloadPublic(apiRequest("/api/public/preload-prompts", { method: "POST" }), routeContext());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toMatch(/^Prompts ready/);
    expect(body.warning).toMatch(/not configured/);
  });
});

describe("POST /api/public/preload-prompts with a key", () => {
  setEnvForFile({ OPENAI_API_KEY: "sk-test" });

  it("has no warning", async () => {
    const response = await preloadPublic(apiRequest("/api/public/preload-prompts", { method: "POST" }), routeContext());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toMatch(/^Prompts ready/);
    expect(body.warning).toBeUndefined();
  });
});
