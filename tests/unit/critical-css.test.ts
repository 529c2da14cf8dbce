/**
 * The critical CSS step (plugins/navigation/critical-css.ts) takes only beasties' CSS: the page
 * keeps the markup Docusaurus wrote, end tags the minifier left out included, so React hydrates
 * what it rendered.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {withCriticalCss} from '../../plugins/navigation/critical-css';

const link = '<link href=/assets/css/styles.1a2b3c.css rel=stylesheet>';
const page = `<!doctype html><html lang=en><head><title>T</title>${link}</head><body><table><thead><tr><th>Key<tbody><tr><td>a</table>`;

describe('critical CSS', () => {
  it('puts the critical rules in place of the style sheet’s link, moves the link to the end and keeps every other byte', () => {
    const reserialised = `<html><head><title>T</title><style>th{color:red}</style></head><body><table><thead><tr><th>Key<tbody></tbody></th></tr></thead></table><link rel="stylesheet" href="/assets/css/styles.1a2b3c.css"></body></html>`;
    const result = withCriticalCss(page, reserialised);
    assert.equal(
      result,
      `<!doctype html><html lang=en><head><title>T</title><style>th{color:red}</style></head><body><table><thead><tr><th>Key<tbody><tr><td>a</table>${link}`,
    );
  });

  it('leaves a page alone when beasties found no critical rule', () => {
    assert.equal(withCriticalCss(page, page), page);
  });
});
