import { ChangeEmailAnswer } from './ChangeEmailAnswer.tsx';

/** /change-email-decline (public): the link in the notice sent to the old address. */
export default function ChangeEmailDeclinePage() {
  return <ChangeEmailAnswer answer="decline" />;
}
