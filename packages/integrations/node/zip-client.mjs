// A small Zip client: keys, idempotency and retries in one place. Every POST carries an
// Idempotency-Key that the caller made and stored before the first attempt; retries reuse it.
// #region client
export class ZipError extends Error {
  constructor(status, error = {}) {
    super(`${status} ${error.code ?? 'error'}: ${error.message ?? 'no error body'} (${error.request_id ?? 'no request id'})`);
    Object.assign(this, {status, code: error.code, param: error.param, requestId: error.request_id, error});
  }
}

/** No answer came back (a timeout or a lost connection): the request may or may not have been carried out. */
export class ZipUnknownOutcome extends Error {}

export function createZipClient({apiUrl = 'https://api.example.com', secretKey = process.env.ZIP_SECRET_KEY, retryBaseMs = 250} = {}) {
  const authorization = 'Basic ' + Buffer.from(`${secretKey}:`).toString('base64');
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  return async function zip(method, path, body, {idempotencyKey, attempts = 4} = {}) {
    if (method === 'POST' && !idempotencyKey) throw new Error(`POST ${path} needs an Idempotency-Key made and stored before the call`);
    const headers = {Authorization: authorization};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method === 'POST') headers['Idempotency-Key'] = idempotencyKey;
    const init = {method, headers, body: body === undefined ? undefined : JSON.stringify(body)};
    for (let attempt = 1; ; attempt += 1) {
      let response;
      try {
        response = await fetch(apiUrl + path, {...init, signal: AbortSignal.timeout(30_000)});
      } catch (networkError) {
        // No answer: the same key makes the retry safe within 24 hours.
        if (attempt >= attempts) throw new ZipUnknownOutcome(`${method} ${path}: no answer`, {cause: networkError});
        await sleep(retryBaseMs * 2 ** attempt);
        continue;
      }
      const data = await response.json().catch(() => ({}));
      // 409, 429 and 5xx answers are not stored under the key, so a retry with it runs again.
      const retryable = response.status === 429 || response.status >= 500 || data.error?.code === 'idempotency_request_in_progress';
      if (retryable && attempt < attempts) {
        const retryAfter = Number(response.headers.get('Retry-After'));
        await sleep(retryAfter > 0 ? retryAfter * 1000 : retryBaseMs * 2 ** attempt);
        continue;
      }
      if (!response.ok) throw new ZipError(response.status, data.error);
      return data;
    }
  };
}
// #endregion client

// Zip keeps an Idempotency-Key 24 hours. From an hour before (a margin for clocks and slow requests),
// a retry with a stored key first looks for what the earlier attempt did: the key may be forgotten.
export const lookFirstAfterMs = (24 - 1) * 3_600_000;

// #region find-in-list
/**
 * Walks a list operation's pages, newest first, and returns the first object `match` accepts, or
 * undefined: how a retry whose Idempotency-Key may have expired finds what an earlier attempt made.
 */
export async function findInList(zip, path, match) {
  const separator = path.includes('?') ? '&' : '?';
  let cursor = '';
  for (;;) {
    const page = await zip('GET', `${path}${separator}limit=100${cursor}`);
    const found = page.data.find(match);
    if (found || !page.has_more || page.data.length === 0) return found;
    cursor = `&starting_after=${page.data.at(-1).id}`;
  }
}
// #endregion find-in-list
