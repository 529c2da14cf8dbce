/**
 * The OpenAPI plugin's `gen-api-docs`, run in the generator's own process: the command is the
 * plugin's, registered on a commander program as Docusaurus's CLI registers it, without
 * Docusaurus's CLI loading the site's whole configuration and every plugin first. The plugin
 * reads only `siteDir` and the site's presets and plugins from its context, to find the docs
 * instance whose route its sidebar links use; it does not recognise the `content-docs` shorthand
 * the site's configuration uses, so it finds none there either, and the pages are the same.
 */
import type {LoadContext} from '@docusaurus/types';
import program from 'commander';
import pluginOpenApiDocs from 'docusaurus-plugin-openapi-docs/lib';
import {openApiPluginOptions} from './openapi-options';

const command = 'gen-api-docs';
/** The plugin's line for each file it writes (chalk's colour codes around it). */
const fileWritten = /Successfully created "/;

/** Writes every product's pages, sidebar and props (openapi-options.ts) into its output directory. */
export async function generateApiPages(siteDir: string): Promise<void> {
  const context = {siteDir, siteConfig: {presets: [], plugins: []}} as unknown as LoadContext;
  const plugin = pluginOpenApiDocs(context, openApiPluginOptions);
  // commander's program, which Docusaurus's CLI passes to extendCli too: this process runs it once.
  plugin.extendCli?.(program);
  if (!program.commands.some((registered) => registered.name() === command)) {
    throw new Error(
      `docusaurus-plugin-openapi-docs no longer registers \`${command}\` in extendCli: plugins/api-reference/generate-pages.ts runs it.`,
    );
  }
  const log = console.log;
  let written = 0;
  // The plugin logs a line per file written (about 500), which buried its warnings in a writer's
  // `npm start`: those lines are counted, every other line is shown.
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && fileWritten.test(args[0])) written += 1;
    else log(...args);
  };
  try {
    // One product at a time: the command's `all` starts them all without waiting for them.
    for (const product of Object.keys(openApiPluginOptions.config)) {
      await program.parseAsync([command, product], {from: 'user'});
    }
  } finally {
    console.log = log;
  }
  console.log(`${command}: ${written} files written for ${Object.keys(openApiPluginOptions.config).length} API products.`);
}
