import { existsSync } from 'node:fs';
import { ADMIN_API_BASE, API_BASE, MAINTENANCE_CODE, parseInput, pickLanguage, SUCCESS_CODE } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { AdjustableClock, type Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import { type Database, isTransientDatabaseError } from './db/client.ts';
import { UserGate } from './db/user-gate.ts';
import { AppError, InputError, localize } from './domain/errors.ts';
import { isUnservablePath, namesFile, registerEdge, requestId, serveBuiltApps } from './http/edge.ts';
import { type Envelope, errorEnvelope, inputErrorEnvelope } from './http/errors.ts';
import { webPageShell } from './http/pageShell.ts';
import { createRouter, routedPath } from './http/router.ts';
import { housekeepingJob } from './jobs/housekeeping.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { Ledger } from './ledger/ledger.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limits/counters.ts';
import { VerificationCodes } from './modules/accounts/codes.ts';
import { accountAdminRoutes, accountRoutes } from './modules/accounts/routes.ts';
import { AccountService } from './modules/accounts/service.ts';
import { Sessions } from './modules/accounts/sessions.ts';
import { UserCare } from './modules/accounts/user-care.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { AddressService } from './modules/addresses/service.ts';
import { adminRoutes } from './modules/admins/routes.ts';
import { AdminService } from './modules/admins/service.ts';
import { AuditService } from './modules/audit/service.ts';
import { ConfigService } from './modules/config/service.ts';
import { CommentService } from './modules/content/comments.ts';
import { contentAdminRoutes, contentRoutes } from './modules/content/routes.ts';
import { ContentService } from './modules/content/service.ts';
import { couponAdminRoutes, couponRoutes } from './modules/coupons/routes.ts';
import { CouponService } from './modules/coupons/service.ts';
import { DashboardService } from './modules/dashboard/service.ts';
import { depositAdminRoutes, depositRoutes, sandboxRoutes } from './modules/deposits/routes.ts';
import { DepositService } from './modules/deposits/service.ts';
import { drawAdminRoutes, drawRoutes } from './modules/draws/routes.ts';
import { DrawService } from './modules/draws/service.ts';
import { eventAdminRoutes, eventRoutes } from './modules/events/routes.ts';
import { EventService } from './modules/events/service.ts';
import { holdingAdminRoutes, holdingRoutes } from './modules/holdings/routes.ts';
import { HoldingService } from './modules/holdings/service.ts';
import { MessageNotifier } from './modules/messages/notifier.ts';
import { messageAdminRoutes, messageRoutes } from './modules/messages/routes.ts';
import { ContactService, MessageService } from './modules/messages/service.ts';
import { outboxAdminRoutes, smsReceiptRoutes } from './modules/outbox/routes.ts';
import { OutboxService } from './modules/outbox/service.ts';
import { paymentWebhookRoutes } from './modules/payments/routes.ts';
import { PaymentWebhooks } from './modules/payments/service.ts';
import { ProductAdminService } from './modules/products/admin-service.ts';
import { productAdminRoutes, productRoutes } from './modules/products/routes.ts';
import { ProductService } from './modules/products/service.ts';
import { RankAdminService } from './modules/rank/admin-service.ts';
import { rankAdminRoutes, rankRoutes } from './modules/rank/routes.ts';
import { RankService } from './modules/rank/service.ts';
import { recordRoutes } from './modules/records/routes.ts';
import { RecordService } from './modules/records/service.ts';
import { redeemAdminRoutes, redeemRoutes } from './modules/redeem/routes.ts';
import { RedeemService } from './modules/redeem/service.ts';
import { statementRoutes } from './modules/statement/routes.ts';
import { StatementService } from './modules/statement/service.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { StatisticsService } from './modules/statistics/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { SystemService } from './modules/system/service.ts';
import { teamAdminRoutes, teamRoutes } from './modules/team/routes.ts';
import { TeamService } from './modules/team/service.ts';
import { testingRoutes } from './modules/testing/routes.ts';
import { DecodeGate } from './modules/uploads/decode-gate.ts';
import { mediaRoutes, uploadAdminRoutes, uploadRoutes } from './modules/uploads/routes.ts';
import { DECODE_QUEUE } from './modules/uploads/rules.ts';
import { UploadService } from './modules/uploads/service.ts';
import { DatabaseStorage, S3Storage } from './modules/uploads/storage.ts';
import { vipAdminRoutes, vipRoutes } from './modules/vip/routes.ts';
import { VipService } from './modules/vip/service.ts';
import { AdjustmentService } from './modules/wallet/adjustments.ts';
import { walletAdminRoutes, walletRoutes } from './modules/wallet/routes.ts';
import { WalletService } from './modules/wallet/service.ts';
import { PayPasswords } from './modules/withdrawals/pay-password.ts';
import { PayoutAccountService } from './modules/withdrawals/payout-accounts.ts';
import { withdrawalAdminRoutes, withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { WithdrawalService } from './modules/withdrawals/service.ts';
import { AfricasTalkingSms } from './notify/africastalking.ts';
import { Deliveries } from './notify/deliveries.ts';
import { Notifier } from './notify/notifier.ts';
import { smtpTransport } from './notify/smtp.ts';
import type { SmsTransport, Transport } from './notify/transport.ts';
import { TWILIO_STATUS_PATH, TwilioSms } from './notify/twilio.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { PaystackGateway } from './payments/paystack.ts';
import { SandboxGateway } from './payments/sandbox.ts';
import { derivedKey } from './security.ts';

/** The providers that deliver each channel's messages; a channel without one has none. */
export interface MessageTransports {
  email?: Transport;
  sms?: SmsTransport;
}

/** The providers the environment configures: SMTP_URL for email, SMS_PROVIDER for SMS. */
export function messageTransports(config: ServerConfig): MessageTransports {
  const transports: MessageTransports = {};
  if (config.SMTP_URL) transports.email = smtpTransport(config.SMTP_URL, config.SMTP_FROM);
  if (config.SMS_PROVIDER === 'twilio') {
    transports.sms = new TwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID as string,
      authToken: config.TWILIO_AUTH_TOKEN as string,
      from: config.TWILIO_FROM,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      baseUrl: config.TWILIO_BASE_URL,
      statusCallbackUrl: `${config.publicUrl}${TWILIO_STATUS_PATH}`,
    });
  }
  if (config.SMS_PROVIDER === 'africastalking') {
    transports.sms = new AfricasTalkingSms({
      username: config.AFRICASTALKING_USERNAME as string,
      apiKey: config.AFRICASTALKING_API_KEY as string,
      from: config.AFRICASTALKING_FROM,
      baseUrl: config.AFRICASTALKING_BASE_URL,
      callbackSecret: config.AFRICASTALKING_CALLBACK_SECRET as string,
    });
  }
  return transports;
}

export interface AppDeps {
  config: ServerConfig;
  database: Database;
  clock?: Clock;
  limiter?: RateLimiter;
  /** Shared rate limits across instances (unless `limiter` is given); its state shows in /readyz. */
  redis?: Redis;
  /** The providers of email and SMS; by default those the environment configures. */
  transports?: MessageTransports;
  /**
   * Off: a queued message waits for the `deliveries` job (tests run it when they mean to), instead
   * of going out as soon as its transaction commits.
   */
  deliverOnCommit?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** How the sandbox provider reaches the webhook; tests route it into the app without a socket. */
  fetch?: typeof fetch;
  /** Tests pass 0, so a configuration read inside a transaction (a PGlite deadlock) fails at once. */
  configCacheMs?: number;
}

function sendEnvelope(reply: FastifyReply, body: Envelope): FastifyReply {
  // Pre-serialized: an error's data need not match the route's success schema.
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Paths answered by the APIs (every answer HTTP 200 with its envelope), not by files or pages. */
function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/admin/api/') || path.startsWith('/sandbox/');
}

/** The not-found envelope, in the request's language. */
function sendNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, errorEnvelope('NOT_FOUND', pickLanguage(req.headers['accept-language'])));
}

/**
 * A path no file, page or route could be (`isUnservablePath`, or one the router cannot decode):
 * the not-found envelope, as HTTP 404 outside the APIs, like a missing file.
 */
function sendUnservable(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = errorEnvelope('NOT_FOUND', pickLanguage(req.headers['accept-language']));
  if (isApiPath(req.url)) return sendEnvelope(reply, body);
  return reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * A client error a plugin raised with its HTTP status (`http-errors`: the static files' reader
 * refusing a path): the request's fault, not the server's.
 */
function isRefusedByPlugin(error: unknown): boolean {
  const { statusCode, expose } = error as { statusCode?: unknown; expose?: unknown };
  return expose === true && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/** Fastify's own refusals of a request it could not read (bad JSON, wrong type, too large). */
function isUnreadableRequest(error: unknown): boolean {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return (
    typeof code === 'string' &&
    code.startsWith('FST_ERR_') &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  );
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const { db } = database;
  const clock = deps.clock ?? (config.TEST_MODE ? new AdjustableClock() : { now: () => new Date() });
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    genReqId: requestId,
    // A path the router cannot decode (`/%E0%A4%A`) or with an oversized parameter: not found, in
    // the envelope, like every other answer (Fastify's own is a bare JSON 400).
    frameworkErrors: (_error, req, reply) => sendUnservable(req, reply),
  });
  // First: its headers and compression cover every answer, including those the hooks below end early.
  await registerEdge(app, {
    https: config.publicUrl.startsWith('https:'),
    apiPrefixes: [`${API_BASE}/`, `${ADMIN_API_BASE}/`],
  });

  // Before any route: a path climbing out of its folder (`/assets/..%2f..%2fetc/passwd`) is not found.
  app.addHook('onRequest', (req, reply, done) => {
    if (isUnservablePath(req.url)) return sendUnservable(req, reply);
    done();
  });

  const limiter = deps.limiter ?? (deps.redis ? new RedisRateLimiter(deps.redis, app.log) : new MemoryRateLimiter());
  const configService = new ConfigService(db, clock, deps.configCacheMs ?? 2000);
  const transports = deps.transports ?? messageTransports(config);
  // The trial and TEST_MODE bring codes through the outbox itself where a channel has no provider.
  const deliverable = {
    email: Boolean(transports.email) || config.mode.exposeCodes,
    sms: Boolean(transports.sms) || config.mode.exposeCodes,
  };
  const sealKey = derivedKey(config.mode.webhookSecret, 'outbox-code');
  const deliveries = new Deliveries(db, clock, app.log, { transports, outboxOnly: config.mode.exposeCodes, sealKey });
  const notifier = new Notifier(clock, {
    exposeCodes: config.mode.exposeCodes,
    sealKey,
    wake: deps.deliverOnCommit === false ? () => undefined : (ids) => deliveries.sendNow(ids),
  });
  const codes = new VerificationCodes({
    db,
    clock,
    config: configService,
    notifier,
    limiter,
    deliverable,
    key: config.mode.webhookSecret,
  });
  const sessions = new Sessions(db, clock, () => configService.get('session_idle_days'), config.SESSION_CACHE_MS);
  const ledger = new Ledger(db);
  await ledger.init();
  const notices = new MessageNotifier(clock);
  // One money request at a time per user: withdrawals, SVIP activations, collections, payment passwords.
  const userGate = new UserGate();
  const vip = new VipService(db, clock, configService, ledger, deps.configCacheMs ?? 2000, notices, userGate);
  const uploads = new UploadService(
    db,
    clock,
    limiter,
    config.S3_BUCKET
      ? new S3Storage({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : new DatabaseStorage(db),
    // One gate for the process: main.ts builds one app.
    new DecodeGate({
      decodes: config.UPLOAD_DECODES,
      pixels: config.UPLOAD_DECODE_MEGAPIXELS * 1_000_000,
      waitMs: config.UPLOAD_DECODE_WAIT_MS,
      queue: DECODE_QUEUE,
    }),
  );
  const accounts = new AccountService({
    db,
    clock,
    config: configService,
    codes,
    sessions,
    limiter,
    levels: vip,
    uploads,
  });
  const admins = new AdminService(db, clock, limiter, codes);
  const wallet = new WalletService(db, clock, configService);
  const system = new SystemService(db, clock, configService, deliverable, limiter);
  const outbox = new OutboxService({ db, clock, config: configService, codes, notifier });
  const dashboard = new DashboardService(db, clock, configService);
  const audit = new AuditService(db);
  const events = new EventService(db, clock, configService, ledger);
  const content = new ContentService(db, clock);
  const comments = new CommentService(db, clock, configService, content);
  const draws = new DrawService(db, clock, configService, ledger, vip, notices);
  const messages = new MessageService(db, clock, configService);
  const contact = new ContactService(db, clock, notices);
  const statistics = new StatisticsService(db, clock, configService);
  const rank = new RankService(db, clock, configService, ledger);
  const rankAdmin = new RankAdminService(db, clock, configService);
  const products = new ProductService(db, clock, configService, ledger, vip, rank);
  const productAdmin = new ProductAdminService(db, clock, configService);
  const holdings = new HoldingService(db, clock, configService, ledger, products, vip, userGate, {
    workers: database.kind === 'postgres' ? config.ACCRUAL_WORKERS : 1,
  });
  const statement = new StatementService(db, configService);
  const records = new RecordService(db, configService, statement);
  const team = new TeamService(db, clock, configService, config.publicUrl);
  const adjustments = new AdjustmentService(db, clock, configService, ledger);
  const addresses = new AddressService(db, clock, configService);
  const coupons = new CouponService(db, clock, configService);
  const redeem = new RedeemService(db, clock, configService, ledger, limiter);
  const sandbox = new SandboxGateway(db, clock, app.log, {
    secret: config.mode.webhookSecret,
    webhookUrl: `${config.internalUrl}${API_BASE}/payments/sandbox/webhook`,
    fetch: deps.fetch,
  });
  const paystack = config.PAYSTACK_SECRET_KEY
    ? new PaystackGateway({
        secretKey: config.PAYSTACK_SECRET_KEY,
        baseUrl: config.PAYSTACK_BASE_URL,
        currency: config.PAYSTACK_CURRENCY,
        callbackUrl: (transId) => `${config.publicUrl}/wallet/depositStatus?transId=${encodeURIComponent(transId)}`,
        payerEmailDomain: config.PAYSTACK_PAYER_EMAIL_DOMAIN ?? new URL(config.publicUrl).hostname,
        timeoutMs: config.PAYSTACK_TIMEOUT_MS,
      })
    : undefined;
  // A provider that is off is neither offered for deposits nor paid through; Paystack pays out when set.
  const gateways: Record<string, PaymentGateway> = {
    ...(config.mode.sandbox ? { sandbox } : {}),
    ...(paystack ? { paystack } : {}),
  };
  const deposits = new DepositService(db, clock, configService, ledger, gateways, vip, notices);
  const payoutAccounts = new PayoutAccountService(db, clock, configService);
  const payPasswords = new PayPasswords(db, clock, userGate);
  const withdrawals = new WithdrawalService(
    db,
    clock,
    configService,
    ledger,
    payoutAccounts,
    payPasswords,
    vip,
    { gateways, provider: paystack?.provider ?? (config.mode.sandbox ? sandbox.provider : null) },
    app.log,
    notices,
    userGate,
  );
  const paymentWebhooks = new PaymentWebhooks(db, clock, configService, deposits, withdrawals);
  const scheduler = new Scheduler(app.log);
  scheduler.register({ name: 'deposit-reconcile', schedule: '* * * * *', run: () => deposits.reconcile() });
  scheduler.register({ name: 'payout-reconcile', schedule: '* * * * *', run: () => withdrawals.reconcilePayouts() });
  if (config.mode.sandbox) {
    scheduler.register({ name: 'sandbox-webhooks', schedule: '*/10 * * * * *', run: () => sandbox.deliverWebhooks() });
  }
  scheduler.register(housekeepingJob(db, clock));
  scheduler.register({ name: 'deliveries', schedule: '*/2 * * * * *', run: () => deliveries.run() });
  app.addHook('onClose', () => deliveries.stop());
  scheduler.register({ name: 'accrual', schedule: '* * * * *', run: () => holdings.accrue() });
  scheduler.register({ name: 'team-rank-settle', schedule: '* * * * *', run: () => rank.settleDue() });

  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = parseInput(schema as z.ZodType, data ?? {});
    return result.success ? { value: result.data } : { error: new InputError(result.error.issues) };
  });
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    if (error instanceof AppError) return sendEnvelope(reply, errorEnvelope(error.key, lang, error.params, error.data));
    if (error instanceof InputError) return sendEnvelope(reply, inputErrorEnvelope(error, lang));
    if (isUnreadableRequest(error)) return sendEnvelope(reply, errorEnvelope('BAD_JSON', lang));
    if (isRefusedByPlugin(error)) return sendUnservable(req, reply);
    if (isTransientDatabaseError(error)) {
      req.log.warn({ err: error }, 'database busy or unreachable: answered "try again"');
      return sendEnvelope(reply, errorEnvelope('BUSY', lang));
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, errorEnvelope('INTERNAL', lang));
  });

  const webPage = config.mode.serveBuiltApps ? webPageShell(config.webDist) : null;
  const sendWebPage = (reply: FastifyReply, page: string) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.setNotFoundHandler((req, reply) => {
    const path = routedPath(req);
    const isApi = isApiPath(path);
    if (namesFile(path) && !isApi) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (!isApi && req.method === 'GET' && config.mode.serveBuiltApps) {
      const isAdmin = path === '/admin' || path.startsWith('/admin/');
      if (!isAdmin && webPage) return sendWebPage(reply, webPage(path));
      const root = isAdmin ? config.adminDist : config.webDist;
      if (existsSync(`${root}/index.html`)) return reply.type('text/html').sendFile('index.html', root);
    }
    return sendNotFound(req, reply);
  });

  // Maintenance closes the user API; the back office, health checks and test hooks stay open.
  const open = [`${API_BASE}/__test/`, `${API_BASE}/payments/`, `${API_BASE}/sms/`];
  app.addHook('onRequest', async (req, reply) => {
    const path = routedPath(req);
    if (!path.startsWith(`${API_BASE}/`) || open.some((prefix) => path.startsWith(prefix))) return;
    const { maintenance, app_maintain_time } = await configService.all();
    if (!maintenance) return;
    const lang = pickLanguage(req.headers['accept-language']);
    return sendEnvelope(reply, {
      code: MAINTENANCE_CODE,
      msg: localize('MAINTENANCE', lang),
      data: { maintain_time: app_maintain_time },
    });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Earnings platform API',
        version: '1.0.2',
        description: `Every answer is HTTP 200 with { code, msg, data }; code ${SUCCESS_CODE} is success. Money fields are decimal strings in major units.`,
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const auth = {
    user: (token: string | undefined) => sessions.authenticate(token),
    admin: (token: string | undefined, roles: Parameters<AdminService['authenticate']>[1]) =>
      admins.authenticate(token, roles),
  };
  const userRoute = createRouter(app, { base: API_BASE, tag: 'user', auth, testMode: config.TEST_MODE });
  const adminRoute = createRouter(app, { base: ADMIN_API_BASE, tag: 'back office', auth, testMode: config.TEST_MODE });

  systemRoutes(userRoute, system);
  accountRoutes(userRoute, accounts);
  walletRoutes(userRoute, wallet);
  productRoutes(userRoute, products);
  holdingRoutes(userRoute, holdings);
  recordRoutes(userRoute, records);
  statementRoutes(userRoute, statement);
  rankRoutes(userRoute, rank);
  teamRoutes(userRoute, team);
  vipRoutes(userRoute, vip);
  addressRoutes(userRoute, addresses);
  couponRoutes(userRoute, coupons);
  redeemRoutes(userRoute, redeem);
  drawRoutes(userRoute, draws);
  eventRoutes(userRoute, events);
  contentRoutes(userRoute, { content, comments });
  messageRoutes(userRoute, { messages, contact });
  statisticsRoutes(userRoute, statistics);
  productAdminRoutes(adminRoute, productAdmin);
  holdingAdminRoutes(adminRoute, holdings);
  walletAdminRoutes(adminRoute, { wallet, adjustments });
  depositRoutes(userRoute, deposits);
  depositAdminRoutes(adminRoute, deposits);
  withdrawalRoutes(userRoute, { withdrawals, accounts: payoutAccounts, payPasswords });
  withdrawalAdminRoutes(adminRoute, { withdrawals, accounts: payoutAccounts });
  if (config.mode.sandbox) {
    await sandboxRoutes(app, { sandbox, decimals: () => configService.get('app_currency_decimals') });
  }
  await paymentWebhookRoutes(app, { gateways: Object.values(gateways), webhooks: paymentWebhooks });
  await smsReceiptRoutes(app, {
    transports: transports.sms ? [transports.sms] : [],
    outbox,
    publicUrl: config.publicUrl,
  });
  accountAdminRoutes(adminRoute, accounts, new UserCare(db, clock, codes));
  rankAdminRoutes(adminRoute, { rank, admin: rankAdmin });
  teamAdminRoutes(adminRoute, team);
  vipAdminRoutes(adminRoute, vip);
  couponAdminRoutes(adminRoute, coupons);
  redeemAdminRoutes(adminRoute, redeem);
  drawAdminRoutes(adminRoute, draws);
  eventAdminRoutes(adminRoute, events);
  contentAdminRoutes(adminRoute, { content, comments });
  messageAdminRoutes(adminRoute, { messages, contact });
  adminRoutes(adminRoute, { admins, config: configService, dashboard, audit });
  outboxAdminRoutes(adminRoute, outbox);
  // Multipart bodies are read only by the upload endpoints: every other endpoint still refuses them.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    const uploadRouter = { auth, testMode: config.TEST_MODE, fileMaxBytes: config.UPLOAD_MAX_BYTES };
    uploadRoutes(createRouter(scope, { base: API_BASE, tag: 'user', ...uploadRouter }), uploads);
    uploadAdminRoutes(createRouter(scope, { base: ADMIN_API_BASE, tag: 'back office', ...uploadRouter }), uploads);
  });
  mediaRoutes(app, uploads);
  if (config.TEST_MODE && clock instanceof AdjustableClock) {
    testingRoutes(userRoute, { clock, scheduler, outbox });
  }

  const reachable = (check: Promise<unknown>) =>
    check.then(
      () => 'ok' as const,
      () => 'down' as const,
    );
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    // A failed check is a 503, never an envelope: a monitor reads the status code.
    if ((await reachable(db.execute('select 1'))) === 'down') return reply.code(503).send({ status: 'unavailable' });
    return reply.send({ status: 'ok', database: database.kind });
  });

  // For a load balancer: /livez says the process answers (restart it if not); /readyz says whether
  // to send it requests: not while it drains for a shutdown, nor while its database does not
  // answer. Redis is reported but does not decide: without it rate limits count in memory, and
  // every instance going unready together would turn that small loss into an outage.
  let draining = false;
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const [databaseState, redisState] = await Promise.all([
      reachable(db.execute('select 1')),
      deps.redis ? reachable(deps.redis.ping()) : 'none',
    ]);
    const status = draining ? 'draining' : databaseState === 'ok' ? 'ok' : 'unavailable';
    return reply.code(status === 'ok' ? 200 : 503).send({ status, database: databaseState, redis: redisState });
  });

  if (config.mode.serveBuiltApps) await serveBuiltApps(app, { web: config.webDist, admin: config.adminDist });
  // Before the static files' index.html: the page names the home page's chunks (http/pageShell.ts).
  if (webPage) app.get('/', (_req, reply) => sendWebPage(reply, webPage('/')));

  return {
    app,
    config,
    db,
    clock,
    scheduler,
    ledger,
    /** The first step of a graceful shutdown: /readyz answers 503 from now on. */
    drain: () => {
      draining = true;
    },
    services: {
      config: configService,
      accounts,
      admins,
      wallet,
      system,
      notifier,
      deliveries,
      outbox,
      codes,
      sessions,
      products,
      productAdmin,
      holdings,
      records,
      statement,
      rank,
      rankAdmin,
      team,
      vip,
      draws,
      content,
      comments,
      messages,
      contact,
      notices,
      adjustments,
      addresses,
      coupons,
      redeem,
      deposits,
      sandbox,
      payoutAccounts,
      payPasswords,
      withdrawals,
      uploads,
      userGate,
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;
