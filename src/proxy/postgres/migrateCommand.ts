/**
 * `npm run migrate`: brings the desk's database (DATABASE_URL) to this build's schema and prints its
 * version. The proxy does the same at start; this is for operators who migrate before a rollout.
 * Any failure is one line on stderr (the URL's password never in it) and a non-zero exit.
 */
import { openPostgres, redactUrl } from './database';
import { migratePostgres } from './migrations';

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    console.error('DATABASE_URL is not set: give the desk database as postgres://user:password@host:5432/name');
    return 2;
  }
  let pg;
  try {
    pg = openPostgres(url, { max: 1 });
  } catch (error) {
    console.error(`DATABASE_URL: ${(error as Error).message}`);
    return 2;
  }
  try {
    const version = await migratePostgres(pg);
    console.log(`${pg.target}: schema version ${version}`);
    return 0;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    console.error(`${redactUrl(url)}: ${message}`);
    return 1;
  } finally {
    await pg.close();
  }
}

process.exitCode = await main();
