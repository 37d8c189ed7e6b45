// Link policy of the coach's markdown (spec part 2, section 5): only http, https, irc, ircs, mailto, xmpp or relative URLs.
// The coach's text comes from a model that read user speech, so it is untrusted: `javascript:` or `data:` must never
// become a link.

const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** The URL unchanged when allowed, else "" (the renderer then shows the link text without a link). */
export function safeMarkdownUrl(url: string): string {
  const value = url.trim();
  const colon = value.indexOf(":");
  if (colon === -1) return value;
  // A colon after "/", "?" or "#" belongs to a path, query or fragment: the URL is relative.
  const firstDelimiter = [value.indexOf("/"), value.indexOf("?"), value.indexOf("#")].filter((index) => index !== -1);
  if (firstDelimiter.some((index) => index < colon)) return value;
  return SAFE_PROTOCOL.test(value.slice(0, colon)) ? value : "";
}
