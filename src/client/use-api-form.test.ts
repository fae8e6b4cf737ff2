import { describe, expect, it, vi } from "vitest";
import { creditDaysInputSchema } from "~/contracts/admin-dealers";
import { ApiError } from "./errors";
import { createSubmit, type ApiFormOptions, type SubmitState } from "./use-api-form";

type Vars = { amount: number; reason: string | null };

/** The helper's submit with its state collected as the form would show it. */
function harness(options: Partial<ApiFormOptions<Vars, string, unknown>> & { run?: (vars: Vars) => Promise<string> }) {
  const state: SubmitState = { fieldErrors: {}, formError: null, busy: false };
  const busyHistory: boolean[] = [];
  const run = vi.fn(options.run ?? (async () => "ok"));
  const focus = vi.fn();
  const invalidate = vi.fn(async () => undefined);
  const submit = createSubmit<Vars, string, unknown>({
    options: () => ({ schema: creditDaysInputSchema, mutationFn: run, ...options }),
    run,
    invalidate,
    setState: (patch) => {
      Object.assign(state, patch);
      if (patch.busy !== undefined) busyHistory.push(patch.busy);
    },
    focus,
  });
  return { submit, state, run, focus, invalidate, busyHistory };
}

const badRequest = new ApiError("Neveljavni podatki.", 400, {
  message: "Neveljavni podatki.",
  statusCode: 400,
  fieldErrors: [
    { field: "reason", kind: "INVALID", message: "Razlog je predolg." },
    { field: "reason", kind: "MISSING", message: "drugi" },
  ],
  errors: [],
});

describe("the form helper (useApiForm's submit)", () => {
  it("checks the contract's schema first: its messages mark the fields, focus goes to the first, nothing is sent", async () => {
    const h = harness({});
    expect(await h.submit({ amount: "x", reason: "" })).toBeUndefined();
    expect(h.run).not.toHaveBeenCalled();
    expect(Object.keys(h.state.fieldErrors)).toContain("amount");
    expect(h.state.formError).toBeNull();
    expect(h.focus).toHaveBeenCalledTimes(1);
  });

  it("sends the parsed values once and gives the result; busy is on for the write only", async () => {
    const onSuccess = vi.fn();
    const h = harness({ onSuccess, invalidates: [["credit-days", "x"]] });
    expect(await h.submit({ amount: 5, reason: "Darilo" })).toBe("ok");
    expect(h.run).toHaveBeenCalledWith({ amount: 5, reason: "Darilo" });
    expect(onSuccess).toHaveBeenCalledWith("ok", { amount: 5, reason: "Darilo" });
    expect(h.invalidate).toHaveBeenCalledWith(["credit-days", "x"]);
    expect(h.busyHistory).toEqual([true, false]);
    expect(h.state).toMatchObject({ fieldErrors: {}, formError: null, busy: false });
  });

  it("a double tap sends one request", async () => {
    let release: (v: string) => void = () => undefined;
    const h = harness({ run: () => new Promise<string>((r) => (release = r)) });
    const first = h.submit({ amount: 5, reason: "" });
    const second = h.submit({ amount: 5, reason: "" });
    expect(await second).toBeUndefined();
    release("ok");
    expect(await first).toBe("ok");
    expect(h.run).toHaveBeenCalledTimes(1);
    // Once the answer is in, the next submit sends again.
    const third = h.submit({ amount: 6, reason: "" });
    release("again");
    expect(await third).toBe("again");
    expect(h.run).toHaveBeenCalledTimes(2);
  });

  it("a 400's fieldErrors mark the fields (first message per field) and focus the first; no form message then", async () => {
    const onError = vi.fn();
    const h = harness({
      onError,
      run: async () => {
        throw badRequest;
      },
    });
    expect(await h.submit({ amount: 5, reason: "" })).toBeUndefined();
    expect(h.state.fieldErrors).toEqual({ reason: "Razlog je predolg." });
    expect(h.state.formError).toBeNull();
    expect(h.focus).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(badRequest, { amount: 5, reason: null });
    expect(h.state.busy).toBe(false);
  });

  it("the form message: the API's first message, or the form's fallback for a failure that is no API answer", async () => {
    const conflict = harness({
      run: async () => {
        throw new ApiError("Spor.", 409, { message: "Spor.", statusCode: 409, errors: [{ message: "Že obstaja." }] });
      },
    });
    await conflict.submit({ amount: 5, reason: "" });
    expect(conflict.state.formError).toBe("Že obstaja.");
    expect(conflict.focus).not.toHaveBeenCalled();

    const offline = harness({
      fallbackMessage: () => "Ni povezave.",
      run: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await offline.submit({ amount: 5, reason: "" });
    expect(offline.state.formError).toBe("Ni povezave.");

    const unknown = harness({
      run: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await unknown.submit({ amount: 5, reason: "" });
    expect(unknown.state.formError).toBe("Napaka, prosimo poskusite kasneje.");
  });

  it("with formErrorWithFields the form message shows beside the marked fields", async () => {
    const h = harness({
      formErrorWithFields: true,
      run: async () => {
        throw badRequest;
      },
    });
    await h.submit({ amount: 5, reason: "" });
    expect(h.state.formError).toBe("Razlog je predolg.");
  });

  it("a write that leaves the page keeps the form busy and sends nothing more; a failure or another answer frees it", async () => {
    const leaving = harness({ leavesPage: true });
    expect(await leaving.submit({ amount: 5, reason: "" })).toBe("ok");
    expect(leaving.state.busy).toBe(true);
    expect(await leaving.submit({ amount: 5, reason: "" })).toBeUndefined();
    expect(leaving.run).toHaveBeenCalledTimes(1);

    const declined = harness({ leavesPage: (result) => result === "redirect", run: async () => "declined" });
    await declined.submit({ amount: 5, reason: "" });
    expect(declined.state.busy).toBe(false);
    await declined.submit({ amount: 5, reason: "" });
    expect(declined.run).toHaveBeenCalledTimes(2);

    const failed = harness({ leavesPage: true, run: async () => Promise.reject(badRequest) });
    await failed.submit({ amount: 5, reason: "" });
    expect(failed.state.busy).toBe(false);
  });

  it("without a schema the input goes as it is", async () => {
    const run = vi.fn(async (code: string) => code.toUpperCase());
    const state: Partial<SubmitState> = {};
    const submit = createSubmit<string, string, string>({
      options: () => ({ mutationFn: run }),
      run,
      invalidate: async () => undefined,
      setState: (patch) => Object.assign(state, patch),
      focus: () => undefined,
    });
    expect(await submit("avto")).toBe("AVTO");
  });
});
