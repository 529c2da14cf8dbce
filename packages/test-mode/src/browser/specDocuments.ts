/** The four specs for the browser's build: parsed at build time (generate.ts), as src/specDocuments.ts reads them in Node. */
import type {SpecName} from '@zip/model/apiReference';
import documents from '../../../../.generated/test-mode/spec-documents.json';

export {specNames, type SpecName} from '@zip/model/apiReference';

export const specDocuments = documents as unknown as Record<SpecName, unknown>;
