/**
 * Stands in for postman-code-generators' list of its 35 generators
 * (lib/assets/languages.js), which the bundler would otherwise ship whole.
 * The site offers nine sample languages (`languageTabs` in
 * src/data/codeSampleLanguages.ts), so only their nine generators are listed; the
 * entries keep the package's own fields. Wired in by the lean-endpoints
 * plugin (index.ts beside this file). Add a generator here when a language is
 * added to `languageTabs` (the unit test compares the two lists).
 */
// Each require is spelled out: a computed path would make the bundler pack
// every file under codegens/.
const generator = (lang, variant, syntaxMode, folder, main) => ({
  type: 'code_generator',
  lang,
  variant,
  syntax_mode: syntaxMode,
  author: 'Postman Labs <help@getpostman.com>',
  homepage: `https://github.com/postmanlabs/code-generators/tree/master/codegens/${folder}`,
  main,
});

module.exports = [
  generator('csharp', 'RestSharp', 'csharp', 'csharp-restsharp', require('postman-code-generators/codegens/csharp-restsharp/index.js')),
  generator('curl', 'cURL', 'powershell', 'curl', require('postman-code-generators/codegens/curl/index.js')),
  generator('go', 'Native', 'golang', 'golang', require('postman-code-generators/codegens/golang/index.js')),
  generator('java', 'Unirest', 'java', 'java-unirest', require('postman-code-generators/codegens/java-unirest/index.js')),
  generator('nodejs', 'Axios', 'javascript', 'nodejs-axios', require('postman-code-generators/codegens/nodejs-axios/index.js')),
  generator('php', 'cURL', 'php', 'php-curl', require('postman-code-generators/codegens/php-curl/index.js')),
  generator('powershell', 'RestMethod', 'powershell', 'powershell-restmethod', require('postman-code-generators/codegens/powershell-restmethod/index.js')),
  generator('python', 'Requests', 'python', 'python-requests', require('postman-code-generators/codegens/python-requests/index.js')),
  generator('Ruby', 'Net::HTTP', 'ruby', 'ruby', require('postman-code-generators/codegens/ruby/index.js')),
];
