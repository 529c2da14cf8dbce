/**
 * Remark plugin: code shown by region from the reference integrations, so that what a reader copies
 * is what `npm run test:integrations` runs through payment faults.
 *
 * A fenced block whose meta names a region is filled with that region of the file:
 *
 *   ```js title="ewallet-source.mjs" region="integrations/node/ewallet-source.mjs#charge-source"
 *   ```
 *
 * In the source file a region is the lines between `// #region <name>` and `// #endregion <name>`
 * (`# region` / `# endregion` in Python). A block naming a file or region that does not exist fails
 * the build, naming the page and the region.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type {Code, Parent, Root} from 'mdast';

/** The repository, found from this file: a path in the options would be published in the client scripts. */
const repository = fileURLToPath(new URL('../../', import.meta.url));

const regionMeta = /\bregion="([^"#]+)#([^"]+)"/;

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

export default function remarkCodeRegions(options?: {root?: string}) {
  const root = options?.root ?? repository;
  return (tree: Root, file: {path?: string}): void => {
    const visit = (parent: Parent): void => {
      for (const child of parent.children) {
        if (child.type === 'code') {
          const match = regionMeta.exec((child as Code).meta ?? '');
          if (match?.[1] && match[2]) {
            try {
              (child as Code).value = readRegion(root, match[1], match[2]);
            } catch (error) {
              throw new Error(`${file.path ?? 'a page'}: code region ${match[1]}#${match[2]}: ${(error as Error).message}`);
            }
          }
        }
        if ('children' in child) visit(child as Parent);
      }
    };
    visit(tree);
  };
}
