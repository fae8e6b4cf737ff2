import { base64Url } from "~/lib/crypto";

/** Social sign-in providers of the spec (section 4), in the order the buttons show. */
export const socialProviderIds = ["google", "meta", "apple", "x"] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

export const isSocialProviderId = (v: string): v is SocialProviderId =>
  (socialProviderIds as readonly string[]).includes(v);

/** Where a browser starts a social sign-in (a navigation, not a fetch). */
export function socialLoginHref(provider: SocialProviderId, redirectUrl: string, email?: string | null) {
  const q = new URLSearchParams({ redirectUrl });
  if (email) q.set("email", email);
  return `/internal-api/v1/social/login/${provider}/redirect?${q.toString()}`;
}

/** What the development sign-in page hands back as the authorization code. */
export type LocalCode = {
  subject: string;
  email: string | null;
  /** Whether the stand-in provider vouches for the address (absent: yes); an unverified one never matches an account. */
  emailVerified?: boolean;
  firstName: string | null;
  lastName: string | null;
  challenge: string;
};

export const encodeLocalCode = (code: LocalCode) => base64Url(new TextEncoder().encode(JSON.stringify(code)));
