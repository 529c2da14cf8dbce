/**
 * What the browser's build of the test mode reads instead of files and runtime compilation
 * (package.json `imports`), written into the site's `.generated/test-mode/` by `npm run gen:api`:
 * the four specs parsed, without the prose only the pages show, and the specs' validators as Ajv
 * standalone code, one module per schema set (src/schemaValidators.ts), for every schema the model
 * and the HTTP layer check: each operation's request body, each answer's body, each parameter's
 * schema and the error shape.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import {errorSchemaRef, declaredParameters} from '../http/specChecks';
import {specsAjv, type SchemaSet} from '../schemaValidators';
import {specDocuments} from '../specDocuments';
import {allOperations, requestBodyPointer, responsePointer, responseStatuses} from '../specs';

export const generatedDir = join(import.meta.dirname, '../../../../.generated/test-mode');
export const browserSpecDocumentsFile = join(generatedDir, 'spec-documents.json');
export const validatorsFile = (set: SchemaSet) => join(generatedDir, `schema-validators-${set}.cjs`);

/** Keys only the pages read: the browser's model never does. */
const prose = new Set(['description', 'summary', 'x-codeSamples', 'externalDocs', 'tags']);

function withoutProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(prose.has(key) && (typeof child === 'string' || Array.isArray(child) || key === 'externalDocs')))
      .map(([key, child]) => [key, withoutProse(child)]),
  );
}

/** Every schema reference each set checks, `zip:<spec>#<pointer>`. */
export function schemaRefs(): Record<SchemaSet, string[]> {
  const bodies = new Set<string>();
  const parameters = new Set<string>([errorSchemaRef]);
  for (const {spec, method, template} of allOperations()) {
    const operation = (specDocuments[spec] as {paths: Record<string, Record<string, {requestBody?: unknown}>>}).paths[template]?.[
      method.toLowerCase()
    ];
    if (operation?.requestBody) bodies.add(`zip:${spec}#${requestBodyPointer(template, method)}`);
    for (const status of responseStatuses(spec, template, method)) {
      const pointer = responsePointer(spec, template, method, status);
      if (pointer) bodies.add(`zip:${spec}#${pointer}`);
    }
    for (const {schemaRef} of declaredParameters(spec, template, method)) parameters.add(schemaRef);
  }
  return {bodies: [...bodies], parameters: [...parameters]};
}

/** One set's validators as a CommonJS module: `exports.v<n>` each, and `exports.refs` from reference to export. */
function validatorsModule(set: SchemaSet, refs: readonly string[], documents: Record<string, unknown>): string {
  const ajv = specsAjv(set, true, documents);
  const names = Object.fromEntries(refs.map((ref, index) => [ref, `v${index}`]));
  for (const [ref, name] of Object.entries(names)) ajv.addSchema({$ref: ref}, name);
  const code = standaloneCode(ajv, Object.fromEntries(Object.values(names).map((name) => [name, name])));
  return `${code}\nexports.refs = ${JSON.stringify(names)};\n`;
}

export function writeBrowserTestMode(): void {
  mkdirSync(generatedDir, {recursive: true});
  const documents = withoutProse(specDocuments) as Record<string, unknown>;
  writeFileSync(browserSpecDocumentsFile, JSON.stringify(documents));
  const refs = schemaRefs();
  for (const set of ['bodies', 'parameters'] as const) {
    writeFileSync(validatorsFile(set), validatorsModule(set, refs[set], documents));
    writeFileSync(
      validatorsFile(set).replace(/\.cjs$/, '.d.cts'),
      "import type {ValidateFunction} from 'ajv';\ndeclare const validators: {readonly refs: Record<string, string>} & Record<string, ValidateFunction>;\nexport = validators;\n",
    );
  }
}

if (process.argv[1] === import.meta.filename) writeBrowserTestMode();
