import { safeReturnPath } from "./return-path";

/** The admin's users list: where ending an impersonation lands (issue 25, decision 073). */
export const usersListPath = "/administracija/uporabniki";

/**
 * Where "Končaj prevzem" takes the admin: the users list, with its search if the impersonation started from a
 * searched list. Anything else (another page, another host, a forged cookie) becomes the plain users list.
 */
export function impersonationReturnPath(raw: string | null | undefined): string {
  const path = safeReturnPath(raw);
  const [pathname = ""] = path.split(/[?#]/);
  if (pathname !== usersListPath) return usersListPath;
  return path.split("#")[0] ?? usersListPath;
}
