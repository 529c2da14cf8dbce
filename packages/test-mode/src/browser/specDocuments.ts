/** The four specs for the browser's build: parsed at build time (generate.ts), as src/specDocuments.ts reads them in Node. */
import documents from '../../../../.generated/test-mode/spec-documents.json';

export const specNames = ['payments', 'checkout', 'links', 'requests'] as const;
export type SpecName = (typeof specNames)[number];

export const specDocuments = documents as unknown as Record<SpecName, unknown>;
