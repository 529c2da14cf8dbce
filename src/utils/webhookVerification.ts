/**
 * Checks a webhook delivery as the contract's verification steps do (/api/webhooks#signatures), and
 * says why it fails: the in-page verifier's logic (src/components/WebhookVerifier), apart from the
 * signing it shares with the other webhook tools (webhookSignature.ts).
 */
import {secretShapeProblem, signPayload} from '@zip/model/webhookSignature';

interface SignatureHeader {
  /** `t`: the Unix second Zip signed the delivery. */
  readonly timestamp: number;
  /** Every `v1`, in order: 64 lower-case hex digits each. */
  readonly signatures: readonly string[];
}

type ParsedHeader = {readonly ok: true; readonly header: SignatureHeader} | {readonly ok: false; readonly problem: string};

/** 0 → `1st`, 1 → `2nd`…: how the verifier names a part or a v1 of the header. */
export const ordinal = (index: number): string => `${index + 1}${['st', 'nd', 'rd'][index] ?? 'th'}`;

/**
 * Reads a Zip-Signature value (`t=…,v1=…[,v1=…]`); a pasted `Zip-Signature:` prefix is allowed.
 * A problem names the part that is wrong, as the reader pasted it.
 */
function parseSignatureHeader(value: string): ParsedHeader {
  const text = value.trim().replace(/^zip-signature\s*:\s*/i, '');
  if (text === '') return {ok: false, problem: 'The header is empty: paste the value of Zip-Signature (t=…,v1=…).'};
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const [index, part] of text.split(',').entries()) {
    const [key = '', ...rest] = part.trim().split('=');
    const partValue = rest.join('=');
    if (rest.length === 0) return {ok: false, problem: `The ${ordinal(index)} part, "${part.trim()}", is not key=value.`};
    if (key === 't') {
      if (timestamp !== undefined) return {ok: false, problem: 'The header has two t= parts; Zip sends one.'};
      if (!/^\d{1,12}$/.test(partValue)) return {ok: false, problem: `t=${partValue} is not a Unix time in seconds.`};
      timestamp = Number(partValue);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(partValue)) {
        return {
          ok: false,
          problem: `The ${ordinal(signatures.length)} v1 is not 64 lower-case hex digits (it has ${partValue.length} characters).`,
        };
      }
      signatures.push(partValue);
    }
  }
  if (timestamp === undefined) return {ok: false, problem: 'The header has no t= part (the time Zip signed it).'};
  if (signatures.length === 0) return {ok: false, problem: 'The header has no v1= signature.'};
  return {ok: true, header: {timestamp, signatures}};
}

export type Diagnosis =
  | {readonly outcome: 'malformed'; readonly problem: string}
  /** `matched` is the 0-based index of the v1 that matched, of `count`; `ageSeconds` is now − t. */
  | {readonly outcome: 'valid'; readonly matched: number; readonly count: number; readonly ageSeconds: number}
  | {readonly outcome: 'outside-tolerance'; readonly matched: number; readonly count: number; readonly ageSeconds: number}
  /** No v1 matches. `matchingBody` names a re-serialisation of the body that does match, when one does. */
  | {
      readonly outcome: 'no-match';
      readonly count: number;
      readonly matchingBody?: string;
      readonly secretHint?: string;
    };

export interface VerifyInput {
  readonly header: string;
  /** The body as pasted: the string whose UTF-8 bytes were signed. */
  readonly body: string;
  readonly secret: string;
  /** Unix seconds to compare `t` with. */
  readonly now: number;
  readonly toleranceSeconds: number;
}

/** Bodies a reader may have pasted instead of the signed bytes, each with how it differs. */
function bodyVariants(body: string): [string, string][] {
  const variants: [string, string][] = [];
  if (body.trim() !== body) variants.push(['the body without the white space around it', body.trim()]);
  if (body.includes('\r\n')) variants.push(['the body with Unix line ends', body.replace(/\r\n/g, '\n')]);
  try {
    const parsed: unknown = JSON.parse(body);
    variants.push(
      ['the body as compact JSON', JSON.stringify(parsed)],
      ['the body as JSON indented by 2', JSON.stringify(parsed, null, 2)],
    );
  } catch {
    // Not JSON: no re-serialisation to try.
  }
  return variants.filter(([, variant]) => variant !== body);
}

/**
 * Checks a delivery as the contract's verification steps do, and says why it fails. A wrong secret
 * and a changed body cannot be told apart from the signature alone; when a re-serialisation of
 * the body matches, it was the body.
 */
export async function diagnose(input: VerifyInput): Promise<Diagnosis> {
  const parsed = parseSignatureHeader(input.header);
  if (!parsed.ok) return {outcome: 'malformed', problem: parsed.problem};
  const {timestamp, signatures} = parsed.header;
  const expected = await signPayload(input.secret, timestamp, input.body);
  const matched = signatures.indexOf(expected);
  const ageSeconds = input.now - timestamp;
  if (matched >= 0) {
    const outcome = Math.abs(ageSeconds) > input.toleranceSeconds ? 'outside-tolerance' : 'valid';
    return {outcome, matched, count: signatures.length, ageSeconds};
  }
  for (const [description, variant] of bodyVariants(input.body)) {
    if (signatures.includes(await signPayload(input.secret, timestamp, variant))) {
      return {outcome: 'no-match', count: signatures.length, matchingBody: description};
    }
  }
  const secretHint = secretShapeProblem(input.secret);
  return {outcome: 'no-match', count: signatures.length, ...(secretHint ? {secretHint} : {})};
}
