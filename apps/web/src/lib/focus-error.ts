/** After a failed submit, moves focus to the first input marked invalid (or the first alert) in the form. */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.matches('input, select, textarea')) target.focus();
    else {
      target.setAttribute('tabindex', '-1');
      target.focus();
    }
  });
}
