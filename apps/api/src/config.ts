import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Environment → typed configuration. Every value is optional. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  adminEmail: string;
  adminPassword: string | undefined;
  appSecret: string;
  mediaStorage: 'local' | 's3';
  mediaMaxBytes: number;
  s3: {
    endpoint: string | undefined;
    bucket: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    publicUrl: string | undefined;
  };
  smtp: {
    host: string | undefined;
    port: number;
    user: string | undefined;
    password: string | undefined;
    secure: boolean;
    from: string;
  };
  publicUrl: string | undefined;
  /** The public website's origin: the sitemap's addresses and the editor's preview links. */
  siteUrl: string | undefined;
  /** Origins whose pages may call the public delivery API from a browser (CORS). */
  publicOrigins: readonly string[];
  logLevel: string;
  /** Behind a reverse proxy: client address and protocol come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Audit entries older than this many days are removed daily. */
  auditRetentionDays: number;
  /** Webhooks may call loopback, private and link-local addresses (a site on the same network). */
  webhookAllowPrivate: boolean;
};

export class ConfigError extends Error {}

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .refine(
      (n) => n >= min && n <= max,
      `${name} must be a whole number between ${min} and ${max}`,
    );

const optionalString = z.string().min(1).optional();

const envSchema = z.object({
  PORT: integer('PORT', 1, 65535).default(3000),
  HOST: z.string().min(1, 'HOST must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (url) => /^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url),
      'DATABASE_URL must be sqlite:PATH or postgres://user:pass@host:port/db',
    )
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })
    .default('false'),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  MEDIA_STORAGE: z
    .enum(['local', 's3'], { error: 'MEDIA_STORAGE must be local or s3' })
    .default('local'),
  MEDIA_MAX_BYTES: integer('MEDIA_MAX_BYTES', 1, 10 * 1024 ** 3).default(50 * 1024 * 1024),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL').optional(),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: z.url('S3_PUBLIC_URL must be a URL').optional(),
  SMTP_HOST: optionalString,
  SMTP_PORT: integer('SMTP_PORT', 1, 65535).default(587),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: z
    .enum(['true', 'false'], { error: 'SMTP_SECURE must be true or false' })
    .default('false'),
  SMTP_FROM: z.string().min(3).default('Back office <no-reply@localhost>'),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL').optional(),
  SITE_URL: z
    .url('SITE_URL must be an http(s) URL')
    .refine((url) => /^https?:\/\//i.test(url), 'SITE_URL must be an http(s) URL')
    .optional(),
  PUBLIC_ORIGINS: z
    .string()
    .refine(
      (value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
          .every((item) => /^https?:\/\/[^/\s]+$/i.test(item.replace(/\/$/, ''))),
      'PUBLIC_ORIGINS must be a comma-separated list of origins such as https://shop.example',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUDIT_RETENTION_DAYS: integer('AUDIT_RETENTION_DAYS', 1, 36500).default(365),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
    .default('false'),
});

/** Reads the secret from DATA_DIR, creating it on first boot. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable means "not set", as shells and compose files often pass them.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      issue.message.includes(name)
        ? issue.message
        : `${name}: ${issue.message} (got "${given[name]}")`,
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(error as Error).message}`);
  }
  if (e.MEDIA_STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) throw new ConfigError(`${name} must be set when MEDIA_STORAGE is s3`);
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, 'backoffice.db')}`,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    mediaStorage: e.MEDIA_STORAGE,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL,
    },
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      secure: e.SMTP_SECURE === 'true',
      from: e.SMTP_FROM,
    },
    publicUrl: e.PUBLIC_URL,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
    publicOrigins: (e.PUBLIC_ORIGINS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => new URL(item).origin),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
};
