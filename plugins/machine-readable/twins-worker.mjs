/**
 * The worker thread that writes the Markdown twins (twins.ts). It loads the
 * TypeScript module the way Docusaurus loads the site's config and plugins
 * (@docusaurus/utils' loadFreshModule), runs the one batch of jobs it is
 * given, and answers with the twins or with the error that stopped it.
 */
import {fileURLToPath} from 'node:url';
import {parentPort, workerData} from 'node:worker_threads';
import docusaurusUtils from '@docusaurus/utils';

try {
  const writeTwins = await docusaurusUtils.loadFreshModule(fileURLToPath(new URL('twins.ts', import.meta.url)));
  parentPort.postMessage(await writeTwins(workerData.jobs, workerData.settings));
} catch (error) {
  // Thrown outside the promise, the error reaches the main thread's 'error' event, message and all.
  setImmediate(() => {
    throw error;
  });
}
