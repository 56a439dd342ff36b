export {
  DatabaseUnavailableError,
  openPostgres,
  Postgres,
  redactUrl,
  type PostgresClient,
  type PostgresLog,
  type PostgresOptions,
} from './database';
export { migratePostgres, postgresMigrations, SchemaTooNewError } from './migrations';
