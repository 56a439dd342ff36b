import fp from 'fastify-plugin';
import { zodSerializerCompiler, zodValidatorCompiler } from '@/interface/routeSchemas';

/**
 * Every route declares its request and reply schemas with the zod/mini schemas of src/interface:
 * a request is checked once, at the edge, and a reply that breaks its schema is an error.
 */
export const schemasPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);
  },
  { name: 'schemas' },
);
