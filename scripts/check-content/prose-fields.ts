/**
 * A page's prose recipe names only request fields its samples send. When the prose of a section
 * tells the reader to put a value in a request's metadata (`metadata.order_id`, or `metadata`
 * (`order_id`)) and the section shows requests with a body, at least one of them must send that
 * key: a reader who copies the samples would otherwise make charges the recipe cannot find later
 * (a look-up by `metadata[order_id]` finds nothing, and a new key charges twice).
 *
 * A request is a shell block that sends a body (`-d`, `--data`), or a JavaScript, TypeScript or
 * Python block (a region is read from its integration) that makes a POST. A section is what lies
 * between two H1/H2 headings; prose with no request in its section is not a recipe next to samples.
 */
import {readRegion, regionOf} from '../../plugins/code-regions';
import type {CodeFence, Page, Problem} from '../lib/pages';

const SHELL = new Set(['bash', 'sh', 'shell', 'console']);
const CODE = new Set(['js', 'javascript', 'mjs', 'cjs', 'jsx', 'ts', 'typescript', 'tsx', 'python', 'py']);
const SHELL_BODY = /(?:^|\s)(?:-d|--data(?:-raw|-binary)?|--json)\s/;
const CODE_POST = /['"]POST['"]|\brequests\.post\(|\.post\(/;

/** `metadata.order_id` or `metadata` (`order_id`) as inline code in prose. */
const NAMED_FIELD = /`metadata\.([a-z_][a-z0-9_]*)`|`metadata`\s*\(`([a-z_][a-z0-9_]*)`\)/gi;

/** The code a block stands for: its own text, or the region it shows. */
function codeOf(block: CodeFence, root: string): string {
  const region = regionOf(block.meta);
  if (!region) return block.text;
  try {
    return readRegion(root, region.file, region.name);
  } catch {
    return ''; // a missing region is payment-samples.ts's problem, reported there
  }
}

/** Whether a block is a request with a body, as a reader would copy it. */
function sendsBody(block: CodeFence, code: string): boolean {
  if (SHELL.has(block.lang)) return /\bcurl\b/.test(code) && SHELL_BODY.test(code);
  if (CODE.has(block.lang)) return CODE_POST.test(code);
  return false;
}

/** Whether the code sends `key` inside a request's metadata (an object literal, a dict or form fields). */
export function sendsMetadataKey(code: string, key: string): boolean {
  if (new RegExp(String.raw`metadata\[${key}\]=`).test(code)) return true;
  const opening = /metadata['"]?\s*[:=]\s*(?:dict\()?\{?/g;
  for (let match = opening.exec(code); match; match = opening.exec(code)) {
    const rest = code.slice(match.index + match[0].length);
    const end = rest.search(/[})]/);
    const body = end < 0 ? rest : rest.slice(0, end);
    if (new RegExp(String.raw`(?:^|[\s{,'"])${key}['"]?\s*[:=]`).test(body)) return true;
  }
  return false;
}

/** The section (count of H1/H2 headings before it) of each line, 1-based like the page's lines. */
function sectionOfLine(page: Page): (line: number) => number {
  const starts = page.headings.filter((heading) => heading.depth <= 2).map((heading) => heading.line);
  return (line) => starts.filter((start) => start <= line).length;
}

/** The lines that lie inside code fences, fences included. */
function codeLines(page: Page): Set<number> {
  const inside = new Set<number>();
  for (const block of page.code) {
    const last = block.line + block.text.split('\n').length + 1;
    for (let line = block.line; line <= last; line++) inside.add(line);
  }
  return inside;
}

/** The problems of one page: a metadata key its prose asks for that no request of the section sends. */
export function checkProseFields(page: Page, root: string): Problem[] {
  if (!page.parsed) return [];
  const sectionOf = sectionOfLine(page);
  const requests = new Map<number, string[]>();
  for (const block of page.code) {
    const code = codeOf(block, root);
    if (!sendsBody(block, code)) continue;
    requests.set(block.section, [...(requests.get(block.section) ?? []), code]);
  }
  const inCode = codeLines(page);
  const problems: Problem[] = [];
  page.lines.forEach((text, index) => {
    const line = index + 1;
    if (line < page.bodyLine || inCode.has(line)) return;
    const samples = requests.get(sectionOf(line));
    if (!samples) return;
    for (const match of text.matchAll(NAMED_FIELD)) {
      const key = match[1] ?? match[2];
      if (!key || samples.some((code) => sendsMetadataKey(code, key))) continue;
      problems.push({
        file: page.file,
        line,
        reason: `the prose names metadata.${key}, but none of the ${samples.length} request sample(s) in this section sends it: add "metadata": {"${key}": …} to them, or move the recipe away from samples that leave it out`,
      });
    }
  });
  return problems;
}
