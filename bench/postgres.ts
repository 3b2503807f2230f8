import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the benches find PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local one. */
export const postgresBaseUrl = () =>
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's address without its password, to print. */
export const shownUrl = (url: string) => {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
};

/** Null when PostgreSQL answers, else why not (the bench then says so and goes on). */
export const postgresUnreachable = async () => {
  const client = new pg.Client({
    connectionString: postgresBaseUrl(),
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** A fresh database for one run, as the API tests make theirs, and how to drop it. */
export const createBenchDatabase = async (label: string) => {
  const name = `bo_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresBaseUrl() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresBaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
