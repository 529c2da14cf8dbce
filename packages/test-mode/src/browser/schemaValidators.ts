/**
 * The specs' validators for the browser's build: Ajv standalone code generated at build time
 * (generate.ts), since the site's Content-Security-Policy allows no `eval`. The same sets and
 * references as src/schemaValidators.ts, which compiles them in Node.
 */
import type {ValidateFunction} from 'ajv/dist/2020';
import bodies from '../../../../.generated/test-mode/schema-validators-bodies.cjs';
import parameters from '../../../../.generated/test-mode/schema-validators-parameters.cjs';

export type {ValidateFunction} from 'ajv/dist/2020';
export type SchemaSet = 'bodies' | 'parameters';

const modules = {bodies, parameters};

export function validatorAt(set: SchemaSet, ref: string): ValidateFunction {
  const module = modules[set];
  const name = module.refs[ref];
  const validate = name === undefined ? undefined : module[name];
  if (!validate) throw new Error(`test mode in the browser: no ${set} validator was generated for ${ref} (src/browser/generate.ts)`);
  return validate;
}
