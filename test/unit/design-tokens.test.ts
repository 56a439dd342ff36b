/**
 * The terminal's colours live in one theme file, so that a theme (light, high contrast) is only a
 * new set of tokens there. These checks keep it so: no colour written anywhere else, no token used
 * that the theme does not define, stylesheets small and really in the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const terminal = join(root, 'src', 'terminal');
const themeFile = join(terminal, 'shared', 'theme', 'tokens.css');
const MAX_STYLESHEET_LINES = 400;

// Every CSS named colour (CSS Color 4); transparent and currentColor are not colours of their own.
const NAMED_COLOURS = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
  brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
  darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
  darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
  dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
  green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen
  lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
  lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen
  linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
  mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy
  oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip
  peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
  seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
  thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/);
const namedColour = new RegExp(`(?<![\\w-])(${NAMED_COLOURS.join('|')})(?![\\w-])`, 'i');
const hexColour = /(?<![\w&.#/-])#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})(?![\w-])/i;
const colourFunction = /(?<![\w.$-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i;
// Where a TSX or TS string is a colour: an inline style, an SVG paint, a colour prop.
const paintedString = /(?:fill|stroke|[cC]olou?r|background|shadow)\w*['"]?\s*[:=]\s*\{?\s*['"`]([^'"`]*)['"`]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const files = filesUnder(terminal);
const stylesheets = files.filter((file) => file.endsWith('.css'));
const scripts = files.filter((file) => /\.tsx?$/.test(file));
const where = (file: string, line: number) => `${relative(root, file)}:${line}`;

/** A stylesheet's lines with comments and quoted strings blanked, so that neither is read as a value. */
function cssLines(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/'[^'\n]*'|"[^"\n]*"/g, "''")
    .split('\n');
}

/** The colour literals in a stylesheet's declaration values (selectors are not read), by line. */
function coloursInCss(text: string): { line: number; colour: string }[] {
  const blanked = cssLines(text).join('\n');
  const found: { line: number; colour: string }[] = [];
  for (const block of blanked.matchAll(/\{([^{}]*)\}/g)) {
    for (const declaration of (block[1] ?? '').matchAll(/[\w-]+\s*:([^;]*)/g)) {
      const value = (declaration[1] ?? '').replace(/var\(\s*--[\w-]+/g, 'var(');
      const colour = (hexColour.exec(value) ?? colourFunction.exec(value) ?? namedColour.exec(value))?.[0];
      const offset = (block.index ?? 0) + 1 + (declaration.index ?? 0);
      if (colour) found.push({ line: blanked.slice(0, offset).split('\n').length, colour });
    }
  }
  return found;
}

/** The colour literals in one line of TS or TSX: hex and colour functions anywhere, names where painted. */
function colourInScript(line: string): string | undefined {
  const literal = hexColour.exec(line) ?? colourFunction.exec(line);
  if (literal) return literal[0];
  for (const match of line.matchAll(paintedString)) {
    const name = namedColour.exec(match[1] ?? '');
    if (name) return name[0];
  }
  // A string that is nothing but a colour's name, e.g. { color: 'white' } spread from a constant.
  for (const match of line.matchAll(/['"`]\s*([a-z]+)\s*['"`]/gi)) {
    if (NAMED_COLOURS.includes(match[1]?.toLowerCase() ?? '')) return match[1];
  }
  return undefined;
}

function colourLiterals(): string[] {
  const found: string[] = [];
  for (const file of stylesheets.filter((stylesheet) => stylesheet !== themeFile)) {
    for (const { line, colour } of coloursInCss(readFileSync(file, 'utf8'))) found.push(`${where(file, line)}: ${colour}`);
  }
  for (const file of scripts) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const colour = colourInScript(line);
        if (colour) found.push(`${where(file, index + 1)}: ${colour}`);
      });
  }
  return found;
}

const definedTokens = new Set(Array.from(readFileSync(themeFile, 'utf8').matchAll(/(--[\w-]+)\s*:/g), (match) => match[1]));

describe('design tokens', () => {
  it('finds the theme file and the stylesheets', () => {
    expect(definedTokens.size).toBeGreaterThan(40);
    expect(stylesheets.length).toBeGreaterThan(5);
  });

  it('writes colours only in the theme file', () => {
    expect(colourLiterals()).toEqual([]);
  });

  it(`keeps every stylesheet at ${MAX_STYLESHEET_LINES} lines or fewer`, () => {
    const long = stylesheets
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_STYLESHEET_LINES);
    expect(long).toEqual([]);
  });

  it('uses only tokens the theme defines', () => {
    const unknown: string[] = [];
    for (const file of [...stylesheets, ...scripts]) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(/var\(\s*(--[\w-]+)/g)) {
            if (!definedTokens.has(match[1])) unknown.push(`${where(file, index + 1)}: ${match[1]}`);
          }
        });
    }
    expect(unknown).toEqual([]);
  });

  it('defines custom properties only in the theme file, so that a theme can set every one', () => {
    // A library's own variables (dockview's --dv-*) are set from our tokens where it is styled.
    const defined = stylesheets
      .filter((file) => file !== themeFile)
      .flatMap((file) =>
        cssLines(readFileSync(file, 'utf8')).flatMap((line, index) =>
          /(?:^|[{;])\s*--(?!dv-)[\w-]+\s*:/.test(line) ? [where(file, index + 1)] : [],
        ),
      );
    expect(defined).toEqual([]);
  });

  it('imports every stylesheet from a module the build keeps', () => {
    // package.json marks only *.css as having side effects: an index.ts that only re-exports is
    // skipped by the bundler, and a stylesheet it imports would be left out of the build.
    const imported = new Set<string>();
    for (const file of scripts) {
      if (basename(file) === 'index.ts') continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/^import\s+['"](\.[^'"]+\.css)['"]/gm)) {
        imported.add(resolve(dirname(file), match[1] ?? ''));
      }
    }
    expect(stylesheets.filter((file) => !imported.has(file)).map((file) => relative(root, file))).toEqual([]);
  });
});
