/**
 * Query parameters and headers checked against the parameters the specs declare for the operation,
 * as Zip checks them: a value of the wrong type or out of range (`limit=1000`, `status=paid`, a
 * 300-character `Idempotency-Key`) and a query parameter the operation does not take are `422`,
 * naming the parameter. Path parameters are left to the model, which answers an unknown id `404`.
 *
 * specs.ts parses the specs once; the parameters and the error shape are read here from what it parsed.
 */
import {validatorAt, type ValidateFunction} from '#schema-validators';
import {specDocument, specNames, type SpecName} from '../specs';
import {invalidRequest, type HttpError} from './errors';

interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  style?: string;
  schema?: {type?: string};
}
type ParameterOrRef = Parameter | {$ref: string};
interface SpecDocument {
  paths: Record<string, Record<string, {operationId?: string; parameters?: ParameterOrRef[]}>>;
  components?: {parameters?: Record<string, Parameter>};
}

const documents = Object.fromEntries(specNames.map((name) => [name, specDocument(name) as SpecDocument])) as Record<SpecName, SpecDocument>;

/** Request headers as Node gives them (`IncomingHttpHeaders`), names in lower case; the browser's build passes the same shape. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Every operationId of the four specs: what a fault may name. */
export const operationIds: ReadonlySet<string> = new Set(
  specNames.flatMap((name) =>
    Object.values(documents[name].paths).flatMap((item) => Object.values(item).flatMap((operation) => operation.operationId ?? [])),
  ),
);

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

interface CheckedParameter {
  readonly parameter: Parameter;
  readonly validate: ValidateFunction;
}

/** Each parameter an operation declares, with the `zip:<spec>#…` reference of its schema. */
export function declaredParameters(spec: SpecName, template: string, method: string): {parameter: Parameter; schemaRef: string}[] {
  const pointer = `/paths/${escape(template)}/${method.toLowerCase()}/parameters`;
  return (documents[spec].paths[template]?.[method.toLowerCase()]?.parameters ?? []).map((entry, index) => {
    const ref = '$ref' in entry ? entry.$ref.replace(/^#/, '') : undefined;
    const parameter = ref ? documents[spec].components?.parameters?.[ref.split('/').pop() ?? ''] : (entry as Parameter);
    if (!parameter) throw new Error(`openapi/${spec}.yaml ${method} ${template}: parameter ${index} refers to nothing`);
    return {parameter, schemaRef: `zip:${spec}#${ref ?? `${pointer}/${index}`}/schema`};
  });
}

/** The schema an error body has (`components.schemas.Error`). */
export const errorSchemaRef = 'zip:payments#/components/schemas/Error';

const checked = new Map<string, CheckedParameter[]>();
function parametersOf(spec: SpecName, template: string, method: string): CheckedParameter[] {
  const key = `${spec} ${method} ${template}`;
  const known = checked.get(key);
  if (known) return known;
  const list = declaredParameters(spec, template, method).map(({parameter, schemaRef}) => ({
    parameter,
    validate: validatorAt('parameters', schemaRef),
  }));
  checked.set(key, list);
  return list;
}

/** A query string's value as its schema's type reads it; a value that does not read stays a string and fails. */
function typed(value: string, type: string | undefined): unknown {
  if (type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function problem(name: string, value: unknown, validate: ValidateFunction): HttpError | undefined {
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  const detail = error?.params && 'allowedValues' in error.params ? `: one of ${(error.params.allowedValues as string[]).join(', ')}` : '';
  return invalidRequest(422, 'parameter_invalid', `${name} ${error?.message ?? 'is invalid'}${detail}.`, name);
}

/** The first query parameter or header of this request that its operation's parameters refuse. */
export function parameterProblem(
  spec: SpecName,
  template: string,
  method: string,
  query: URLSearchParams,
  headers: RequestHeaders,
): HttpError | undefined {
  const parameters = parametersOf(spec, template, method);
  const takes = (name: string) =>
    parameters.some(
      ({parameter}) =>
        parameter.in === 'query' && (parameter.style === 'deepObject' ? name.startsWith(`${parameter.name}[`) : name === parameter.name),
    );
  for (const name of new Set(query.keys()))
    if (!takes(name)) return invalidRequest(422, 'parameter_unknown', `${method} ${template} takes no query parameter ${name}.`, name);
  for (const {parameter, validate} of parameters) {
    if (parameter.in === 'header') {
      const value = headers[parameter.name.toLowerCase()];
      if (value === undefined) continue;
      const found = problem(parameter.name, Array.isArray(value) ? value.join(', ') : value, validate);
      if (found) return found;
    } else if (parameter.in === 'query' && parameter.style === 'deepObject') {
      const object: Record<string, string> = {};
      for (const [name, value] of query)
        if (name.startsWith(`${parameter.name}[`)) {
          const key = /^[^[]+\[([^\]]+)\]$/.exec(name)?.[1];
          if (!key) return invalidRequest(422, 'parameter_invalid', `${name} must be written ${parameter.name}[key]=value.`, name);
          object[key] = value;
        }
      const found = Object.keys(object).length > 0 ? problem(parameter.name, object, validate) : undefined;
      if (found) return found;
    } else if (parameter.in === 'query') {
      const values = query.getAll(parameter.name);
      if (values.length > 1) return invalidRequest(422, 'parameter_invalid', `${parameter.name} is given more than once.`, parameter.name);
      const [value] = values;
      if (value === undefined) continue;
      const found = problem(parameter.name, typed(value, parameter.schema?.type), validate);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether a body is an error in the specs' shape (`components.schemas.Error`). */
export function isErrorBody(body: unknown): boolean {
  return validatorAt('parameters', errorSchemaRef)(body);
}
