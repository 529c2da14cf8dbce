import type {ReactNode} from 'react';
import {Marked, Renderer, type Tokens} from 'marked';
import scrollableTableStyles from '@site/src/components/ScrollableTable/styles.module.css';
import styles from './styles.module.css';

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The columns of the table the OpenAPI theme writes for a field's
 * `x-enumDescriptions`. A page has many, so they are not scrolling regions
 * (a region for each would be many landmarks of one name, axe
 * "landmark-unique"); instead they fit the column: long values such as
 * `checkout_session.completed` wrap, so a phone never has to scroll them.
 */
const enumTableColumns = 'Enum Value, Description';

// GitHub-flavoured Markdown, as the theme's renderer (remark-gfm) reads it.
// A table the spec writes goes in a focusable region named after its columns,
// as Markdown tables do on every other page (src/components/ScrollableTable):
// on a phone it scrolls sideways, and a scrollable region must be reachable by
// keyboard (axe "scrollable-region-focusable").
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    table(this: Renderer, token: Tokens.Table): string {
      const columns = token.header.map((cell) => cell.text.replace(/`/g, '').trim()).filter(Boolean);
      const table = Renderer.prototype.table.call(this, token);
      if (columns.join(', ') === enumTableColumns) return table.replace(/^<table>/, `<table class="${styles.enumTable}">`);
      const label = columns.length > 0 ? `Table: ${columns.join(', ')}` : 'Table';
      return `<div class="${scrollableTableStyles.scroll}" tabindex="0" role="region" aria-label="${escapeAttribute(label)}">${table}</div>`;
    },
  },
});

interface Props {
  readonly children?: unknown;
}

/**
 * Replaces the OpenAPI theme's `Markdown`, which renders the specs' short
 * descriptions (fields, parameters, responses) with react-markdown, remark-gfm
 * and rehype-raw: ≈ 90 KB of script (gzip) that every endpoint page had to
 * download and run before it could hydrate. `marked` turns the same
 * descriptions into the same HTML at a fraction of the size, on the server
 * and in the browser alike. The specs are written by Zip and reviewed like
 * code, so their HTML is trusted as the theme's renderer trusted it.
 */
export default function Markdown({children}: Props): ReactNode {
  if (typeof children !== 'string' || children.trim() === '') return null;
  const html = markdown.parse(children) as string;
  // Marked for site search, which indexes an endpoint's field names but not these descriptions (docusaurus.config.ts).
  return <div className={styles.markdown} data-spec-description="" dangerouslySetInnerHTML={{__html: html}} />;
}
