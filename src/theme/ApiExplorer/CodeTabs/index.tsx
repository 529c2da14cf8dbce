import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import CodeTabs from '@theme-original/ApiExplorer/CodeTabs';
import TabListKeys from '@site/src/components/TabListKeys';
import {codeSampleLabels, languageTabs} from '@zip/model/codeSampleLanguages';
import styles from './styles.module.css';

interface CodeTabProps {
  readonly value: string;
  readonly label?: string;
}

interface Props {
  readonly children?: ReactNode;
  /** Set on a language's inner tabs: its client libraries ("variants"). */
  readonly currentLanguage?: {readonly language: string};
  readonly includeVariant?: boolean;
  readonly [prop: string]: unknown;
}

type Language = keyof typeof codeSampleLabels;

function isLanguage(value: string | undefined): value is Language {
  return languageTabs.some((tab) => tab.language === value);
}

/** The readable label of one tab: a language, or the client library of `language`. */
function readableLabel(tab: CodeTabProps, {currentLanguage, includeVariant}: Props): string | undefined {
  if (currentLanguage === undefined) return isLanguage(tab.value) ? codeSampleLabels[tab.value].language : undefined;
  const language = currentLanguage.language;
  return includeVariant && isLanguage(language) ? codeSampleLabels[language].library : undefined;
}

/**
 * The explorer's code-sample tabs (languages, and each language's client
 * library) read as their names are written, "cURL", "Node.js", "C#", instead
 * of the ids in capitals; Home, End and Space work as the ARIA tabs pattern
 * says (src/components/TabListKeys).
 */
export default function CodeTabsWrapper(props: Props): ReactNode {
  const children = Children.map(props.children, (child) => {
    if (!isValidElement<CodeTabProps>(child)) return child;
    const label = readableLabel(child.props, props);
    return label === undefined ? child : cloneElement(child as ReactElement<CodeTabProps>, {label});
  });
  return (
    <TabListKeys>
      <div className={styles.readableLabels}>
        <CodeTabs {...props}>{children}</CodeTabs>
      </div>
    </TabListKeys>
  );
}
