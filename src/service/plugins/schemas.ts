import fp from 'fastify-plugin';
import { zodSerializerCompiler, zodValidatorCompiler } from '@/interface/routeSchemas';

export type { ZodRoutes, ZodTypeProvider } from '@/interface/routeSchemas';
export { zodSerializerCompiler, zodValidatorCompiler } from '@/interface/routeSchemas';

/** Every route of the service declares zod/mini schemas from src/interface; these compile them. */
export default fp(
  async (fastify) => {
    fastify.setValidatorCompiler(zodValidatorCompiler);
    fastify.setSerializerCompiler(zodSerializerCompiler);
  },
  { name: 'service-schemas' },
);
