import { describe, expect, it } from "vitest";
import { nextStep, postingEditHref, resumeStep, stepHref, visibleSteps } from "./wizard-steps";

describe("wizard steps", () => {
  it("shows every step to a new seller without a verified phone", () => {
    expect(visibleSteps({ editing: false, phoneVerified: false })).toEqual(["vehicle", "signIn", "details", "pictures", "warranty", "advertising"]);
  });
  it("drops sign-in for a verified phone, and the first two steps when editing", () => {
    expect(visibleSteps({ editing: false, phoneVerified: true })).toEqual(["vehicle", "details", "pictures", "warranty", "advertising"]);
    expect(visibleSteps({ editing: true, phoneVerified: false })).toEqual(["details", "pictures", "warranty", "advertising"]);
  });
  it("sign-in goes straight on to the vehicle details; the last step has no next", () => {
    const steps = visibleSteps({ editing: false, phoneVerified: false });
    expect(nextStep("signIn", steps)).toBe("details");
    expect(nextStep("advertising", steps)).toBeNull();
    expect(stepHref("pictures", 12)).toBe("/nov-oglas/12/slike");
  });
  it("a closed tab resumes at the step the draft was saved at", () => {
    expect(stepHref(resumeStep("warranty"), 7)).toBe("/nov-oglas/7/garancija");
    expect(resumeStep(null)).toBe("details");
    expect(resumeStep("trim")).toBe("details");
  });
});

describe("postingEditHref", () => {
  it("resumes a draft where it was left and sends a trimless draft to trim selection", () => {
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: true, wizardStep: "pictures" })).toBe("/nov-oglas/7/slike");
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: false, wizardStep: "trim" })).toBe("/nov-oglas/7/izbira-izvedenke");
    expect(postingEditHref({ postId: 7, status: "DRAFT", hasTrim: false, wizardStep: null })).toBe("/nov-oglas/7/karakteristike-in-oprema");
  });
  it("opens a published or sold posting's details in edit mode", () => {
    expect(postingEditHref({ postId: 9, status: "PUBLISHED", hasTrim: true, wizardStep: "advertising" })).toBe("/nov-oglas/9/karakteristike-in-oprema?edit=1");
    expect(postingEditHref({ postId: 9, status: "SOLD", hasTrim: false, wizardStep: null })).toBe("/nov-oglas/9/karakteristike-in-oprema?edit=1");
  });
});
