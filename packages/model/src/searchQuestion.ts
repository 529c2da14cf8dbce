/**
 * What the search box and the search page know of a query without loading
 * the engine (packages/model/src/siteSearch.ts): whether it reads as a question
 * ("how do I refund?", "why was my payout late"), which shows the answer
 * card above the results, and how much of it is searched.
 */
const questionStart =
  /^(how|what|which|when|where|why|who|whom|whose|can|could|do|does|did|is|are|was|were|should|will|would|may|must|has|have)\b/i;

export function isQuestion(query: string): boolean {
  const trimmed = query.trim();
  return trimmed.endsWith('?') || (questionStart.test(trimmed) && trimmed.split(/\s+/).length >= 3);
}

/**
 * The most a reader's box or page searches, in characters: a question is
 * far shorter, and a pasted page (50,000 characters) would hold the tab
 * while every word of it was looked up. The box says when it cut.
 */
export const searchedQueryLength = 200;
