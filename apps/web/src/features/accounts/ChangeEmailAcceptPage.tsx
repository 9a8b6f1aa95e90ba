import { ChangeEmailAnswer } from './ChangeEmailAnswer.tsx';

/** /change-email-accept (public): the link sent to the new address. */
export default function ChangeEmailAcceptPage() {
  return <ChangeEmailAnswer answer="accept" />;
}
