import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 8080, ./data under the repo root, embedded PGlite, sandbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(resolve(repoRoot, 'data'));
    expect(config.databaseUrl).toBe(resolve(repoRoot, 'data', 'pglite'));
    expect(config.sandbox).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.seedDemoHistory).toBe(true);
    expect(config.workers).toBe('embedded');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.webDistDir).toBe(resolve(repoRoot, 'apps/web/dist'));
    expect(config.serviceUrls.peppol).toBe('/api/peppol');
    expect(config.platformKeys.peppol_be).toBe('peppol_be');
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/fiscus',
      DATABASE_URL: 'postgres://u:p@db:5432/fiscus',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://fiscus.example.test/',
      SMTP_URL: 'smtp://mail.example.test:587',
      MAIL_FROM: 'Fiscus <ops@example.test>',
      CORS_ORIGINS: 'https://a.example.test, https://b.example.test',
      BODY_LIMIT: '4096',
      SANDBOX: 'false',
      SANDBOX_DELAY_MS: '10',
      LOG_LEVEL: 'debug',
      WORKERS: 'none',
      SERVICE_URL_OB: 'https://ob.example.test',
      PLATFORM_KEYS: '{"stripe":"api-stripe.example.test"}',
      WEBHOOK_ALLOW_PRIVATE: '1',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/fiscus',
      databaseUrl: 'postgres://u:p@db:5432/fiscus',
      publicUrl: 'https://fiscus.example.test',
      smtpUrl: 'smtp://mail.example.test:587',
      corsOrigins: ['https://a.example.test', 'https://b.example.test'],
      bodyLimit: 4096,
      sandbox: false,
      seedDemo: false,
      seedDemoHistory: false,
      sandboxDelayMs: 10,
      logLevel: 'debug',
      workers: 'none',
      webhookAllowPrivate: true,
      trustProxy: true,
    });
    expect(config.serviceUrls.ob).toBe('https://ob.example.test');
    expect(config.platformKeys.stripe).toBe('api-stripe.example.test');
  });

  it('lets the command-line flags choose the workers mode', () => {
    expect(loadConfig({}, ['--workers-only']).workers).toBe('only');
    expect(loadConfig({ WORKERS: 'only' }, ['--no-workers']).workers).toBe('none');
  });

  it('stops on bad values, naming each variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', SANDBOX: 'perhaps', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    for (const name of ['PORT', 'SANDBOX', 'DATABASE_URL'])
      expect(bad).toThrow(new RegExp(`${name}:`));
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PLATFORM_KEYS: 'not json' })).toThrow(/PLATFORM_KEYS/);
    expect(() => loadConfig({ PLATFORM_KEYS: '{"it": 3}' })).toThrow(/PLATFORM_KEYS/);
  });
});
