import { PASSWORD_REQUIREMENT_LABELS, passwordRequirements } from '@portal/contracts/password';
import { CheckIcon } from '../icons.tsx';

/** The password rule as a live checklist under a new-password field (spec 01 §5). */
export function PasswordRequirements({ value, id }: { value: string; id: string }) {
  const met = passwordRequirements(value);
  return (
    <ul id={id} className="password-rules" aria-label="Password requirements">
      {(Object.keys(PASSWORD_REQUIREMENT_LABELS) as (keyof typeof PASSWORD_REQUIREMENT_LABELS)[]).map((key) => (
        <li key={key} className={met[key] ? 'is-met' : undefined}>
          <CheckIcon className="icon icon-small" />
          {PASSWORD_REQUIREMENT_LABELS[key]}
          <span className="visually-hidden">{met[key] ? ' (done)' : ' (needed)'}</span>
        </li>
      ))}
    </ul>
  );
}
