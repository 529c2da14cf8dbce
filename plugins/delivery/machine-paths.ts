/**
 * The build must not publish the folder it was built in: an absolute path of
 * the build machine shows its user and folder names, and makes two builds of
 * one commit differ by where they ran. Docusaurus copies plugin options and
 * route module paths into the client scripts as it is given them, so one
 * absolute path in the config or a plugin ends up in main.js.
 */
import {readdir, readFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';

/** The build's files (relative paths, sorted) whose bytes contain `siteDir` followed by a path separator. */
export async function filesNamingSiteDir(outDir: string, siteDir: string): Promise<string[]> {
  const needle = Buffer.from(`${siteDir}${sep}`);
  const found: string[] = [];
  for (const entry of await readdir(outDir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(needle)) found.push(relative(outDir, file));
  }
  return found.sort();
}

/** Fails with the files that name `siteDir`, and how to fix the cause. */
export async function assertNoSiteDirInBuild(outDir: string, siteDir: string): Promise<void> {
  const files = await filesNamingSiteDir(outDir, siteDir);
  if (files.length === 0) return;
  throw new Error(
    [
      `The build publishes the folder it was built in (${siteDir}) in ${files.length} file(s):`,
      ...files.map((file) => `  ${file}`),
      'Something handed Docusaurus an absolute path that it copied into the page: a plugin option or a route component. Give the path relative to the site (`@site/…` for a component), or resolve it inside the plugin.',
    ].join('\n'),
  );
}
