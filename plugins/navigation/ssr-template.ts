/**
 * The HTML around every built page (Docusaurus's `ssrTemplate` option): Docusaurus's own
 * template, except for how the app's entry scripts start.
 *
 * Docusaurus loads them with `<script defer>`, which runs them as soon as the document is parsed.
 * On a fast connection they have arrived by then, so the phone evaluates React and the layout
 * before it paints the page it already has as HTML. Here they are preloaded at the same low
 * priority instead, and the last thing in the body starts them once the page has painted its
 * first content, or at once where the browser cannot report paints or the page is not visible
 * (a background tab paints nothing). The DOM is complete by then: the starter runs after the
 * parser has read the whole app.
 */

/** Marks the preloads the starter turns into scripts. */
export const entryScriptAttribute = 'data-entry-script';

/**
 * Inserted in order (`async = false`), as `defer` ran them. Its text is the same on every page,
 * so the content security policy allows it by one hash (plugins/delivery).
 */
export const entryScriptStarter = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[${entryScriptAttribute}]').forEach(function (link) {
      var script = document.createElement('script');
      script.src = link.href;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0 || document.visibilityState !== 'visible') return start();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({type: 'paint', buffered: true});
  document.addEventListener('visibilitychange', start);
})();`;

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" ${entryScriptAttribute} href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${entryScriptStarter}</script>
  </body>
</html>
`;
