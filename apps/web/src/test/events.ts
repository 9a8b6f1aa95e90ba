import { fireEvent } from '@testing-library/react';

/** Typing into a field: its new value, then the input event React Hook Form and Preact listen for. */
export const typeInto = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });

/**
 * What a browser sends when a person picks an option: the new value, then input and change. (The
 * testing library's `fireEvent.change` sends an input event under Preact, which a select's change
 * handler does not hear.)
 */
export function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  fireEvent(select, new Event('input', { bubbles: true }));
  fireEvent(select, new Event('change', { bubbles: true }));
}

/** Focus leaving a field, as the browser sends it (blur, then focusout, which Preact's onBlur hears). */
export function leave(field: HTMLElement) {
  fireEvent(field, new FocusEvent('blur'));
  fireEvent(field, new FocusEvent('focusout', { bubbles: true }));
}
