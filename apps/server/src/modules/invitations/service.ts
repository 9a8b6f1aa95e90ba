import { randomUUID } from 'node:crypto';
import { signJWT } from 'better-auth/crypto';
import {
  DEALER_TEXTS,
  INVITATION_TEXTS,
  messages,
  PERMISSION_GROUPS,
  type Invitation,
  type TokenInfo,
  type TokenType,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf } from '../../config.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { secretKeysOf, verifyLinkToken } from '../auth/index.ts';
import { partnerOfDealer } from '../business-partners/index.ts';
import { accountOnStaff, addInstaller, requireMyBusiness } from '../dealers/index.ts';
import { completeRegistration, createPortalUser, registrationStateOf, userIdByEmail } from '../users/index.ts';
import {
  claimAccepted,
  endPending,
  findInvitation,
  findPendingOfDealer,
  insertInvitation,
  linkDetailsOf,
  listPendingOfDealer,
  renewLink,
  setAcceptedUser,
  type InvitationRow,
} from './repo.ts';

const INVITATION_DAYS = 7;
const REGISTRATION_DAYS = 3;

interface TokenPayload {
  sub: string;
  typ: TokenType;
  v: string;
}

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  user_type: row.userType,
  status: row.status,
  dealer_id: row.dealerId,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/** Invitations to a dealer's staff and the account tokens sent by e-mail (spec 01 §5, §7; spec 02 §7). */
export function createInvitationService(ctx: AppContext) {
  const invalid = () => refuse.invalid(messages.invalidJwt);

  /**
   * The dealer the actor acts for, when they see that dealer's My Business (`requireMyBusiness`,
   * the rule of the staff list): the owner, or a sales rep impersonating the dealer primary
   * (issue 5); otherwise 403. The inviter named in the mail is the real person.
   */
  function ownedDealer(actor: Actor) {
    const dealerId = actor.business?.dealerId;
    if (!dealerId) throw refuse.forbidden(INVITATION_TEXTS.notAllowed);
    requireMyBusiness(actor, dealerId, INVITATION_TEXTS.notAllowed);
    return { dealerId, inviter: { id: actor.user.id, name: `${actor.user.first_name} ${actor.user.last_name}` } };
  }

  /**
   * issue 14: an address with an account outside this dealer (another dealer's staff, an admin, a
   * rep, a consumer) answers exactly as one without: a pending invitation, listed, resendable. Only
   * its mail differs, and only the address's owner reads it. The dealer's own staff, whom the
   * inviter sees on My Business anyway, are told plainly.
   */
  async function invite(actor: Actor, email: string): Promise<Invitation> {
    const { dealerId, inviter } = ownedDealer(actor);
    const account = await accountOnStaff(ctx.db, email, dealerId);
    if (account?.onStaff) throw refuse.conflict(INVITATION_TEXTS.accountExists);
    const tokenVersion = randomUUID();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    // Inviting the same e-mail again resends: the same invitation, a new link, the old link dead.
    const pending = await findPendingOfDealer(ctx.db, dealerId, { email });
    const row = pending
      ? await renewLink(ctx.db, pending.id, { tokenVersion, expiresAt })
      : await insertInvitation(ctx.db, {
          email,
          dealerId,
          invitedByUserId: inviter.id,
          userType: 'installer',
          tokenVersion,
          expiresAt,
        });
    await sendInvitation(row, inviter.name, account !== null);
    return toInvitation(row);
  }

  /**
   * The invitation mail with its link — or, to an address that already has an account (issue 14), a
   * note in its place: no link, since an account belongs to one business and must not be moved by
   * whoever knows its e-mail. The same queries and one mail either way, so the two take alike long.
   */
  async function sendInvitation(row: InvitationRow, inviterName: string, hasAccount: boolean) {
    const dealer = await partnerOfDealer(ctx.db, row.dealerId);
    const base = publicUrlOf(ctx.config);
    if (hasAccount) {
      await ctx.mailer.send({
        to: row.email,
        subject: `${inviterName} tried to invite you to ${dealer!.companyName} on the Dealer Portal`,
        text: [
          `${inviterName} tried to invite this e-mail address to join ${dealer!.companyName} on the Dealer Portal.`,
          '',
          `You already have a Dealer Portal account with this address, so we sent no invitation and nothing about your account has changed. You can sign in as usual at ${base}/login.`,
          '',
          `If you do want to work with ${dealer!.companyName} on the portal, write to us at ${ctx.config.CONTACT_INBOX} and we will help.`,
          '',
          `Not expecting this? You can ignore this e-mail. We did not tell ${inviterName} that you have an account.`,
        ].join('\n'),
      });
      return;
    }
    const token = await signJWT(
      { sub: row.id, typ: 'accept_decline_invitation', v: row.tokenVersion } satisfies TokenPayload,
      ctx.authSecret,
      INVITATION_DAYS * 86_400,
    );
    await ctx.mailer.send({
      to: row.email,
      subject: `${inviterName} invited you to ${dealer!.companyName} on the Dealer Portal`,
      text: [
        `${inviterName} invited you to join ${dealer!.companyName} on the Dealer Portal, where installers look up vehicle wiring, activate devices and order parts.`,
        '',
        `Accept the invitation and choose your password:\n${base}/accept-invite?token=${token}`,
        '',
        `Not expecting this? Decline it:\n${base}/decline-invite?token=${token}`,
        '',
        `The invitation expires in ${INVITATION_DAYS} days.`,
      ].join('\n'),
    });
  }

  /** Pending invitations of the owner's dealer (GET user/token). */
  async function listPending(actor: Actor, dealerIdQuery?: string) {
    const { dealerId } = ownedDealer(actor);
    // Another dealer's id answers as if it did not exist (issue 5: the acting dealer only).
    if (dealerIdQuery && dealerIdQuery !== dealerId) throw refuse.notFound(DEALER_TEXTS.dealerNotFound);
    const rows = await listPendingOfDealer(ctx.db, dealerId);
    return { results: rows.map(toInvitation) };
  }

  /** A pending invitation of the acting dealer, or 404. */
  async function pendingOfDealer(actor: Actor, id: string) {
    const owned = ownedDealer(actor);
    const row = await findPendingOfDealer(ctx.db, owned.dealerId, { id });
    if (!row) throw refuse.notFound(DEALER_TEXTS.invitationNotFound);
    return { ...owned, row };
  }

  /** Resend (/my-business): a new link and a new 7 days; the old link stops working. */
  async function resend(actor: Actor, id: string): Promise<Invitation> {
    const { row, inviter, dealerId } = await pendingOfDealer(actor, id);
    const account = await accountOnStaff(ctx.db, row.email, dealerId);
    const updated = await renewLink(ctx.db, row.id, {
      tokenVersion: randomUUID(),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    await sendInvitation(updated, inviter.name, account !== null);
    return toInvitation(updated);
  }

  /** Revoke (/my-business): the invitation ends and its link fails like a declined one. */
  async function revoke(actor: Actor, id: string): Promise<Invitation> {
    const { row } = await pendingOfDealer(actor, id);
    const updated = await endPending(ctx.db, row.id, 'revoked');
    if (!updated) throw refuse.notFound(DEALER_TEXTS.invitationNotFound);
    return toInvitation(updated);
  }

  /** Reads a link's token; anything wrong with it is 'Invalid JWT token'. */
  async function readToken(token: string) {
    const payload = await verifyLinkToken<TokenPayload>(secretKeysOf(ctx), token);
    if (!payload?.sub || !payload.typ) throw invalid();
    if (payload.typ === 'accept_decline_invitation') {
      const row = await findInvitation(ctx.db, payload.sub);
      if (!row || row.status !== 'pending' || row.tokenVersion !== payload.v || row.expiresAt < new Date())
        throw invalid();
      return { kind: 'invitation' as const, invitation: row };
    }
    const user = await registrationStateOf(ctx.db, payload.sub);
    // A registration is complete once a password is set: the link then stops working.
    if (!user || user.hasPassword || payload.v !== user.id) throw invalid();
    return { kind: 'registration' as const, user };
  }

  async function tokenInfo(token: string): Promise<TokenInfo> {
    const read = await readToken(token);
    if (read.kind === 'registration') {
      return {
        token_type: 'complete_registration',
        email: read.user.email,
        dealer_name: null,
        invited_by: null,
        expires_at: '',
      };
    }
    const details = await linkDetailsOf(ctx.db, read.invitation);
    return {
      token_type: 'accept_decline_invitation',
      email: read.invitation.email,
      dealer_name: details?.dealerName ?? null,
      invited_by: details?.inviter ?? null,
      expires_at: read.invitation.expiresAt.toISOString(),
    };
  }

  /** POST user/set-password: accepting an invitation creates the installer's account, in one transaction. */
  async function setPassword(token: string, input: { password: string; first_name?: string; last_name?: string }) {
    const read = await readToken(token);
    const hash = await ctx.passwords.hash(input.password);
    if (read.kind === 'registration') {
      const { user } = read;
      await ctx.db.transaction((tx) => completeRegistration(tx, user.id, hash));
      return { ok: true as const };
    }
    const { first_name: firstName, last_name: lastName } = input;
    if (!firstName || !lastName) throw refuse.invalid(INVITATION_TEXTS.namesRequired);
    const { invitation } = read;
    const business = await partnerOfDealer(ctx.db, invitation.dealerId);
    await ctx.db.transaction(async (tx) => {
      // The token is used once: only the transaction that flips the row from pending goes on.
      if (!(await claimAccepted(tx, invitation.id))) throw invalid();
      if (await userIdByEmail(tx, invitation.email)) throw refuse.conflict(INVITATION_TEXTS.accountExists);
      const userId = randomUUID();
      await createPortalUser(tx, {
        id: userId,
        email: invitation.email,
        emailVerified: true, // the link proved the address
        firstName,
        lastName,
        businessPartnerId: business!.id,
        type: invitation.userType,
        isOwner: false,
        group: PERMISSION_GROUPS.installer,
        passwordHash: hash,
      });
      await addInstaller(tx, { userId, dealerId: invitation.dealerId, isOwner: false });
      await setAcceptedUser(tx, invitation.id, userId);
    });
    return { ok: true as const };
  }

  /** DELETE user/invite/decline/?token=: the invitation ends; nothing else changes. */
  async function decline(token: string) {
    const read = await readToken(token);
    if (read.kind !== 'invitation') throw invalid();
    await endPending(ctx.db, read.invitation.id, 'declined');
    return { ok: true as const };
  }

  /** A link to finish an account made for someone else (the dealer-request approval uses it). */
  const registrationToken = (userId: string) =>
    signJWT(
      { sub: userId, typ: 'complete_registration', v: userId } satisfies TokenPayload,
      ctx.authSecret,
      REGISTRATION_DAYS * 86_400,
    );

  return { invite, listPending, resend, revoke, tokenInfo, setPassword, decline, registrationToken };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
