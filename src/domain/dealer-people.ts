import type { Me } from "./user";
import { formatPhone } from "./phone";

/** A salesperson as `GET dealer/salespeople` answers it. */
export type Salesperson = {
  phoneNumber: string;
  firstName: string | null;
  lastName: string | null;
  /**
   * INVITED: the invitation SMS went out and its owner has not answered; JOINED: they accepted while
   * signed in (postings can be delegated to them, they see the stock); DECLINED: they said no.
   */
  status: "INVITED" | "JOINED" | "DECLINED";
  /** Joined (accepted the invitation). Nothing tells whether an account exists before that. */
  hasAccount: boolean;
  /** When the last invitation SMS went out. */
  invitedAt: string | null;
};

/** A dealership contact (`GET dealer/contacts`). */
export type DealerContact = {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  comment: string | null;
  addToAllPostings: boolean;
};

/** `POST postings/{code}/delegate`: the posting and the salesperson it now belongs to. */
export type DelegationResult = {
  code: string;
  salesperson: { phoneNumber: string; firstName: string | null; lastName: string | null };
};

/** Only the head of the dealership (or an admin acting for it) adds, edits, removes and invites salespeople. */
export function canManageSalespeople(me: Pick<Me, "dealership" | "amzsAdmin"> | null | undefined): boolean {
  return Boolean(me && (me.amzsAdmin || me.dealership?.role === "HEAD"));
}

/** "Ime Priimek", or the phone number when no name is known. */
export function salespersonLabel(s: Pick<Salesperson, "firstName" | "lastName" | "phoneNumber">): string {
  return [s.firstName, s.lastName].filter(Boolean).join(" ") || formatPhone(s.phoneNumber);
}

/** +38641123456 -> "+386 41 123 456": the one display form of a phone (src/domain/phone.ts). */
export function formatSlovenianMobile(phone: string): string {
  // One display form for every phone on every page (issue 21): "+386 41 123 456".
  return formatPhone(phone);
}

/** One of the people a posting can be delegated to (`GET postings/{code}/delegates`). */
export type Delegate = {
  phoneNumber: string;
  firstName: string | null;
  lastName: string | null;
  /** The dealership's head (listed first). */
  head: boolean;
  /** Holds the posting now: shown as such, not offered. */
  holder: boolean;
  /** Joined (a member account): only they can take postings; an invited salesperson waits. */
  hasAccount: boolean;
  /** The dealership's published postings they hold. */
  postings: number;
};
