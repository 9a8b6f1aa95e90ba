// The accounts feature's door: the e-mail change and signed-in sessions in /profile, the sign-up confirmation on /login.
export { ChangeEmailSection } from './ChangeEmailSection.tsx';
export { SignedInSessions } from './SignedInSessions.tsx';
export { default as EmailConfirmationNotice } from './EmailConfirmationNotice.tsx';
