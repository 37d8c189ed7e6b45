import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Route } from "@playwright/test";

import { mintSessionToken, TEST_CLERK_FRONTEND_API } from "../../helpers/clerk-test-auth";

// A fake of Clerk's Frontend API for the development test instance (coach-test.clerk.accounts.dev), answered at the network
// boundary with Playwright's routing, so the real clerk-js (served from the @clerk/clerk-js package) runs its sign-in,
// sign-up and reset flows in the browser. It keeps users, one client, its sign-in / sign-up attempts and sessions in
// memory, "sends" e-mails into `outbox`, and mints session tokens with the test instance's key, which the app server
// verifies offline. Only what the app's flows call is implemented; anything else is a 404 listed in `unhandled`.

const ORIGIN = `https://${TEST_CLERK_FRONTEND_API}`;
const CLERK_JS_DIST = path.resolve("node_modules/@clerk/clerk-js/dist");

type User = { id: string; emailId: string; email: string; password: string; verified: boolean; unsafeMetadata: Record<string, unknown>; createdAt: number };
type Session = { id: string; userId: string; createdAt: number };
type SignIn = {
  id: string;
  identifier: string;
  status: "needs_identifier" | "needs_first_factor" | "complete";
  resetPrepared: boolean;
  createdSessionId: string | null;
  /** A sign-in with Google: its verification's status (a Google account new here is "transferable"). */
  google?: "unverified" | "verified" | "transferable";
};
type SignUp = {
  id: string;
  userId: string;
  status: "missing_requirements" | "complete" | "abandoned";
  createdSessionId: string | null;
  strategy: string | null;
  missingFields?: string[];
};
export type Email = { to: string; kind: "verification-link" | "verification-code" | "reset-code"; code?: string };

type ApiError = { status: number; code: string; message: string; longMessage: string };

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const nowMs = () => Date.now();

export type FakeClerkOptions = {
  /** The instance cannot send verification links (so sign-up falls back to a 6-digit code). */
  emailLinks?: boolean;
  /** False: the instance cannot send verification codes either (with no links, a new address cannot be verified at all). */
  emailCodes?: boolean;
  /** False: the instance does not offer password reset by e-mail code. */
  passwordReset?: boolean;
  /** A new sign-up comes back "abandoned", a status the app does not expect of a sign-up it has just made. */
  abandonSignUps?: boolean;
};

export class FakeClerkFapi {
  readonly users = new Map<string, User>();
  readonly outbox: Email[] = [];
  readonly unhandled: string[] = [];
  /** Every Frontend API call, "METHOD /path" (method after Clerk's _method override). */
  readonly calls: string[] = [];
  /** The redirect_url of every Google sign-in started. */
  readonly oauthStarts: string[] = [];
  /**
   * Who signs in at the fake Google: null (the default) comes back without signing in, as after Back on Google's screen;
   * an address signs that account in, or, when no account here has it, leaves a sign-in for Clerk to transfer to a sign-up.
   */
  googleAccount: string | null = null;
  /** What the instance still wants of a new account made from Google's (a username, say): the transfer then stops short. */
  googleSignUpMissing: string[] = [];
  private sessions: Session[] = [];
  private signIn: SignIn | null = null;
  private signUp: SignUp | null = null;
  private readonly clientId = id("client");
  // Older than every token minted here: a __client_uat later than the token's iat makes the server start a handshake.
  private readonly clientCreatedAt = nowMs() - 120_000;

  constructor(private readonly options: FakeClerkOptions = {}) {}

  /** A verified account, as if created earlier. */
  addUser(email: string, password: string, verified = true): User {
    const user: User = { id: id("user"), emailId: id("idn"), email, password, verified, unsafeMetadata: {}, createdAt: this.clientCreatedAt };
    this.users.set(email, user);
    return user;
  }

  lastEmail(to: string, kind: Email["kind"]): Email | undefined {
    return [...this.outbox].reverse().find((email) => email.to === to && email.kind === kind);
  }

  async install(context: BrowserContext): Promise<void> {
    await context.route(`${ORIGIN}/**`, (route) => this.handle(route));
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const cors = { "access-control-allow-origin": request.headers()["origin"] ?? "*", "access-control-allow-credentials": "true", vary: "origin" };
    if (request.method() === "OPTIONS") {
      return route.fulfill({
        status: 204,
        headers: { ...cors, "access-control-allow-methods": "GET,POST,PATCH,PUT,DELETE", "access-control-allow-headers": "*" },
      });
    }
    // Custom flows need no prebuilt widgets: the app turns Clerk's UI bundle off (prefetchUI), so a request for it is a bug.
    if (url.pathname.startsWith("/npm/@clerk/ui@")) this.unhandled.push(url.pathname);
    if (url.pathname.startsWith("/npm/@clerk/clerk-js@")) {
      const file = path.basename(url.pathname);
      const body = await readFile(path.join(CLERK_JS_DIST, file)).catch(() => null);
      return body
        ? route.fulfill({ status: 200, body, headers: { ...cors, "content-type": "application/javascript" } })
        : route.fulfill({ status: 404, headers: cors });
    }
    if (url.pathname === "/fake-oauth/google") {
      this.answerGoogle();
      const back = url.searchParams.get("back") ?? "/";
      return route.fulfill({ status: 302, headers: { location: new URL(back, request.headers()["referer"] ?? "http://127.0.0.1/").toString() } });
    }
    const method = (url.searchParams.get("_method") ?? request.method()).toUpperCase();
    const apiPath = url.pathname.replace(/^\/v1/, "");
    const body = new URLSearchParams(request.postData() ?? "");
    this.calls.push(`${method} ${apiPath}`);
    try {
      const answer = await this.route(method, apiPath, body);
      if (answer === null) {
        this.unhandled.push(`${method} ${apiPath}`);
        return route.fulfill({
          status: 404,
          headers: cors,
          json: { errors: [{ code: "resource_not_found", message: "not found", long_message: `${apiPath} is not faked` }] },
        });
      }
      return route.fulfill({ status: 200, headers: cors, json: answer });
    } catch (error) {
      const apiError = error as ApiError;
      if (typeof apiError.status !== "number") throw error;
      return route.fulfill({
        status: apiError.status,
        headers: cors,
        json: { errors: [{ code: apiError.code, message: apiError.message, long_message: apiError.longMessage, meta: {} }], clerk_trace_id: "fake" },
      });
    }
  }

  private fail(status: number, code: string, message: string, longMessage = message): never {
    throw { status, code, message, longMessage } satisfies ApiError;
  }

  /** Client-scoped answers carry the whole client, as Clerk's do. */
  private async withClient(response: unknown) {
    return { response, client: await this.clientJson() };
  }

  private async route(method: string, apiPath: string, body: URLSearchParams): Promise<unknown> {
    if (apiPath === "/environment") return environmentJson();
    if (apiPath === "/dev_browser" && method === "POST") return { id: `dvb_${randomBytes(16).toString("hex")}` };
    if (apiPath === "/client" && method === "GET") return { response: await this.clientJson(), client: null };
    if (apiPath === "/client" && (method === "PUT" || method === "POST")) return this.withClient(await this.clientJson());
    // Sign-out: clerk-js ends every session of the client (DELETE /client/sessions), or drops the client itself.
    if ((apiPath === "/client" || apiPath === "/client/sessions") && method === "DELETE") {
      this.sessions = [];
      return this.withClient(await this.clientJson());
    }

    if (apiPath === "/client/sign_ins" && method === "POST") return this.withClient(await this.createSignIn(body));
    let match = apiPath.match(/^\/client\/sign_ins\/([^/]+)(?:\/(prepare_first_factor|attempt_first_factor))?$/);
    if (match && this.signIn?.id === match[1]) {
      if (match[2] === "prepare_first_factor") return this.withClient(await this.prepareFirstFactor(body));
      if (match[2] === "attempt_first_factor") return this.withClient(await this.attemptFirstFactor(body));
      return this.withClient(await this.signInJson());
    }

    if (apiPath === "/client/sign_ups" && method === "POST") return this.withClient(this.createSignUp(body));
    match = apiPath.match(/^\/client\/sign_ups\/([^/]+)(?:\/(prepare_verification|attempt_verification))?$/);
    if (match && this.signUp?.id === match[1]) {
      if (match[2] === "prepare_verification") return this.withClient(this.prepareVerification(body));
      if (match[2] === "attempt_verification") return this.withClient(this.attemptVerification(body));
      return this.withClient(this.signUpJson());
    }

    match = apiPath.match(/^\/client\/sessions\/([^/]+)(?:\/(.+))?$/);
    if (match) {
      const session = this.sessions.find((candidate) => candidate.id === match![1]);
      if (!session) this.fail(404, "resource_not_found", "Session not found");
      const action = match[2] ?? "";
      if (action.startsWith("tokens")) return { object: "token", jwt: await this.token(session) };
      if (action === "touch" || action === "") return this.withClient(await this.sessionJson(session));
      if (action === "remove" || action === "end") {
        this.sessions = this.sessions.filter((candidate) => candidate !== session);
        return this.withClient({ ...(await this.sessionJson(session)), status: "removed" });
      }
    }

    if (apiPath === "/me" || apiPath === "/me/metadata") {
      const user = this.currentUser();
      if (!user) this.fail(401, "signed_out", "You are signed out");
      if (method === "PATCH") {
        // user.update({ unsafeMetadata }) in clerk-js 6 patches /me/metadata, which merges into what is stored.
        const metadata = body.get("unsafe_metadata");
        if (metadata) user.unsafeMetadata = { ...user.unsafeMetadata, ...(JSON.parse(metadata) as Record<string, unknown>) };
      }
      return this.withClient(this.userJson(user));
    }
    return null;
  }

  private currentUser(): User | undefined {
    const session = this.sessions.at(-1);
    return session ? [...this.users.values()].find((user) => user.id === session.userId) : undefined;
  }

  private newSession(user: User): Session {
    const session = { id: id("sess"), userId: user.id, createdAt: nowMs() };
    this.sessions = [session];
    return session;
  }

  // Sign-in: with a password it completes or fails; without, it lists the first factors (the reset flow).
  private async createSignIn(body: URLSearchParams) {
    if (body.get("strategy") === "oauth_google") return this.startGoogle(body);
    const identifier = (body.get("identifier") ?? "").trim().toLowerCase();
    const user = this.users.get(identifier);
    if (!user) this.fail(422, "form_identifier_not_found", "Couldn't find your account.");
    if (!user.verified) {
      this.fail(
        422,
        "identifier_not_verified",
        "Email address is not verified",
        "Your email address has not been verified yet. Verify it from the e-mail we sent you.",
      );
    }
    this.signIn = { id: id("sia"), identifier, status: "needs_first_factor", resetPrepared: false, createdSessionId: null };
    const password = body.get("password");
    if (password !== null) {
      if (password !== user.password) this.fail(422, "form_password_incorrect", "Password is incorrect. Try again, or use another method.");
      this.signIn.status = "complete";
      this.signIn.createdSessionId = this.newSession(user).id;
    }
    return this.signInJson();
  }

  /** Google: the browser is sent to the provider (here a page of this fake that sends it back, see googleAccount). */
  private startGoogle(body: URLSearchParams) {
    this.oauthStarts.push(body.get("redirect_url") ?? "");
    const back = encodeURIComponent(body.get("action_complete_redirect_url") ?? body.get("redirect_url") ?? "/");
    this.signIn = { id: id("sia"), identifier: "", status: "needs_first_factor", resetPrepared: false, createdSessionId: null, google: "unverified" };
    return {
      ...this.signInJson(),
      first_factor_verification: {
        ...this.verification("unverified", "oauth_google"),
        external_verification_redirect_url: `${ORIGIN}/fake-oauth/google?back=${back}`,
      },
    };
  }

  /** What Google's callback to Clerk leaves behind: a completed sign-in, or one to transfer to a sign-up. */
  private answerGoogle() {
    const email = this.googleAccount;
    if (!email || this.signIn?.google !== "unverified") return;
    const user = this.users.get(email);
    this.signIn = user
      ? { ...this.signIn, identifier: email, status: "complete", createdSessionId: this.newSession(user).id, google: "verified" }
      : { ...this.signIn, identifier: email, status: "needs_identifier", google: "transferable" };
  }

  private async prepareFirstFactor(body: URLSearchParams) {
    const signIn = this.signIn!;
    const user = this.users.get(signIn.identifier)!;
    const offered = this.options.passwordReset !== false && body.get("strategy") === "reset_password_email_code";
    if (!offered || body.get("email_address_id") !== user.emailId) {
      this.fail(422, "strategy_for_user_invalid", "Invalid verification strategy");
    }
    signIn.resetPrepared = true;
    this.outbox.push({ to: user.email, kind: "reset-code", code: String(100000 + Math.floor(Math.random() * 900000)) });
    return this.signInJson();
  }

  private async attemptFirstFactor(body: URLSearchParams) {
    const signIn = this.signIn!;
    const user = this.users.get(signIn.identifier)!;
    const sent = this.lastEmail(user.email, "reset-code");
    if (!signIn.resetPrepared || !sent || body.get("code") !== sent.code) this.fail(422, "form_code_incorrect", "Incorrect code");
    const password = body.get("password") ?? "";
    if (password.length < 8) this.fail(422, "form_password_length_too_short", "Passwords must be 8 characters or more.");
    user.password = password;
    signIn.status = "complete";
    signIn.createdSessionId = this.newSession(user).id;
    return this.signInJson();
  }

  // Sign-up: an unverified account that must confirm its address (by link, or by code when links are off).
  private createSignUp(body: URLSearchParams) {
    if (body.get("transfer") === "true") return this.transferToSignUp();
    const email = (body.get("email_address") ?? "").trim().toLowerCase();
    const existing = this.users.get(email);
    if (existing?.verified) this.fail(422, "form_identifier_exists", "That email address is taken. Please try another.");
    const password = body.get("password");
    const user = existing ?? this.addUser(email, password ?? "", false);
    if (password !== null) user.password = password;
    const status = this.options.abandonSignUps ? "abandoned" : "missing_requirements";
    this.signUp = { id: id("sua"), userId: user.id, status, createdSessionId: null, strategy: null };
    return this.signUpJson();
  }

  /** Clerk's transfer: the Google account the sign-in could not find becomes a new, verified account with a session. */
  private transferToSignUp() {
    if (this.signIn?.google !== "transferable") this.fail(422, "transfer_not_allowed", "There is nothing to transfer");
    const user = this.addUser(this.signIn.identifier, "", true);
    const missingFields = this.googleSignUpMissing;
    this.signUp =
      missingFields.length > 0
        ? { id: id("sua"), userId: user.id, status: "missing_requirements", createdSessionId: null, strategy: "oauth_google", missingFields }
        : { id: id("sua"), userId: user.id, status: "complete", createdSessionId: this.newSession(user).id, strategy: "oauth_google" };
    this.signIn = null;
    return this.signUpJson();
  }

  private signUpUser(): User {
    return [...this.users.values()].find((user) => user.id === this.signUp!.userId)!;
  }

  private prepareVerification(body: URLSearchParams) {
    const strategy = body.get("strategy");
    const user = this.signUpUser();
    if (strategy === "email_link") {
      if (!this.options.emailLinks) this.fail(422, "strategy_not_allowed", "Email links are not enabled for this instance.");
      this.outbox.push({ to: user.email, kind: "verification-link" });
    } else if (strategy === "email_code") {
      if (this.options.emailCodes === false) this.fail(422, "strategy_not_allowed", "Email codes are not enabled for this instance.");
      this.outbox.push({ to: user.email, kind: "verification-code", code: String(100000 + Math.floor(Math.random() * 900000)) });
    } else {
      this.fail(422, "strategy_not_allowed", "Unknown strategy");
    }
    this.signUp!.strategy = strategy;
    return this.signUpJson();
  }

  private attemptVerification(body: URLSearchParams) {
    const user = this.signUpUser();
    const sent = this.lastEmail(user.email, "verification-code");
    if (!sent || body.get("code") !== sent.code) this.fail(422, "form_code_incorrect", "Incorrect code");
    user.verified = true;
    this.signUp!.status = "complete";
    this.signUp!.createdSessionId = this.newSession(user).id;
    return this.signUpJson();
  }

  private token(session: Session): Promise<string> {
    return mintSessionToken(session.userId, { sessionId: session.id, expiresInSeconds: 3600 });
  }

  private verification(status: string, strategy: string | null) {
    return { object: "verification", status, strategy, attempts: 0, expire_at: nowMs() + 600_000, error: null };
  }

  private signInJson() {
    const signIn = this.signIn!;
    if (signIn.google) return this.googleSignInJson(signIn);
    const user = this.users.get(signIn.identifier)!;
    return {
      object: "sign_in",
      id: signIn.id,
      status: signIn.status,
      supported_identifiers: ["email_address"],
      identifier: signIn.identifier,
      user_data: { first_name: null, last_name: null, image_url: "", has_image: false },
      supported_first_factors: [
        { strategy: "password" },
        ...(this.options.passwordReset === false
          ? []
          : [{ strategy: "reset_password_email_code", safe_identifier: user.email, email_address_id: user.emailId, primary: true }]),
      ],
      supported_second_factors: null,
      first_factor_verification: signIn.resetPrepared
        ? this.verification(signIn.status === "complete" ? "verified" : "unverified", "reset_password_email_code")
        : null,
      second_factor_verification: null,
      created_session_id: signIn.createdSessionId,
      abandon_at: nowMs() + 86_400_000,
    };
  }

  private googleSignInJson(signIn: SignIn) {
    const verification = this.verification(signIn.google!, "oauth_google");
    return {
      object: "sign_in",
      id: signIn.id,
      status: signIn.status,
      supported_identifiers: [],
      identifier: signIn.identifier || null,
      supported_first_factors: [{ strategy: "oauth_google" }],
      supported_second_factors: null,
      first_factor_verification:
        signIn.google === "transferable"
          ? { ...verification, error: { code: "external_account_not_found", message: "The External Account was not found.", long_message: "" } }
          : verification,
      second_factor_verification: null,
      created_session_id: signIn.createdSessionId,
      abandon_at: nowMs() + 86_400_000,
    };
  }

  private signUpJson() {
    const signUp = this.signUp!;
    const user = this.signUpUser();
    return {
      object: "sign_up",
      id: signUp.id,
      status: signUp.status,
      required_fields: ["email_address", "password"],
      optional_fields: [],
      missing_fields: signUp.missingFields ?? [],
      unverified_fields: user.verified ? [] : ["email_address"],
      verifications: {
        email_address: {
          ...this.verification(user.verified ? "verified" : "unverified", signUp.strategy),
          next_action: user.verified ? "" : signUp.strategy ? "needs_attempt" : "needs_prepare",
          supported_strategies: ["email_link", "email_code"],
        },
        phone_number: null,
        web3_wallet: null,
        external_account: null,
      },
      username: null,
      first_name: null,
      last_name: null,
      email_address: user.email,
      phone_number: null,
      web3_wallet: null,
      external_account_strategy: null,
      external_account: null,
      has_password: user.password !== "",
      unsafe_metadata: {},
      created_session_id: signUp.createdSessionId,
      created_user_id: user.verified ? user.id : null,
      abandon_at: nowMs() + 86_400_000,
      legal_accepted_at: null,
    };
  }

  private userJson(user: User) {
    return {
      object: "user",
      id: user.id,
      external_id: null,
      primary_email_address_id: user.emailId,
      primary_phone_number_id: null,
      primary_web3_wallet_id: null,
      image_url: "",
      has_image: false,
      username: null,
      email_addresses: [
        {
          object: "email_address",
          id: user.emailId,
          email_address: user.email,
          verification: this.verification("verified", "email_code"),
          linked_to: [],
          matches_sso_connection: false,
        },
      ],
      phone_numbers: [],
      web3_wallets: [],
      external_accounts: [],
      enterprise_accounts: [],
      passkeys: [],
      organization_memberships: [],
      password_enabled: true,
      first_name: null,
      last_name: null,
      totp_enabled: false,
      backup_code_enabled: false,
      two_factor_enabled: false,
      public_metadata: {},
      unsafe_metadata: user.unsafeMetadata,
      last_sign_in_at: nowMs(),
      create_organization_enabled: false,
      create_organizations_limit: null,
      delete_self_enabled: true,
      legal_accepted_at: null,
      updated_at: nowMs(),
      created_at: user.createdAt,
    };
  }

  private async sessionJson(session: Session) {
    const user = [...this.users.values()].find((candidate) => candidate.id === session.userId)!;
    return {
      object: "session",
      id: session.id,
      status: "active",
      factor_verification_age: [0, -1],
      expire_at: nowMs() + 7 * 86_400_000,
      abandon_at: nowMs() + 30 * 86_400_000,
      last_active_at: nowMs(),
      last_active_token: { object: "token", jwt: await this.token(session) },
      last_active_organization_id: null,
      actor: null,
      tasks: null,
      user: this.userJson(user),
      public_user_data: { first_name: null, last_name: null, image_url: "", has_image: false, identifier: user.email, user_id: user.id },
      created_at: session.createdAt,
      updated_at: nowMs(),
    };
  }

  private async clientJson() {
    return {
      object: "client",
      id: this.clientId,
      sessions: await Promise.all(this.sessions.map((session) => this.sessionJson(session))),
      sign_in: this.signIn ? this.signInJson() : null,
      sign_up: this.signUp ? this.signUpJson() : null,
      last_active_session_id: this.sessions.at(-1)?.id ?? null,
      last_authentication_strategy: null,
      cookie_expires_at: null,
      captcha_bypass: true,
      created_at: this.clientCreatedAt,
      updated_at: this.clientCreatedAt,
    };
  }
}

/** The instance's settings: e-mail and password, Google, single session, development. */
function environmentJson() {
  const attribute = (enabled: boolean, firstFactors: string[] = [], verifications: string[] = []) => ({
    enabled,
    required: enabled,
    used_for_first_factor: firstFactors.length > 0,
    first_factors: firstFactors,
    used_for_second_factor: false,
    second_factors: [],
    verifications,
    verify_at_sign_up: verifications.length > 0,
  });
  return {
    object: "environment",
    id: "env_fake",
    auth_config: { object: "auth_config", id: "aac_fake", single_session_mode: true, claimed_at: null, reverification: false },
    display_config: {
      object: "display_config",
      id: "display_config_fake",
      instance_environment_type: "development",
      application_name: "Relationship Retro",
      branded: false,
      home_url: "http://127.0.0.1",
      sign_in_url: "/sign-in",
      sign_up_url: "/sign-up",
      after_sign_in_url: "/",
      after_sign_up_url: "/",
      after_sign_out_one_url: "/",
      after_sign_out_all_url: "/",
      captcha_public_key: null,
      captcha_widget_type: null,
      captcha_provider: null,
    },
    user_settings: {
      attributes: {
        email_address: attribute(true, ["email_code", "email_link"], ["email_link", "email_code"]),
        password: attribute(true),
        phone_number: attribute(false),
        username: attribute(false),
        first_name: attribute(false),
        last_name: attribute(false),
      },
      social: { oauth_google: { enabled: true, required: false, authenticatable: true, strategy: "oauth_google", name: "Google" } },
      sign_in: { second_factor: { required: false } },
      sign_up: { captcha_enabled: false, progressive: true, mode: "public", legal_consent_enabled: false },
      password_settings: { min_length: 8, max_length: 72, disable_hibp: true, show_zxcvbn: false },
      actions: { delete_self: true, create_organization: false },
    },
    organization_settings: { enabled: false },
    maintenance_mode: false,
  };
}
