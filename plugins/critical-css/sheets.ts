/** The attribute marking a style sheet linked to be enabled once the page has hydrated: written by index.ts, read by client.ts. */
export const afterHydrationAttribute = 'data-after-hydration';
