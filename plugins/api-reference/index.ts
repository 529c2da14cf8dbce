/**
 * The API reference's plugin (README.md): from the OpenAPI plugin's endpoint
 * pages, as Docusaurus loaded them, it publishes every operation once, checked,
 * with its page and code samples (`/openapi/operations.json`, operations.ts),
 * and gives the site's components each operation's page. It also shapes the
 * endpoint pages' bundle (bundle.ts). `npm run gen:api` (generate.ts) writes
 * the pages this plugin then reads.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsLoadedContent} from '@docusaurus/plugin-content-docs';
import {operationsFilePath, type ApiOperation, type CodeSample, type LanguageTab} from '@zip/model/apiOperation';
import {bundleConfig} from './bundle';
import {endpointPages, operationPages, operationsFile} from './operations';

export interface ApiReferenceOptions {
  /** The docs instance the OpenAPI plugin generates pages into. */
  readonly docsPluginId: string;
  /** The site's `themeConfig.languageTabs`: the code samples of each operation. */
  readonly languageTabs: readonly LanguageTab[];
  /** A folder listed in the site's `staticDirectories`; the operations file goes into it, so `npm start` serves it too. */
  readonly staticDirectory: string;
}

/** The name components import the page map by: `@generated/zip-api-reference/default/operation-pages.json`. */
export const pluginName = 'zip-api-reference';

export default function apiReferencePlugin(context: LoadContext, options: ApiReferenceOptions): Plugin {
  // Samples by operation: `npm start` reloads content on every edit, and most operations stay the same.
  const samplesByOperation = new Map<string, CodeSample[]>();
  // The endpoint pages as last published: `npm start` runs this hook again on every edit, of a guide
  // too, and Docusaurus keeps the docs instances it did not reload as they were.
  let published: {apiDocs: DocsLoadedContent; pages: string} | undefined;

  /** Writes the operations file from the endpoint pages; returns the page map components import. */
  async function publishOperations(apiDocs: DocsLoadedContent): Promise<string> {
    const {generateCodeSamples} = await import('./code-samples');
    const codeSamples = (operation: ApiOperation): CodeSample[] => {
      const key = JSON.stringify(operation);
      let samples = samplesByOperation.get(key);
      if (!samples) samplesByOperation.set(key, (samples = generateCodeSamples(operation, options.languageTabs)));
      return samples;
    };
    const file = operationsFile(endpointPages(apiDocs, context.siteDir), codeSamples);
    const target = path.join(context.siteDir, options.staticDirectory, operationsFilePath);
    const text = `${JSON.stringify(file)}\n`;
    await mkdir(path.dirname(target), {recursive: true});
    // Written only when it changed: the dev server watches the static folder.
    if ((await readFile(target, 'utf8').catch(() => undefined)) !== text) await writeFile(target, text);
    return JSON.stringify(operationPages(file));
  }

  return {
    name: pluginName,

    configureWebpack(config, isServer) {
      return bundleConfig(context, config, isServer);
    },

    async allContentLoaded({allContent, actions}) {
      const apiDocs = (allContent['docusaurus-plugin-content-docs'] ?? {})[options.docsPluginId] as DocsLoadedContent | undefined;
      if (!apiDocs) throw new Error(`${pluginName}: no docs instance "${options.docsPluginId}" to read the endpoint pages from.`);
      if (published?.apiDocs !== apiDocs) published = {apiDocs, pages: await publishOperations(apiDocs)};
      await actions.createData('operation-pages.json', published.pages);
    },
  };
}
