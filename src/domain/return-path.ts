const base = "https://return-path.invalid";

/** Control characters (URL parsers silently drop tabs and newlines) and backslashes (read as "/"). */
const unsafeChars = /[\u0000-\u001f\u007f\\]/;

/** The path decoded up to three times (a decoded "//" or "\" would be a host to some reader). */
function decodedForms(path: string): string[] {
  const forms = [path];
  let current = path;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** The normalised same-site URL of a path, or null for anything that could leave the site. */
function sameSiteUrl(redirectUrl: string | null | undefined): URL | null {
  const raw = (redirectUrl ?? "/").trim();
  if (!raw.startsWith("/") || raw.startsWith("//") || unsafeChars.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (decodedForms(url.pathname).some((p) => p.startsWith("//") || unsafeChars.test(p) || !p.startsWith("/")))
    return null;
  return url;
}

/**
 * The page a sign-in returns to: a same-site path only (never another host), without the
 * success and reason parameters of an earlier attempt. Used by the server and the login forms.
 * The check is made on the normalised URL (dot segments resolved, tabs and newlines the parser
 * would drop, encoded slashes and backslashes decoded), so no form of "//host" survives.
 */
export function safeReturnPath(redirectUrl: string | null | undefined): string {
  const url = sameSiteUrl(redirectUrl);
  if (!url) return "/";
  url.searchParams.delete("success");
  url.searchParams.delete("reason");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with one query parameter set; a path that could leave the site becomes "/". */
export function withParam(path: string, key: string, value: string) {
  const url = sameSiteUrl(path) ?? new URL("/", base);
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
