/**
 * Stands in for the classic theme's `prism-include-languages` client module,
 * which registered Prism grammars on every page at start-up. Registration
 * happens in `prismWithLanguages.ts`, with the first code block instead.
 */
export {};
