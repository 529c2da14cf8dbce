/**
 * Literal values in samples, with the offset each value (or object key) starts at, so a problem
 * can point at its line: JSON and JSON with comments (jsonc-parser), and JavaScript and Python
 * literals read from their syntax trees (the TypeScript compiler's parser, @lezer/python). In
 * JavaScript and Python anything that is not a plain literal (a variable, a call, a spread) makes
 * the value "not a literal": such bodies are skipped, not reported.
 */
import type {SyntaxNode} from '@lezer/common';
import {parser as pythonParser} from '@lezer/python';
import {getNodeValue, type Node as JsonNode, type ParseError, parseTree, printParseErrorCode} from 'jsonc-parser';
import ts from 'typescript';

export type JsonValue = null | boolean | number | string | JsonValue[] | {[key: string]: JsonValue};
export type JsonPath = readonly (string | number)[];
export type LiteralDialect = 'json' | 'jsonc' | 'js' | 'python';
/** Offsets of values and object keys in the text, by `pathKey`. */
export type Locations = Map<string, number>;
export type LiteralResult =
  {kind: 'value'; value: JsonValue; locations: Locations} | {kind: 'syntax-error'; offset: number; message: string} | {kind: 'not-literal'};

export class NotALiteral extends Error {}

export const pathKey = (fieldPath: JsonPath): string => JSON.stringify(fieldPath);

function syntaxError(text: string, {error, offset, length}: ParseError, dialect: LiteralDialect): LiteralResult {
  const code = printParseErrorCode(error);
  const found = text.slice(offset, offset + Math.max(length, 1));
  const comma = /,\s*$/.exec(text.slice(0, offset));
  if (/^(PropertyName|Value)Expected$/.test(code) && /^[}\]]/.test(found) && comma)
    return {kind: 'syntax-error', offset: comma.index, message: `trailing comma before "${found}"`};
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const message =
    code === 'InvalidCommentToken' && dialect === 'json'
      ? 'comments are not allowed in JSON (use a jsonc block for annotated JSON)'
      : found === ''
        ? `${words} at the end of the input`
        : `${words}, found ${JSON.stringify(found)}`;
  return {kind: 'syntax-error', offset, message};
}

function parseJson(text: string, dialect: LiteralDialect): LiteralResult {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {disallowComments: dialect === 'json', allowTrailingComma: dialect === 'jsonc'});
  if (errors[0] || !tree) return syntaxError(text, errors[0] ?? {error: 4, offset: 0, length: 0}, dialect);
  const locations: Locations = new Map();
  const visit = (node: JsonNode, at: JsonPath): void => {
    if (!locations.has(pathKey(at))) locations.set(pathKey(at), node.offset);
    if (node.type === 'array') node.children?.forEach((item, index) => visit(item, [...at, index]));
    for (const {children: [key, value] = [], offset} of node.type === 'object' ? (node.children ?? []) : []) {
      locations.set(pathKey([...at, String(key?.value)]), offset);
      if (value) visit(value, [...at, String(key?.value)]);
    }
  };
  visit(tree, []);
  return {kind: 'value', value: getNodeValue(tree) as JsonValue, locations};
}

/** A JavaScript literal expression as JSON, recording where each part starts. */
export function jsToJson(node: ts.Expression, locations: Locations, at: JsonPath = []): JsonValue {
  if (!locations.has(pathKey(at))) locations.set(pathKey(at), node.getStart());
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return jsToJson(node.expression, locations, at);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand) && node.operator === ts.SyntaxKind.MinusToken)
    return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return node.kind === ts.SyntaxKind.TrueKeyword;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element, index) => jsToJson(element, locations, [...at, index]));
  if (!ts.isObjectLiteralExpression(node)) throw new NotALiteral();
  const result: {[key: string]: JsonValue} = {};
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || ts.isComputedPropertyName(property.name) || ts.isPrivateIdentifier(property.name))
      throw new NotALiteral();
    locations.set(pathKey([...at, property.name.text]), property.getStart());
    result[property.name.text] = jsToJson(property.initializer, locations, [...at, property.name.text]);
  }
  return result;
}

/** The children of a Python node that carry meaning (no brackets, commas, colons or comments). */
export function pythonParts(node: SyntaxNode): SyntaxNode[] {
  const parts: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (!/^[()[\]{},:]$|^Comment$/.test(child.name)) parts.push(child);
  return parts;
}

const PYTHON_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\u0007',
  '0': '\0',
  '\n': '',
};

/** A Python string literal's value, with `replace` called for each f-string field; bytes have none. */
export function pythonString(node: SyntaxNode, code: string, replace: (expression: SyntaxNode) => string): string | undefined {
  if (node.name === 'ContinuedString') {
    const parts = pythonParts(node).map((part) => pythonString(part, code, replace));
    return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
  }
  const [, prefix = '', quote = '"'] = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(code.slice(node.from, node.to)) ?? [];
  if (/b/i.test(prefix)) return undefined;
  const unescape = (raw: string): string => {
    const text = /f/i.test(prefix) ? raw.replace(/\{\{|\}\}/g, (brace) => brace.charAt(0)) : raw;
    if (/r/i.test(prefix)) return text;
    return text.replace(/\\(x[\da-fA-F]{2}|u[\da-fA-F]{4}|U[\da-fA-F]{8}|[\s\S])/g, (escape, what: string) =>
      what.length > 1
        ? String.fromCodePoint(parseInt(what.slice(1), 16))
        : (PYTHON_ESCAPES[what] ?? (`"'\\`.includes(what) ? what : escape)),
    );
  };
  let [result, position] = ['', node.from + prefix.length + quote.length];
  for (const field of node.getChildren('FormatReplacement')) {
    const expression = pythonParts(field)[0];
    result += unescape(code.slice(position, field.from)) + (expression ? replace(expression) : '');
    position = field.to;
  }
  return result + unescape(code.slice(position, node.to - quote.length));
}

/** A Python literal expression as JSON, recording where each part starts. */
export function pythonToJson(node: SyntaxNode, code: string, locations: Locations, at: JsonPath = []): JsonValue {
  if (!locations.has(pathKey(at))) locations.set(pathKey(at), node.from);
  const text = code.slice(node.from, node.to);
  const parts = pythonParts(node);
  const notLiteral = (): never => {
    throw new NotALiteral();
  };
  if (node.name === 'ParenthesizedExpression' && parts.length === 1 && parts[0]) return pythonToJson(parts[0], code, locations, at);
  if (/String$/.test(node.name)) return pythonString(node, code, notLiteral) ?? notLiteral();
  if (/^(Number|UnaryExpression)$/.test(node.name) && /^[-+]?\s*[\d.]/.test(text) && Number.isFinite(Number(text.replace(/[\s_]/g, '')))) {
    return Number(text.replace(/[\s_]/g, ''));
  }
  if (node.name === 'Boolean' || node.name === 'None') return node.name === 'None' ? null : text === 'True';
  if (node.name === 'ArrayExpression') return parts.map((part, index) => pythonToJson(part, code, locations, [...at, index]));
  if (node.name !== 'DictionaryExpression') return notLiteral();
  const result: {[key: string]: JsonValue} = {};
  for (let index = 0; index < parts.length; index += 2) {
    const [key, value] = [parts[index], parts[index + 1]];
    const name = key && value && /String$/.test(key.name) ? pythonString(key, code, notLiteral) : undefined;
    if (!key || !value || name === undefined) return notLiteral();
    locations.set(pathKey([...at, name]), key.from);
    result[name] = pythonToJson(value, code, locations, [...at, name]);
  }
  return result;
}

/** A value read by a converter from a syntax tree, or "not a literal" when the converter says so. */
export function literal(convert: (locations: Locations) => JsonValue): LiteralResult {
  const locations: Locations = new Map();
  try {
    return {kind: 'value', value: convert(locations), locations};
  } catch (error) {
    if (error instanceof NotALiteral) return {kind: 'not-literal'};
    throw error;
  }
}

/** Parses a whole text as one literal of the given dialect. */
export function parseLiteral(text: string, dialect: LiteralDialect): LiteralResult {
  if (dialect === 'json' || dialect === 'jsonc') return parseJson(text, dialect);
  if (dialect === 'python') {
    const statements = pythonParts(pythonParser.parse(text).topNode);
    const expression = statements.length === 1 && statements[0]?.name === 'ExpressionStatement' ? statements[0].firstChild : null;
    return expression && !expression.nextSibling
      ? literal((locations) => pythonToJson(expression, text, locations))
      : {kind: 'not-literal'};
  }
  // Parenthesised, so that `{…}` is an object and not a block; offsets are moved back past the "(".
  const file = ts.createSourceFile('literal.ts', `(${text})`, ts.ScriptTarget.Latest, true);
  const [statement] = file.statements;
  const errors = (file as unknown as {parseDiagnostics?: unknown[]}).parseDiagnostics ?? [];
  if (file.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement) || errors.length > 0) return {kind: 'not-literal'};
  const result = literal((locations) => jsToJson(statement.expression, locations));
  return result.kind === 'value'
    ? {...result, locations: new Map([...result.locations].map(([key, offset]) => [key, offset - 1]))}
    : result;
}
