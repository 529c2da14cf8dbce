import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/**
 * The theme's doc footer (Edit this page, Last updated), then "Was this page
 * helpful?". Both the classic theme's doc pages and the OpenAPI theme's API
 * pages render this footer, so every docs, guide, API and endpoint page asks.
 */
export default function DocItemFooterWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Footer {...props} />
      <PageFeedback pagePath={metadata.permalink} />
    </>
  );
}
