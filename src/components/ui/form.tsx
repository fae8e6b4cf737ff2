import type { ReactNode, RefObject } from "react";

/**
 * The <form> of a form helper (src/client/use-api-form.ts): its ref (focus on the first invalid field),
 * no browser validation (the contract's schema speaks), and a submit that sends `input()` once.
 */
export function Form<TInput>({
  form,
  input,
  className,
  children,
}: {
  form: { formRef: RefObject<HTMLFormElement | null>; submit: (input: TInput) => unknown };
  /** What to submit, read at submit time. */
  input: () => TInput;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(input());
      }}
    >
      {children}
    </form>
  );
}
