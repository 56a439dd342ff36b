import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { minifySync } from 'rolldown/experimental';
import { transformWithOxc, type Plugin } from 'vite';
import MagicString from 'magic-string';
import { defineConfig } from 'vitest/config';

/**
 * Writes .gz and .br beside every text asset of the build, so the proxy serves them compressed
 * without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Lingui's macros (`t`, `<Trans>`, `plural`) compiled away before the React transform, by Lingui's
 * own Vite plugin (its native transform, no Babel): a message becomes its id and the catalogue
 * lookup. A build keeps only ids (the English is in its catalogue, not twice in the code); tests
 * and the dev server keep the English beside the id, so a message not yet extracted still reads.
 * With `wordsOf`, the ids each module ends up with are recorded for firstWords.
 */
export function linguiMacros(wordsOf?: Map<string, string[]>): Plugin[] {
  const plugins = lingui({ macroTransform: true, configPath: resolve(import.meta.dirname, 'lingui.config.ts') });
  if (!wordsOf) return plugins;
  // After Lingui's transform (both 'pre', in this order): the ids are in the code it returned.
  const recordWords: Plugin = {
    name: 'lingui-words',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || id.includes('/node_modules/') || !code.includes('/*i18n*/')) return null;
      wordsOf.set(id, [...code.matchAll(/\/\*i18n\*\/\s*\{\s*id:\s*"([^"]+)"/g)].map((match) => match[1]!));
      return null;
    },
  };
  return [...plugins, recordWords];
}

const FIRST_WORDS_MODULE = resolve(import.meta.dirname, 'src/terminal/shared/i18n/firstWords.ts');
const ENGLISH_CATALOGUE = resolve(import.meta.dirname, 'src/terminal/locales/en/messages.ts');
const FIRST_WORDS_SLOT = /(["'`])__FIRST_WORDS__\1/;

/**
 * The first load carries only the English words of its own modules (the rest, most of the
 * catalogue, come with the first lazy chunk: `loadAllWords`). Which modules are in the first load
 * is known only once the chunks are made, so firstWords.ts holds a slot that each chunk it lands in
 * fills with the words of that chunk's modules, as recorded by linguiMacros.
 */
function firstWords(wordsOf: Map<string, string[]>): Plugin {
  return {
    name: 'first-words',
    apply: 'build',
    load(id) {
      return id === FIRST_WORDS_MODULE ? 'export const firstWords = JSON.parse("__FIRST_WORDS__");' : null;
    },
    renderChunk(code, chunk) {
      const slot = FIRST_WORDS_SLOT.exec(code);
      if (!slot) return null;
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(readFileSync(ENGLISH_CATALOGUE, 'utf8'))?.[1];
      if (!literal) throw new Error(`${ENGLISH_CATALOGUE}: no compiled catalogue (npm run i18n:compile)`);
      const english = JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>;
      const words: Record<string, unknown> = {};
      for (const module of chunk.moduleIds) {
        for (const id of wordsOf.get(module) ?? []) if (id in english) words[id] = english[id];
      }
      const text = new MagicString(code);
      text.overwrite(slot.index, slot.index + slot[0].length, JSON.stringify(JSON.stringify(words)));
      return { code: text.toString(), map: text.generateMap({ hires: true }) };
    },
  };
}

/** The <template> holding the terminal's entry scripts (firstRows.inline.ts reads it by this id). */
const ENTRIES_ID = 'terminal-entries';
const FIRST_ROWS_SOURCE = resolve(import.meta.dirname, 'src/terminal/shared/firstRows/firstRows.inline.ts');

/** firstRows.inline.ts as one classic script: types gone, in its own scope, minified. */
async function inlineScript(): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(FIRST_ROWS_SOURCE, 'utf8'), FIRST_ROWS_SOURCE, { lang: 'ts', target: 'es2022' });
  // The type import made it a module for TypeScript; the page runs it as a classic script.
  const body = code.replace(/^export \{\};\s*$/m, '');
  const script = minifySync(FIRST_ROWS_SOURCE, `(() => {\n${body}\n})();`).code.trim();
  if (/<\/script|<!--/i.test(script)) throw new Error(`${FIRST_ROWS_SOURCE}: an inline script cannot hold </script or <!--`);
  return script;
}

/**
 * The first-rows script (firstRows.inline.ts) written into index.html as an inline classic script
 * right after <title>, before the stylesheet and the modules the build adds at the end of <head>:
 * it runs while the page is parsed, so its fetch and its rows never wait for the terminal's code
 * (a classic script after a stylesheet would wait for it). The proxy's CSP allows it by its hash
 * (src/proxy/http/inlineScripts.ts, on the page's response only); the page holds no other inline script.
 */
export function firstRowsInline(): Plugin {
  let build = false;
  // The same script as a file too, loaded deferred at the end of the body: it runs only if the inline
  // copy did not (a CSP refusing it after an HTML rewriter changed it), so the terminal still starts.
  // Made once per build, and both copies are this one text.
  let file: { fileName: string; code: string } | undefined;
  const fileOf = async () => {
    if (!file) {
      const code = await inlineScript();
      file = { fileName: `assets/first-rows-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`, code };
    }
    return file;
  };
  return {
    name: 'first-rows-inline',
    configResolved(config) {
      build = config.command === 'build';
    },
    // Read again for every build (a watched build too).
    buildStart() {
      file = undefined;
    },
    async generateBundle() {
      const { fileName, code } = await fileOf();
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      // After the build has added its module scripts: they become preloads, and the same tags go
      // into an inert <template> that the first-rows script starts them from.
      order: 'post',
      async handler(html) {
        if (!html.includes('</title>')) throw new Error('index.html has no </title> to put the first-rows script after');
        const entries: string[] = [];
        const page = build
          ? html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (tag, src: string) => {
              entries.push(tag);
              return `<link rel="modulepreload" crossorigin href="${src}">`;
            })
          : html;
        if (build && entries.length === 0) throw new Error('the built index.html has no module script for the first-rows script to start');
        const template = entries.length > 0 ? `\n    <template id="${ENTRIES_ID}">${entries.join('')}</template>` : '';
        const script = build ? (await fileOf()).code : await inlineScript();
        const withInline = page.replace('</title>', `</title>\n    <script>${script}</script>${template}`);
        if (!build) return withInline;
        if (!withInline.includes('</body>')) throw new Error('index.html has no </body> to put the first-rows file before');
        // At the end of the body and at low priority: asked for after the style sheet and the
        // preloads, so it does not compete with them (in <head>, the first row came 30-40 ms later).
        return withInline.replace('</body>', `  <script src="/${(await fileOf()).fileName}" defer fetchpriority="low"></script>\n  </body>`);
      },
    },
  };
}

const wordsOf = new Map<string, string[]>();

/** Integration tests that read the build (dist/): their own project, which `npm test` runs after building. */
const BUILD_TESTS = ['test/integration/first-words.test.ts', 'test/integration/secrets.test.ts', 'test/integration/static.test.ts'];

export default defineConfig({
  plugins: [...linguiMacros(wordsOf), firstWords(wordsOf), react(), firstRowsInline(), precompress()],
  // The market-data worker is bundled apart, with its own plugins: its modules' words too.
  worker: { plugins: () => [linguiMacros()] },
  // `@/` is src/ (tsconfig.json's paths say the same for TypeScript, tsx and dependency-cruiser).
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // One chunk for the first load on purpose (react-dom is most of it); the budget is watched by the bench.
    chunkSizeWarningLimit: 700,
    // What the first screen needs in one file (and Rolldown's small runtime beside it): split as
    // Rolldown would split it, in 21 files, it gzips to 8 kB more.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } } },
  },
  server: {
    // `npm run dev` serves the terminal with hot reload against a running `npm start` on 8080.
    proxy: {
      '/v1': 'http://127.0.0.1:8080',
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    // Vitest's default is one worker fewer than the CPUs: one file at a time on a 2-CPU machine. The
    // integration files mostly wait (on the service's one request a second, on lease timeouts, on
    // a child process starting), so one more file than the CPUs keeps them busy; the browser
    // project stays one file at a time. (Vitest wants one maxWorkers for projects run together.)
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules (no fresh import per file): a third of the time. Nothing
          // here keeps module state between files. Component files stay isolated: their stores
          // listen on the window of the file that first imported them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Real servers: the proxy, the embedded service, PostgreSQL, each started by the test file.
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: BUILD_TESTS,
          environment: 'node',
          // Each file starts its own servers; sharing the worker's modules spares their import.
          isolate: false,
          globalSetup: ['test/helpers/buildOnce.ts'],
          // Generous for a loaded CI machine (2 CPUs, a browser beside): a timeout is not a verdict.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // What the build made (dist/): `npm test` builds before it runs them; test:fast does not build.
          name: 'build',
          include: BUILD_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          // Each file in a fresh VM context (its own modules, window and stores) inside a reused
          // worker: isolated as a new process would be, for half the CPU. Sharing modules between
          // files (isolate: false) left one file's DOM, stores and mocks to the next.
          pool: 'vmThreads',
          environment: 'happy-dom',
          setupFiles: ['test/component/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          globalSetup: ['test/helpers/buildOnce.ts'],
        },
      },
    ],
  },
});
