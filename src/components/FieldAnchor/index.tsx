import {createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {Preloadable} from '@site/src/utils/preloadable';
import styles from './styles.module.css';

/** Where fields are: the anchor prefix of the section or parent field, and how a reader would name it. */
export interface FieldScope {
  /** `request`, `response`, `response-404`, or the parent field's anchor. */
  readonly id: string;
  /** What the section's fields are: "request body field", "response field", "404 response field", "response header". */
  readonly kind: string;
  /** The parent field's dotted path ("customer.address"), empty at the top. */
  readonly path: string;
}

/** The scope of the fields nested in `name`, and the field's own accessible label. */
export function nestedScope(scope: FieldScope, id: string, name: string): {readonly scope: FieldScope; readonly label: string} {
  const path = scope.path === '' ? name : `${scope.path}.${name}`;
  return {scope: {id, kind: scope.kind, path}, label: `${scope.kind} ${path}`};
}

const FieldScopeContext = createContext<FieldScope | undefined>(undefined);

/**
 * Whether the fields rendered here are items of the theme's list of a
 * section's fields (`<ul>`), or nested in a field, in a plain box: a field is
 * an `<li>` only in the list, where HTML allows no `<div>`.
 */
const FieldInListContext = createContext(true);

/** The scope the fields rendered inside it get their anchors from. */
export function FieldScopeProvider({scope, children}: {readonly scope: FieldScope; readonly children: ReactNode}): ReactNode {
  return <FieldScopeContext.Provider value={scope}>{children}</FieldScopeContext.Provider>;
}

/** The enclosing field scope; undefined outside an endpoint page's reference (schema pages, the explorer). */
export function useFieldScope(): FieldScope | undefined {
  return useContext(FieldScopeContext);
}

function subscribeToFragment(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/**
 * The URL's fragment, decoded, without `#`; empty on the server and while
 * hydrating. A link icon is a plain anchor, so the browser changes the
 * fragment itself (`hashchange`); the router's own navigations (a search
 * result, a link from another page) re-render through `useLocation`.
 */
export function useUrlFragment(): string {
  useLocation();
  return useSyncExternalStore(
    subscribeToFragment,
    () => {
      try {
        return decodeURIComponent(window.location.hash.slice(1));
      } catch {
        return window.location.hash.slice(1);
      }
    },
    () => '',
  );
}

/** The page and fragment last scrolled to, so a field mounted again (the reference going live, a tab) does not pull the reader back. */
let scrolledTo: string | undefined;

interface FieldAnchorProps {
  readonly id: string;
  /** The field's own name as the spec spells it, for a search that names it (useSearchLandsOnField). */
  readonly name: string;
  /** Names the field in the link's accessible name: "request body field customer.email". */
  readonly label: string;
  /**
   * An item of the theme's list of parameters, the `<ul>`'s own child: an `<li>`. A schema's
   * field stays a `<div>`, since the theme puts its own boxes between a schema's list and its
   * fields in places (a list response's fields).
   */
  readonly listItem?: boolean;
  readonly children: ReactNode;
}

/**
 * A field with a stable anchor (`id`) and a link to itself, shown when the
 * field is hovered or the link has keyboard focus. When the URL's fragment
 * names the field, it is scrolled into view once it is rendered (the theme
 * wrappers open the sections and tabs around it first).
 */
export default function FieldAnchor({id, name, label, listItem = false, children}: FieldAnchorProps): ReactNode {
  // Docusaurus checks every link to an anchor against the anchors it saw rendered.
  useBrokenLinks().collectAnchor(id);
  const fragment = useUrlFragment();
  const {pathname} = useLocation();
  const inList = useContext(FieldInListContext);
  const field = useRef<HTMLDivElement & HTMLLIElement>(null);
  useEffect(() => {
    const target = `${pathname}#${fragment}`;
    if (fragment !== id || scrolledTo === target) return;
    scrolledTo = target;
    field.current?.scrollIntoView({block: 'start'});
  }, [fragment, id, pathname]);
  const Field = listItem && inList ? 'li' : 'div';
  return (
    <Field id={id} ref={field} className={styles.field} data-field-name={name}>
      {/* The icon is drawn by the stylesheet, not repeated as SVG in the HTML of each of a page's hundred fields. */}
      <a className={styles.link} href={`#${id}`} aria-label={`Link to the ${label}`} />
      {/* The fields nested in this one are in its own box. */}
      <FieldInListContext.Provider value={false}>{children}</FieldInListContext.Provider>
    </Field>
  );
}

/**
 * A reference section (the request body, the responses) whose fields take
 * their anchors from `scope`, keeping the section's `preload`.
 */
export function withFieldScope<P extends object>(Section: Preloadable<P>, scope: FieldScope): Preloadable<P> {
  function SectionWithFieldScope(props: P): ReactNode {
    return (
      <FieldScopeProvider scope={scope}>
        <Section {...props} />
      </FieldScopeProvider>
    );
  }
  return Object.assign(SectionWithFieldScope, {preload: Section.preload});
}
