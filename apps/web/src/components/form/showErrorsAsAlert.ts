import type { FieldErrors, FieldValues } from 'react-hook-form';
import { alerts } from '../alerts.ts';

/**
 * For forms that report in the alert bar rather than under their fields (spec 01 §8): each field's
 * message in the lines the server's validation answer gives for the same body ('password: Required field').
 */
export function showErrorsAsAlert<T extends FieldValues>(errors: FieldErrors<T>) {
  const validation = Object.entries(errors).map(([field, error]) => ({
    field,
    messages: [String((error as { message?: unknown } | undefined)?.message ?? '')],
  }));
  return alerts.showError({ message: { validation } });
}
