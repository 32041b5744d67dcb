import { useEffect, type RefObject } from 'react';

/**
 * After a failed submit, moves the focus to the form's first invalid field, whose error is its description: a
 * keyboard or screen-reader user lands on what to fix. `errors` is a new object after each submit.
 */
export function useFocusInvalid(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
