/**
 * What a page runs: the site's scripts it loads, and which of them carry a
 * given library's code. Used by the weight, highlighting and diagram tests.
 */
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {buildDir} from './site';

/**
 * Records the path of every script of the site the page loads from now on.
 * Chunks the router only prefetches for links (resource type "other") are
 * fetched at idle priority and not run, so they are left out.
 */
export function recordScripts(page: Page, origin: string): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && response.request().resourceType() === 'script') scripts.add(url.pathname);
  });
  return scripts;
}

/** Every script of the build (`assets/js/*.js`) whose file contains the marker, by name. */
export async function builtScriptsContaining(marker: string): Promise<string[]> {
  const jsDir = join(buildDir, 'assets', 'js');
  const matching: string[] = [];
  for (const name of (await readdir(jsDir)).sort()) {
    if (name.endsWith('.js') && (await readFile(join(jsDir, name), 'utf8')).includes(marker)) matching.push(name);
  }
  return matching;
}

/** The scripts, among those given, whose built file contains the marker. */
export async function scriptsContaining(scripts: Iterable<string>, marker: string): Promise<string[]> {
  const matching: string[] = [];
  for (const script of scripts) {
    if ((await readFile(join(buildDir, script), 'utf8')).includes(marker)) matching.push(script);
  }
  return matching;
}
