/**
 * A generated API page's large props go past the MDX compiler (index.ts says why).
 *
 * scripts/generate-api.ts writes them as one line after the front matter,
 * `export const generatedProps = JSON.parse("…");`, where "…" is a JSON string
 * literal (no line break). `holdProps` puts a placeholder string in the literal's
 * place before MDX reads the page, and `restoreProps` puts the literal back into
 * the compiled module. The placeholder names the literal's hash, so a module is
 * only ever given back the props it was compiled without.
 */
const {hash} = require('node:crypto');

const pluginName = 'zip-lean-compile';

/** What the generator writes before the literal; the line ends with `);`. */
const declarationStart = 'export const generatedProps = JSON.parse(';
const declarationEnd = ');';
const placeholderPrefix = 'zip-lean-compile-props:';
const placeholderPattern = new RegExp(`(["'])${placeholderPrefix}([0-9a-f]+)\\1`, 'g');

/** A hash to tell the page's props from other props: nothing secret, so SHA-1, Node's one-shot `hash` (about 0.25 ms for 150 KB). */
const hashOf = (literal) => hash('sha1', literal);

/** The page's props line: its literal and where the literal starts and ends; undefined when the page has none. */
function findDeclaration(page, resource) {
  const newline = page.indexOf(`\n${declarationStart}`);
  if (newline === -1) return undefined;
  const literalStart = newline + 1 + declarationStart.length;
  const lineEnd = page.indexOf('\n', literalStart);
  const literalEnd = (lineEnd === -1 ? page.length : lineEnd) - declarationEnd.length;
  const literal = page.slice(literalStart, literalEnd);
  if (!page.startsWith(declarationEnd, literalEnd) || literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) {
    throw new Error(`${pluginName}: the props line of ${resource} does not read ${declarationStart}"…"${declarationEnd} on one line, as scripts/generate-api.ts writes it.`);
  }
  return {literal, literalStart, literalEnd};
}

/** The page with its props literal replaced by a placeholder string naming the literal's hash. */
function holdProps(page, resource) {
  const declaration = findDeclaration(page, resource);
  if (declaration === undefined) return page;
  const placeholder = JSON.stringify(`${placeholderPrefix}${hashOf(declaration.literal)}`);
  return `${page.slice(0, declaration.literalStart)}${placeholder}${page.slice(declaration.literalEnd)}`;
}

/**
 * The compiled module with the page's literal in place of the placeholder. Fails,
 * naming the plugin, when the compiled module does not hold exactly one
 * placeholder for a page with props, or holds one for other props than the
 * page's (the page changed while it was compiled).
 */
function restoreProps(code, page, resource) {
  const declaration = findDeclaration(page, resource);
  const placeholders = [...code.matchAll(placeholderPattern)];
  if (declaration === undefined && placeholders.length === 0) return code;
  if (declaration === undefined) {
    throw new Error(`${pluginName}: the compiled ${resource} holds a props placeholder, but the page has no props line.`);
  }
  if (placeholders.length !== 1) {
    throw new Error(
      `${pluginName}: the compiled ${resource} holds ${placeholders.length} props placeholders, not one: the MDX compiler no longer passes the placeholder through as the page's props.`,
    );
  }
  const [placeholder] = placeholders;
  if (placeholder[2] !== hashOf(declaration.literal)) {
    throw new Error(`${pluginName}: ${resource} changed while it was compiled: its props are not the ones it was compiled without.`);
  }
  return `${code.slice(0, placeholder.index)}${declaration.literal}${code.slice(placeholder.index + placeholder[0].length)}`;
}

module.exports = {pluginName, declarationStart, declarationEnd, holdProps, restoreProps};
