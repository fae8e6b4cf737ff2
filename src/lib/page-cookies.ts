/**
 * The cookies of one page request rendered by a front (decision 076): the browser's, updated by every
 * Set-Cookie of the provider's answers, so a later call of the same page sends what the browser will
 * have; and the Set-Cookie headers themselves, in order, for the page's response.
 */
export class PageCookies {
  private readonly jar = new Map<string, string>();
  /** Every Set-Cookie the provider answered while this page rendered, as sent. */
  readonly setCookies: string[] = [];

  constructor(cookieHeader: string | null | undefined) {
    for (const part of (cookieHeader ?? "").split(";")) {
      const eq = part.indexOf("=");
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      if (name && !this.jar.has(name)) this.jar.set(name, part.slice(eq + 1).trim());
    }
  }

  /** The Cookie header for the next call, or undefined when there is none. */
  header(): string | undefined {
    const pairs = [...this.jar].map(([name, value]) => `${name}=${value}`);
    return pairs.length ? pairs.join("; ") : undefined;
  }

  /** The Set-Cookie headers the page's response carries: the last one per cookie name, as the browser would end up. */
  finalSetCookies(): string[] {
    return [...new Map(this.setCookies.map((line) => [line.slice(0, line.indexOf("=")).trim(), line])).values()];
  }

  /** Takes in an answer's Set-Cookie headers: kept for the page, applied to the jar. */
  take(response: Response, now = Date.now()): void {
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      if (expired(attributes, now)) this.jar.delete(name);
      else this.jar.set(name, pair.slice(eq + 1).trim());
    }
  }
}

function expired(attributes: string[], now: number): boolean {
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=", 2).map((s) => s.trim());
    if (/^max-age$/i.test(key) && Number(value) <= 0) return true;
    if (/^expires$/i.test(key) && Date.parse(value) <= now) return true;
  }
  return false;
}
