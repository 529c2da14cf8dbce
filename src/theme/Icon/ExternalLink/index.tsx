import type {ReactNode} from 'react';
import IconExternalLink from '@theme-original/Icon/ExternalLink';
import type IconExternalLinkType from '@theme/Icon/ExternalLink';
import type {WrapperProps} from '@docusaurus/types';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

type Props = WrapperProps<typeof IconExternalLinkType>;

/**
 * The icon the theme puts after a link that opens a new tab (navbar, footer,
 * sidebar, "Edit this page"). Its `aria-label` on an `<svg>` without a role
 * is left out of the link's name, so the link never said it opens a new tab;
 * the words are text here, the icon decoration.
 */
export default function IconExternalLinkWrapper(props: Props): ReactNode {
  return (
    <>
      <span aria-hidden="true">
        <IconExternalLink {...props} />
      </span>
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </>
  );
}
