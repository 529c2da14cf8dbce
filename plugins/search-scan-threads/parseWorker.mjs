/**
 * A worker thread of zip-search-scan-threads (index.ts). It runs the search
 * plugin's own `parse` on the batches of pages the main thread sends, and
 * answers each batch with every page's key and result. An empty batch means
 * there is nothing left: the worker ends.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {parentPort, workerData} from 'node:worker_threads';

/** @type {{parseModulePath: string, config: object}} */
const {parseModulePath, config} = workerData;
const {parse} = createRequire(import.meta.url)(parseModulePath);

/** @param {{filePath: string, type: string, url: string, key: string}} page */
function parsePage({filePath, type, url, key}) {
  const html = readFileSync(filePath, 'utf8');
  try {
    return {key, parsed: parse(html, type, url, config)};
  } catch (error) {
    throw new Error(`${filePath}: the search plugin could not parse it: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
}

parentPort.on('message', (batch) => {
  if (batch.length === 0) {
    parentPort.close();
    return;
  }
  parentPort.postMessage(batch.map(parsePage));
});
// Ready: the main thread answers with the first batches.
parentPort.postMessage([]);
