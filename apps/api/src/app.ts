import { composePeppol, peppolPlugin } from './services/peppol/peppol.composition.ts';
import { composePoland, polandPlugin, type Poland } from './services/pl/pl.composition.ts';
import {
  composeOpenBanking,
  openBankingPlugin,
  type OpenBanking,
} from './services/ob/ob.composition.ts';
import {
  AggregatorSandbox,
  SANDBOX_PAGES_PATH,
} from './gateways/bank-aggregator/sandbox/aggregator-sandbox.ts';
import { bankAggregatorSandboxRoutes } from './gateways/bank-aggregator/sandbox/routes.ts';
import { SandboxKsefGateway } from './gateways/ksef/sandbox-client.ts';
import { KsefSandbox, SANDBOX_API_PATH } from './gateways/ksef/sandbox/ksef-sandbox.ts';
import { ksefSandboxRoutes } from './gateways/ksef/sandbox/routes.ts';
import { seedDemoLegalEntities } from './services/peppol/legal-entities/seed-demo-legal-entities.ts';
import fastifyAccepts from '@fastify/accepts';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolve } from 'node:path';
import type { AppConfig } from './config.ts';
import { seedDemo } from './db/seed-demo.ts';
import { registerAuth } from './platform/auth.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { openDatabase } from './platform/db/database.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { FolderFileStore } from './platform/files/folder-file-store.ts';
import { openJobBoss } from './platform/jobs/job-boss.ts';
import { JobQueue, JobWorker } from './platform/jobs/job-queue.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerSlowWorkWarnings } from './platform/slow-work.ts';
import { resolveJwtSecret } from './platform/jwt-secret.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import {
  OutboxMailer,
  QueuedSmtpMailer,
  SEND_MAIL_JOB,
  smtpSendHandler,
} from './platform/mail/mailer.ts';
import { OutboxRepository } from './platform/mail/outbox.repository.ts';
import { outboxRoutes } from './platform/mail/outbox.routes.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerHostileInputGuard } from './platform/hostile-strings.ts';
import {
  answerClientError,
  registerProblemErrors,
  sendFrameworkError,
} from './platform/problem-errors.ts';
import { runtimeConfigOf, runtimeConfigRoutes } from './platform/runtime-config.routes.ts';
import { registerStaticConsole } from './platform/static-console.ts';
import { commonRoutes } from './services/common/common.routes.ts';
import { composeCommon } from './services/common/compose.ts';
import { seedDemoRegistries } from './services/it/business-registry-configurations/seed-demo-registries.ts';
import type { StartupGate } from './services/demo/demo-startup-gate.ts';
import { registerStartupGate } from './services/demo/demo-startup-gate.ts';
import { demoWebhookReceiverRoutes } from './services/demo/demo-webhook-receiver.ts';
import { composeItIntegrations } from './services/it/integrations/compose.ts';
import { itIntegrationsPlugin } from './services/it/it-integrations.plugin.ts';
import { composeItInvoicing } from './services/it/it-invoicing.composition.ts';
import { itInvoicingPlugin } from './services/it/it-invoicing.plugin.ts';
import { transferStorePlugin } from './services/it/transfers/transfer-store.routes.ts';
import { recipientCodeRoutes } from './services/it/recipient-code/recipient-code.routes.ts';
import { RecipientCodeService } from './services/it/recipient-code/recipient-code.service.ts';
import { composePreservation } from './services/preservation/compose.ts';
import { preservedDocumentsRoutes } from './services/preservation/preserved-documents/preserved-documents.routes.ts';

/** Shared services of the platform, reachable from the app for the server entry, tests and workers. */
export type Platform = {
  database: DatabaseHandle;
  jobs: JobQueue;
  worker: JobWorker;
  mailer: Mailer;
  files: FileStore;
  /** True when this start created the demo accounts. */
  seeded: boolean;
  /** Open unless server.ts is making the demo history (see demo-startup-gate.ts). */
  startup: StartupGate;
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    /** Poland's services (tests and the demo history reach them here). */
    poland: Poland;
    openBanking: OpenBanking;
  }
}

export type BuildOptions = {
  /** An already open database (tests share one per file); closed by the caller then. */
  database?: DatabaseHandle;
  /** Fastify logger options (pino) or false; default: JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /**
   * The clock of the services whose rules depend on the time of day (smart receipts: the
   * Agenzia's closing window and a receipt's day); tests set it, the server keeps the real one.
   */
  clock?: () => Date;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds the whole API (never listens). Order: external plugins, platform services, routes.
 * Migrations run here, and demo data is seeded when enabled and the database is empty.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await openDatabase(config.databaseUrl));
  try {
    await database.migrate();
    const app = Fastify({
      // Secrets redacted and failed queries logged without their parameters, whatever the options.
      logger: loggerOptions(config.logLevel, options.logger),
      bodyLimit: config.bodyLimit,
      // Off by default: a client could otherwise pick its own IP with X-Forwarded-For and dodge
      // the login rate limit.
      trustProxy: config.trustProxy,
      // Honour a caller's request id (proxies, the console) so one id follows a request end to end.
      requestIdHeader: 'x-request-id',
      genReqId: () => crypto.randomUUID(),
      // A path parameter may hold an email of 255 characters, percent-encoded.
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
      // Every refusal is problem+json, the router's and Node's HTTP parser's included.
      frameworkErrors: sendFrameworkError,
      clientErrorHandler: answerClientError,
      // `__proto__` and `constructor.prototype` keys in a JSON body are a 400, never merged.
      onProtoPoisoning: 'error',
      onConstructorPoisoning: 'error',
      // Plugins load on a shared 2-core machine next to PGlite's start; avvio's 10 s is too tight.
      pluginTimeout: 120_000,
    }).withTypeProvider<ZodTypeProvider>();

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    app.addHook('onRequest', async (request, reply) => {
      if (!REQUEST_ID_PATTERN.test(request.id)) request.id = crypto.randomUUID();
      reply.header('x-request-id', request.id);
    });
    registerSlowWorkWarnings(app, config.slowWork);
    // Before any plugin or route adds its hooks, so hostile strings never reach one.
    registerHostileInputGuard(app);
    // Closed by server.ts while the demo history is made at the first start (503 meanwhile).
    const startup = registerStartupGate(app);

    // 1. External plugins.
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI/emotion inject <style> tags at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...absoluteOrigins(Object.values(config.serviceUrls))],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // 'self': the console may show API-served PDFs/HTML in an iframe; other sites may not.
          frameAncestors: ["'self'"],
        },
      },
      // PDFs and downloads open in new tabs from blob: URLs; COEP would block them.
      crossOriginEmbedderPolicy: false,
    });
    if (config.corsOrigins.length > 0) {
      await app.register(fastifyCors, {
        origin: config.corsOrigins,
        allowedHeaders: [
          'authorization',
          'content-type',
          'accept',
          'x-switch-user',
          'x-request-id',
        ],
        exposedHeaders: ['x-request-id', 'content-disposition'],
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      });
    }
    // Responses of 1 KB or more go out brotli- or gzip-compressed to a client that accepts it
    // (JSON lists, CSV, XML; zips, PDFs and the console's precompressed assets are left as they
    // are). Request bodies are never inflated: a compressed upload would slip past bodyLimit.
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
    });
    await app.register(fastifyRateLimit, { global: false });
    // Content negotiation (`request.accepts()`) for every route: collections, downloads.
    await app.register(fastifyAccepts);
    await registerOpenApi(app, config.version);
    const consoleIndex = await registerStaticConsole(
      app,
      config.webDistDir,
      runtimeConfigOf(config),
    );
    registerProblemErrors(app, { spaFallback: consoleIndex });

    // 2. Platform services.
    const { db } = database;
    // pg-boss installs its own tables (schema `pgboss`) beside ours on first start.
    const jobBoss = await openJobBoss(database, app.log);
    const jobs = new JobQueue(jobBoss);
    // Jobs enqueued by this process wake the worker at once; other processes find them by polling.
    const worker = new JobWorker({ boss: jobBoss, logger: app.log, queue: jobs });
    const outbox = new OutboxRepository(db);
    let mailer: Mailer;
    if (config.smtpUrl) {
      mailer = new QueuedSmtpMailer(jobs);
      worker.register(SEND_MAIL_JOB, smtpSendHandler(config.smtpUrl, config.mailFrom));
    } else {
      mailer = new OutboxMailer(outbox);
    }
    const files = new FolderFileStore(resolve(config.dataDir, 'files'));
    const seeded = config.seedDemo ? await seedDemo(db) : false;
    // The official samples' parties as the Italian demo account's companies (idempotent).
    if (config.sandbox) await seedDemoRegistries(db);
    // The Peppol demo account's Italian and Belgian legal entities, on the sandbox SMP.
    if (config.sandbox) await seedDemoLegalEntities(db);
    app.decorate('platform', { database, jobs, worker, mailer, files, seeded, startup });
    app.addHook('onClose', async () => {
      await worker.stop();
      if (ownsDatabase) await database.close();
    });

    // Each service's objects, built once here; the route plugins below only mount them.
    const composition = { db, config, jobs, worker, logger: app.log };
    const common = composeCommon({
      ...composition,
      mailer,
      signToken: (user) => app.signToken(user),
    });
    const itIntegrations = composeItIntegrations(composition);
    const preservation = composePreservation(composition);
    const itInvoicing = composeItInvoicing(
      app.platform,
      config,
      app.log,
      options.clock,
      preservation,
    );

    await registerAuth(app, {
      secret: resolveJwtSecret(config),
      platformKeys: config.platformKeys,
      accounts: common.accounts,
    });

    // 3. Routes.
    await app.register(runtimeConfigRoutes, { config, db });
    if (config.sandbox) await app.register(outboxRoutes, { outbox });
    if (config.sandbox) await app.register(demoWebhookReceiverRoutes);

    await app.register(commonRoutes, {
      prefix: '/api/common',
      services: common,
      config,
      webhookSigningKey: () => itIntegrations.delivery.key(),
    });
    await app.register(
      async (it) => {
        await it.register(recipientCodeRoutes, { service: new RecipientCodeService() });
        await it.register(itInvoicingPlugin, { config, it: itInvoicing });
        await it.register(itIntegrationsPlugin, { integrations: itIntegrations, preservation });
      },
      { prefix: '/api/it' },
    );
    await app.register(preservedDocumentsRoutes, {
      prefix: '/api/preservation',
      service: preservation,
    });
    await app.register(peppolPlugin, {
      prefix: '/api/peppol',
      peppol: composePeppol({
        ...composition,
        mailer,
        webhookDelivery: itIntegrations.delivery,
        ...(options.clock ? { clock: options.clock } : {}),
      }),
    });
    // KSeF: the sandbox KSeF of this instance (its HTTP face on a sandbox instance), the Polish API.
    const ksefSandbox = new KsefSandbox({
      db,
      apiUrl: `${config.publicUrl}${SANDBOX_API_PATH}`,
      numberDelayMs: config.ksef.numberDelayMs,
      upoDelayMs: config.ksef.upoDelayMs,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    if (config.sandbox) {
      await app.register(ksefSandboxRoutes, { prefix: SANDBOX_API_PATH, sandbox: ksefSandbox });
    }
    const poland = composePoland({
      ...composition,
      mailer,
      webhookDelivery: itIntegrations.delivery,
      ksef: new SandboxKsefGateway({
        db,
        sandbox: ksefSandbox,
        apiUrl: `${config.publicUrl}${SANDBOX_API_PATH}`,
        ...(options.clock ? { clock: options.clock } : {}),
      }),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.register(polandPlugin, { prefix: '/api/pl', poland });
    app.decorate('poland', poland);
    // Open banking: the aggregator sandbox (its hosted pages on a sandbox instance), the API.
    const aggregator = new AggregatorSandbox({
      db,
      publicUrl: config.publicUrl,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    if (config.sandbox) {
      await app.register(bankAggregatorSandboxRoutes, {
        prefix: SANDBOX_PAGES_PATH,
        sandbox: aggregator,
      });
    }
    const openBanking = composeOpenBanking({
      ...composition,
      mailer,
      webhookDelivery: itIntegrations.delivery,
      aggregator,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    aggregator.listenWith(openBanking.sync.callbacks());
    await app.register(openBankingPlugin, { prefix: '/api/ob', openBanking });
    app.decorate('openBanking', openBanking);
    await app.register(transferStorePlugin, {
      prefix: '/api/transfer',
      service: itInvoicing.transfers,
    });

    await app.ready();
    return app;
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}

/** Origins of service URLs that point at another host, for the CSP's connect-src. */
function absoluteOrigins(urls: string[]): string[] {
  return urls.flatMap((url) => {
    try {
      return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
}
