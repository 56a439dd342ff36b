import type {
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import * as z from 'zod/mini';
import { describeIssues } from './issues';

/*
 * How both servers (the proxy and the embedded service) declare their routes' schemas with the
 * zod/mini schemas of this folder. Type-only imports of Fastify: nothing here reaches the bundle.
 */

type Schema = z.core.$ZodType;

/** Route types read from the zod schemas declared on the route: a request's parsed parts, a reply's body. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? z.input<this['schema']> : unknown;
}

/** A file of routes whose schemas are zod schemas. */
export type ZodRoutes<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

/** A request that failed its schema; `unknownKeys` when it carried a field the schema does not know. */
export class RequestSchemaError extends Error {
  constructor(
    message: string,
    readonly unknownKeys: boolean,
  ) {
    super(message);
  }
}

/**
 * A failed request schema becomes an error carrying the issues' own words, so the error handler
 * answers 400 with the same message a hand-written check gave.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<Schema> =
  ({ schema }) =>
  (data) => {
    const parsed = z.safeParse(schema, data);
    if (parsed.success) return { value: parsed.data };
    const unknownKeys = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
    return { error: new RequestSchemaError(describeIssues(parsed.error), unknownKeys) };
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
