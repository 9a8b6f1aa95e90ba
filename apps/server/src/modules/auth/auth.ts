import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, emailOTP, twoFactor } from 'better-auth/plugins';
import { IDENTITY_COOKIE_DAYS } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf } from '../../config.ts';
import { nextSignInEpoch } from '../users/index.ts';
import { cookiePrefixOf, securesCookies } from './cookies.ts';
import { e164 } from './phone.ts';

export { SESSION_COOKIE_PREFIX } from './cookies.ts';
/** spec 01 §9: the identity cookie lives 365 days (with "remember me"). */
export const SESSION_SECONDS = IDENTITY_COOKIE_DAYS * 24 * 60 * 60;
/** ARCHITECTURE: SMS codes live at most 10 minutes; ours live 5. */
const OTP_MINUTES = 5;
const RESET_CODE_MINUTES = 15;

/**
 * better-auth on our own tables. Our routes call `auth.api` (never its HTTP handler), so the
 * spec's messages, the lockout and the rate limits are ours and sit in front of it.
 */
export function createAuth(ctx: AppContext) {
  return betterAuth({
    appName: 'Dealer Portal',
    basePath: '/api/auth',
    baseURL: publicUrlOf(ctx.config),
    secret: ctx.authSecret,
    // Its models by their plural names in the database's schema (db/schema.ts): users and accounts
    // (the users module's tables), sessions, verifications and twoFactors (ours).
    database: drizzleAdapter(ctx.db, { provider: 'pg', usePlural: true }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        phoneNumber: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 99,
      // ASVS 11.4.2: scrypt at OWASP's cost in a string that records it; older hashes are made again at sign-in.
      password: { hash: ctx.passwords.hash, verify: ctx.passwords.verify },
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // "Account locked. Please reset password." — a reset unlocks the account from every address
      // (the lockout counts under the account's epoch: lockout.ts).
      onPasswordReset: ({ user }) => nextSignInEpoch(ctx.db, user.id),
    },
    emailVerification: {
      // spec 01 §8: signing in to an unconfirmed account resends the sign-up e-mail.
      sendOnSignIn: true,
      sendVerificationEmail: async ({ user, url }) => {
        await ctx.mailer.send({
          to: user.email,
          subject: 'Finish setting up your Dealer Portal account',
          text: `Welcome to the Dealer Portal.\n\nConfirm your e-mail address to finish setting up your account:\n${url}\n\nIf you did not create an account, you can ignore this message.`,
        });
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false }, // ours, in front of every call (plugins/rate-limit.ts)
    advanced: {
      // `__Host-portal.*` and Secure on an https public origin (cookies.ts); better-auth's own secure
      // prefix is `__Secure-`, which still lets a subdomain set the cookie, so it stays off.
      cookiePrefix: cookiePrefixOf(ctx.config),
      useSecureCookies: false,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, path: '/', secure: securesCookies(ctx.config) },
      ipAddress: { ipAddressHeaders: ['x-portal-client-ip'] },
    },
    plugins: [
      // API clients: the session token as `Authorization: Bearer …` (handed out in `set-auth-token`).
      bearer(),
      // Password reset by a code e-mailed to the user (issue 3 §3).
      emailOTP({
        otpLength: 6,
        expiresIn: RESET_CODE_MINUTES * 60,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'forget-password') return;
          await ctx.mailer.send({
            to: email,
            subject: 'Your Dealer Portal password reset code',
            text: `Your password reset code is ${otp}.\n\nEnter it on the Forgot Password page within ${RESET_CODE_MINUTES} minutes to choose a new password. If you did not ask to reset your password, you can ignore this e-mail: your password has not changed.`,
          });
        },
      }),
      twoFactor({
        issuer: 'Dealer Portal',
        otpOptions: {
          period: OTP_MINUTES,
          storeOTP: 'hashed',
          sendOTP: async ({ user, otp }) => {
            const phone = (user as typeof user & { phoneNumber?: string | null }).phoneNumber;
            if (!phone) return;
            await ctx.sms.send({
              to: e164(phone),
              body: `${otp} is your Dealer Portal sign-in code. It expires in ${OTP_MINUTES} minutes.`,
            });
          },
        },
        trustDeviceMaxAge: 60 * 60 * 24 * 30,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
