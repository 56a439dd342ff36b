import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
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
 * With `wordsOf`, the ids each module ends up with are recorded for catalogueSplit.
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
const LOCALES_DIR = resolve(import.meta.dirname, 'src/terminal/locales');
const FIRST_WORDS_SLOT = /(["'`])__FIRST_WORDS__\1/;

/**
 * Lazy chunks whose words are a part of the catalogue of their own, fetched once the chunk has
 * loaded (by the module each chunk is made for): what a trading desk opens now and then, not the
 * Trade workspace. Each must be loaded through lazyWithWords, which waits for its part. The words
 * of every other chunk are one part, fetched with the language.
 */
const OWN_PARTS = [
  'src/terminal/app/DeskPanels.tsx',
  'src/terminal/app/HeldOrdersPanel.tsx',
  'src/terminal/app/PhoneLayout.tsx',
  'src/terminal/features/workspace/components/LayoutMenuBody.tsx',
  'src/terminal/features/session/components/SessionMenuBody.tsx',
].map((path) => resolve(import.meta.dirname, path));

type Compiled = unknown;

/** Every compiled catalogue (npm run i18n:compile), by locale: id → compiled message. */
function compiledCatalogues(): Map<string, Record<string, Compiled>> {
  const catalogues = new Map<string, Record<string, Compiled>>();
  for (const locale of readdirSync(LOCALES_DIR).sort()) {
    const file = join(LOCALES_DIR, locale, 'messages.ts');
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    if (!literal) throw new Error(`${file}: no compiled catalogue (npm run i18n:compile)`);
    // Read as the JavaScript string it is (Lingui writes escapes JSON has not), then as its JSON.
    catalogues.set(locale, JSON.parse(runInNewContext(literal) as string) as Record<string, Compiled>);
  }
  if (!catalogues.has('en')) throw new Error(`${LOCALES_DIR}: no English catalogue`);
  return catalogues;
}

/**
 * A chunk's words as it registers them: its part, where each of its words is in the part (the
 * gaps between them, see gapsOf), their ids separated by spaces.
 */
type ChunkWords = [part: string, gaps: string, ids: string];

/**
 * Ascending positions as the gaps before each (one base-36 digit below 36, else the number in
 * base 36 between dots): about a character a word. chunkWords.ts reads them back (positionsOf).
 */
export function gapsOf(positions: number[]): string {
  let last = -1;
  return positions
    .map((position) => {
      const gap = position - last - 1;
      last = position;
      return gap < 36 ? gap.toString(36) : `.${gap.toString(36)}.`;
    })
    .join('');
}

interface Parts {
  /** By chunk file name (as renderChunk knows it). */
  chunks: Map<string, ChunkWords>;
  /** The English of the first chunk's words, in its order. */
  firstEnglish: Compiled[];
  files: { fileName: string; source: string }[];
}

/**
 * The catalogues cut by the chunks that use their words, with no ids in them. A part is a list
 * of compiled messages, one file per locale (assets/words-<part>-<locale>.js), each message once,
 * in the order of their English (which gzips best); each chunk with words holds their ids and
 * places in its part and registers them when it runs (globalThis.__words, read by i18n.ts), so
 * only the code that has loaded is given words. The first chunk's English words are in it
 * (firstWords.ts); in another language they come with the rest of its part.
 */
function catalogueParts(chunks: Record<string, { moduleIds: string[]; facadeModuleId: string | null }>, wordsOf: Map<string, string[]>): Parts {
  const catalogues = compiledCatalogues();
  const english = catalogues.get('en')!;
  const englishText = (id: string) => JSON.stringify(english[id]);
  const withWords = Object.entries(chunks)
    .map(([fileName, chunk]) => {
      const ids = [...new Set(chunk.moduleIds.flatMap((module) => wordsOf.get(module) ?? []))].filter((id) => id in english);
      for (const id of ids) if (/\s/.test(id)) throw new Error(`a message id with a space cannot be listed: "${id}"`);
      const first = chunk.moduleIds.includes(FIRST_WORDS_MODULE);
      const own = chunk.facadeModuleId !== null && OWN_PARTS.includes(chunk.facadeModuleId);
      return { fileName, ids, first, part: own ? chunk.facadeModuleId! : 'core' };
    })
    .filter(({ ids, first }) => ids.length > 0 || first);
  for (const module of OWN_PARTS) {
    if (!withWords.some(({ part }) => part === module)) throw new Error(`OWN_PARTS: no chunk with words is made for ${module}`);
  }
  const first = withWords.find((chunk) => chunk.first);
  if (!first) throw new Error(`no chunk holds ${FIRST_WORDS_MODULE}`);
  const parts = new Map<string, typeof withWords>();
  for (const chunk of withWords) parts.set(chunk.part, [...(parts.get(chunk.part) ?? []), chunk]);
  const result: Parts = { chunks: new Map(), firstEnglish: [], files: [] };
  for (const members of parts.values()) {
    const ids = [...new Set(members.flatMap((chunk) => chunk.ids))].sort((a, b) =>
      englishText(a) < englishText(b) ? -1 : englishText(a) > englishText(b) ? 1 : a < b ? -1 : 1,
    );
    const place = new Map(ids.map((id, index) => [id, index]));
    const values = new Map([...catalogues].map(([locale, messages]) => [locale, JSON.stringify(ids.map((id) => messages[id] ?? english[id]))]));
    const hash = createHash('sha256').update(ids.join(' ')).update(JSON.stringify([...values])).digest('hex').slice(0, 10);
    for (const chunk of members) {
      const own = [...chunk.ids].sort((a, b) => place.get(a)! - place.get(b)!);
      result.chunks.set(chunk.fileName, [hash, gapsOf(own.map((id) => place.get(id)!)), own.join(' ')]);
      if (chunk.first) result.firstEnglish = own.map((id) => english[id]);
    }
    for (const [locale, list] of values) result.files.push({ fileName: `assets/words-${hash}-${locale}.js`, source: `export default ${list};\n` });
  }
  return result;
}

/**
 * Cuts the catalogues into parts by the chunks that use their words (catalogueParts) and gives
 * each chunk its ids and their places: the first chunk through the slot firstWords.ts holds (with their English),
 * every other chunk with words by a line that registers them when it runs. Which modules are in
 * which chunk is known only once the chunks are made, hence in renderChunk.
 */
function catalogueSplit(wordsOf: Map<string, string[]>): Plugin {
  let parts: Parts | undefined;
  return {
    name: 'catalogue-parts',
    apply: 'build',
    // i18n.ts leaves out its glob of whole catalogues (a build by Vitest's global setup is not a
    // production one: import.meta.env.PROD is false there).
    config: () => ({ define: { 'import.meta.env.CATALOGUE_PARTS': 'true' } }),
    renderStart() {
      parts = undefined;
    },
    load(id) {
      if (id !== FIRST_WORDS_MODULE) return null;
      return [
        'const first = JSON.parse("__FIRST_WORDS__");',
        'export const firstChunk = [first[0], first[1], first[2]];',
        "const ids = first[2].split(' ');",
        'export const firstWords = Object.fromEntries(ids.map((id, i) => [id, first[3][i]]));',
      ].join('\n');
    },
    renderChunk(code, chunk, _options, meta) {
      parts ??= catalogueParts(meta.chunks, wordsOf);
      const words = parts.chunks.get(chunk.fileName);
      const slot = FIRST_WORDS_SLOT.exec(code);
      if (!words && !slot) return null;
      if (!words) throw new Error(`${chunk.fileName}: the first words' slot in a chunk without words`);
      const text = new MagicString(code);
      if (slot) text.overwrite(slot.index, slot.index + slot[0].length, JSON.stringify(JSON.stringify([...words, parts.firstEnglish])));
      else text.prepend(`(globalThis.__words ||= []).push(${JSON.stringify(words)});\n`);
      return { code: text.toString(), map: text.generateMap({ hires: true }) };
    },
    generateBundle() {
      for (const { fileName, source } of parts?.files ?? []) this.emitFile({ type: 'asset', fileName, source });
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
  plugins: [...linguiMacros(wordsOf), catalogueSplit(wordsOf), react(), firstRowsInline(), precompress()],
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
