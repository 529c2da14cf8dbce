/**
 * The HTTP calls in a page's code blocks: curl commands (split into words by shell-quote), fetch()
 * calls (from the TypeScript compiler's syntax tree) and requests-style Python calls (from
 * @lezer/python's syntax tree). URLs, bodies and ids may come from constants declared in the
 * same block; what cannot be read as a literal is skipped, not guessed.
 */
import type {SyntaxNode} from '@lezer/common';
import {parser as pythonParser} from '@lezer/python';
import {parse as parseShell} from 'shell-quote';
import ts from 'typescript';
import type {CodeFence} from '../lib/pages';
import {type JsonPath, type JsonValue, jsToJson, literal, type LiteralResult, type Locations, parseLiteral, pathKey} from './literals';
import {pythonParts, pythonString, pythonToJson} from './literals';

/** Stands for a part of a URL or body the check cannot know (a variable, an expression). */
export const WILDCARD = '\u0000';

export type SampleBody =
  | {kind: 'none'}
  /** Built from variables or expressions: not checked. */
  | {kind: 'unreadable'}
  | {kind: 'not-json'; line: number; reason: string}
  | {kind: 'syntax-error'; line: number; message: string}
  | {kind: 'value'; value: JsonValue; lineOf: (fieldPath: JsonPath) => number};

export interface HttpSample {
  line: number;
  /** Undefined when the sample's options could not be read. */
  method: string | undefined;
  /** The full URL, with WILDCARD where a part is not known. */
  url: string;
  /** Query parameters given outside the URL (curl -G -d, Python params=). */
  extraQuery: [string, string][];
  body: SampleBody;
  sendsIdempotencyKey: boolean;
}

/** The file line of an offset in a code block's text. */
export const blockLine = (block: CodeFence, offset: number): number =>
  block.line + 1 + (block.text.slice(0, Math.max(0, offset)).match(/\n/g)?.length ?? 0);

/** The line of a field: of its value, or else of the nearest enclosing value that has one. */
export function lineMapper(locations: Locations, toLine: (offset: number) => number, fallback: number): (fieldPath: JsonPath) => number {
  return (fieldPath) => {
    for (let length = fieldPath.length; length >= 0; length--) {
      const offset = locations.get(pathKey(fieldPath.slice(0, length)));
      if (offset !== undefined) return toLine(offset);
    }
    return fallback;
  };
}

function bodyFrom(result: LiteralResult, toLine: (offset: number) => number): SampleBody {
  if (result.kind === 'syntax-error') return {kind: 'syntax-error', line: toLine(result.offset), message: result.message};
  return result.kind === 'value'
    ? {kind: 'value', value: result.value, lineOf: lineMapper(result.locations, toLine, toLine(0))}
    : {kind: 'unreadable'};
}

// --- curl -------------------------------------------------------------------------------------

type ShellLine = {text: string; offset: number; heredoc?: {text: string; offset: number}};

/** Splits shell text into logical lines (continued by `\` or an open quote), with their heredoc bodies. */
function shellLines(text: string): ShellLine[] {
  const lines: ShellLine[] = [];
  let [start, quote] = [0, ''];
  for (let index = 0; index <= text.length; index++) {
    const char = text.charAt(index);
    if (quote !== '' || char === '\\') {
      if (char === '\\' && quote !== "'") index++;
      else if (char === quote) quote = '';
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (index === start || /\s/.test(text.charAt(index - 1)))) {
      index = (text.indexOf('\n', index) + 1 || text.length + 1) - 2; // a comment, up to the end of its line
    } else if (char === '\n' || char === '') {
      const line: ShellLine = {text: text.slice(start, index), offset: start};
      const delimiter = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1/.exec(line.text)?.[2];
      if (delimiter !== undefined) {
        const close = new RegExp(`^\\t*${delimiter}[ \\t]*$`, 'm').exec(text.slice(index + 1));
        line.heredoc = {text: text.slice(index + 1, close ? index + 1 + close.index : undefined), offset: index + 1};
        index = close ? index + 1 + close.index + close[0].length : text.length;
      }
      lines.push(line);
      start = index + 1;
    }
  }
  return lines;
}

/** In console blocks only the prompted lines ($ or %) and their continuations are commands. */
function consoleCommands(text: string): string {
  let continuing = false;
  return text
    .split('\n')
    .map((line) => {
      const prompt = /^(\s*)[$%] /.exec(line);
      if (!prompt && !continuing) return '';
      const command = prompt ? ' '.repeat(prompt[0].length) + line.slice(prompt[0].length) : line;
      const quotes = (command.match(/'/g) ?? []).length;
      continuing = line.trimEnd().endsWith('\\') || (quotes % 2 === 1 ? !continuing : continuing && quotes === 0 && line.trim() !== '');
      return command;
    })
    .join('\n');
}

const CURL_SHORT_WITH_VALUE = /[dXHuowAeFTmxbcKErYyzCDUQ]/;
const CURL_LONG_WITH_VALUE = new RegExp(
  '^(request|data(-raw|-binary|-ascii|-urlencode)?|json|header|user(-agent)?|output|write-out|referer|form(-string)?|upload-file|max-time|' +
    'proxy|cookie(-jar)?|config|cert|key|cacert|range|connect-timeout|retry(-delay|-max-time)?|url|resolve|oauth2-bearer|variable|max-redirs|' +
    'limit-rate|interface|dump-header|proto(-redir)?|aws-sigv4|netrc-file|pass|keepalive-time|trace(-ascii)?|stderr|expect100-timeout|' +
    'happy-eyeballs-timeout-ms)$',
);

/** One curl command's sample, from its words (after `curl`). */
function curlSample(words: readonly string[], line: ShellLine, block: CodeFence, commandLine: number): HttpSample | undefined {
  const [data, headers] = [[] as string[], [] as string[]];
  let [method, url, form, get] = [undefined as string | undefined, undefined as string | undefined, false, false];
  const option = (name: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (name === 'X' || name === 'request') method = value.toUpperCase();
    if (/^(d|data.*|json)$/.test(name)) data.push(value);
    if (name === 'H' || name === 'header') headers.push(value);
    if (name === 'url') url ??= value;
    if (/^(data-urlencode|F|form.*)$/.test(name)) form = true;
  };
  for (let index = 0; index < words.length; index++) {
    const text = words[index] ?? '';
    const [long = '', value] = text.startsWith('--') ? text.slice(2).split(/=(.*)/s) : [];
    const short = text.startsWith('-') && !text.startsWith('--') ? text.slice(1).search(CURL_SHORT_WITH_VALUE) + 1 : 0;
    if (long === 'get' || /^-[^-dXHuowAeFTmxbcKErYyzCDUQ]*G/.test(text)) get = true;
    if (CURL_LONG_WITH_VALUE.test(long)) option(long, value ?? words[++index]);
    else if (short > 0) option(text.charAt(short), short + 1 < text.length ? text.slice(short + 1) : words[++index]);
    else if (url === undefined && /^https?:\/\//i.test(text)) url = text;
  }
  if (url === undefined) return undefined;
  let body: SampleBody = form && !get ? {kind: 'not-json', line: commandLine, reason: 'is a multipart form (-F)'} : {kind: 'none'};
  let text = data.join('&'); // curl joins several -d values with "&"
  let offset = line.offset + line.text.indexOf(text);
  if (text === '@-' && line.heredoc) [text, offset] = [line.heredoc.text, line.heredoc.offset]; // `-d @-` reads stdin: in docs, a heredoc
  const toLine = (at: number): number => (offset < line.offset ? commandLine : blockLine(block, offset + at));
  const shown = text.trim().length > 40 ? `${text.trim().slice(0, 37)}…` : text.trim();
  if (get || data.length === 0) body = get ? {kind: 'none'} : body;
  else if (text.includes(WILDCARD) || (data.length === 1 && text.startsWith('@')))
    body = {kind: 'unreadable'}; // or `-d @file`
  else if (form || !/^\s*[{[]/.test(text))
    body = {kind: 'not-json', line: toLine(0), reason: `is ${JSON.stringify(shown)}, which is form data, not JSON`};
  else body = bodyFrom(parseLiteral(text, 'json'), toLine);
  return {
    line: commandLine,
    method: method ?? (get ? 'GET' : data.length > 0 || form ? 'POST' : 'GET'),
    url,
    extraQuery: get ? data.flatMap((pairs) => [...new URLSearchParams(pairs)]) : [],
    body,
    sendsIdempotencyKey: headers.some((header) => /^\s*idempotency-key\s*:/i.test(header)),
  };
}

export function extractCurlSamples(block: CodeFence): HttpSample[] {
  const text = /^(console|shell-session)$/.test(block.lang) && /^\s*[$%] /m.test(block.text) ? consoleCommands(block.text) : block.text;
  const variables = new Map<string, string>();
  for (const match of text.matchAll(
    /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)=(?:"([^"$`\\\n]*)"|'([^'\n]*)'|([^\s'"$`\\;|&]*))[ \t]*(?:#.*)?$/gm,
  )) {
    variables.set(match[1] ?? '', match[2] ?? match[3] ?? match[4] ?? '');
  }
  return shellLines(text).flatMap((line) => {
    const commands: string[][] = [[]];
    let redirect = false;
    for (const entry of parseShell(line.text.replace(/\$\([^()]*\)/g, '${_}'), (name) => variables.get(name) ?? WILDCARD)) {
      if (typeof entry !== 'string' && 'comment' in entry) break;
      if (typeof entry !== 'string' && !('pattern' in entry)) {
        if (/^(;;?|\|\|?|&&?|[()]|\|&)$/.test(entry.op)) commands.push([]);
        else redirect = true; // its target is a file name, not an argument
      } else if (redirect) redirect = false;
      else commands.at(-1)?.push(typeof entry === 'string' ? entry : entry.pattern);
    }
    const curlOffsets = [...line.text.matchAll(/\bcurl\b/g)].map((match) => match.index);
    return commands.flatMap((words) => {
      const first = words.findIndex((word) => !/^([$%]|sudo|time|command|exec|env|[A-Za-z_]\w*=.*)$/s.test(word));
      const sample =
        words[first] === 'curl'
          ? curlSample(words.slice(first + 1), line, block, blockLine(block, line.offset + (curlOffsets.shift() ?? 0)))
          : undefined;
      return sample ? [sample] : [];
    });
  });
}

// --- fetch() ----------------------------------------------------------------------------------

export function extractFetchSamples(block: CodeFence): HttpSample[] {
  const extension = /^(ts|typescript)$/.test(block.lang) ? 'ts' : block.lang === 'tsx' ? 'tsx' : 'js';
  const file = ts.createSourceFile(`sample.${extension}`, block.text, ts.ScriptTarget.Latest, true);
  const declarations = new Map<string, ts.Expression>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && !declarations.has(node.name.text))
      declarations.set(node.name.text, node.initializer);
    if (ts.isCallExpression(node) && /^(\w+\.)*fetch$/.test(node.expression.getText())) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node;
  const declared = (node: ts.Expression, depth: number): ts.Expression | undefined =>
    depth < 5 && ts.isIdentifier(node) ? declarations.get(node.text) : undefined;
  const isLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

  const resolveString = (expression: ts.Expression, depth = 0): string => {
    const node = unwrap(expression);
    if (isLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return node.head.text + node.templateSpans.map((span) => resolveString(span.expression, depth + 1) + span.literal.text).join('');
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return resolveString(node.left, depth) + resolveString(node.right, depth);
    const declaration = declared(node, depth);
    return declaration ? resolveString(declaration, depth + 1) : WILDCARD;
  };
  const resolveBody = (expression: ts.Expression, serialised: boolean, depth = 0): SampleBody => {
    const node = unwrap(expression);
    const [inner] = ts.isCallExpression(node) && node.expression.getText() === 'JSON.stringify' ? node.arguments : [];
    if (inner) return resolveBody(inner, true, depth + 1);
    if (ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node)) {
      const reason = 'is an object literal that fetch sends as "[object Object]"; wrap it in JSON.stringify()';
      return serialised
        ? bodyFrom(
            literal((locations) => jsToJson(node, locations)),
            (offset) => blockLine(block, offset),
          )
        : {kind: 'not-json', line: blockLine(block, node.getStart()), reason};
    }
    // A JSON document in a string: its lines are not the page's, so problems point at its start.
    if (isLiteral(node)) return bodyFrom(parseLiteral(node.text, 'json'), () => blockLine(block, node.getStart()));
    const declaration = declared(node, depth);
    return declaration ? resolveBody(declaration, serialised, depth + 1) : {kind: 'unreadable'};
  };

  return calls.flatMap((call): HttpSample[] => {
    const [urlArgument, optionsArgument] = call.arguments;
    if (!urlArgument) return [];
    const sample: HttpSample = {
      line: blockLine(block, call.getStart()),
      method: 'GET',
      url: resolveString(urlArgument),
      extraQuery: [],
      body: {kind: 'none'},
      sendsIdempotencyKey: false,
    };
    let options = optionsArgument && unwrap(optionsArgument);
    for (let depth = 0; options && !ts.isObjectLiteralExpression(options); depth++) options = declared(options, depth);
    if (optionsArgument && !options) return [{...sample, method: undefined, body: {kind: 'unreadable'}}];
    for (const member of options && ts.isObjectLiteralExpression(options) ? options.properties : []) {
      // `{method, body}` shorthand refers to constants of the same name.
      const value = ts.isPropertyAssignment(member)
        ? member.initializer
        : ts.isShorthandPropertyAssignment(member)
          ? member.name
          : undefined;
      const name = value && member.name?.getText().replace(/^['"]|['"]$/g, '');
      if (value && name === 'method')
        sample.method = /^[A-Za-z]+$/.test(resolveString(value)) ? resolveString(value).toUpperCase() : undefined;
      if (value && name === 'body') sample.body = resolveBody(value, false);
      if (value && name === 'headers')
        sample.sendsIdempotencyKey = /idempotency-key/i.test(value.getText() + (declared(unwrap(value), 0)?.getText() ?? ''));
    }
    return [sample];
  });
}

// --- Python requests --------------------------------------------------------------------------

export function extractPythonSamples(block: CodeFence): HttpSample[] {
  const code = block.text;
  const textOf = (node: SyntaxNode): string => code.slice(node.from, node.to);
  const declarations = new Map<string, SyntaxNode>();
  const calls: SyntaxNode[] = [];
  pythonParser.parse(code).iterate({
    enter: ({name, node}) => {
      const [first, value] = [node.firstChild, node.lastChild];
      if (name === 'AssignStatement' && first?.name === 'VariableName' && value && !declarations.has(textOf(first)))
        declarations.set(textOf(first), value);
      const property = first?.name === 'MemberExpression' && first.firstChild?.name === 'VariableName' ? first.lastChild : null;
      if (name === 'CallExpression' && property?.name === 'PropertyName' && /^(get|post|put|patch|delete)$/.test(textOf(property)))
        calls.push(node);
    },
  });
  const declared = (node: SyntaxNode, depth: number): SyntaxNode | undefined =>
    depth < 5 && node.name === 'VariableName' ? declarations.get(textOf(node)) : undefined;

  const resolveString = (node: SyntaxNode, depth = 0): string => {
    if (/String$/.test(node.name)) return pythonString(node, code, (field) => resolveString(field, depth + 1)) ?? WILDCARD;
    const [left, operator, right] = pythonParts(node);
    if (node.name === 'BinaryExpression' && left && right && operator && textOf(operator) === '+')
      return resolveString(left, depth) + resolveString(right, depth);
    const declaration = declared(node, depth);
    return declaration ? resolveString(declaration, depth + 1) : WILDCARD;
  };
  const resolveBody = (node: SyntaxNode, asJson: boolean, depth = 0): SampleBody => {
    const argument =
      node.name === 'CallExpression' && textOf(node.firstChild ?? node) === 'json.dumps'
        ? node.lastChild?.firstChild?.nextSibling
        : undefined;
    if (argument) return resolveBody(argument, true, depth + 1);
    if (node.name === 'DictionaryExpression' || node.name === 'ArrayExpression') {
      const reason = 'is sent as form data (data=); send json= instead';
      return asJson
        ? bodyFrom(
            literal((locations) => pythonToJson(node, code, locations)),
            (offset) => blockLine(block, offset),
          )
        : {kind: 'not-json', line: blockLine(block, node.from), reason};
    }
    const text = /String$/.test(node.name) ? pythonString(node, code, () => WILDCARD) : undefined;
    // A JSON document in a string: its lines are not the page's, so problems point at its start.
    if (text !== undefined && !text.includes(WILDCARD)) return bodyFrom(parseLiteral(text, 'json'), () => blockLine(block, node.from));
    const declaration = declared(node, depth);
    return declaration ? resolveBody(declaration, asJson, depth + 1) : {kind: 'unreadable'};
  };

  return calls.flatMap((call): HttpSample[] => {
    // The arguments, split at commas: `name=value` keywords, `**kwargs`, or positional.
    const [positional, keywords] = [[] as SyntaxNode[], new Map<string, SyntaxNode>()];
    let argument: SyntaxNode[] = [];
    for (let child = call.lastChild?.firstChild ?? null; child; child = child.nextSibling) {
      if (!/^[,()]$|^Comment$/.test(child.name)) argument.push(child);
      if (child.name !== ',' && child.name !== ')') continue;
      const [first, second, third] = argument;
      if (first?.name === 'VariableName' && second?.name === 'AssignOp' && third) keywords.set(textOf(first), third);
      else if (first && /^\*\*?$/.test(first.name)) keywords.set(first.name, first);
      else if (first) positional.push(first);
      argument = [];
    }
    const urlArgument = positional[0] ?? keywords.get('url');
    if (!urlArgument) return [];
    const [json, data, params, headers] = ['json', 'data', 'params', 'headers'].map((name) => keywords.get(name));
    const query = params ? resolveBody(params, true) : undefined;
    const pairs =
      query?.kind === 'value' && query.value && typeof query.value === 'object' && !Array.isArray(query.value)
        ? Object.entries(query.value)
        : [];
    return [
      {
        line: blockLine(block, call.from),
        method: textOf(call.firstChild?.lastChild ?? call).toUpperCase(),
        url: resolveString(urlArgument),
        extraQuery: pairs.map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
        body: json ? resolveBody(json, true) : data ? resolveBody(data, false) : {kind: keywords.has('**') ? 'unreadable' : 'none'},
        sendsIdempotencyKey: headers !== undefined && /idempotency-key/i.test(textOf(headers) + textOf(declared(headers, 0) ?? headers)),
      },
    ];
  });
}
