/**
 * llms.txt and llms-full.txt, in the format of https://llmstxt.org: the site's
 * name as an H1, a one-line summary as a blockquote, a few paragraphs, then
 * H2 sections listing links as `- [title](url): description`.
 */
import {oneLine} from './markdown-text';

export interface LlmsLink {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
}

export interface LlmsSection {
  readonly title: string;
  readonly links: readonly LlmsLink[];
}

/** A rule for coding agents, with the page that explains it. */
interface LlmsRule {
  readonly text: string;
  readonly linkTitle: string;
  /** Absolute URL. */
  readonly url: string;
}

export interface LlmsIndex {
  /** The site's name, the file's H1. */
  readonly name: string;
  /** One line, the blockquote under the name. */
  readonly summary: string;
  /** Rules an integration must follow: the first thing after the summary, a numbered list. */
  readonly rules?: readonly LlmsRule[];
  /** Paragraphs of Markdown between the summary and the sections. */
  readonly details: readonly string[];
  readonly sections: readonly LlmsSection[];
}

/** Link text with the brackets that would end it early escaped. */
function linkText(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}

/**
 * The rules as a paragraph and a numbered list. Numbered, not bulleted: in
 * llmstxt.org's format a `- ` list is a list of files.
 */
function rulesBlocks(rules: readonly LlmsRule[]): string[] {
  if (rules.length === 0) return [];
  return [
    'Rules for coding agents: every integration with this API must follow them.',
    rules
      .map((rule, index) => `${index + 1}. ${oneLine(rule.text)} See [${linkText(rule.linkTitle)}](${encodeURI(decodeURI(rule.url))}).`)
      .join('\n'),
  ];
}

export function llmsTxt(index: LlmsIndex): string {
  const blocks = [
    `# ${oneLine(index.name)}`,
    `> ${oneLine(index.summary)}`,
    ...rulesBlocks(index.rules ?? []),
    ...index.details.map((paragraph) => paragraph.trim()),
  ];
  for (const section of index.sections) {
    if (section.links.length === 0) continue;
    const links = section.links.map((link) => {
      const description = link.description ? `: ${oneLine(link.description)}` : '';
      return `- [${linkText(link.title)}](${encodeURI(decodeURI(link.url))})${description}`;
    });
    blocks.push(`## ${oneLine(section.title)}`, links.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Every page's Markdown in one file, after the same heading and summary as llms.txt. */
export function llmsFullTxt(index: Pick<LlmsIndex, 'name' | 'summary'>, twins: readonly string[]): string {
  const header = `# ${oneLine(index.name)}\n\n> ${oneLine(index.summary)}`;
  return [header, ...twins.map((twin) => twin.trim())].join('\n\n') + '\n';
}
