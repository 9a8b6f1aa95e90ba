import type { UseFormProps } from 'react-hook-form';

/**
 * For forms that check their fields only when sent and leave the focus where it is: the error
 * stays until the next try, as the server's answer would.
 */
export const VALIDATE_ON_SUBMIT = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies UseFormProps;
