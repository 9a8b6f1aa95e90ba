import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  okSchema,
  resetPasswordRequestSchema,
  secondFactorRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
} from '../auth.ts';
import { endpoint } from './endpoint.ts';

const tags = ['auth'];

/** Sign-in, second factor, passwords and sign-out (spec 01 §4, §7, §8). */
export const auth = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    body: signInRequestSchema,
    response: signInResponseSchema,
    setsCookies: true,
    summary: 'Sign in with e-mail and password; may ask for a second factor',
    tags,
  }),
  secondFactor: endpoint({
    method: 'POST',
    path: '/api/auth/second-factor',
    body: secondFactorRequestSchema,
    response: signInResponseSchema,
    setsCookies: true,
    summary: 'Finish sign-in with the TOTP or SMS code; optionally remember this device',
    tags,
  }),
  resendSecondFactorCode: endpoint({
    method: 'POST',
    path: '/api/auth/second-factor/resend',
    response: okSchema,
    setsCookies: true,
    summary: 'Send a new SMS code',
    tags,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordRequestSchema,
    response: okSchema,
    summary: 'E-mail a password reset code (same answer whether or not the account exists)',
    tags,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordRequestSchema,
    response: okSchema,
    summary: 'Choose a new password with the e-mailed code',
    tags,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/change-password',
    body: changePasswordRequestSchema,
    response: okSchema,
    setsCookies: true,
    summary: 'Change the password of the signed-in user (spec 01 §7)',
    tags,
  }),
  signOutEverywhere: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    response: okSchema,
    setsCookies: true,
    summary: 'End every session of this user',
    tags,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    response: okSchema,
    setsCookies: true,
    summary: 'End this session',
    tags,
  }),
};
