import type {
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { describeIssues } from '../../interface';

type Schema = z.core.$ZodType;

/** Route types read from the zod schemas declared on the route: a request's parsed parts, a reply's body. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? z.input<this['schema']> : unknown;
}

/** A file of routes whose schemas are zod schemas. */
export type ZodRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

/**
 * A failed request schema becomes an Error carrying the issues' own words, so the error handler
 * answers 400 with the same message a hand-written check gave (see plugins/errors.ts).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<Schema> =
  ({ schema }) =>
  (data) => {
    const parsed = z.safeParse(schema, data);
    return parsed.success ? { value: parsed.data } : { error: new Error(describeIssues(parsed.error)) };
  };

/**
 * Checks a reply against its schema and sends it as given: parsing would drop unknown fields and
 * reorder keys, and encoding refuses the envelope's one-way code transform.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<Schema> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    const checked = z.safeParse(schema, data);
    if (!checked.success) {
      throw new Error(`reply ${httpStatus ?? ''} to ${method} ${url} breaks its schema: ${describeIssues(checked.error)}`);
    }
    return JSON.stringify(data);
  };

/** Every route of the service declares zod/mini schemas from src/interface; these compile them. */
export default fp(
  async (fastify) => {
    fastify.setValidatorCompiler(zodValidatorCompiler);
    fastify.setSerializerCompiler(zodSerializerCompiler);
  },
  { name: 'service-schemas' },
);
