/** @jest-environment node */
import { identityFromRequest } from "@/lib/server/auth/identity";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer } from "@/tests/helpers/requests";

// CLERK_AUTHORIZED_PARTIES: a session token counts only when the page that got it (its azp claim) is one of the app's own
// origins. A token leaked from a sibling subdomain's page is not a sign-in here.

setUpApiTestContext();

const identityWith = async (userId: string, azp?: string) =>
  identityFromRequest(apiRequest("/api/sessions", { headers: bearer(await mintSessionToken(userId, azp ? { azp } : {})) }));

describe("with the app's origins configured", () => {
  setEnvForFile({ ...clerkTestEnv(), CLERK_AUTHORIZED_PARTIES: "https://coach.example,http://localhost:3000" });

  it("accepts a token got by one of them", async () => {
    expect(await identityWith("user_azp_own", "https://coach.example")).toMatchObject({ userId: "user_azp_own" });
    expect(await identityWith("user_azp_local", "http://localhost:3000")).toMatchObject({ userId: "user_azp_local" });
  });

  it("treats a token got by another origin's page as no sign-in", async () => {
    expect(await identityWith("user_azp_sibling", "https://evil.coach.example")).toBeNull();
  });
});

describe("without them", () => {
  setEnvForFile({ ...clerkTestEnv(), CLERK_AUTHORIZED_PARTIES: undefined });

  it("does not look at azp", async () => {
    expect(await identityWith("user_azp_unchecked", "https://evil.coach.example")).toMatchObject({ userId: "user_azp_unchecked" });
  });
});
