import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './context.ts';
// Before any request is read: the long common-password list the shared password schema consults.
import './common-passwords.ts';
import { registerMailboxReader } from './adapters/mailbox-reader.ts';
import { createSmtpDelivery } from './adapters/mail.ts';
import { answerRouterError, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerApiDocs, registerOpenApi } from './plugins/openapi.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerCompress } from './plugins/compress.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit, type RateLimitStore } from './plugins/rate-limit.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { searchEngineOf } from './modules/catalog/index.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { dealsRoutes } from './modules/deals/routes.ts';
import {
  createActingService,
  createActivityLog,
  registerActor,
  createStaffSecondFactor,
  registerImpersonationAudit,
} from './modules/acting/index.ts';
import { sessionRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/index.ts';
import { outboxRoutes } from './modules/outbox/routes.ts';
import {
  authRoutes,
  createAuth,
  createAuthService,
  createDatabaseRateLimitStore,
  createMfaService,
  liveSessionIds,
  mfaRoutes,
  reencryptWithCurrentSecret,
  registerPreviousSecret,
  registerRefusalAudit,
  securesCookies,
  signedInSessionRoutes,
} from './modules/auth/index.ts';
import { accountRoutes, createAccountsService } from './modules/accounts/index.ts';
import { createInvitationService, invitationRoutes } from './modules/invitations/index.ts';
import { createDealerRequestService, dealerRequestRoutes } from './modules/dealer-requests/index.ts';
import { businessPartnerRoutes, createBusinessPartnerService } from './modules/business-partners/index.ts';
import { createDealerService, dealerRoutes } from './modules/dealers/index.ts';
import { vehicleRoutes } from './modules/vehicles/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { createCartService } from './modules/cart/service.ts';
import { createPaymentMethodService, paymentMethodRoutes } from './modules/payment-methods/index.ts';
import { createOrderService, orderOf, orderRoutes } from './modules/orders/index.ts';
import { billingRoutes, createBillingService, creditStandingOf, termsClosedBy } from './modules/billing/index.ts';
import {
  createDeviceAccess,
  createDeviceEventRelay,
  createDeviceService,
  deviceEventRoutes,
  deviceRoutes,
} from './modules/devices/index.ts';
import { activationRoutes, createActivationService } from './modules/activations/index.ts';
import { createPlanService, planRoutes } from './modules/plans/index.ts';
import { createPayoutService, createRewardService, rewardRoutes } from './modules/rewards/index.ts';
import { createSubscriptionService, subscriptionRoutes } from './modules/subscriptions/index.ts';
import type { Actor } from './actor.ts';
import { createAttemptMachine } from './attempts/machine.ts';
import { writeBackup } from './db/backup.ts';
import { createJobRunner, systemPrincipal, type SystemPrincipal } from './jobs/index.ts';

/** The sweep that settles tries left half done (attempts/machine.ts). */
export const RECOVERY_JOB = 'attempt-recovery';
/** The sweep that sends the outbox's mail over SMTP (adapters/mail.ts). */
export const MAIL_DELIVERY_JOB = 'mail-delivery';
/** The payout sweep that pays installers their earned rewards (modules/rewards/payouts.ts). */
export const REWARD_PAYOUTS_JOB = 'reward-payouts';
/** A try pending this long is stuck: the recovery sweep settles a crash's within seconds (metric). */
const STUCK_AFTER_MS = 5 * 60_000;
/** The embedded database's backup (issue 32 §4; db/backup.ts). */
export const BACKUP_JOB = 'embedded-backup';

export interface BuildAppOptions {
  /** Built web app to serve; omitted in API tests. */
  webDist?: string;
  logger?: boolean;
  /** Where rate limits count (main.ts: Redis when REDIS_URL is set); the database by default. */
  rateLimitStore?: RateLimitStore;
}

/** Builds the Fastify instance: plugins and modules, no listen (CONVENTIONS). */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            // Links carry their proof in the query (?token=): never in the log (ASVS 14.2.1, 16.2.5).
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactSecrets(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: trustProxyOf(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are about someone: no cache keeps them unless a route says otherwise (ASVS 14.3.2).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // The in-memory caches (identity, search) forget on the database's change notices; a change made
  // by this request is noticed before its answer leaves, so the client's next request sees it.
  await ctx.database.changes.start();
  // The device cloud before any route (issue 28): its tables, DEMO-DATA's devices on an empty fleet.
  await ctx.devices.start();
  app.addHook('onClose', () => ctx.devices.close());
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.config.readOnly)
      await ctx.database.changes.sync();
  });

  registerErrorHandling(app);
  // Before every route: it compresses the answers of the routes declared after it.
  await registerCompress(app);
  await app.register(fastifyCookie);
  if (ctx.config.demoMode) registerMailboxReader(app, { secureCookie: securesCookies(ctx.config) });
  const metrics = registerMetrics(app, { token: ctx.config.METRICS_TOKEN });
  await registerSecurity(app, { publicUrl: ctx.config.PUBLIC_URL });
  await registerOpenApi(app);
  // One store for every limit, route or service, shared by every instance (plugins/rate-limit.ts).
  const limit = await registerRateLimit(app, options.rateLimitStore ?? createDatabaseRateLimitStore(ctx.db));

  await app.register(healthRoutes(ctx));
  const betterAuth = createAuth(ctx);
  // While AUTH_SECRET_PREVIOUS is set: what the old secret made is taken, made current in front of better-auth.
  registerPreviousSecret(app, ctx);
  await reencryptWithCurrentSecret(ctx);
  const staffSecondFactor = createStaffSecondFactor(ctx);
  const auth = createAuthService(ctx, betterAuth, limit, { mustEnrolSecondFactor: staffSecondFactor.mustEnrolById });
  // Who acts, once per request, before any route (modules/acting/actor.ts); staff held to enrolment after it.
  const { actorOfRequest } = registerActor(app, ctx, auth.currentSession);
  staffSecondFactor.register(app);
  registerRefusalAudit(app, auth.audit);
  await registerApiDocs(app, ctx.config.API_DOCS);
  await app.register(authRoutes(auth, { signInsPerAddress: ctx.config.SIGN_IN_LIMIT_PER_ADDRESS }));
  await app.register(mfaRoutes(createMfaService(ctx, betterAuth, auth), auth));
  await app.register(signedInSessionRoutes(auth));
  const acting = createActingService(ctx);
  const invitations = createInvitationService(ctx);
  await app.register(invitationRoutes(invitations));
  await app.register(accountRoutes(createAccountsService(ctx, betterAuth, auth)));
  registerImpersonationAudit(app, ctx);
  await app.register(sessionRoutes(createUsersService(ctx), auth, acting));
  await app.register(catalogRoutes(ctx));
  await app.register(contentRoutes(ctx));
  await app.register(dealsRoutes(ctx));
  await app.register(outboxRoutes(ctx));
  await app.register(dealerRequestRoutes(createDealerRequestService(ctx, invitations)));
  const businessPartners = createBusinessPartnerService(ctx);
  await app.register(businessPartnerRoutes(businessPartners));
  await app.register(dealerRoutes(createDealerService(ctx, businessPartners, createActivityLog(ctx))));
  await app.register(vehicleRoutes(ctx));
  // The one attempt machine (issue 26): checkout completion and invoice payment are its kinds.
  const attempts = createAttemptMachine({
    db: ctx.db,
    recoveryAfterMs: ctx.config.CHECKOUT_RECOVERY_AFTER_MS,
    faultPoint: ctx.config.FAULT_INJECTION,
    log: app.log,
  });
  const cart = createCartService(ctx, attempts);
  await app.register(cartRoutes(cart));
  // The plans (issue 30): the catalogue in the caller's currency and a device's upgrade options.
  await app.register(planRoutes(createPlanService(ctx)));
  // Billing reads the order behind an invoice and the credit limit through their modules' doors.
  const billing = createBillingService(ctx, { orderOf, attempts });
  // Background work (issue 26): the recovery sweep settles what a crash or a lost connection left half done
  // within seconds, on any instance, while the server lives; mail leaves through the outbox.
  const jobs = createJobRunner(ctx.config, app.log);
  const recoverAttempts = async (_data: object, by: SystemPrincipal) => {
    for (const { label, count } of await attempts.recoverAll(by))
      if (count) app.log.warn(`settled ${count} ${label}(s) a crash interrupted`);
  };
  jobs.define(RECOVERY_JOB, recoverAttempts, { everyMs: ctx.config.ATTEMPT_RECOVERY_EVERY_MS });
  // What to alert on (docs/operations.md): a try the recovery sweep has not settled within minutes is stuck.
  metrics.gauge(
    'portal_attempts_stuck',
    'Tries that charge or act outside (payments, checkouts, plan purchases, payouts) pending for over five minutes.',
    ['kind'],
    async () =>
      (await attempts.pendingSince(new Date(Date.now() - STUCK_AFTER_MS))).map(({ name, count }) => ({
        labels: { kind: name },
        value: count,
      })),
  );
  // The embedded search index (issue 33): how many products it holds (0 while it is built or notices are
  // down: the database answers), and who read the searches.
  metrics.gauge(
    'portal_search_index_products',
    'Products in the embedded search index now answering searches; 0 while the database answers them.',
    [],
    async () => [{ value: searchEngineOf(ctx.db)?.indexed ?? 0 }],
    // Several server processes: the index of the one that holds least (0 while any is built).
    'min',
  );
  metrics.gauge(
    'portal_search_reads',
    'Product searches since start, by who read them.',
    ['by'],
    async () => {
      const reads = searchEngineOf(ctx.db)?.reads ?? { index: 0, database: 0 };
      return [
        { labels: { by: 'index' }, value: reads.index },
        { labels: { by: 'database' }, value: reads.database },
      ];
    },
    'sum',
  );
  if (ctx.config.SMTP_URL) {
    const delivery = createSmtpDelivery(ctx.config.SMTP_URL, ctx.config.MAIL_FROM);
    jobs.define(MAIL_DELIVERY_JOB, async () => void (await delivery.deliverWaiting(ctx.db)), {
      everyMs: ctx.config.MAIL_DELIVERY_EVERY_MS,
    });
    metrics.gauge(
      'portal_mail_queue',
      'Mail in the outbox for SMTP: waiting, or given up after its tries.',
      ['state'],
      async () => {
        const { waiting, givenUp } = await delivery.depth(ctx.db);
        return [
          { labels: { state: 'waiting' }, value: waiting },
          { labels: { state: 'given_up' }, value: givenUp },
        ];
      },
    );
  }
  if (ctx.database.backup && ctx.config.BACKUP_EVERY_MS > 0) {
    const dir = ctx.config.BACKUP_DIR ?? path.join(ctx.config.dataDir, 'backups');
    jobs.define(
      BACKUP_JOB,
      async () => void app.log.info(`backup written: ${await writeBackup(ctx.database, dir, ctx.config.BACKUP_KEEP)}`),
      { everyMs: ctx.config.BACKUP_EVERY_MS },
    );
  }
  app.addHook('onReady', async () => {
    // At start first, before a request can replay one of them.
    await recoverAttempts({}, systemPrincipal(RECOVERY_JOB)).catch((error: unknown) =>
      app.log.error({ err: error }, 'settling interrupted tries failed'),
    );
    await jobs.start();
  });
  app.addHook('onClose', () => jobs.stop());
  // My Orders; reorder fills the cart through the cart's own service.
  await app.register(orderRoutes(createOrderService(ctx, cart)));
  // Checkout's ways to pay say why terms are closed before they are chosen: billing's credit standing.
  const termsClosedFor = async (business: NonNullable<Actor['business']>) =>
    termsClosedBy(await creditStandingOf(ctx.db, business))?.detail ?? null;
  await app.register(paymentMethodRoutes(createPaymentMethodService(ctx, { termsClosedFor })));
  await app.register(billingRoutes(billing));
  // Every device call of spec 02 §7 (issue 28): through the device cloud adapter only.
  const deviceService = createDeviceService(ctx, limit);
  await app.register(deviceRoutes(deviceService));
  // The activation record (issue 29 §3): its device check through the devices module's service.
  await app.register(activationRoutes(createActivationService(ctx, deviceService)));
  // Rewards and payouts (issue 30 §4): the plan purchase calls rewards.recordPlanPaid in its transaction; the payout
  // job, a kind of the attempt machine, pays earned rewards to the installers whose payouts are set up.
  const rewards = createRewardService(ctx);
  await app.register(rewardRoutes(rewards));
  const payouts = createPayoutService(ctx, attempts, { log: app.log });
  jobs.define(REWARD_PAYOUTS_JOB, async (_data, by) => void (await payouts.payEarned(by)), {
    everyMs: ctx.config.REWARD_PAYOUTS_EVERY_MS,
  });
  // Buying plans (issue 30 item 3): a kind of the attempt machine that charges and puts plans on devices.
  await app.register(subscriptionRoutes(createSubscriptionService(ctx, attempts, { rewards })));
  // Its live events: the cloud's copied into device_events, streamed to whoever may drive the device.
  await app.register(
    deviceEventRoutes({
      db: ctx.db,
      changes: ctx.database.changes,
      accessFor: createDeviceAccess({ db: ctx.db, devices: ctx.devices }),
      relay: createDeviceEventRelay({ db: ctx.db, cloud: ctx.devices, log: app.log }),
      liveSessions: (ids) => liveSessionIds(ctx.db, ids),
      settings: {
        openPerCaller: ctx.config.DEVICE_STREAMS_PER_CALLER,
        heartbeatMs: ctx.config.DEVICE_STREAM_HEARTBEAT_MS,
      },
    }),
  );

  if (options.webDist)
    await registerSpa(app, options.webDist, { signedIn: async (request) => (await actorOfRequest(request)) !== null });
  return app;
}

/** A URL with the values of its secret-bearing query parameters replaced. */
export function redactSecrets(url: string): string {
  return url.replace(/([?&](?:token|code|otp|password)=)[^&#]*/gi, '$1[redacted]');
}

/** 'none' trusts no proxy; otherwise Fastify's forms ('loopback', '10.0.0.0/8,127.0.0.1', …). */
function trustProxyOf(value: string): boolean | string {
  if (value === 'none') return false;
  if (value === 'all') return true;
  return value;
}
