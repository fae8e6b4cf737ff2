// Enumerations of user accounts, with Slovenian labels (decision 054: src/domain/enums/ by subject).
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).

export const loginProviders = ["google", "meta", "apple", "x", "email"] as const;
export type LoginProvider = (typeof loginProviders)[number];
export const loginProviderLabels: Record<LoginProvider, string> = {
  google: "Google",
  meta: "Meta",
  apple: "Apple",
  x: "X",
  email: "E-pošta",
};

// Internal onboarding state only; never shown to users, hence no labels.
export const userRegistrationStatuses = ["MISSINGPHONE", "MISSINGEMAIL"] as const;
export type UserRegistrationStatus = (typeof userRegistrationStatuses)[number];
