"use client";

import { useAuth, useClerk, useUser } from "@clerk/nextjs";
import { useEffect, useMemo, useRef, type ReactNode } from "react";

import { setRequestAuth } from "@/lib/client/api/request";
import { arrivedFromAuthRedirect, clearAuthReturn, clearAuthReturnAfterArrival, markAuthReturn } from "@/lib/client/auth/clerk-on-demand";
import { GOOGLE_RETURN_ROUTES, googleOutcomeAwaitingCompletion } from "@/lib/client/auth/google-return";
import { clearOwedSignOut, endClerkSessionCookies, markSignOutOwed, owedSignOut } from "@/lib/client/auth/owed-sign-out";
import { notifyStoredSettingChanged } from "@/lib/client/hooks/use-stored-setting";
import { clearPageCaches, keepPageCachesToTheirAccount } from "@/lib/client/install/page-caches";
import { syncDisclaimerWithAccount } from "@/lib/client/onboarding/account-disclaimer";
import { SESSION_KEYS } from "@/lib/client/storage/browser-keys";
import { clearDisplayName } from "@/lib/client/storage/profile";
import { showToast, showToastAcrossReload } from "@/lib/client/toast/toast-store";
import { withDeadline } from "@/lib/domain/with-deadline";

import { IdentityContext, type AppIdentity, type AppUser } from "./identity-context";
import { AUTH_TEXTS } from "./texts";

/**
 * Clerk mode. The server-verified identity decides the first render; once Clerk's browser script has loaded it takes
 * over. If that script cannot load (offline, blocked), the server's answer stands and the session cookie authenticates.
 */
export function ClerkIdentityProvider({ serverUser, children }: { serverUser: AppUser | null; children: ReactNode }) {
  const { isLoaded, isSignedIn, getToken, userId } = useAuth();
  const { user: clerkUser } = useUser();
  const clerk = useClerk();

  // A session this browser signed out of without Clerk (owed-sign-out.ts) is not taken up again while Clerk's servers end
  // it: read as the page renders (only once Clerk has loaded, after hydration), so no child acts in it even once. Read again
  // only when Clerk's state changes: the settle effect below changes it, or leaves the sign-out owed.
  const owedSignOutPending = useMemo(() => Boolean(isLoaded && isSignedIn && userId && owedSignOut() === userId), [isLoaded, isSignedIn, userId]);
  const signedIn = isLoaded ? Boolean(isSignedIn) && !owedSignOutPending : serverUser !== null;
  const user: AppUser | null = useMemo(() => {
    if (!signedIn) return null;
    if (isLoaded && clerkUser && userId) {
      return {
        id: userId,
        name: clerkUser.fullName ?? clerkUser.firstName ?? undefined,
        email: clerkUser.primaryEmailAddress?.emailAddress ?? undefined,
        imageUrl: clerkUser.imageUrl ?? undefined,
      };
    }
    return serverUser;
  }, [signedIn, isLoaded, clerkUser, userId, serverUser]);

  const requestAuth = useMemo(
    () => (user ? { signedIn: true as const, user, getToken: async () => (isLoaded ? ((await getToken()) ?? null) : null) } : { signedIn: false as const }),
    [user, isLoaded, getToken],
  );
  // Set during render, not in an effect: children's effects run before their parent's, and their first requests
  // (the history list, migration) must already carry the signed-in identity.
  setRequestAuth(requestAuth);

  // Clerk can end the session without the app's sign-out (expired, another tab): the offline copies of its pages go then.
  useEffect(() => {
    void keepPageCachesToTheirAccount(signedIn);
  }, [signedIn]);

  // The account this tab has been showing, once Clerk has said which, and whether this tab's own sign-out is under way.
  const shownAccount = useRef<string | null | undefined>(undefined);
  const signingOutHere = useRef(false);

  // The owed sign-out, ended on Clerk's servers now that Clerk is here. One that fails again leaves the session unused on
  // this page (still read as signed out) and owed to the next.
  useEffect(() => {
    if (!isLoaded) return;
    const owed = owedSignOut();
    if (owed === null) return;
    // Signed out already, or signed in as someone else since: that session is not on this browser any more.
    if (!isSignedIn || owed !== userId) return clearOwedSignOut();
    signingOutHere.current = true;
    void withDeadline(clerk.signOut(), CLERK_SIGN_OUT_WAIT_MS, () => new Error("Clerk's sign-out did not answer")).then(
      () => clearOwedSignOut(),
      () => endClerkSessionCookies(),
    );
    // clerk is the same object for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded, isSignedIn, userId]);
  useEffect(() => {
    if (!isLoaded) return;
    const now = isSignedIn ? (userId ?? null) : null;
    const before = shownAccount.current;
    shownAccount.current = now;
    // The account went without this tab's sign-out (another tab signed out, or in as someone else; the session expired):
    // what the tab holds of it (results on screen, a recording or transcript under way, cached answers) must not go on as
    // a guest's or another account's, saved on this device for whoever comes next. A fresh page starts clean; a recording
    // under way stays in IndexedDB under its owner, listed again at that account's next visit.
    if (before && before !== now && !signingOutHere.current) {
      // The name kept on this device was that account's, as after a sign-out here.
      clearDisplayName();
      window.location.reload();
    }
  }, [isLoaded, isSignedIn, userId]);

  // The disclaimer acceptance follows the account (issue 12) however the user signed in — e-mail, Google's redirect, or
  // another device — once per signed-in user and page load.
  const accountUser = isLoaded && isSignedIn ? clerkUser : null;
  const accountUserId = accountUser?.id;
  useEffect(() => {
    if (accountUser) void syncDisclaimerWithAccount(accountUser);
    // Once per user: the user object changes identity on every Clerk update, the account it stands for does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountUserId]);

  useEffect(() => {
    if (!isLoaded) return;
    const backFromGoogle = arrivedFromAuthRedirect();
    // Clerk has loaded on the page a Google sign-in came back to: the next signed-out page can do without it again.
    clearAuthReturnAfterArrival();
    // The step Clerk's redirect callback takes (lib/client/auth/google-return.ts), when Google's answer is waiting for it.
    if (backFromGoogle && googleOutcomeAwaitingCompletion(clerk.client)) {
      clerk.handleRedirectCallback(GOOGLE_RETURN_ROUTES).catch(() => showToast({ title: AUTH_TEXTS.signInUnavailable }));
    }
    // Once, when Clerk has loaded: clerk is the same object for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded]);

  const value = useMemo<AppIdentity>(
    () => ({
      clerkEnabled: true,
      signedIn,
      user,
      signInWithGoogle: async () => {
        const signIn = clerk.loaded ? clerk.client?.signIn : undefined;
        if (!signIn) throw new Error(AUTH_TEXTS.signInUnavailable);
        try {
          window.sessionStorage.setItem(SESSION_KEYS.skipWelcomeAfterAuth, "true");
        } catch {
          // sessionStorage can be unavailable; the welcome screen then simply shows again.
        }
        markAuthReturn();
        await signIn.authenticateWithRedirect({ strategy: "oauth_google", redirectUrl: "/", redirectUrlComplete: "/" }).catch((error: unknown) => {
          clearAuthReturn();
          throw error;
        });
      },
      endingAccount: (ending) => {
        signingOutHere.current = ending;
      },
      signOut: async (said = { title: AUTH_TEXTS.loggedOut }) => {
        // For the rest of this page: the account going is this tab's doing, and the page stays (with what it says).
        signingOutHere.current = true;
        // The sessions data this account kept on the device goes first: handing it over needs the sign-in (Clerk's or,
        // without Clerk's script, the session cookie) that the steps below end.
        if (user) await handOverKeptCopies(user.id);
        // Clerk's sign-out asks Clerk's servers and has no time-out of its own: one that does not end (a stalled
        // connection) or fails ends the session here the way a page without Clerk's script does, below.
        const endedByClerk =
          clerk.loaded &&
          (await withDeadline(clerk.signOut(), CLERK_SIGN_OUT_WAIT_MS, () => new Error("Clerk's sign-out did not answer")).then(
            () => true,
            () => false,
          ));
        // The cached answers were this user's (React Query's client, if anything on the page created it).
        await withDeadline(import("@/components/shell/shared-query-client"), CLERK_SIGN_OUT_WAIT_MS, () => new Error("not loaded"))
          .then((query) => query.clearSharedQueryClient())
          .catch(() => undefined);
        // Bounded like the steps above: a cache store that does not answer must not keep "Sign out" disabled.
        await withDeadline(clearPageCaches(), CLERK_SIGN_OUT_WAIT_MS, () => new Error("The page caches did not answer")).catch(() => undefined);
        // The cached profile: the name kept on this device was this user's, shown in the header and offered as a speaker's.
        clearDisplayName();
        notifyStoredSettingChanged();
        if (endedByClerk) showToast(said);
        else {
          showToastAcrossReload(said);
          // Without Clerk (its script, or its answer), end the session the way Clerk reads it: no token, client last active
          // "0"; Clerk's servers are told at the next page where Clerk loads.
          if (user) markSignOutOwed(user.id);
          endClerkSessionCookies();
          // A full reload lets the server render the signed-out page from the now-empty cookies.
          window.location.reload();
        }
      },
    }),
    [signedIn, user, clerk],
  );

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

/** How long a sign-out waits for Clerk's servers to end the session (and for the query cache's code) before going on. */
const CLERK_SIGN_OUT_WAIT_MS = 8000;

/** How long a sign-out waits for the account to take the kept copies: a user who asked to leave is not kept waiting. */
const SIGN_OUT_HAND_OVER_MS = 5000;

/**
 * The copies the account confirms it holds leave this browser; whatever awaits a retry stays (sign-out-hand-over.ts).
 * What was not confirmed in time stays too, and goes to the account at its next sign-in here. Loaded on demand: every
 * page carries this provider, few of them a sign-out.
 */
async function handOverKeptCopies(ownerId: string): Promise<void> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), SIGN_OUT_HAND_OVER_MS);
  const gaveUp = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));
  try {
    await Promise.race([gaveUp, import("@/components/history/sign-out-hand-over").then((module) => module.handOverKeptCopies(ownerId, stop.signal))]);
  } catch {
    // The code could not be loaded (offline): nothing leaves the device.
  } finally {
    clearTimeout(timer);
  }
}
