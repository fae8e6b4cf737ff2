/**
 * A buyer's inquiry to a seller (decision 066): the quick choices the form offers as chips, and the
 * lengths both sides check. Pure, so the form (without zod) and the server agree.
 */
export const inquiryChoices = ["AVAILABLE", "VIEWING", "TRADE_IN"] as const;
export type InquiryChoice = (typeof inquiryChoices)[number];

/** The question each chip adds to the message (the words). */
export const inquiryChoiceLabels: Record<InquiryChoice, string> = {
  AVAILABLE: "Ali je vozilo še na voljo?",
  VIEWING: "Možen ogled?",
  TRADE_IN: "Menjava?",
};

export const inquiryLimits = { nameMax: 80, messageMax: 2000, replyMax: 2000 } as const;

export type InquiryStatus = "NEW" | "ANSWERED";

/**
 * The message with a chip's question added at its end (on) or taken out (off); the buyer's own words
 * stay as they are.
 */
export function toggleChoiceInMessage(message: string, choice: InquiryChoice, on: boolean): string {
  const question = inquiryChoiceLabels[choice];
  const lines = message.split("\n");
  const without = lines.filter((line) => line.trim() !== question);
  if (!on) return without.join("\n").replace(/\n+$/, "");
  const base = without.join("\n").replace(/\s+$/, "");
  return base ? `${base}\n${question}` : question;
}

const gmailDomains = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, as the per-sender limits count it: lower case, without a "+tag",
 * and for Gmail without dots (a.b+x@gmail.com and ab@googlemail.com are one inbox).
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  local = local.split("+")[0] || local;
  if (gmailDomains.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
