import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  preferencesSchema,
  selectBusinessRequestSchema,
  sessionSchema,
  type Preferences,
  type Session,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/service.ts';
import type { Actor, ActingService } from '../acting/index.ts';
import { maybeSignedIn, signedIn } from '../../plugins/actor.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { userPreferences } from './schema.ts';

const NO_PREFERENCES: Preferences = { searchPageSize: null };

export const sessionRoutes =
  (ctx: AppContext, auth: AuthService, acting: ActingService): FastifyPluginAsyncZod =>
  async (app) => {
    async function preferencesOf(userId: string): Promise<Preferences> {
      const [row] = await ctx.db
        .select({ searchPageSize: userPreferences.searchPageSize })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row ? preferencesSchema.parse(row) : NO_PREFERENCES;
    }

    async function sessionOf(current: Actor | null): Promise<Session> {
      const base = { site: ctx.config.SITE, otherSiteUrl: ctx.config.OTHER_SITE_URL };
      if (!current) return { ...base, user: null, selectedBusiness: null, impersonatedUser: null, preferences: null };
      const { business, actingUser, impersonating } = current;
      return {
        ...base,
        user: current.user,
        selectedBusiness: business
          ? {
              sapBpCode: business.sapBpCode,
              companyName: business.companyName,
              approvedBrands: business.approvedBrandSlugs,
            }
          : null,
        impersonatedUser: impersonating
          ? {
              id: actingUser.id,
              first_name: actingUser.first_name,
              last_name: actingUser.last_name,
              email: actingUser.email,
            }
          : null,
        preferences: await preferencesOf(current.user.id),
      };
    }

    /** Who the browser is signed in as, with roles; the browser mirrors this and decides nothing. */
    app.get(
      '/api/session',
      { schema: { tags: ['session'], summary: 'The current session', response: { 200: sessionSchema } } },
      async (request, reply) => {
        const { cookies } = await auth.currentSession(request);
        if (cookies.length) reply.header('set-cookie', cookies);
        reply.header('cache-control', 'no-store');
        return sessionOf(maybeSignedIn(request));
      },
    );

    /** spec 01 §4: a sales rep selects the business to act for; answers the new session. */
    app.post(
      '/api/select-business',
      {
        schema: {
          tags: ['session'],
          summary: 'Act for a business (sales reps); other reps than outside reps impersonate its dealer primary',
          body: selectBusinessRequestSchema,
          response: { 200: sessionSchema, ...errorResponses },
        },
      },
      async (request) => {
        return sessionOf(await acting.selectBusiness(signedIn(request), request.body.sapBpCode));
      },
    );

    /** spec 01 §4 "Clear Selected Business". */
    app.delete(
      '/api/select-business',
      {
        schema: {
          tags: ['session'],
          summary: 'Stop acting for the selected business',
          response: { 200: sessionSchema, ...errorResponses },
        },
      },
      async (request) => {
        return sessionOf(await acting.clearBusiness(signedIn(request)));
      },
    );

    /** Saves the signed-in user's screen preferences (spec 01 §9: search page size per user). */
    app.put(
      '/api/preferences',
      {
        schema: {
          tags: ['session'],
          summary: 'Save the signed-in user’s preferences',
          body: preferencesSchema.partial(),
          response: { 200: preferencesSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { session } = await auth.requireSession(request);
        const userId = session.user.id;
        const next = { ...(await preferencesOf(userId)), ...request.body };
        await ctx.db
          .insert(userPreferences)
          .values({ userId, ...next })
          .onConflictDoUpdate({ target: userPreferences.userId, set: next });
        return next;
      },
    );
  };
