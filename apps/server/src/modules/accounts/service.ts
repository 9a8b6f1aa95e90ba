import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { signJWT } from 'better-auth/crypto';
import { ADMIN_ACCESS_TYPE, messages } from '@portal/contracts';
import {
  ACCOUNT_MAIL,
  ACCOUNT_TEXTS,
  type AccountUser,
  type ChangeEmailAccepted,
  type DroneProfileResponse,
} from '@portal/contracts/accounts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf } from '../../config.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import type { Auth, AuthService, Client } from '../auth/index.ts';
import { currentLinkToken, secretKeysOf, verifyLinkToken } from '../auth/index.ts';
import { updateProfile, userById, userIdByEmail } from '../users/index.ts';
import { loadPortalUser } from '../acting/index.ts';
import { payoutsOfUser } from '../rewards/index.ts';
import { ACCOUNT_RATE_LIMITS } from './limits.ts';
import {
  changeEmail,
  createConsumer,
  savePendingEmailChange,
  takePendingEmailChange,
  USERS_EMAIL_UNIQUE,
} from './repo.ts';

/** Where the sign-up e-mail's link lands after confirming (GET /api/auth/verify-email). */
export const VERIFIED_CALLBACK = '/login?verified=1';
export const NOT_VERIFIED_REDIRECT = '/login?verified=0';
const CHANGE_EMAIL_HOURS = 24;
/**
 * better-auth answers a sign-up e-mail request in no less than 500 ms whatever the account, so
 * that timing tells nothing; the "already registered" path of /register waits as long.
 */
const REGISTER_FLOOR_MS = 500;

export type ChangeEmailPurpose = 'change_email_accept' | 'change_email_decline';
interface ChangeEmailClaims {
  sub: string;
  purpose: ChangeEmailPurpose;
  nonce: string;
}

/**
 * Consumer registration and e-mail confirmation (spec 01 §1, §8), e-mail change by accept and
 * decline links, and the account-service calls of spec 01 §7 (user by id, update, drone profile).
 * Calls take the actor (signed in) or the client (anonymous, or for better-auth's headers and the
 * audit) and plain input; the limits per address are the routes' (routes.ts).
 */
export function createAccountsService(ctx: AppContext, auth: Auth, base: AuthService) {
  const origin = publicUrlOf(ctx.config);

  /** spec 01 §1: a consumer (B2C) signs up; the same answer whether or not the e-mail is taken. */
  async function register(
    client: Client,
    input: { first_name: string; last_name: string; email: string; password: string },
  ): Promise<{ ok: true }> {
    const email = input.email; // trimmed and lowercased by the schema
    const passwordHash = await ctx.passwords.hash(input.password); // on both paths: the time tells nothing
    const isNew =
      !(await userIdByEmail(ctx.db, email)) &&
      (await createConsumer(ctx.db, { firstName: input.first_name, lastName: input.last_name, email, passwordHash })
        .then(() => true)
        .catch((error: unknown) => {
          if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) return false; // registered a moment ago
          throw error;
        }));
    await base.audit('registered', client, { email, details: { isNew } });
    if (isNew) {
      await auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } });
    } else {
      // Tell the owner of the address, not the person at the form (issue 3: no account probing).
      await atLeast(REGISTER_FLOOR_MS, () =>
        ctx.mailer.send({
          to: email,
          subject: ACCOUNT_MAIL.alreadyRegisteredSubject,
          text: ACCOUNT_MAIL.alreadyRegisteredText(`${origin}/login`, `${origin}/forgot-password`),
        }),
      );
    }
    return { ok: true };
  }

  /** spec 01 §7 user/email-resend (no auth): the sign-up e-mail again, only for an unconfirmed account. */
  async function resendSignUpEmail(email: string): Promise<{ ok: true }> {
    await base.limit(`email-resend:${email}`, ACCOUNT_RATE_LIMITS.emailResendPerEmail, messages.attemptLimitForgot);
    // better-auth sends only to an unconfirmed account and answers alike (and as slowly) for any other.
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } });
    return { ok: true };
  }

  /**
   * The link of the sign-up e-mail: where the browser goes next, never an error page; with the error
   * when it failed otherwise than as a bad link (for the route's log).
   */
  async function confirmEmail(token: string | undefined): Promise<{ location: string; unexpected?: unknown }> {
    if (!token) return { location: NOT_VERIFIED_REDIRECT };
    try {
      await auth.api.verifyEmail({ query: { token: await currentLinkToken(secretKeysOf(ctx), token) } });
      return { location: VERIFIED_CALLBACK };
    } catch (error) {
      // Bad signature, expiry, unknown e-mail: APIError. A well-signed token of another kind fails
      // better-auth's payload parse instead; both are a bad link to the person who clicked it.
      return error instanceof APIError
        ? { location: NOT_VERIFIED_REDIRECT }
        : { location: NOT_VERIFIED_REDIRECT, unexpected: error };
    }
  }

  /** E-mail change, step 1: password, then a link to the new address and a notice to the old one. */
  async function requestEmailChange(
    actor: Actor,
    client: Client,
    input: { new_email: string; password: string },
  ): Promise<{ ok: true }> {
    const userId = actor.user.id;
    await base.limit(`change-email:${userId}`, ACCOUNT_RATE_LIMITS.changeEmailPerUser, messages.attemptLimitChange);
    try {
      await auth.api.verifyPassword({ body: { password: input.password }, headers: client.headers });
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) throw refuse.invalid(messages.passwordInvalid);
      throw error;
    }
    const newEmail = input.new_email;
    const oldEmail = actor.user.email.toLowerCase();
    if (newEmail === oldEmail) throw refuse.invalid(ACCOUNT_TEXTS.sameEmail);
    if (await userIdByEmail(ctx.db, newEmail)) throw refuse.conflict(ACCOUNT_TEXTS.emailTaken);

    const nonce = randomBytes(16).toString('hex');
    const seconds = CHANGE_EMAIL_HOURS * 60 * 60;
    const token = (purpose: ChangeEmailPurpose) =>
      signJWT({ sub: userId, purpose, nonce } satisfies ChangeEmailClaims, ctx.authSecret, seconds);
    const acceptUrl = `${origin}/change-email-accept?token=${await token('change_email_accept')}`;
    const declineUrl = `${origin}/change-email-decline?token=${await token('change_email_decline')}`;
    // The pending change and both e-mails exist together or not at all (the outbox joins the transaction).
    await ctx.db.transaction(async (tx) => {
      await savePendingEmailChange(tx, userId, { newEmail, nonce }, new Date(Date.now() + seconds * 1000));
      await ctx.mailer.send(
        {
          to: newEmail,
          subject: ACCOUNT_MAIL.changeEmailConfirmSubject,
          text: ACCOUNT_MAIL.changeEmailConfirmText(acceptUrl),
        },
        tx,
      );
      await ctx.mailer.send(
        {
          to: oldEmail,
          subject: ACCOUNT_MAIL.changeEmailNoticeSubject,
          text: ACCOUNT_MAIL.changeEmailNoticeText(newEmail, declineUrl),
        },
        tx,
      );
    });
    await base.audit('email-change-requested', client, { userId, email: oldEmail, details: { newEmail } });
    return { ok: true };
  }

  /** The claims of a change-e-mail link, or 400 'Invalid JWT token' (spec 01 §5) for any bad one. */
  async function readToken(token: string, purpose: ChangeEmailPurpose) {
    const claims = await verifyLinkToken<Partial<Record<keyof ChangeEmailClaims, unknown>>>(secretKeysOf(ctx), token);
    if (!claims || claims.purpose !== purpose || typeof claims.sub !== 'string' || typeof claims.nonce !== 'string')
      throw refuse.invalid(messages.invalidJwt);
    return { userId: claims.sub, nonce: claims.nonce };
  }

  /** Step 2 from the new address: the e-mail changes, is confirmed, and every session ends. */
  async function acceptEmailChange(client: Client, token: string): Promise<ChangeEmailAccepted> {
    const { userId, nonce } = await readToken(token, 'change_email_accept');
    try {
      const accepted = await ctx.db.transaction(async (tx) => {
        const pending = await takePendingEmailChange(tx, userId, nonce);
        if (!pending) throw refuse.invalid(messages.invalidJwt); // used, declined, replaced or expired
        const email = pending.newEmail.toLowerCase();
        if (!(await changeEmail(tx, userId, email))) throw refuse.invalid(messages.invalidJwt);
        return { ok: true as const, email };
      });
      await base.audit('email-changed', client, { userId, email: accepted.email });
      return accepted;
    } catch (error) {
      // Someone registered the address after the request: nothing changed, the link stays usable.
      if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw refuse.conflict(ACCOUNT_TEXTS.emailTaken);
      throw error;
    }
  }

  /** From the old address: the pending change is dropped and its links stop working. */
  async function declineEmailChange(client: Client, token: string): Promise<{ ok: true }> {
    const { userId, nonce } = await readToken(token, 'change_email_decline');
    if (!(await takePendingEmailChange(ctx.db, userId, nonce))) throw refuse.invalid(messages.invalidJwt);
    await base.audit('email-change-declined', client, { userId });
    return { ok: true };
  }

  /** spec 01 §7 user/{id}: yourself; an admin (access_type firstech_admin) anyone. */
  function requireAccessTo(actor: Actor, id: string) {
    if (actor.user.id !== id && actor.user.access_type !== ADMIN_ACCESS_TYPE)
      throw refuse.forbidden(ACCOUNT_TEXTS.forbidden);
  }

  /** The user as spec 01 §3 answers them; `own`: the caller is that user (their payouts links are theirs alone). */
  async function accountUser(id: string, own: boolean): Promise<AccountUser> {
    const [portalUser, row, payouts] = await Promise.all([
      loadPortalUser(ctx.db, id),
      userById(ctx.db, id),
      payoutsOfUser(ctx.db, id),
    ]);
    if (!portalUser || !row) throw refuse.notFound(messages.userNotFound);
    return {
      ...portalUser,
      sub: portalUser.id,
      phone_number: row.phoneNumber,
      subscriber_id: row.subscriberId,
      email_verified: row.emailVerified,
      ...(own
        ? payouts
        : {
            stripe_onboarding_complete: payouts.stripe_onboarding_complete,
            stripe_onboarding_url: null,
            stripe_onboarding_url_expires_at: null,
            stripe_login_link: null,
          }),
    };
  }

  async function getUser(actor: Actor, id: string): Promise<AccountUser> {
    if (!id) throw refuse.invalid(messages.userIdRequired);
    requireAccessTo(actor, id);
    return accountUser(id, actor.user.id === id);
  }

  /** spec 01 §7 PATCH user/{id} with updates: names and phone. */
  async function updateUser(
    actor: Actor,
    id: string,
    updates: { first_name?: string; last_name?: string; phone_number?: string | null },
  ): Promise<AccountUser> {
    if (!id) throw refuse.invalid(messages.userIdRequired);
    if (Object.keys(updates).length === 0) throw refuse.invalid(messages.updatesRequired);
    requireAccessTo(actor, id);
    const current = await userById(ctx.db, id);
    if (!current) throw refuse.notFound(messages.userNotFound);
    // The phone of text-message sign-in changes only by proving the new one (issue 3 §4, mfa.ts).
    const phone = updates.phone_number === undefined ? current.phoneNumber : updates.phone_number;
    if (current.mfaType === 'sms' && phone !== current.phoneNumber) throw refuse.conflict(ACCOUNT_TEXTS.smsPhoneLocked);
    await updateProfile(ctx.db, id, {
      firstName: updates.first_name ?? current.firstName,
      lastName: updates.last_name ?? current.lastName,
      phoneNumber: phone,
    });
    return accountUser(id, actor.user.id === id);
  }

  /** spec 01 §3, §7: the drone profile of the signed-in user and their permission groups. */
  function droneProfile(actor: Actor): DroneProfileResponse {
    return {
      droneProfile: { droneUserId: actor.user.id },
      permissionGroups: actor.user.permissionGroups.map((name) => ({ name })),
    };
  }

  return {
    register,
    resendSignUpEmail,
    confirmEmail,
    requestEmailChange,
    acceptEmailChange,
    declineEmailChange,
    getUser,
    updateUser,
    droneProfile,
  };
}

/** Runs `task`, then waits until at least `ms` have passed since the start. */
async function atLeast<T>(ms: number, task: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await task();
  const left = ms - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
