/** The reason phrases of the statuses an API answers with (RFC 9110), for labels read aloud. */
const reasonPhrases: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "201 Created" for "201"; the code alone when its phrase is not listed. */
export function statusLine(code: string | number): string {
  const phrase = reasonPhrases[Number(code)];
  return phrase ? `${code} ${phrase}` : String(code);
}
