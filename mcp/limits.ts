/** The most characters one answer holds; longer answers are cut with a note saying how to read on. */
export const answerLimit = 32_000;

/**
 * The size an answer about a page aims at: a digest and one section fit in an assistant's context
 * beside its code. A page longer than this answers with its outline and opening, then by section.
 */
export const answerBudget = 8_000;
