/** The profile `GET me` answers (spec section 3, user). */
export type Me = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  amzsMembershipNumber: string | null;
  /** An admin verified the number (decision 039): only then the members' package is offered. */
  amzsMembershipVerified?: boolean;
  phoneNumber: string | null;
  /** The phone number was confirmed by an SMS code (the wizard's sign-in step drops out only then). */
  phoneVerified?: boolean;
  /** MISSINGEMAIL, MISSINGPHONE, or COMPLETE when nothing is missing. */
  registrationStatus: "MISSINGEMAIL" | "MISSINGPHONE" | "COMPLETE";
  accountsWereMerged: boolean;
  likedPostings: number[];
  impersonated: boolean;
  dealership: { code: string | null; publicName: string | null; role: "HEAD" | "SALESPERSON" | null } | null;
  amzsAdmin: boolean;
  amzsPostingEditor: boolean;
};

/** A user counts as registered if a first name or last name is present. */
export const isRegistered = (u: Pick<Me, "firstName" | "lastName"> | null | undefined) =>
  Boolean(u && ((u.firstName ?? "").trim() || (u.lastName ?? "").trim()));

/** A phone number confirmed by a code: such a seller skips the wizard's sign-in step (spec section 2). */
export const hasValidatedPhone = (
  u: Pick<Me, "phoneNumber" | "phoneVerified" | "registrationStatus"> | null | undefined,
) => Boolean(u?.phoneNumber && (u.phoneVerified ?? u.registrationStatus === "COMPLETE"));

/** Initials for the user menu avatar. */
export function initialsOf(u: Pick<Me, "firstName" | "lastName" | "email">): string {
  const fromNames = `${u.firstName?.trim()[0] ?? ""}${u.lastName?.trim()[0] ?? ""}`;
  return (fromNames || u.email?.[0] || "?").toUpperCase();
}
