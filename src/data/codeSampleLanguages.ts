/**
 * The nine code-sample languages, in the order every endpoint page shows them,
 * each with the one client library its samples use (Java: Unirest). Used as
 * `themeConfig.languageTabs`, by the build-time samples of the Markdown twins
 * and by the list of generators shipped to the browser.
 */
export const languageTabs = (
  [
    ['python', 'python', 'requests'],
    ['curl', 'bash', 'curl'],
    ['csharp', 'csharp', 'restsharp'],
    ['go', 'go', 'native'],
    ['nodejs', 'javascript', 'axios'],
    ['ruby', 'ruby', 'net::http'],
    ['php', 'php', 'curl'],
    ['java', 'java', 'unirest'],
    ['powershell', 'powershell', 'restmethod'],
  ] as const
).map(([language, highlight, variant]) => ({language, highlight, logoClass: language, variant, variants: [variant]}));
