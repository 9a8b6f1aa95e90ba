// The accounts feature's door: the e-mail change in /profile, the sign-up confirmation on /login.
export { ChangeEmailSection } from './ChangeEmailSection.tsx';
export { default as EmailConfirmationNotice } from './EmailConfirmationNotice.tsx';
