/**
 * Site search: "email" and "e-mail" (and the other spellings in
 * spellings.ts) find the same pages.
 *
 * @easyops-cn/docusaurus-search-local builds its lunr index in this Node
 * process, after the build, with lunr's English tokenizer. This plugin puts
 * a tokenizer in front of it that adds the other spellings of a listed word
 * (withAlternativeSpellings). Only the index changes: queries are split in
 * the browser by the plugin's own code. The browser builds the index itself
 * with the same tokenizer (plugins/lean-search-index/searchWorker.ts), and
 * the build checks that it gets the index built here. The build fails,
 * naming this plugin, when the search plugin no longer loads the lunr this
 * site extends or lunr no longer has the tokenizer it replaces;
 * tests/e2e/search.test.ts searches both spellings.
 */
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import lunr from 'lunr';
import {tokenizerWithSpellings, type FieldTokenizer} from './spellings';

const pluginName = 'zip-search-spellings';
const searchPlugin = '@easyops-cn/docusaurus-search-local';
const checkedWith = {lunr: '2.3.9', searchPlugin: '0.55.3'};

type Tokenizer = typeof lunr.tokenizer;

/** Marks the tokenizer this plugin installed, so a second build in the same process does not wrap it twice. */
const installed = Symbol.for('zip.searchSpellings');

function installTokenizer(siteDir: string): void {
  const fromSearchPlugin = createRequire(createRequire(join(siteDir, 'package.json')).resolve(searchPlugin)).resolve('lunr');
  const ours = createRequire(import.meta.url).resolve('lunr');
  const problems: string[] = [];
  if (fromSearchPlugin !== ours) problems.push(`${searchPlugin} loads another copy of lunr (${fromSearchPlugin}) than this site extends (${ours})`);
  if (typeof lunr.tokenizer !== 'function' || !(lunr.tokenizer.separator instanceof RegExp)) problems.push('lunr.tokenizer is not the tokenizer it replaces');
  if (problems.length > 0) {
    throw new Error(`${pluginName}: "email" and "e-mail" would no longer find the same pages: ${problems.join('; ')} (checked with lunr ${checkedWith.lunr}, ${searchPlugin} ${checkedWith.searchPlugin}). See plugins/README.md.`);
  }
  const current = lunr.tokenizer as Tokenizer & {[installed]?: true};
  if (current[installed]) return;
  const tokenizer = tokenizerWithSpellings(current as unknown as FieldTokenizer) as unknown as Tokenizer & {[installed]?: true};
  tokenizer.separator = current.separator;
  tokenizer[installed] = true;
  lunr.tokenizer = tokenizer;
}

export default function searchSpellingsPlugin(context: LoadContext): Plugin {
  installTokenizer(context.siteDir);
  return {name: pluginName};
}
