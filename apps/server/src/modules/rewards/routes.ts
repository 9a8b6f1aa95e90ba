import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rewards } from '@portal/contracts/endpoints/rewards';
import { REWARD_TEXTS } from '@portal/contracts/rewards';
import { requirePermission, requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { refuse } from '../../refusal.ts';
import type { RewardService } from './service.ts';
import { onboardingPage } from './onboarding-page.ts';

const noStore = { 'cache-control': 'no-store' };

/**
 * Rewards and payouts (issue 30 §4; spec 02 §6, §7). Rewards are for who sees Rewards in the profile menu
 * (contracts' `rewards` rule: not an outside rep acting for a business, spec 01 §6), checked before the
 * request is read; which dealer and installer is the service's (another dealer's: 404).
 */
export const rewardRoutes =
  (service: RewardService): FastifyPluginAsyncZod =>
  async (app) => {
    const rewardsOnly = { guard: requirePermission('rewards', REWARD_TEXTS.rewardsDenied) };
    // The test-mode onboarding page's form posts as forms do (urlencoded, no fields to read); without a parser
    // Fastify answers it 415. This plugin's routes only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, undefined),
    );

    route(app, rewards.listOfDealer, rewardsOnly, async (request) =>
      service.listOfDealer(signedIn(request), request.params.id, request.query),
    );
    route(app, rewards.get, rewardsOnly, async (request) => service.get(signedIn(request), request.params.id));
    route(app, rewards.payouts, { guard: requireSignedIn }, async (request, reply) =>
      reply.headers(noStore).send(await service.payouts(signedIn(request))),
    );
    route(app, rewards.onboardingLink, { guard: requireSignedIn }, async (request) =>
      service.onboardingLink(signedIn(request)),
    );
    // Test mode's page of the payment processor: the link is the credential, as Stripe's hosted onboarding.
    // Its form posts to /api, whose same-origin check reads Origin: under helmet's `Referrer-Policy: no-referrer`
    // a browser sends a form's POST with `Origin: null` and the page could never complete (a 403). same-origin
    // still sends no referrer to any other site.
    route(app, rewards.testOnboardingPage, async (request, reply) => {
      const state = await service.testOnboardingState(request.params.token);
      if (!state) throw refuse.notFound(REWARD_TEXTS.onboardingNotFound);
      return reply
        .type('text/html; charset=utf-8')
        .headers({ ...noStore, 'referrer-policy': 'same-origin' })
        .send(onboardingPage(request.params.token, state));
    });
    route(app, rewards.completeTestOnboarding, async (request, reply) => {
      const outcome = await service.completeTestOnboarding(request.params.token);
      if (outcome === 'unknown') throw refuse.notFound(REWARD_TEXTS.onboardingNotFound);
      if (outcome === 'expired') throw refuse.conflict(REWARD_TEXTS.onboardingExpired);
      return reply.headers(noStore).redirect('/rewards?payouts=complete', 302);
    });
  };
