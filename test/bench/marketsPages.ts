/**
 * The three markets pages, built with Vite into a temp dir and served with the embedded service
 * from one Fastify server, so every page polls the feed same-origin (no proxy, no CORS) and the
 * only difference between the contenders is the page.
 */
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { createServiceApp } from '@/service';
import { linguiMacros } from '../../vite.config';

const pagesDir = resolve(import.meta.dirname, 'pages');

export const CONTENDERS = ['ours', 'aggrid', 'plain'] as const;
export type Contender = (typeof CONTENDERS)[number];

export const CONTENDER_NAMES: Record<Contender, string> = {
  ours: 'ours',
  aggrid: 'AG Grid',
  plain: 'plain',
};

/** Production build of the pages (minified, React in production mode), like the terminal's. */
export async function buildMarketsPages(outDir: string, pages: readonly string[] = CONTENDERS): Promise<void> {
  await build({
    root: pagesDir,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    // The terminal's own table, with its words compiled as in the terminal's build.
    plugins: [linguiMacros(), react()],
    // The feed's worker too (as vite.config.ts builds it): without the macros compiled its script
    // fails to load, and the terminal's table would poll on the page's thread, as it never does.
    worker: { plugins: () => [linguiMacros()] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // AG Grid is big; its size is not what this section measures.
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: {
        input: Object.fromEntries(pages.map((name) => [name, join(pagesDir, `${name}.html`)])),
      },
    },
  });
}

export interface MarketsServer {
  url: string;
  /** GET /v1/public/futures answered so far: each one a poll that brought new prices. */
  futuresServed(): number;
  close(): Promise<void>;
}

/**
 * Counts the service's answers to GET /v1/public/futures. Behind the proxy, reads in the same
 * interval share one answer, so this counts the polls that brought new prices, the same way for a
 * page that polls the service directly and for the terminal behind its proxy.
 */
export function countFuturesServed(app: FastifyInstance): () => number {
  let served = 0;
  app.addHook('onResponse', async (request) => {
    if (request.url.split('?')[0] === '/v1/public/futures') served += 1;
  });
  return () => served;
}

/** The embedded service with every price moving on every poll, plus the pages, on one port. */
export async function startMarketsServer(builtDir: string, instrumentCount: number, seed = 11): Promise<MarketsServer> {
  const service = createServiceApp({ instrumentCount, everyUpdateMoves: true, seed });
  const futuresServed = countFuturesServed(service.app);
  // Scripts run as the proxy lets the terminal's run: no eval (so no code generated at run time,
  // by zod or anyone), workers only from the same origin.
  service.app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', "script-src 'self'");
  });
  await service.app.register(fastifyStatic, { root: builtDir, index: false });
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  return { url, futuresServed, close: () => service.app.close() };
}
