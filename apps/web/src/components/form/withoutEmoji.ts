import type { UseFormRegisterReturn } from 'react-hook-form';
import { stripEmoji } from '@portal/contracts/validation';

/**
 * A registered text field that drops emoji as they are typed (spec 01 §5): the field's value is cleaned
 * first, then the form hears the change. (One input handler: under Preact a separate onInput would replace
 * the form's own, since both listen to the same input event.)
 */
export function withoutEmoji<Name extends string>(field: UseFormRegisterReturn<Name>): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event: { target: unknown }) => {
      const input = event.target as HTMLInputElement | HTMLTextAreaElement;
      const cleaned = stripEmoji(input.value);
      if (cleaned !== input.value) input.value = cleaned;
      return field.onChange(event);
    },
  };
}
