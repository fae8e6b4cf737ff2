/**
 * The page a sign-in returns to: a same-site path only (never another host), without the
 * success and reason parameters of an earlier attempt. Used by the server and the login forms.
 */
export function safeReturnPath(redirectUrl: string | null | undefined): string {
  const raw = (redirectUrl ?? "/").trim();
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return "/";
  const url = new URL(raw, "http://x");
  url.searchParams.delete("success");
  url.searchParams.delete("reason");
  return `${url.pathname}${url.search}${url.hash}`;
}

export function withParam(path: string, key: string, value: string) {
  const url = new URL(path, "http://x");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
