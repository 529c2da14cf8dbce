/**
 * Custom properties that a page's inlined CSS declares and nothing on the page reads: Infima and
 * the themes declare some 300 on `:root`, and a page's inlined rules read about half of them. The
 * page's style sheets, enabled once it has hydrated, declare them all again, so what later states
 * and client-side navigation read is there by then.
 */
import postcss, {type Declaration} from 'postcss';

/** Names read through `var(--name…)`. */
function readNames(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, name]) => name ?? '');
}

/**
 * The inlined CSS without the declarations of custom properties no rule of it reads, directly or
 * through another property, and that `elsewhere` (the rest of the page: style attributes, an SVG's
 * own styles) does not read either. Rules left empty go too.
 */
export function withoutUnreadProperties(css: string, elsewhere: string): string {
  const root = postcss.parse(css);
  const declarations = new Map<string, Declaration[]>();
  const read = new Set(readNames(elsewhere));
  root.walkDecls((declaration) => {
    if (!declaration.prop.startsWith('--')) {
      for (const name of readNames(declaration.value)) read.add(name);
      return;
    }
    const known = declarations.get(declaration.prop) ?? [];
    known.push(declaration);
    declarations.set(declaration.prop, known);
  });
  const pending = [...read];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const declaration of declarations.get(name) ?? []) {
      for (const next of readNames(declaration.value)) {
        if (!read.has(next)) {
          read.add(next);
          pending.push(next);
        }
      }
    }
  }
  let pruned = false;
  for (const [name, declared] of declarations) {
    if (read.has(name)) continue;
    for (const declaration of declared) declaration.remove();
    pruned = true;
  }
  if (!pruned) return css;
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  return root.toString();
}

const headStyle = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/** The page with the `<style>`s of its head (what Beasties inlined) pruned of unread custom properties. */
export function pruneInlinedProperties(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const elsewhere = head.replace(headStyle, '') + html.slice(headEnd);
  return (
    head.replace(headStyle, (_, open: string, css: string, close: string) => open + withoutUnreadProperties(css, elsewhere) + close) +
    html.slice(headEnd)
  );
}
