/**
 * Which of an operation's success examples the sandbox answers with. Prism answers every request
 * with the first example unless the request asks for one (`Prefer: example=<name>`), so creating a
 * GCash source would come back as the card source. The sandbox asks for the example that agrees
 * best with the request body: the one whose top-level values equal most of the request's (`type`,
 * `amount`, `capture`…) and contradict fewest. Without a body, or when no example stands out, Prism
 * keeps its default.
 */
type Json = unknown;

interface ExampleChoice {
  readonly method: string;
  /** Matches the operation's path, with any id in a `{parameter}`. */
  readonly path: RegExp;
  readonly examples: readonly {name: string; value: Json}[];
}

export const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: Json): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** How well an example answers a request body: equal top-level values count for it, different ones against. */
export function agreement(body: Record<string, Json>, example: Json): number {
  if (!isRecord(example)) return 0;
  let score = 0;
  for (const [key, value] of Object.entries(body)) {
    if (!isScalar(value) || !(key in example) || !isScalar(example[key])) continue;
    score += example[key] === value ? 1 : -1;
  }
  return score;
}

/** The name of the example that agrees best with `body`, when exactly one does. */
export function bestExample(examples: readonly {name: string; value: Json}[], body: Json): string | undefined {
  if (!isRecord(body) || examples.length < 2) return undefined;
  const scored = examples.map((example) => ({name: example.name, score: agreement(body, example.value)})).sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  return best && second && best.score > second.score ? best.name : undefined;
}

/** Matches a path of the spec's `template`, any value standing for each `{parameter}`. */
export const pathPattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The success examples of every operation of the parsed specs, to pick from per request. */
export function exampleChoices(documents: readonly Record<string, unknown>[]): ExampleChoice[] {
  const choices: ExampleChoice[] = [];
  for (const document of documents) {
    const componentExamples = ((document.components as Record<string, unknown> | undefined)?.examples ?? {}) as Record<
      string,
      {value?: Json}
    >;
    const resolve = (example: unknown): Json => {
      const ref = isRecord(example) ? example.$ref : undefined;
      if (typeof ref === 'string') return componentExamples[ref.split('/').pop() ?? '']?.value;
      return isRecord(example) ? example.value : undefined;
    };
    for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : {};
        // Prism answers with the lowest 2xx status; its examples are the ones to choose from.
        const success = Object.keys(responses)
          .filter((status) => /^2\d\d$/.test(status))
          .sort()[0];
        const response = success === undefined ? undefined : responses[success];
        const content = isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
        const examples = isRecord(content) && isRecord(content.examples) ? content.examples : {};
        const named = Object.entries(examples).map(([name, example]) => ({name, value: resolve(example)}));
        if (named.length > 1) choices.push({method: method.toUpperCase(), path: pathPattern(template), examples: named});
      }
    }
  }
  return choices;
}

/** What the sandbox keeps per operation, for the operation a request calls: method and path pattern match (the query left out). */
export function operationFor<Entry extends {readonly method: string; readonly path: RegExp}>(
  entries: readonly Entry[],
  method: string,
  path: string,
): Entry | undefined {
  const pathname = path.split('?')[0] ?? path;
  return entries.find((entry) => entry.method === method && entry.path.test(pathname));
}

/** The `Prefer` header value for a request, or undefined to leave Prism's default. */
export function preferFor(choices: readonly ExampleChoice[], method: string, path: string, body: string): string | undefined {
  const choice = operationFor(choices, method, path);
  if (!choice || body.trim() === '') return undefined;
  let parsed: Json;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const name = bestExample(choice.examples, parsed);
  return name === undefined ? undefined : `example=${name}`;
}
