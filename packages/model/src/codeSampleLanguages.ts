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

/**
 * What each language's tab, and its client library's tab, reads. The theme
 * labels them with the ids above, in capitals ("CSHARP", "NODEJS"), which a
 * screen reader spells out; src/theme/ApiExplorer/CodeTabs shows these.
 */
export const codeSampleLabels: Readonly<
  Record<(typeof languageTabs)[number]['language'], {readonly language: string; readonly library: string}>
> = {
  python: {language: 'Python', library: 'Requests'},
  curl: {language: 'cURL', library: 'curl'},
  csharp: {language: 'C#', library: 'RestSharp'},
  go: {language: 'Go', library: 'net/http'},
  nodejs: {language: 'Node.js', library: 'Axios'},
  ruby: {language: 'Ruby', library: 'Net::HTTP'},
  php: {language: 'PHP', library: 'cURL'},
  java: {language: 'Java', library: 'Unirest'},
  powershell: {language: 'PowerShell', library: 'Invoke-RestMethod'},
};
