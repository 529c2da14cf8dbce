import type {ComponentProps, ComponentType, ReactNode} from 'react';
import isInternalUrl from '@docusaurus/isInternalUrl';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

type LinkProps = ComponentProps<'a'>;

/** Addresses that open an application, not a page: no new tab for them. */
const applicationLink = /^(mailto|tel):/i;

/**
 * A Markdown link, rendered by the theme's (`link`), which opens every
 * external address in a new tab. Such a link says so to screen readers
 * ("(opens in a new tab)", visually hidden), as the theme's navbar and footer
 * links do with their icon; an e-mail or phone link opens in place.
 */
export default function markdownLink(Link: ComponentType<LinkProps>): ComponentType<LinkProps> {
  return function MarkdownLink({children, ...props}: LinkProps): ReactNode {
    const {href, target} = props;
    if (!href || isInternalUrl(href) || (target !== undefined && target !== '_blank')) return <Link {...props}>{children}</Link>;
    if (applicationLink.test(href)) {
      return (
        <Link {...props} target="_self">
          {children}
        </Link>
      );
    }
    return (
      <Link {...props}>
        {children}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Link>
    );
  };
}
