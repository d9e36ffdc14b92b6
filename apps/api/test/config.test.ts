import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database under ./data', () => {
    const c = loadConfig({}, '/srv/admitone');
    expect(c).toMatchObject({
      port: 3000,
      dataDir: '/srv/admitone/data',
      databaseUrl: 'pglite:///srv/admitone/data/pgdata',
      appUrl: 'http://localhost:3000',
      smtpUrl: null,
      jobsInProcess: true,
    });
  });

  it('reads every setting', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db:5432/x',
        APP_URL: 'https://tickets.example.com/',
        SMTP_URL: 'smtps://a:b@mail:465',
        JOBS_IN_PROCESS: 'false',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/x',
      appUrl: 'https://tickets.example.com',
      smtpUrl: 'smtps://a:b@mail:465',
      jobsInProcess: false,
    });
  });

  it('names every bad value in one readable error', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          APP_URL: 'localhost',
          SMTP_URL: 'http://mail',
          JOBS_IN_PROCESS: 'maybe',
        },
        '/srv',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'APP_URL', 'SMTP_URL', 'JOBS_IN_PROCESS'])
      expect(message).toContain(name);
    expect(message).toContain('"eighty"');
  });

  it('takes Stripe keys all together or not at all', () => {
    expect(loadConfig({}, '/srv').stripe).toBeNull();
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig({ ...keys, STRIPE_PLATFORM_FEE_PERCENT: '2.5' }, '/srv').stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      mode: 'CONNECT',
      platformFeePercent: 2.5,
      apiUrl: null,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }, '/srv')).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/,
    );
  });

  it("links sign-up to the operator's terms and privacy policy when given as http(s) addresses", () => {
    expect(loadConfig({}, '/srv').legal).toEqual({ termsUrl: null, privacyUrl: null });
    expect(
      loadConfig({ TERMS_URL: 'https://example.com/terms', PRIVACY_URL: 'https://example.com/privacy' }, '/srv').legal,
    ).toEqual({ termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' });
    for (const bad of ['javascript:alert(1)', '/terms', 'ftp://example.com/terms'])
      expect(() => loadConfig({ TERMS_URL: bad }, '/srv'), bad).toThrow(/TERMS_URL/);
  });

  it('gives each account a mail budget per hour: 200 unless MAIL_BUDGET_PER_HOUR says otherwise', () => {
    expect(loadConfig({}, '/srv').mailBudgetPerHour).toBe(200);
    expect(loadConfig({ MAIL_BUDGET_PER_HOUR: '50' }, '/srv').mailBudgetPerHour).toBe(50);
    for (const bad of ['0', '-1', 'lots', '1.5'])
      expect(() => loadConfig({ MAIL_BUDGET_PER_HOUR: bad }, '/srv'), bad).toThrow(/MAIL_BUDGET_PER_HOUR/);
  });

  it('tries undeliverable mail again for 72 hours unless MAIL_RETRY_HOURS says otherwise', () => {
    expect(loadConfig({}, '/srv').mailRetryHours).toBe(72);
    expect(loadConfig({ MAIL_RETRY_HOURS: '168' }, '/srv').mailRetryHours).toBe(168);
    for (const bad of ['0', '-1', 'lots', '721'])
      expect(() => loadConfig({ MAIL_RETRY_HOURS: bad }, '/srv'), bad).toThrow(/MAIL_RETRY_HOURS/);
  });

  it('lets bulk mail give way to a busy machine unless MAIL_YIELD_TO_BUSY_CPU=false', () => {
    expect(loadConfig({}, '/srv').mailYieldToBusyCpu).toBe(true);
    expect(loadConfig({ MAIL_YIELD_TO_BUSY_CPU: 'false' }, '/srv').mailYieldToBusyCpu).toBe(false);
    expect(() => loadConfig({ MAIL_YIELD_TO_BUSY_CPU: 'sometimes' }, '/srv')).toThrow(/MAIL_YIELD_TO_BUSY_CPU/);
  });

  it('believes no proxy unless TRUST_PROXY names it: a hop count, addresses and CIDRs, or true', () => {
    expect(loadConfig({}, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, '/srv').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/srv').trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ,172.16.0.1, fd00::/8 ' }, '/srv').trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '172.16.0.1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2'])
      expect(() => loadConfig({ TRUST_PROXY: bad }, '/srv'), bad).toThrow(/TRUST_PROXY/);
  });

  it('takes DATABASE_DIRECT_URL only beside a PostgreSQL DATABASE_URL (a transaction pooler)', () => {
    expect(loadConfig({}, '/srv').databaseDirectUrl).toBeNull();
    expect(
      loadConfig(
        {
          DATABASE_URL: 'postgres://app@pgbouncer:6432/tickets',
          DATABASE_DIRECT_URL: 'postgres://app@db:5432/tickets',
        },
        '/srv',
      ).databaseDirectUrl,
    ).toBe('postgres://app@db:5432/tickets');
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://app@db:5432/tickets' }, '/srv')).toThrow(
      /DATABASE_DIRECT_URL: only with a PostgreSQL DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/tickets', DATABASE_DIRECT_URL: 'mysql://db' }, '/srv'),
    ).toThrow(/DATABASE_DIRECT_URL/);
  });

  it('keeps uploads on local disk unless S3_BUCKET names a bucket; keys come in pairs', () => {
    expect(loadConfig({}, '/srv').s3).toBeNull();
    expect(
      loadConfig(
        {
          S3_BUCKET: 'tickets',
          S3_ENDPOINT: 'http://minio:9000',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'k',
          S3_SECRET_ACCESS_KEY: 's',
          S3_PUBLIC_URL: 'https://cdn.example.net/',
        },
        '/srv',
      ).s3,
    ).toEqual({
      bucket: 'tickets',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      publicUrl: 'https://cdn.example.net',
    });
    // Without keys the SDK's own sources (an instance role, ~/.aws) are used.
    expect(loadConfig({ S3_BUCKET: 'tickets', S3_REGION: 'eu-central-1' }, '/srv').s3).toMatchObject({
      region: 'eu-central-1',
      endpoint: null,
      credentials: null,
      publicUrl: null,
    });
    expect(() => loadConfig({ S3_BUCKET: 'tickets', S3_ACCESS_KEY_ID: 'k' }, '/srv')).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'tickets', S3_ENDPOINT: 'minio' }, '/srv')).toThrow(/S3_ENDPOINT/);
  });
});
