/**
 * Remark plugin: code shown by region from the reference integrations, so that what a reader copies
 * is what `npm run test:integrations` runs through payment faults; and code shown as an excerpt,
 * labelled as one.
 *
 * A fenced block whose meta names a region is filled with that region of the file:
 *
 *   ```js title="ewallet-source.mjs" region="packages/integrations/node/ewallet-source.mjs#charge-source"
 *   ```
 *
 * In the source file a region is the lines between `// #region <name>` and `// #endregion <name>`
 * (`# region` / `# endregion` in Python). A block naming a file or region that does not exist fails
 * the build, naming the page and the region.
 *
 * A block whose meta says `fragment`, or `fragment="packages/integrations/node/card-payment.mjs"`, keeps its
 * code and gets a label before it, in the page's text (so the Markdown twins and the MCP server's
 * read_page carry it too): an excerpt, not a complete program, and the complete program for its
 * flow, which the fault scenarios run. A fragment naming a missing file fails the build as well.
 */
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type {Code, Paragraph, Parent, PhrasingContent, Root} from 'mdast';

/** The repository, found from this file: a path in the options would be published in the client scripts. */
const repository = fileURLToPath(new URL('../../', import.meta.url));

/** Where the complete programs live: a fragment may name only a file under this folder. */
export const INTEGRATIONS_DIR = 'packages/integrations/';

/** A block's meta as attributes: `title="…" fragment` → title → "…", fragment → true. Quoted values are read whole. */
function metaAttributes(meta: string | null | undefined): Map<string, string | true> {
  const attributes = new Map<string, string | true>();
  for (const match of (meta ?? '').matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    const [, name = '', double, single, bare] = match;
    if (!attributes.has(name)) attributes.set(name, double ?? single ?? bare ?? true);
  }
  return attributes;
}

/** The file and region a block's meta names (`region="file#name"`), if it names one. */
export function regionOf(meta: string | null | undefined): {file: string; name: string} | undefined {
  const value = metaAttributes(meta).get('region');
  const match = typeof value === 'string' ? /^([^#]+)#(.+)$/.exec(value) : null;
  return match?.[1] && match[2] ? {file: match[1], name: match[2]} : undefined;
}

/** Whether a block's meta labels it a fragment (`fragment`, or `fragment="file"` naming the complete program). */
export function fragmentOf(meta: string | null | undefined): {program: string | undefined} | undefined {
  const value = metaAttributes(meta).get('fragment');
  return value === undefined ? undefined : {program: value === true ? undefined : value};
}

/** The region's lines, without its markers and their common indentation; throws naming what is missing. */
export function readRegion(root: string, file: string, name: string): string {
  let text: string;
  try {
    text = readFileSync(root + file, 'utf8');
  } catch {
    throw new Error(`there is no file ${file}`);
  }
  const lines = text.split('\n');
  const marker = (kind: string) => new RegExp(`^\\s*(?://|#)\\s*#?${kind}\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const start = lines.findIndex((line) => marker('region').test(line));
  const end = lines.findIndex((line, index) => index > start && marker('endregion').test(line));
  if (start < 0 || end < 0) throw new Error(`${file} has no region "${name}" (// #region ${name} … // #endregion ${name})`);
  const body = lines.slice(start + 1, end).filter((line) => !/^\s*(?:\/\/|#)\s*#?(?:end)?region\b/.test(line));
  const indent = Math.min(...body.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length));
  return body.map((line) => line.slice(indent)).join('\n');
}

/** Throws, saying why, unless `program` is a file of the reference integrations. */
export function checkProgram(root: string, program: string): void {
  if (!program.startsWith(INTEGRATIONS_DIR) || program.split('/').includes('..')) {
    throw new Error(`fragment="${program}" must name a reference integration, a file under ${INTEGRATIONS_DIR}`);
  }
  if (!existsSync(root + program)) throw new Error(`fragment="${program}": there is no file ${program}`);
}

/** Why a block's meta cannot be shown, or undefined when its region or fragment is in order. */
export function blockMetaProblem(root: string, meta: string | null | undefined): string | undefined {
  const region = regionOf(meta);
  const fragment = fragmentOf(meta);
  const written = metaAttributes(meta).get('region');
  if (written !== undefined && !region) {
    return `${written === true ? 'region' : `region="${written}"`} must name a file and a region: region="packages/integrations/node/x.mjs#name"`;
  }
  try {
    if (region && fragment) throw new Error('a block is either a region or a fragment, not both');
    if (region) readRegion(root, region.file, region.name);
    if (fragment?.program !== undefined) checkProgram(root, fragment.program);
  } catch (error) {
    return region ? `code region ${region.file}#${region.name}: ${(error as Error).message}` : (error as Error).message;
  }
  return undefined;
}

const text = (value: string): PhrasingContent => ({type: 'text', value});

/**
 * The label shown before a fragment: what it is, and the complete program of its flow, linked to
 * where a reader reads it when `sourceUrl` is given. Plain text in a paragraph, so screen readers
 * read it before the code and the Markdown twins keep it.
 */
export function fragmentLabel(program: string | undefined, sourceUrl?: string): Paragraph {
  const name: PhrasingContent = {type: 'inlineCode', value: program ?? ''};
  const rest: PhrasingContent[] =
    program === undefined
      ? [text("No reference integration, run through payment faults by Zip Docs' tests, covers this flow in this language.")]
      : [
          text("The complete program for this flow, run through payment faults by Zip Docs' tests: "),
          sourceUrl ? {type: 'link', url: sourceUrl + program, children: [name]} : name,
          text('.'),
        ];
  return {
    type: 'paragraph',
    data: {hProperties: {className: ['code-fragment-label']}},
    children: [{type: 'strong', children: [text('Excerpt')]}, text(', not a complete program. '), ...rest],
  };
}

export interface CodeRegionsOptions {
  /** The repository the paths are read from; this one when not given (the unit tests give their own). */
  root?: string;
  /** Where a reader reads a file of the repository online (`https://github.com/…/blob/main/`); without it, a fragment's label names the file unlinked. */
  sourceUrl?: string;
}

export default function remarkCodeRegions(options?: CodeRegionsOptions) {
  const root = options?.root ?? repository;
  return (tree: Root, file: {path?: string}): void => {
    const visit = (parent: Parent): void => {
      for (let index = 0; index < parent.children.length; index += 1) {
        const child = parent.children[index];
        if (child?.type === 'code') {
          const code = child as Code;
          const problem = blockMetaProblem(root, code.meta);
          if (problem) throw new Error(`${file.path ?? 'a page'}: ${problem}`);
          const region = regionOf(code.meta);
          if (region) code.value = readRegion(root, region.file, region.name);
          const fragment = fragmentOf(code.meta);
          if (fragment) {
            parent.children.splice(index, 0, fragmentLabel(fragment.program, options?.sourceUrl));
            index += 1; // past the label, to the block again
          }
        }
        if (child && 'children' in child) visit(child as Parent);
      }
    };
    visit(tree);
  };
}
