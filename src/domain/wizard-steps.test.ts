import { describe, expect, it } from "vitest";
import {
  nextStep,
  postingEditHref,
  resumeStep,
  signInStepHref,
  stepHref,
  trimSelectionHref,
  visibleSteps,
} from "./wizard-steps";

describe("wizard steps", () => {
  it("shows every step to a new seller without a verified phone", () => {
    expect(visibleSteps({ editing: false, phoneVerified: false })).toEqual([
      "vehicle",
      "signIn",
      "details",
      "pictures",
      "advertising",
      "warranty",
    ]);
  });
  it("drops sign-in for a verified phone, and the first two steps when editing", () => {
    expect(visibleSteps({ editing: false, phoneVerified: true })).toEqual([
      "vehicle",
      "details",
      "pictures",
      "advertising",
      "warranty",
    ]);
    expect(visibleSteps({ editing: true, phoneVerified: false })).toEqual([
      "details",
      "pictures",
      "advertising",
      "warranty",
    ]);
    expect(visibleSteps({ editing: true, phoneVerified: true })).toEqual([
      "details",
      "pictures",
      "advertising",
      "warranty",
    ]);
  });
  it("sign-in goes straight on to the vehicle details; advertising leads to the warranty, the last step", () => {
    const steps = visibleSteps({ editing: false, phoneVerified: false });
    expect(nextStep("signIn", steps)).toBe("details");
    expect(nextStep("pictures", steps)).toBe("advertising");
    expect(nextStep("advertising", steps)).toBe("warranty");
    expect(nextStep("warranty", steps)).toBeNull();
    expect(stepHref("pictures", 12)).toBe("/nov-oglas/12/slike");
  });
  it("a closed tab resumes at the step the draft was saved at", () => {
    expect(stepHref(resumeStep("warranty"), 7)).toBe("/nov-oglas/7/garancija");
    expect(resumeStep(null)).toBe("details");
    expect(resumeStep("trim")).toBe("details");
  });
});

describe("postingEditHref", () => {
  it("sends a draft with no trim to trim selection, otherwise to the vehicle details (or the step it was saved past)", () => {
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: true, wizardStep: "pictures" })).toBe(
      "/nov-oglas/7/slike",
    );
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: true, wizardStep: "trim" })).toBe(
      "/nov-oglas/7/karakteristike-in-oprema",
    );
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: false, wizardStep: "trim" })).toBe(
      "/nov-oglas/7/izbira-izvedenke",
    );
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: false, wizardStep: "pictures" })).toBe(
      "/nov-oglas/7/izbira-izvedenke",
    );
  });
  it("links the trim selection before a draft and the sign-in step", () => {
    expect(trimSelectionHref("skoda", "octavia")).toBe("/nov-oglas/izbira-izvedenke?manufacturer=skoda&model=octavia");
    expect(signInStepHref({ draftId: 12 })).toBe("/nov-oglas/prijava?oglas=12");
    expect(signInStepHref({ selection: "abc_DEF-123" })).toBe("/nov-oglas/prijava?izbira=abc_DEF-123");
  });
  it("opens a published or sold posting's details in edit mode", () => {
    expect(postingEditHref({ postId: 9, status: "PUBLISHED", hasTrim: true, wizardStep: "advertising" })).toBe(
      "/nov-oglas/9/karakteristike-in-oprema?edit=1",
    );
    expect(postingEditHref({ postId: 9, status: "SOLD", hasTrim: false, wizardStep: null })).toBe(
      "/nov-oglas/9/karakteristike-in-oprema?edit=1",
    );
  });
});
