import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import ReaderTestKey from '@site/src/components/ReaderTestKey';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/**
 * The breadcrumbs, then "Copy page as Markdown" and "View as Markdown". Both
 * the classic theme's doc pages and the OpenAPI theme's API pages render
 * DocBreadcrumbs at the top of the article, so every page with a Markdown twin
 * gets the buttons. The breadcrumbs render nothing on the home page; the
 * buttons still show there. Guides and API pages, where the code samples
 * are, also offer "Use my test key in samples".
 */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <DocBreadcrumbs {...props} />
      <CopyPageMarkdown pagePath={metadata.permalink} />
      {/^\/(guides|api)\//.test(metadata.permalink) && <ReaderTestKey />}
    </>
  );
}
