import { appConfig } from "~/app.config";

/** The spec's locale cookie: `i18n_redirected=si`, 365 days, the whole site (Slovenian is the only locale). */
const localeCookie = { ...appConfig.localeCookie, value: "si" } as const;

function hasCookie(header: string | null, name: string): boolean {
  return (header ?? "").split(";").some((part) => part.trim().split("=")[0] === name);
}

/**
 * Sets the locale cookie on a page (HTML document) answer when the request did not carry it: the first
 * visit gets it without any script, later visits are not re-set. Added after the response cache
 * (decision 045), so a cached page never carries one visitor's Set-Cookie to another.
 */
export function withLocaleCookie(request: Request, response: Response): Response {
  if (hasCookie(request.headers.get("cookie"), localeCookie.name)) return response;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const out = new Response(response.body, response);
  out.headers.append(
    "Set-Cookie",
    `${localeCookie.name}=${localeCookie.value}; Max-Age=${localeCookie.maxAgeDays * 86400}; Path=/; SameSite=Lax${secure}`,
  );
  return out;
}
