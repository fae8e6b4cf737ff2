import type { SocialProviderId } from "./social";

/** What an e-mailed sign-in link signs in as, for the "Nadaljuj kot …" page (decision 030). */
export type EmailLinkView = { email: string; movesLegacyAccount: boolean };

/** A social identity waiting for the signed-in owner of `email` to link it (decision 031). */
export type PendingSocialLinkView = {
  provider: SocialProviderId;
  identity: { subject: string; email: string | null; name: string | null };
  email: string;
  redirectUrl: string;
  isOwner: boolean;
};

/** A legacy phone account waiting for the signed-in target's consent to merge, and what would move (decision 032). */
export type MergeRequestView = {
  id: number;
  redirectUrl: string;
  targetHasPhone: boolean;
  phoneNumber: string | null;
  postings: {
    code: string;
    status: string;
    manufacturerName: string | null;
    modelName: string | null;
    trimName: string | null;
  }[];
  favourites: number;
  savedSearches: number;
};
