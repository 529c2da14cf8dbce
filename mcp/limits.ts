/** The most characters one answer holds; longer answers are cut with a note saying how to read on. */
export const answerLimit = 32_000;
