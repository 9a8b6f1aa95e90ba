import { signedIn } from '../../plugins/actor.ts';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { hashPassword, signJWT, verifyJWT } from 'better-auth/crypto';
import type { FastifyRequest } from 'fastify';
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
import { HttpError } from '../../plugins/errors.ts';
import { requireMyBusiness } from '../dealers/service.ts';
import { accounts, permissionGroups, userPermissionGroups, users, userTypes } from '../users/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { invitations } from './schema.ts';

const INVITATION_DAYS = 7;
const REGISTRATION_DAYS = 3;

interface TokenPayload {
  sub: string;
  typ: TokenType;
  v: string;
}

const toInvitation = (row: typeof invitations.$inferSelect): Invitation => ({
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
  const invalid = () => new HttpError(400, messages.invalidJwt);

  /**
   * The dealer the session acts for, when it sees that dealer's My Business (`requireMyBusiness`,
   * the rule of the staff list): the owner, or a sales rep impersonating the dealer primary
   * (issue 5); otherwise 403. The inviter named in the mail is the real person.
   */
  async function ownedDealer(request: FastifyRequest) {
    const current = signedIn(request);
    const dealerId = current.business?.dealerId;
    if (!dealerId) throw new HttpError(403, INVITATION_TEXTS.notAllowed);
    requireMyBusiness(current, dealerId, INVITATION_TEXTS.notAllowed);
    return { dealerId, inviter: { id: current.user.id, name: `${current.user.first_name} ${current.user.last_name}` } };
  }

  /** Whether an address has an account, and whether it is on this dealer's staff — in one query. */
  async function accountOf(email: string, dealerId: string) {
    const [row] = await ctx.db
      .select({ staffOf: installers.dealerId })
      .from(users)
      .leftJoin(installers, and(eq(installers.userId, users.id), eq(installers.dealerId, dealerId)))
      .where(eq(users.email, email))
      .limit(1);
    return row ? { onStaff: row.staffOf !== null } : null;
  }

  /**
   * issue 14: an address with an account outside this dealer (another dealer's staff, an admin, a
   * rep, a consumer) answers exactly as one without: a pending invitation, listed, resendable. Only
   * its mail differs, and only the address's owner reads it. The dealer's own staff, whom the
   * inviter sees on My Business anyway, are told plainly.
   */
  async function invite(request: FastifyRequest, email: string): Promise<Invitation> {
    const { dealerId, inviter } = await ownedDealer(request);
    const account = await accountOf(email, dealerId);
    if (account?.onStaff) throw new HttpError(409, INVITATION_TEXTS.accountExists);
    const tokenVersion = randomUUID();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    // Inviting the same e-mail again resends: the same invitation, a new link, the old link dead.
    const [pending] = await ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, email), eq(invitations.dealerId, dealerId), eq(invitations.status, 'pending')));
    const [row] = pending
      ? await ctx.db
          .update(invitations)
          .set({ tokenVersion, expiresAt })
          .where(eq(invitations.id, pending.id))
          .returning()
      : await ctx.db
          .insert(invitations)
          .values({ email, dealerId, invitedByUserId: inviter.id, userType: 'installer', tokenVersion, expiresAt })
          .returning();
    await sendInvitation(row!, inviter.name, account !== null);
    return toInvitation(row!);
  }

  /**
   * The invitation mail with its link — or, to an address that already has an account (issue 14), a
   * note in its place: no link, since an account belongs to one business and must not be moved by
   * whoever knows its e-mail. The same queries and one mail either way, so the two take alike long.
   */
  async function sendInvitation(row: typeof invitations.$inferSelect, inviterName: string, hasAccount: boolean) {
    const [dealer] = await ctx.db
      .select({ name: businessPartners.companyName })
      .from(dealers)
      .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId))
      .where(eq(dealers.id, row.dealerId));
    const base = publicUrlOf(ctx.config);
    if (hasAccount) {
      await ctx.mailer.send({
        to: row.email,
        subject: `${inviterName} tried to invite you to ${dealer!.name} on the Dealer Portal`,
        text: [
          `${inviterName} tried to invite this e-mail address to join ${dealer!.name} on the Dealer Portal.`,
          '',
          `You already have a Dealer Portal account with this address, so we sent no invitation and nothing about your account has changed. You can sign in as usual at ${base}/login.`,
          '',
          `If you do want to work with ${dealer!.name} on the portal, write to us at ${ctx.config.CONTACT_INBOX} and we will help.`,
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
      subject: `${inviterName} invited you to ${dealer!.name} on the Dealer Portal`,
      text: [
        `${inviterName} invited you to join ${dealer!.name} on the Dealer Portal, where installers look up vehicle wiring, activate devices and order parts.`,
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
  async function listPending(request: FastifyRequest, dealerIdQuery?: string) {
    const { dealerId } = await ownedDealer(request);
    // Another dealer's id answers as if it did not exist (issue 5: the acting dealer only).
    if (dealerIdQuery && dealerIdQuery !== dealerId) throw new HttpError(404, DEALER_TEXTS.dealerNotFound);
    const rows = await ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.dealerId, dealerId), eq(invitations.status, 'pending')))
      .orderBy(desc(invitations.createdAt));
    return { results: rows.map(toInvitation) };
  }

  /** A pending invitation of the acting dealer, or 404. */
  async function pendingOfDealer(request: FastifyRequest, id: string) {
    const owned = await ownedDealer(request);
    const [row] = await ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.dealerId, owned.dealerId), eq(invitations.status, 'pending')));
    if (!row) throw new HttpError(404, DEALER_TEXTS.invitationNotFound);
    return { ...owned, row };
  }

  /** Resend (/my-business): a new link and a new 7 days; the old link stops working. */
  async function resend(request: FastifyRequest, id: string): Promise<Invitation> {
    const { row, inviter, dealerId } = await pendingOfDealer(request, id);
    const account = await accountOf(row.email, dealerId);
    const [updated] = await ctx.db
      .update(invitations)
      .set({ tokenVersion: randomUUID(), expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) })
      .where(eq(invitations.id, row.id))
      .returning();
    await sendInvitation(updated!, inviter.name, account !== null);
    return toInvitation(updated!);
  }

  /** Revoke (/my-business): the invitation ends and its link fails like a declined one. */
  async function revoke(request: FastifyRequest, id: string): Promise<Invitation> {
    const { row } = await pendingOfDealer(request, id);
    const [updated] = await ctx.db
      .update(invitations)
      .set({ status: 'revoked', respondedAt: new Date() })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
      .returning();
    if (!updated) throw new HttpError(404, DEALER_TEXTS.invitationNotFound);
    return toInvitation(updated);
  }

  /** Reads a link's token; anything wrong with it is 'Invalid JWT token'. */
  async function readToken(token: string) {
    const payload = await verifyJWT<TokenPayload>(token, ctx.authSecret);
    if (!payload?.sub || !payload.typ) throw invalid();
    if (payload.typ === 'accept_decline_invitation') {
      const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, payload.sub));
      if (!row || row.status !== 'pending' || row.tokenVersion !== payload.v || row.expiresAt < new Date())
        throw invalid();
      return { kind: 'invitation' as const, invitation: row };
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.id, payload.sub));
    const [credential] = user
      ? await ctx.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      : [];
    // A registration is complete once a password is set: the link then stops working.
    if (!user || credential?.password || payload.v !== user.id) throw invalid();
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
    const [details] = await ctx.db
      .select({ dealerName: businessPartners.companyName, inviter: users.name })
      .from(dealers)
      .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId))
      .leftJoin(users, eq(users.id, read.invitation.invitedByUserId!))
      .where(eq(dealers.id, read.invitation.dealerId));
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
    const hash = await hashPassword(input.password);
    if (read.kind === 'registration') {
      await ctx.db.transaction(async (tx) => {
        await tx
          .insert(accounts)
          .values({
            id: randomUUID(),
            accountId: read.user.id,
            providerId: 'credential',
            userId: read.user.id,
            password: hash,
          })
          .onConflictDoUpdate({ target: accounts.id, set: { password: hash } });
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, read.user.id));
      });
      return { ok: true as const };
    }
    if (!input.first_name || !input.last_name) throw new HttpError(400, INVITATION_TEXTS.namesRequired);
    const { invitation } = read;
    const [dealer] = await ctx.db.select().from(dealers).where(eq(dealers.id, invitation.dealerId));
    const [installerGroup] = await ctx.db
      .select()
      .from(permissionGroups)
      .where(eq(permissionGroups.name, PERMISSION_GROUPS.installer));
    await ctx.db.transaction(async (tx) => {
      // The token is used once: only the transaction that flips the row from pending goes on.
      const claimed = await tx
        .update(invitations)
        .set({ status: 'accepted', respondedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      if (claimed.length === 0) throw invalid();
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
      if (taken) throw new HttpError(409, INVITATION_TEXTS.accountExists);
      const userId = randomUUID();
      await tx.insert(users).values({
        id: userId,
        name: `${input.first_name} ${input.last_name}`,
        email: invitation.email,
        emailVerified: true, // the link proved the address
        firstName: input.first_name!,
        lastName: input.last_name!,
        businessPartnerId: dealer!.businessPartnerId,
      });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
      await tx.insert(userTypes).values({ userId, type: invitation.userType, isOwner: false });
      await tx.insert(userPermissionGroups).values({ userId, groupId: installerGroup!.id });
      await tx.insert(installers).values({ userId, dealerId: invitation.dealerId });
      await tx.update(invitations).set({ acceptedUserId: userId }).where(eq(invitations.id, invitation.id));
    });
    return { ok: true as const };
  }

  /** DELETE user/invite/decline/?token=: the invitation ends; nothing else changes. */
  async function decline(token: string) {
    const read = await readToken(token);
    if (read.kind !== 'invitation') throw invalid();
    await ctx.db
      .update(invitations)
      .set({ status: 'declined', respondedAt: new Date() })
      .where(and(eq(invitations.id, read.invitation.id), eq(invitations.status, 'pending')));
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
