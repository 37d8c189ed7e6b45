import { SESSION_KEYS } from "@/lib/client/storage/browser-keys";

import { disclaimerCookie } from "./disclaimer-storage";
import { DISCLAIMER_ACCEPTED_KEY, DISCLAIMER_COOKIE, WELCOME_DONE_ATTRIBUTE } from "./keys";

/**
 * The root layout's inline head script (it runs before the first paint, with the page's nonce). The server decides the
 * home page's first screen from the acceptance cookie; this covers what it cannot know:
 *  - a device that accepted before the cookie existed (localStorage only) gets the cookie now, for its next visit; the
 *    cookie is renewed on every load that finds the acceptance, and dropped when the device's record is gone (storage
 *    cleared: localStorage is the device's record, the cookie only tells the server);
 *  - a device that accepted, or a tab that skips the welcome (skipWelcomeAfterAuth), marks <html> so the welcome dialog is
 *    hidden by CSS from the first paint, whatever HTML came (the server's without the cookie, or a first visit's copy that
 *    the service worker serves offline). After hydration the welcome gate decides from storage and the cookie as before.
 * Any failure (storage or cookies disabled) leaves the page as the server sent it.
 */
export function welcomeHeadScript(): string {
  const set = (secure: boolean) => JSON.stringify(disclaimerCookie(secure));
  return [
    "(function(){try{",
    "var d=document,a=false,s=false;",
    `try{a=!!localStorage.getItem(${JSON.stringify(DISCLAIMER_ACCEPTED_KEY)})}catch(e){}`,
    `try{s=sessionStorage.getItem(${JSON.stringify(SESSION_KEYS.skipWelcomeAfterAuth)})==="true"}catch(e){}`,
    `if(a)d.cookie=location.protocol==="https:"?${set(true)}:${set(false)};`,
    `else if((";"+d.cookie.replace(/; /g,";")).indexOf(";${DISCLAIMER_COOKIE}=")>=0)d.cookie="${DISCLAIMER_COOKIE}=; Path=/; Max-Age=0";`,
    `if(a||s)d.documentElement.setAttribute(${JSON.stringify(WELCOME_DONE_ATTRIBUTE)},"");`,
    "}catch(e){}})();",
  ].join("");
}
