/**
 * Whether a query reads as a question ("how do I refund?", "why was my
 * payout late"): the search box and the search page then show the answer
 * card above the results. Apart from the engine (src/utils/siteSearch.ts)
 * so the navbar can tell without loading it.
 */
const questionStart =
  /^(how|what|which|when|where|why|who|whom|whose|can|could|do|does|did|is|are|was|were|should|will|would|may|must|has|have)\b/i;

export function isQuestion(query: string): boolean {
  const trimmed = query.trim();
  return trimmed.endsWith('?') || (questionStart.test(trimmed) && trimmed.split(/\s+/).length >= 3);
}
