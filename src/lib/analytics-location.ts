/**
 * Query parameters that carry a secret or a personal value: sign-in and reply tokens, invitation and
 * confirmation codes, OAuth's code and state. They never reach analytics (decision 075).
 */
const secretParams = new Set(["token", "code", "state", "pin", "key", "secret", "email", "phone", "mobile"]);

/** The address analytics may see: the page's URL without secret query parameters and without the fragment. */
export function analyticsLocation(href: string): string {
  const url = new URL(href);
  for (const name of [...url.searchParams.keys()]) {
    if (secretParams.has(name.toLowerCase())) url.searchParams.delete(name);
  }
  url.hash = "";
  return url.toString();
}
