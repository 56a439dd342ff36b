import { accountsResponseSchema } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';

/** GET /api/accounts: the accounts this proxy signs for, by name and account id (never a key or secret). */
export const accountsRoutes: ZodRoutes = async (app) => {
  app.get('/api/accounts', { config: { access: 'session' }, schema: { response: { 200: accountsResponseSchema } } }, async () => ({
    success: true as const,
    data: { rows: app.accountBook.views() },
    timestamp: Date.now(),
  }));
};
