import type { CaptchaConfig } from "~/contracts/inquiries";
import { loadScript } from "~/lib/third-party-scripts";

type Grecaptcha = {
  ready(done: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

/**
 * A reCAPTCHA v3 token for one send (the spec's "Captcha version 3"), its script loaded only now; nothing
 * with the local adapter. Undefined when the script cannot load: the server then refuses with its message.
 */
export async function captchaToken(config: CaptchaConfig): Promise<string | undefined> {
  if (config.provider !== "recaptcha") return undefined;
  try {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(config.siteKey)}`);
    const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
    if (!grecaptcha) return undefined;
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return await grecaptcha.execute(config.siteKey, { action: config.action });
  } catch {
    return undefined;
  }
}
