/**
 * Web addresses typed by admins: "www.primer.si" is read as https://www.primer.si; only http(s)
 * addresses with a real host name are accepted (no javascript:, data:, user:password@ or "localhost").
 */

/** Adds https:// to an address typed without a scheme; anything with a scheme stays as it is. */
export function withWebScheme(value: string): string {
  const v = value.trim();
  return v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v;
}

function parsesAsWebAddress(value: string, hostMayEndInDot: boolean): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.hostname.includes(".") &&
      (hostMayEndInDot || !url.hostname.endsWith(".")) &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Whether `value` is an absolute http(s) address with a dotted host name and no credentials. */
export function isWebAddress(value: string): boolean {
  return parsesAsWebAddress(value, false);
}

/** The dealer forms' rule, as they have always had it: the same, but the host may end in a dot ("primer.si."). */
export function isDealerWebAddress(value: string): boolean {
  return parsesAsWebAddress(value, true);
}

/** A stored address fit for an href: the address when it is http(s), otherwise nothing (rows from before validation). */
export function webHref(value: string | null | undefined): string | null {
  return value && isWebAddress(value) ? value : null;
}
