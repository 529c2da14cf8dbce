/**
 * The schema checks of the specs, one Ajv per set: `bodies` reports every error (specs.ts ranks them
 * to answer the first as the API would), `parameters` stops at the first (http/specChecks.ts). Node
 * compiles a validator when first asked. The browser build (package.json `imports`,
 * `#schema-validators`) uses the same validators as code generated at build time
 * (src/browser/generate.ts), since the site's Content-Security-Policy allows no `eval`.
 */
import Ajv2020, {type Options, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {specDocuments, specNames} from '#spec-documents';

export type {ValidateFunction} from 'ajv/dist/2020';
export type SchemaSet = 'bodies' | 'parameters';

const options: Record<SchemaSet, Options> = {
  bodies: {strict: false, allErrors: true, validateFormats: true},
  parameters: {strict: false, allErrors: false, validateFormats: true},
};

/** An Ajv holding the four specs as `zip:<spec>`; `source` keeps each validator's code for standalone output. */
export function specsAjv(set: SchemaSet, source = false, documents: Readonly<Record<string, unknown>> = specDocuments): Ajv2020 {
  const ajv = new Ajv2020({...options[set], code: {source}});
  addFormats(ajv);
  for (const name of specNames) ajv.addSchema({...(documents[name] as object), $id: `zip:${name}`});
  return ajv;
}

const instances = new Map<SchemaSet, Ajv2020>();
const validators = new Map<string, ValidateFunction>();

/** The validator of the schema at `ref` (`zip:<spec>#<JSON pointer>`). */
export function validatorAt(set: SchemaSet, ref: string): ValidateFunction {
  const key = `${set} ${ref}`;
  let validate = validators.get(key);
  if (!validate) {
    let ajv = instances.get(set);
    if (!ajv) instances.set(set, (ajv = specsAjv(set)));
    validate = ajv.compile({$ref: ref});
    validators.set(key, validate);
  }
  return validate;
}
