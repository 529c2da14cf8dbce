/** Small helpers for writing Markdown text safely. */

/** A code span that survives backticks in the code (CommonMark: a longer backtick run). */
export function inlineCode(code: string): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${code}${padding}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside the code. */
export function codeBlock(code: string, language = ''): string {
  const longestRun = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

/** Text on one line: runs of whitespace, line breaks included, become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text for a GFM table cell: one line, with pipes escaped. */
export function tableCell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}

/**
 * The first sentence of a Markdown description, on one line: for one-line
 * summaries (llms.txt). A full stop ends a sentence only before a space and
 * a capital letter, so "PHP 20.00" and "e.g. this" stay whole.
 */
export function firstSentence(markdown: string): string {
  const paragraph = oneLine(markdown.trim().split(/\n\s*\n/)[0] ?? '');
  const end = paragraph.search(/[.!?](?=\s+[A-Z`*_[(])/);
  return end === -1 ? paragraph : paragraph.slice(0, end + 1);
}

/**
 * The llms.txt directive a twin carries under its title (AFDocs' llms-txt-directive-md): an agent
 * that lands on one page learns where the index of every page is.
 */
export function llmsDirective(llmsUrl: string): string {
  return `> For tools and assistants: [llms.txt](${llmsUrl}) lists every page of these docs as Markdown.`;
}

/** The twin with the directive after its first line when that is its title, else at its top. */
export function withLlmsDirective(markdown: string, llmsUrl: string): string {
  const directive = llmsDirective(llmsUrl);
  if (markdown.includes(directive)) return markdown;
  const [first = '', ...rest] = markdown.split('\n');
  return first.startsWith('# ') ? [first, '', directive, ...rest].join('\n') : `${directive}\n\n${markdown}`;
}
