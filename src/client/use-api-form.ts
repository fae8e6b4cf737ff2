import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";
import type { z } from "~/domain/zod-locale";
import { unknownErrorMessage } from "~/domain/errors";
import { apiFailure, type FieldMessages, focusInvalidNow, zodFieldMessages } from "./field-errors";

export type ApiFormOptions<TVars, TData, TInput> = {
  /** The contract's zod schema (src/contracts): checked before any request, its messages mark the fields. */
  schema?: z.ZodType<TVars, TInput>;
  /** The write itself, over the client (`data(api.x.$post(…))`). */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** After a successful write (update caches, navigate, announce). */
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** After a failed write, once fields and message are set (special statuses). */
  onError?: (error: unknown, vars: TVars) => unknown;
  /** Queries to refresh after a successful write. */
  invalidates?: QueryKey[];
  /** The form-level message when the failure is not an API answer (default: the unknown-error text). */
  fallbackMessage?: string | (() => string);
  /** Show the form-level message also when fields are marked (default: only when no field is). */
  formErrorWithFields?: boolean;
  /**
   * After this success the page is being left (a full load, a checkout, a navigation): the form stays
   * busy and sends nothing more, so a tap while the next page loads does nothing.
   */
  leavesPage?: boolean | ((data: TData, vars: TVars) => boolean);
};

export type ApiForm<TData, TInput> = {
  /** Put on the <form> (or the dialog's container): the first invalid field inside it gets focus. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Validates, then sends once: while a write is under way another submit (a double tap) sends nothing. */
  submit: (input: TInput) => Promise<TData | undefined>;
  /** True from the submit until the answer: disable the submit button with it. */
  busy: boolean;
  /** One message per field (from the schema, or the 400's fieldErrors). */
  fieldErrors: FieldMessages;
  /** The message for the whole form (role="alert"), or null. */
  formError: string | null;
  setFieldErrors: (fields: FieldMessages) => void;
  setFormError: (message: string | null) => void;
  /** Forgets the messages (when the form is opened again or the user edits). */
  reset: () => void;
  /**
   * Focus the first invalid field once React has committed the marks set in the same update (a layout
   * effect, not a frame timer: under a busy phone's CPU the commit can come after the next frame).
   */
  focusInvalid: () => void;
};

/** What a submit shows: messages per field, the form's message, and whether a write is under way. */
export type SubmitState = { fieldErrors: FieldMessages; formError: string | null; busy: boolean };

/**
 * The submit logic of the form helper, without React (so it is unit-tested in Node): validate with the
 * schema, send once (a second submit while one is under way sends nothing), map a failure to fields and
 * the form's message, focus the first invalid field.
 */
export function createSubmit<TVars, TData, TInput>(deps: {
  options: () => ApiFormOptions<TVars, TData, TInput>;
  run: (vars: TVars) => Promise<TData>;
  invalidate: (queryKey: QueryKey) => Promise<void>;
  setState: (patch: Partial<SubmitState>) => void;
  focus: () => void;
}): (input: TInput) => Promise<TData | undefined> {
  let inFlight = false;
  const fail = (fieldErrors: FieldMessages, formError: string | null) => {
    deps.setState({ fieldErrors, formError });
    if (Object.keys(fieldErrors).length) deps.focus();
  };
  return async (input) => {
    if (inFlight) return undefined;
    const { schema, onSuccess, onError, invalidates, fallbackMessage, formErrorWithFields, leavesPage } =
      deps.options();
    // Without a schema the input goes as it is (TInput is TVars then), and no zod is loaded: pages
    // without a form (search, posting) must not pay for the validation library (e2e/page-weight.spec.ts).
    const parsed = schema ? schema.safeParse(input) : { success: true as const, data: input as unknown as TVars };
    if (!parsed.success) {
      fail(zodFieldMessages(parsed.error), null);
      return undefined;
    }
    const vars = parsed.data;
    inFlight = true;
    let leaving = false;
    deps.setState({ fieldErrors: {}, formError: null, busy: true });
    try {
      const result = await deps.run(vars);
      await Promise.all((invalidates ?? []).map((queryKey) => deps.invalidate(queryKey)));
      leaving = typeof leavesPage === "function" ? leavesPage(result, vars) : leavesPage === true;
      await onSuccess?.(result, vars);
      return result;
    } catch (error) {
      leaving = false;
      const fallback =
        typeof fallbackMessage === "function" ? fallbackMessage() : (fallbackMessage ?? unknownErrorMessage);
      const failure = apiFailure(error, fallback);
      const marked = Object.keys(failure.fields).length > 0;
      fail(failure.fields, marked && !formErrorWithFields ? null : failure.message);
      await onError?.(error, vars);
      return undefined;
    } finally {
      if (!leaving) {
        inFlight = false;
        deps.setState({ busy: false });
      }
    }
  };
}

/**
 * The one form helper (decision 056): a contract schema, a TanStack Query mutation, the API's fieldErrors
 * mapped to fields, focus on the first invalid field, one busy state (no double submit) and the form-level
 * error message. Every write of the UI goes through a use-<operation> hook built on it.
 */
export function useApiForm<TVars, TData, TInput = TVars>(
  options: ApiFormOptions<TVars, TData, TInput>,
): ApiForm<TData, TInput> {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [state, setState] = useState<SubmitState>({ fieldErrors: {}, formError: null, busy: false });
  const [focusRequest, setFocusRequest] = useState(0);
  const focusInvalid = useCallback(() => setFocusRequest((n) => n + 1), []);
  useLayoutEffect(() => {
    if (focusRequest) focusInvalidNow(formRef.current);
  }, [focusRequest]);
  const latest = useRef(options);
  latest.current = options;
  const { mutateAsync } = useMutation({ mutationFn: (vars: TVars) => latest.current.mutationFn(vars) });
  const run = useRef(mutateAsync);
  run.current = mutateAsync;

  const [submit] = useState(() =>
    createSubmit<TVars, TData, TInput>({
      options: () => latest.current,
      run: (vars) => run.current(vars),
      invalidate: (queryKey) => queryClient.invalidateQueries({ queryKey }),
      setState: (patch) => setState((s) => ({ ...s, ...patch })),
      focus: focusInvalid,
    }),
  );
  const setFieldErrors = useCallback((fieldErrors: FieldMessages) => setState((s) => ({ ...s, fieldErrors })), []);
  const setFormError = useCallback((formError: string | null) => setState((s) => ({ ...s, formError })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, fieldErrors: {}, formError: null })), []);

  return { formRef, submit, ...state, setFieldErrors, setFormError, reset, focusInvalid };
}
