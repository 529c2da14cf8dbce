import {useDoc} from '@docusaurus/plugin-content-docs/client';

/** Whether the current doc is a generated endpoint page (its front matter carries the operation). */
export function useIsEndpointPage(): boolean {
  const {frontMatter} = useDoc();
  return (frontMatter as Record<string, unknown>).api !== undefined;
}
