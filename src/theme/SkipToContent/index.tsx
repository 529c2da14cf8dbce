import type {ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';
import type SkipToContentType from '@theme/SkipToContent';
import type {WrapperProps} from '@docusaurus/types';
import RouteAnnouncer from '@site/src/components/RouteAnnouncer';

type Props = WrapperProps<typeof SkipToContentType>;

/** The theme's skip link, then what announces a route change (src/components/RouteAnnouncer), which must come after it. */
export default function SkipToContentWrapper(props: Props): ReactNode {
  return (
    <>
      <SkipToContent {...props} />
      <RouteAnnouncer />
    </>
  );
}
