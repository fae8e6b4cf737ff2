/** After a failed submit, focus goes to the first field marked invalid (once React has marked it), so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
