import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/LastUpdated';
import {shortEnglishDate} from '@site/src/utils/shortEnglishDate';

// Ejected from @docusaurus/theme-classic (src/theme/README.md): the same markup
// and translation ids. The theme formats the date with an Intl.DateTimeFormat,
// whose first construction on a page loads the locale's data: on a phone,
// a pause in the middle of hydrating every page that shows the date (a CPU
// profile of a throttled load). English dates are written out instead.
const dateOptions: Intl.DateTimeFormatOptions = {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'};

function LastUpdatedAtDate({lastUpdatedAt}: {readonly lastUpdatedAt: number}): ReactNode {
  const {
    i18n: {currentLocale, localeConfigs},
  } = useDocusaurusContext();
  const atDate = new Date(lastUpdatedAt);
  const formatted =
    currentLocale === 'en'
      ? shortEnglishDate(atDate)
      : new Intl.DateTimeFormat(currentLocale, {calendar: localeConfigs[currentLocale]?.calendar, ...dateOptions}).format(atDate);
  return (
    <Translate
      id="theme.lastUpdated.atDate"
      description="The words used to describe on which date a page has been last updated"
      values={{
        date: (
          <b>
            <time dateTime={atDate.toISOString()}>{formatted}</time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  );
}

function LastUpdatedByUser({lastUpdatedBy}: {readonly lastUpdatedBy: string}): ReactNode {
  return (
    <Translate
      id="theme.lastUpdated.byUser"
      description="The words used to describe by who the page has been last updated"
      values={{user: <b>{lastUpdatedBy}</b>}}>
      {' by {user}'}
    </Translate>
  );
}

export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence used to display when a page has been last updated, and by who"
        values={{
          atDate: lastUpdatedAt ? <LastUpdatedAtDate lastUpdatedAt={lastUpdatedAt} /> : '',
          byUser: lastUpdatedBy ? <LastUpdatedByUser lastUpdatedBy={lastUpdatedBy} /> : '',
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}
