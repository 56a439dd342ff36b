/** The bench's command line: `npm run bench -- [options]`. */

export const SECTIONS = ['markets', 'proxy', 'signing', 'startup', 'memory', 'tape', 'chart', 'layout', 'languages', 'page', 'held', 'desk'] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface Args {
  out?: string;
  tiny: boolean;
  long: boolean;
  only: readonly SectionName[];
  /** A build of the terminal to use (copied) instead of building one. */
  dist?: string;
  /** Whether to rewrite the figures block of docs/performance.md. */
  writeDocs: boolean;
  /** The options as typed, for the docs block's line on the run. */
  typed: string;
}

export const USAGE =
  `usage: npm run bench -- [--long | --tiny] [--only ${SECTIONS.join(',')}] [--dist dir] [--out file.json] [--write-docs | --no-docs]`;

function sectionsOf(list: string | undefined): SectionName[] {
  const names = (list ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes some of ${SECTIONS.join(',')}`);
  return names as SectionName[];
}

/**
 * The docs block is written by a run of every section at its real size (the default or --long),
 * unless --no-docs; --write-docs also writes it from an --only run (the table then holds only
 * those sections). Never from --tiny: its figures measure nothing.
 */
export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { tiny: false, long: false, only: SECTIONS, writeDocs: false, typed: argv.join(' ') };
  let docs: boolean | undefined;
  const valueOf = (i: number, flag: string) => {
    const value = argv[i];
    if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value; ${USAGE}`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--tiny') args.tiny = true;
    else if (arg === '--long') args.long = true;
    else if (arg === '--out') args.out = valueOf(++i, arg);
    else if (arg.startsWith('--out=')) args.out = arg.slice('--out='.length);
    else if (arg === '--dist') args.dist = valueOf(++i, arg);
    else if (arg.startsWith('--dist=')) args.dist = arg.slice('--dist='.length);
    else if (arg === '--only') args.only = sectionsOf(argv[++i]);
    else if (arg === '--write-docs') docs = true;
    else if (arg === '--no-docs') docs = false;
    else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  if (args.tiny && args.long) throw new Error('--tiny and --long exclude each other');
  if (args.tiny && docs) throw new Error('--write-docs cannot come from a --tiny run: its figures measure nothing');
  args.writeDocs = docs ?? (!args.tiny && args.only === SECTIONS);
  return args;
}
