/**
 * Zip's rules for samples: which operation a call is, what its path, query, headers and body must
 * be, which schema a JSON block answers to, and which card numbers a page may show.
 */
import {unescape} from 'node:querystring';
import {passesLuhn, sampleSecretKey, testCards} from '@zip/model/testValues';
import {type CodeFence, type Page, pageProblems, parsePage, type Problem} from '../lib/pages';
import {isRecord, objectNameOf, type Operation, type Schema, type Specs} from '../lib/specs';
import {type JsonPath, type JsonValue, parseLiteral} from './literals';
import {blockLine, extractCurlSamples, extractFetchSamples, extractPythonSamples, type HttpSample, lineMapper, WILDCARD} from './samples';
import {closest, didYouMean, type Issue, typesOf, validateAgainstSchema, type ValidationMode} from './validate';

export type {Problem} from '../lib/pages';

/** A page's problems, and how many HTTP calls and JSON blocks were checked. */
export type FileReport = {problems: Problem[]; samples: number};

type Report = (line: number, reason: string) => void;

/** A field path as a reader writes it: `data[0].amount`. */
export function formatPath(fieldPath: JsonPath): string {
  return fieldPath.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

// --- Matching samples to operations

/** The path and query of a URL on one of the API hosts (or on its plain-HTTP twin). */
function splitApiUrl(url: string, hosts: readonly string[]): {path: string; query: [string, string][]; insecure: boolean} | undefined {
  for (const candidate of hosts.flatMap((host) => [host, host.replace(/^https:/, 'http:')])) {
    const rest = url.toLowerCase().startsWith(candidate.toLowerCase()) ? url.slice(candidate.length).replace(/#.*$/, '') : '#';
    if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) continue;
    const [path = '', query = ''] = rest.split(/\?(.*)/s);
    return {path, query: [...new URLSearchParams(query)], insecure: !hosts.includes(candidate)};
  }
  return undefined;
}

export type OperationMatch =
  | {kind: 'found'; operation: Operation; pathValues: Map<string, string>}
  | {kind: 'ambiguous'}
  | {kind: 'no-path'; suggestion: string | undefined}
  | {kind: 'no-method'; template: string; methods: string[]};

function matchTemplate(template: string, segments: readonly string[]): Map<string, string> | undefined {
  const parts = template.split('/');
  const values = new Map<string, string>();
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (/^\{[^}]+\}$/.test(part) && segment !== '') values.set(part.slice(1, -1), segment);
    else if (part !== segment) return undefined;
  }
  return parts.length === segments.length ? values : undefined;
}

export function matchOperation(specs: Specs, method: string | undefined, urlPath: string): OperationMatch {
  const segments = urlPath.split('/');
  const templates = [...new Set(specs.operations.map((operation) => operation.template))];
  // Literal segments win over parameters, earliest segment first.
  const literalness = (template: string): string =>
    template
      .split('/')
      .map((part) => (part.startsWith('{') ? '1' : '0'))
      .join('');
  const candidates = templates
    .flatMap((template) => {
      const values = matchTemplate(template, segments);
      return values ? [{template, values}] : [];
    })
    .sort((first, second) => literalness(first.template).localeCompare(literalness(second.template)));
  const best = candidates[0];
  const operationsOf = (template: string): Operation[] => specs.operations.filter((operation) => operation.template === template);
  if (!best) {
    // Compare with each template's parameters filled in from the sample, so ids cost nothing.
    const fill = (template: string): string =>
      template
        .split('/')
        .map((part, index) => (part.startsWith('{') ? (segments[index] ?? part) : part))
        .join('/');
    const byFilled = new Map(templates.map((template) => [fill(template).replaceAll(WILDCARD, '{}'), template]));
    const suggestion = closest(urlPath.replaceAll(WILDCARD, '{}'), [...byFilled.keys()], 3, 4);
    return {kind: 'no-path', suggestion: suggestion === undefined ? undefined : byFilled.get(suggestion)};
  }
  if (method === undefined) {
    const [only, other] = operationsOf(best.template);
    return only && !other ? {kind: 'found', operation: only, pathValues: best.values} : {kind: 'ambiguous'};
  }
  for (const {template, values} of candidates) {
    const operation = operationsOf(template).find((entry) => entry.method === method);
    if (operation) return {kind: 'found', operation, pathValues: values};
  }
  return {kind: 'no-method', template: best.template, methods: operationsOf(best.template).map((operation) => operation.method)};
}

/** Whether a path or query value is a real value worth validating, not a placeholder. */
const isConcrete = (value: string): boolean => !value.includes(WILDCARD) && !/[{}<>…$]|\.\.\./.test(value);
/** Converts a query string value to the type its schema asks for, when it can. */
function coerceQueryValue(value: string, schema: Schema): JsonValue {
  const types = typesOf(schema) ?? [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return types.includes('boolean') && (value === 'true' || value === 'false') ? value === 'true' : value;
}

type Target = {schema: Schema; label: string; schemaName: string; mode: ValidationMode};

function reportIssues(
  value: JsonValue,
  {schema, label, schemaName, mode}: Target,
  lineOf: (fieldPath: JsonPath) => number,
  report: Report,
): void {
  const subject = mode === 'request' ? 'body' : 'response';
  for (const issue of validateAgainstSchema(value, schema, mode)) {
    const field = formatPath(issue.path);
    const reasons: Record<Issue['kind'], string> = {
      missing: `${label}: ${subject} is missing required field "${field}"`,
      unknown: `${label}: ${subject} field "${field}" is not in the ${schemaName}${issue.detail}`,
      invalid: issue.path.length === 0 ? `${label}: ${subject} ${issue.detail}` : `${label}: ${subject} field "${field}" ${issue.detail}`,
    };
    // A missing field has no line of its own: point at the object that should hold it.
    report(lineOf(issue.kind === 'missing' ? issue.path.slice(0, -1) : issue.path), reasons[issue.kind]);
  }
}

/** Checks one call; returns its operation, which JSON blocks after it are checked against. */
function checkHttpSample(sample: HttpSample, specs: Specs, report: Report): Operation | undefined {
  const target = splitApiUrl(sample.url, specs.hosts);
  if (!target || target.path === '' || target.path === '/') return undefined;
  const shown = `${sample.method ?? 'request to'} ${target.path.replaceAll(WILDCARD, '{…}')}`;
  if (target.insecure) report(sample.line, `${shown}: uses http://; Zip refuses plain HTTP, use https://`);
  const match = matchOperation(specs, sample.method, target.path);
  if (match.kind === 'no-path') {
    const hint = match.suggestion === undefined ? '' : ` (did you mean ${match.suggestion}?)`;
    report(sample.line, `${shown}: no operation in openapi/*.yaml has this path${hint}`);
  } else if (match.kind === 'no-method') {
    report(
      sample.line,
      `${shown}: ${match.template} has no ${sample.method ?? 'request to'} operation (it has ${match.methods.join(', ')})`,
    );
  }
  if (match.kind !== 'found') return undefined;

  const {operation, pathValues} = match;
  const label = `${operation.method} ${operation.template}`;
  const parameter = (location: string, name: string): Schema | undefined =>
    operation.parameters.find((entry) => entry.location === location && entry.name === name)?.schema;
  const queryNames = operation.parameters.filter((entry) => entry.location === 'query').map((entry) => entry.name);
  const parameters = [
    ...[...pathValues].map(([name, raw]) => ['path', name, unescape(raw)]),
    ...[...target.query, ...sample.extraQuery].map((pair) => ['query', ...pair]),
  ];
  for (const [location = '', name = '', value = ''] of parameters) {
    const schema = parameter(location, name);
    if (location === 'query' && isConcrete(name) && !queryNames.includes(name)) {
      const hint = queryNames.length === 0 ? ' (it takes none)' : didYouMean(name, queryNames);
      report(sample.line, `${label}: query parameter "${name}" is not defined for this operation${hint}`);
    }
    if (!schema || !isConcrete(name) || !isConcrete(value)) continue;
    const typed = location === 'query' ? coerceQueryValue(value, schema) : value;
    for (const issue of validateAgainstSchema(typed, schema, 'request'))
      report(sample.line, `${label}: ${location} parameter ${name} ${issue.detail}`);
  }
  const takesKey =
    operation.method === 'POST' &&
    operation.parameters.some((entry) => entry.location === 'header' && /^idempotency-key$/i.test(entry.name));
  if (sample.sendsIdempotencyKey && !takesKey)
    report(sample.line, `${label}: sends an Idempotency-Key header, which only POST operations take`);

  const {body} = sample;
  if (body.kind === 'none' && operation.requestBodyRequired)
    report(sample.line, `${label}: the operation requires a JSON request body, but the sample sends none`);
  if (body.kind === 'not-json')
    report(body.line, `${label}: the request body ${body.reason}; Zip APIs take JSON (Content-Type: application/json)`);
  if (body.kind === 'syntax-error') report(body.line, `${label}: the JSON request body does not parse: ${body.message}`);
  if (body.kind === 'value' && !operation.requestSchema)
    report(body.lineOf([]), `${label}: the operation takes no request body, but the sample sends one`);
  if (body.kind === 'value' && operation.requestSchema) {
    reportIssues(body.value, {schema: operation.requestSchema, label, schemaName: 'request schema', mode: 'request'}, body.lineOf, report);
  }
  return operation;
}

// --- JSON blocks

/** A call on the page, for the JSON blocks after it in its section. */
type CheckedSample = {section: number; line: number; operation: Operation | undefined};

/**
 * Whether a JSON block's title marks it as a request body: "Request body", "Request: a GCash
 * source", "Body to send". Titles of responses often mention requests too ("201 — the new
 * request", "A payment request"), so a status code or "response" first rules it out.
 */
export function isRequestTitle(title: string | undefined): boolean {
  if (title === undefined || /\bresponses?\b/i.test(title) || /^\s*[1-5]\d\d\b/.test(title)) return false;
  return /^\s*request\b/i.test(title) || /\brequest (body|payload|json)\b/i.test(title) || /\bbody\b/i.test(title);
}

const listSchemas = new Map<string, Schema>();

/** The list envelope, with its items held to their resource's schema when they all name one. */
function listSchemaFor(value: JsonValue, specs: Specs): Schema | undefined {
  const data = isRecord(value) && Array.isArray(value.data) ? value.data : [];
  const objectNames = new Set(data.map((item) => (isRecord(item) ? item.object : undefined)));
  const [only] = objectNames;
  const resource = objectNames.size === 1 && typeof only === 'string' ? specs.resources.get(only) : undefined;
  if (!specs.listSchema || !resource) return specs.listSchema;
  const schema = listSchemas.get(resource.objectName) ?? {
    allOf: [specs.listSchema, {type: 'object', properties: {data: {type: 'array', items: resource.schema}}}],
  };
  listSchemas.set(resource.objectName, schema);
  return schema;
}

function responseTarget(value: JsonValue, operation: Operation | undefined, specs: Specs): Target | undefined {
  const label = operation ? `${operation.method} ${operation.template}` : undefined;
  if (isRecord(value) && Object.hasOwn(value, 'error')) {
    const schema = operation?.errorSchema ?? specs.errorSchema;
    return schema && {schema, label: label ? `${label} (error response)` : 'Error example', schemaName: 'Error schema', mode: 'response'};
  }
  const objectName = isRecord(value) && typeof value.object === 'string' ? value.object : undefined;
  const resource = objectName === undefined ? undefined : specs.resources.get(objectName);
  const knownObject = resource !== undefined || (objectName === 'list' && specs.listSchema !== undefined);
  const operationSchema = operation?.successSchema;
  // The response of the call above, unless the block plainly shows another resource.
  if (operationSchema && label && (!knownObject || objectNameOf(operationSchema) === objectName)) {
    return {schema: operationSchema, label, schemaName: 'response schema', mode: 'response'};
  }
  if (resource)
    return {
      schema: resource.schema,
      label: `${resource.schemaName} example`,
      schemaName: `${resource.schemaName} schema`,
      mode: 'response',
    };
  const listSchema = objectName === 'list' ? listSchemaFor(value, specs) : undefined;
  return listSchema && {schema: listSchema, label: 'List example', schemaName: 'list schema', mode: 'response'};
}

function checkJsonBlock(block: CodeFence, checked: readonly CheckedSample[], specs: Specs, report: Report): void {
  const parsed = parseLiteral(block.text, block.lang === 'json' ? 'json' : 'jsonc');
  if (parsed.kind === 'syntax-error') report(blockLine(block, parsed.offset), `JSON does not parse: ${parsed.message}`);
  if (parsed.kind !== 'value') return;
  try {
    if (block.lang === 'json') JSON.parse(block.text); // a second opinion, in case the parser is more lenient somewhere
  } catch (error) {
    report(block.line + 1, `JSON does not parse: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (/(^|\s)nocheck(\s|$)/.test(block.meta)) return;
  const lineOf = lineMapper(parsed.locations, (offset) => blockLine(block, offset), block.line + 1);
  const inSection = checked.filter((sample) => sample.section === block.section);
  const before = inSection.filter((sample) => sample.line < block.line).at(-1);
  if (isRequestTitle(block.title)) {
    const after = inSection.find((sample) => sample.line > block.line);
    const operation = [before, after].find((sample) => sample?.operation?.requestSchema)?.operation;
    const label = `${operation?.method} ${operation?.template}`;
    if (operation?.requestSchema)
      reportIssues(parsed.value, {schema: operation.requestSchema, label, schemaName: 'request schema', mode: 'request'}, lineOf, report);
    return;
  }
  const target = responseTarget(parsed.value, before?.operation, specs);
  if (target) reportIssues(parsed.value, target, lineOf, report);
}

// --- Test cards: every card number in a sample or a spec example must be one packages/model/src/testValues.ts lists,
// so each "try this card" on the site produces the outcome the testing page promises.

/** A run of 13 to 19 digits starting like a card number (2–6), not part of a longer number or a phone number. */
const CARD_NUMBER = /(?<![\d+.])[2-6]\d{12,18}(?![\d.])/g;

/** The card numbers in `text` that the test-mode data file does not list, with their offsets. */
export function unknownTestCards(
  text: string,
  known: readonly string[] = testCards.map((card) => card.number),
): {number: string; offset: number}[] {
  return [...text.matchAll(CARD_NUMBER)]
    .filter(([number]) => passesLuhn(number) && !known.includes(number))
    .map((match) => ({number: match[0], offset: match.index}));
}

const unknownCardReason = (number: string): string =>
  `card number ${number} is not a test card: use one listed in packages/model/src/testValues.ts (rendered on /guides/developer-guide/testing), or add it there with its outcome`;

/** Test cards in the example values of a spec file, by line. */
export function checkSpecTestCards(source: string, file: string): Problem[] {
  return source
    .split('\n')
    .flatMap((line, index) => unknownTestCards(line).map(({number}) => ({file, line: index + 1, reason: unknownCardReason(number)})));
}

// --- Secret keys: a sample shows the one sample key, which the reader's own test key replaces on the
// site (src/utils/readerTestKey.ts); any other spelled-out key would stay in the reader's copy.

/** A written-out secret key (not `sk_test_…` or a bare prefix), with its offset. */
const SECRET_KEY = /\bsk_(?:test|live)_[A-Za-z0-9]{8,}/g;

/** The secret keys in `text` other than the sample key, with their offsets. */
export function foreignSecretKeys(text: string): {key: string; offset: number}[] {
  return [...text.matchAll(SECRET_KEY)].filter(([key]) => key !== sampleSecretKey).map((match) => ({key: match[0], offset: match.index}));
}

const foreignKeyReason = (key: string): string =>
  `secret key ${key} is not the sample key ${sampleSecretKey} (packages/model/src/testValues.ts): write that one, which the reader's own test key replaces on the site`;

// --- Pages

export function extractHttpSamples(block: CodeFence, specs: Specs): HttpSample[] {
  const extract = /^(bash|sh|shell|zsh|console|shell-session|curl)$/.test(block.lang)
    ? extractCurlSamples
    : /^(js|javascript|ts|typescript|jsx|tsx|mjs|cjs|node)$/.test(block.lang)
      ? extractFetchSamples
      : /^(python|py|python3)$/.test(block.lang)
        ? extractPythonSamples
        : () => [];
  return extract(block).filter((sample) => splitApiUrl(sample.url, specs.hosts) !== undefined);
}

/** The fenced code blocks of a page (see scripts/lib/pages.ts). */
export function extractCodeBlocks(source: string): readonly CodeFence[] {
  return parsePage(source, 'page.mdx').code;
}

/** Checks every sample of one page. `file` is only used to label the problems. */
export function checkMarkdown(source: string, file: string, specs: Specs): FileReport {
  return checkPage(parsePage(source, file), specs);
}

export function checkPage(page: Page, specs: Specs): FileReport {
  const problems = pageProblems(page);
  const report: Report = (line, reason) => {
    problems.push({file: page.file, line, reason});
  };
  const checked = page.code.flatMap((block) =>
    extractHttpSamples(block, specs).map((sample) => ({
      section: block.section,
      line: sample.line,
      operation: checkHttpSample(sample, specs, report),
    })),
  );
  const jsonBlocks = page.code.filter((block) => block.lang === 'json' || block.lang === 'jsonc');
  for (const block of jsonBlocks) checkJsonBlock(block, checked, specs, report);
  for (const block of page.code)
    for (const {number, offset} of unknownTestCards(block.text)) report(blockLine(block, offset), unknownCardReason(number));
  for (const block of page.code)
    for (const {key, offset} of foreignSecretKeys(block.text)) report(blockLine(block, offset), foreignKeyReason(key));
  return {problems: problems.sort((first, second) => first.line - second.line), samples: checked.length + jsonBlocks.length};
}
