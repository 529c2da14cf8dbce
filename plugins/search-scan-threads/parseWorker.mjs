/**
 * A worker thread of zip-search-scan-threads (index.ts). It runs the search
 * plugin's own `parse` on the batches of pages the main thread sends
 * (parsePage.mjs), and answers each batch with every page's key and result.
 * An empty batch means there is nothing left: the worker ends.
 */
import {createRequire} from 'node:module';
import {parentPort, workerData} from 'node:worker_threads';
import {parsePage} from './parsePage.mjs';

/** @type {{parseModulePath: string, config: object}} */
const {parseModulePath, config} = workerData;
const {parse} = createRequire(import.meta.url)(parseModulePath);

parentPort.on('message', (batch) => {
  if (batch.length === 0) {
    parentPort.close();
    return;
  }
  parentPort.postMessage(batch.map((page) => parsePage(page, parse, config)));
});
// Ready: the main thread answers with the first batches.
parentPort.postMessage([]);
