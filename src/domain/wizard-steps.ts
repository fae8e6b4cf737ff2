/**
 * Wizard steps in order (spec section 2): select vehicle, sign in, vehicle details, pictures, advertising
 * ("Atraktivnejša ponudba"), warranty (the last: "Oddaj oglas"). Sign-in drops out for signed-in users
 * with a validated phone; editing drops the first two.
 */
export const wizardSteps = ["vehicle", "signIn", "details", "pictures", "advertising", "warranty"] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** The steps a draft's update may save: where the seller left the wizard. */
export const draftSteps = ["details", "pictures", "warranty", "advertising"] as const;
/** A draft's stored step: "trim" until a trim is chosen (a draft started without one), then one of `draftSteps`. */
export const storedDraftSteps = ["trim", ...draftSteps] as const;
export type StoredDraftStep = (typeof storedDraftSteps)[number];

export function stepHref(step: WizardStep, postId: number | null): string {
  switch (step) {
    case "vehicle":
      return "/nov-oglas";
    case "signIn":
      return "/nov-oglas/prijava";
    case "details":
      return `/nov-oglas/${postId}/karakteristike-in-oprema`;
    case "pictures":
      return `/nov-oglas/${postId}/slike`;
    case "warranty":
      return `/nov-oglas/${postId}/garancija`;
    case "advertising":
      return `/nov-oglas/${postId}/oglasevanje`;
  }
}

/** The steps shown: without sign-in when it is not needed, without the first two when editing. */
export function visibleSteps(options: { editing: boolean; phoneVerified: boolean }): WizardStep[] {
  return wizardSteps.filter(
    (s) => !(options.editing && (s === "vehicle" || s === "signIn")) && !(s === "signIn" && options.phoneVerified),
  );
}

/** The step after `step` among the visible ones (null after the last). */
export function nextStep(step: WizardStep, steps: WizardStep[]): WizardStep | null {
  const i = steps.indexOf(step);
  return i >= 0 && i < steps.length - 1 ? (steps[i + 1] ?? null) : null;
}

/** Where a saved draft continues: the step it was left on (the details when it was not saved past them). */
export function resumeStep(wizardStep: string | null): WizardStep {
  return wizardStep === "pictures" || wizardStep === "warranty" || wizardStep === "advertising"
    ? wizardStep
    : "details";
}

/**
 * Where "edit" leads for a listed posting (spec section 4): a draft with no trim goes to trim selection,
 * otherwise it resumes at its step (the vehicle details unless saved past them, decision 047); anything
 * else opens the details in edit mode.
 */
export function postingEditHref(p: {
  postId: number;
  status: string;
  hasTrim: boolean;
  wizardStep: string | null;
}): string {
  if (p.status !== "DRAFT") return `/nov-oglas/${p.postId}/karakteristike-in-oprema?edit=1`;
  return p.hasTrim ? stepHref(resumeStep(p.wizardStep), p.postId) : `/nov-oglas/${p.postId}/izbira-izvedenke`;
}

/** The quick edit of a posting's price, mileage, description and photos (decision 061). */
export const quickEditHref = (postId: number | string) => `/uporabnik/moji-oglasi/${postId}/uredi`;

/** Trim selection before a draft exists (spec: /nov-oglas/izbira-izvedenke), for a manually chosen make and model. */
export function trimSelectionHref(manufacturer: string, model: string): string {
  return `/nov-oglas/izbira-izvedenke?${new URLSearchParams({ manufacturer, model }).toString()}`;
}

/** The sign-in step with the draft it continues with, or with the token of a choice made before signing in (decision 046). */
export function signInStepHref(by: { draftId: number } | { selection: string }): string {
  return "draftId" in by
    ? `/nov-oglas/prijava?oglas=${by.draftId}`
    : `/nov-oglas/prijava?izbira=${encodeURIComponent(by.selection)}`;
}
