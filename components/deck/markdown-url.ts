// Link policy of the coach's markdown (spec part 2, section 5): only http, https, irc, ircs, mailto, xmpp or relative URLs.
// The coach's text comes from a model that read user speech, so it is untrusted: `javascript:` or `data:` must never
// become a link, and a "relative" URL must stay on this site.

const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * The URL as the browser will read it (its URL parser drops every tab and newline, and leading or trailing spaces and
 * control characters) when allowed, else "" (the renderer then shows the link text without a link).
 */
export function safeMarkdownUrl(url: string): string {
  const value = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  // "//host/…" (and "/\host", "\\host": a backslash is a slash to the browser) is relative in name only: it leaves the site
  // for whatever host follows, in the app's own tab.
  if (/^[/\\]{2}/.test(value)) return "";
  const colon = value.indexOf(":");
  if (colon === -1) return value;
  // A colon after "/", "?" or "#" belongs to a path, query or fragment: the URL is relative.
  const firstDelimiter = [value.indexOf("/"), value.indexOf("?"), value.indexOf("#")].filter((index) => index !== -1);
  if (firstDelimiter.some((index) => index < colon)) return value;
  return SAFE_PROTOCOL.test(value.slice(0, colon)) ? value : "";
}
