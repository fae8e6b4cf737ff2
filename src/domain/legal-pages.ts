/** The information and legal pages of spec section 2 (the cookies page path is our choice, decision 018). */
export const legalPagePaths = [
  "/splosni-pogoji",
  "/politika-zasebnosti",
  "/piskotki",
  "/pravilasodelovanja",
  "/splosnipogojiuporabe",
] as const;

/**
 * Pages a signed-in user without names may read without being sent to registration first:
 * the terms open "with the registration dialog hidden" (spec), and the registration form links
 * to them, so the user must be able to read what they are asked to accept.
 */
export function opensWithoutRegistration(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // The pages that finish a sign-in (decisions 030–032) come first; registration follows them.
  if (path.startsWith("/prijava/") || path.startsWith("/povezava-racuna/") || path === "/zdruzitev-racunov")
    return true;
  return (legalPagePaths as readonly string[]).includes(path) || path.startsWith("/da-manager/");
}
