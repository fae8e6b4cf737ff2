import type { CaptchaConfig } from "~/contracts/inquiries";

/** Whether a form's sender looks human: the spec's "Captcha version 3" (reCAPTCHA v3) or the local adapter. */
export interface CaptchaProvider {
  /** What the browser must do before sending (public: the site key only). */
  readonly config: CaptchaConfig;
  /** `hostname`: the site the form was sent on; a token solved on another site is refused. */
  verify(token: string | undefined, client: string, hostname: string): Promise<boolean>;
}

export const captchaAction = "inquiry";

/** Local adapter (no keys configured): accepts every sender; the form says so where the dev mailbox is on. */
export const localCaptcha: CaptchaProvider = { config: { provider: "local" }, verify: async () => true };

/**
 * reCAPTCHA v3: the token is checked with Google's siteverify and the secret; a score under
 * `minScore`, another action's token or a token solved on another site (Google's `hostname`) is refused.
 */
export function recaptchaV3(
  config: { siteKey: string; secret: string; minScore?: number },
  fetchImpl: typeof fetch = fetch,
): CaptchaProvider {
  return {
    config: { provider: "recaptcha", siteKey: config.siteKey, action: captchaAction },
    async verify(token, client, hostname) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: config.secret, response: token });
      if (/^[0-9a-f.:]+$/i.test(client)) body.set("remoteip", client.replace(/::\/64$/, "::"));
      try {
        const res = await fetchImpl("https://www.google.com/recaptcha/api/siteverify", { method: "POST", body });
        if (!res.ok) return false;
        const answer = (await res.json()) as { success?: boolean; score?: number; action?: string; hostname?: string };
        return (
          answer.success === true &&
          answer.action === captchaAction &&
          answer.hostname?.toLowerCase() === hostname.toLowerCase() &&
          (answer.score ?? 0) >= (config.minScore ?? 0.5)
        );
      } catch {
        return false;
      }
    },
  };
}

/** The configured captcha: reCAPTCHA v3 with RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET, else the local adapter. */
export function captchaProvider(env: Env): CaptchaProvider {
  if (env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET)
    return recaptchaV3({ siteKey: env.RECAPTCHA_SITE_KEY, secret: env.RECAPTCHA_SECRET });
  return localCaptcha;
}
