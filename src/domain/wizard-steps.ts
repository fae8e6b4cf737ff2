/** Wizard steps in order (spec section 2). Sign-in drops out for signed-in users with a verified phone; editing drops the first two. */
export const wizardSteps = ["vehicle", "signIn", "details", "pictures", "warranty", "advertising"] as const;
export type WizardStep = (typeof wizardSteps)[number];

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
  return wizardSteps.filter((s) => !(options.editing && (s === "vehicle" || s === "signIn")) && !(s === "signIn" && options.phoneVerified));
}

/** The step after `step` among the visible ones (null after the last). */
export function nextStep(step: WizardStep, steps: WizardStep[]): WizardStep | null {
  const i = steps.indexOf(step);
  return i >= 0 && i < steps.length - 1 ? (steps[i + 1] ?? null) : null;
}


/** Where a saved draft continues: the step it was left on (the details when it was not saved past them). */
export function resumeStep(wizardStep: string | null): WizardStep {
  return wizardStep === "pictures" || wizardStep === "warranty" || wizardStep === "advertising" ? wizardStep : "details";
}

/** Where "edit" leads for a listed posting: a draft resumes (trim selection when it has none), anything else opens the details in edit mode (spec section 4). */
export function postingEditHref(p: { postId: number; status: string; hasTrim: boolean; wizardStep: string | null }): string {
  if (p.status !== "DRAFT") return `/nov-oglas/${p.postId}/karakteristike-in-oprema?edit=1`;
  return p.hasTrim || p.wizardStep !== "trim" ? stepHref(resumeStep(p.wizardStep), p.postId) : `/nov-oglas/${p.postId}/izbira-izvedenke`;
}
