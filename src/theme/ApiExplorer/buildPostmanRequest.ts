/**
 * The request the explorer sends (and its code samples show), as the OpenAPI
 * theme builds it, with each path parameter percent-encoded first. The theme
 * puts a path parameter into the URL as typed (only spaces become `%20`), so
 * `../refunds` typed as a charge id made the browser call another endpoint,
 * and a `/`, `?` or `#` in it split the path or started a query. Encoded, a
 * value stays one path segment.
 *
 * The theme also encodes Basic credentials with `window.btoa`, which throws on
 * any character outside Latin-1 and took the page down: a credential holding
 * one is left out here (src/utils/explorerKeyGuard.ts keeps such text out of
 * the store; this holds whatever else puts it there).
 */
import buildThemePostmanRequest, {type PathParam, type RequestInputs} from '@theme-original/ApiExplorer/buildPostmanRequest';

/** `.` and `..`, written plainly or escaped: every URL parser removes such a segment, so it is left unfilled instead. */
const dotSegment = /^(?:\.|%2e){1,2}$/i;
const percentEscape = /(%[0-9A-Fa-f]{2})/;

/** One path segment: escapes the value holds (the theme's `%20`) kept, everything else encoded. */
function encodeSegment(value: string): string {
  if (dotSegment.test(value)) return '';
  return value
    .split(percentEscape)
    .map((part, index) => (index % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

/** The parameter with its value, or each value of a list, encoded as one path segment. */
function encodePathParam(param: PathParam): PathParam {
  if (typeof param.value === 'string') return {...param, value: encodeSegment(param.value)};
  if (Array.isArray(param.value)) return {...param, value: param.value.map((item) => encodeSegment(String(item)))};
  return param;
}

/** Credentials as the store holds them: per scheme, per field. */
type AuthData = Record<string, Record<string, unknown> | undefined>;

const beyondLatin1 = /[\u0100-\uFFFF]/;

/** The explorer's auth with every credential `btoa` cannot take left out. */
function encodableAuth(auth: unknown): unknown {
  if (typeof auth !== 'object' || auth === null || !('data' in auth)) return auth;
  const data = (auth as {data: AuthData}).data;
  const encodable = Object.fromEntries(
    Object.entries(data).map(([scheme, fields]) => [
      scheme,
      fields &&
        Object.fromEntries(
          Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' && beyondLatin1.test(value) ? undefined : value]),
        ),
    ]),
  );
  return {...auth, data: encodable};
}

export default function buildPostmanRequest(postman: unknown, inputs: RequestInputs): unknown {
  return buildThemePostmanRequest(postman, {
    ...inputs,
    auth: encodableAuth(inputs.auth),
    pathParams: inputs.pathParams.map(encodePathParam),
  });
}
