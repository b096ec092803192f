import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { DEMO_PASSWORD, demoLogins } from './db/seed-demo.ts';
import { terminalLogger } from './platform/logging.ts';
import { seedDemoHistory } from './services/demo/demo-history.ts';

/**
 * Process entry: `tsx src/server.ts [--workers-only | --no-workers]` (or WORKERS=only / none).
 * Listens on PORT (unless workers only), runs the job workers in-process (unless --no-workers):
 * every lane, plus pg-boss's maintenance and cron clock, which any number of worker processes
 * share. Shuts down cleanly on SIGTERM/SIGINT: stop accepting requests, let workers finish their
 * jobs, close the database.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();

  // In a terminal the logs are readable (pretty, one line per request, health checks quiet).
  const app = await buildApp(config, {
    logger: terminalLogger(config.logLevel, process.stdout.isTTY === true),
  });
  const { worker, seeded } = app.platform;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck close must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.workers !== 'none') worker.start();

  if (config.workers === 'only') {
    app.log.info({ workerId: worker.workerId }, 'job workers running (no HTTP server)');
    return;
  }

  // The first start of a demo instance makes the demo account's year of history before it serves:
  // it listens already (the history's webhooks reach the API's own receiver) but answers 503.
  const history = config.seedDemoHistory && seeded;
  if (history) app.platform.startup.open = false;
  const address = await app.listen({ port: config.port, host: config.host });
  let historyLine: string | undefined;
  if (history) {
    const started = Date.now();
    // Said on the terminal, so a first start is not mistaken for a hang while requests get 503.
    console.log(
      `Making the demo history of italy@ (a year of invoices), the console opens when it is done…`,
    );
    try {
      const summary = await seedDemoHistory({
        db: app.platform.database.db,
        logger: app.log,
        mailer: app.platform.mailer,
        files: app.platform.files,
        apiBaseUrl: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '[::1]'),
      });
      historyLine = `Demo history of italy@ made in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.customerInvoices} customer and ${summary.supplierInvoices} supplier invoices, ${summary.drafts} drafts, ${summary.receipts} smart receipts, ${summary.expenses} health expenses, ${summary.webhookDeliveries} webhook deliveries, ${summary.bankTransactions} bank transactions paying ${summary.invoicesPaidByBank} invoices.`;
    } catch (error) {
      app.log.error({ err: error }, 'the demo history could not be made');
    } finally {
      app.platform.startup.open = true;
    }
  }
  const url = config.publicUrl;
  const lines = [
    '',
    `Fiscus is running at ${url}  (API docs: ${url}/api/docs)`,
    `Database: ${app.platform.database.kind}${app.platform.database.kind === 'pglite' ? ` in ${config.databaseUrl}` : ''}`,
  ];
  if (config.sandbox) {
    lines.push(
      `Sandbox mode. Demo logins (password ${DEMO_PASSWORD})${seeded ? ', created now' : ''}:`,
      ...demoLogins.map((login) => `  ${login.email.padEnd(36)} ${login.persona}`),
      ...(historyLine ? [historyLine] : []),
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
