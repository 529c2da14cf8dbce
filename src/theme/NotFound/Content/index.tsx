import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import styles from './styles.module.css';

interface Destination {
  readonly to: string;
  readonly label: string;
  readonly description: string;
}

const destinations: readonly Destination[] = [
  {to: '/', label: 'Help centre', description: 'Fees, payouts, refunds and running your business on Zip.'},
  {to: '/guides/intro', label: 'Developer guides', description: 'Step-by-step integration guides and tutorials.'},
  {to: '/api/intro', label: 'API reference', description: 'Every endpoint, with a live Send button.'},
];

/**
 * Zip's not-found page: says what happened, offers search, and routes the
 * reader back into each section. Ejected because the default content (a
 * generic "contact the site owner") cannot be changed by wrapping.
 *
 * The theme's not-found page sets its title outside the layout, whose
 * site-wide title then wins ("Zip Docs"); set here, inside the layout, the
 * page is titled "Page not found | Zip Docs".
 */
export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <>
      <PageMetadata title="Page not found" />
      <main className={clsx('container margin-vert--xl', className)}>
        <div className="row">
          <div className="col col--8 col--offset-2">
            <p className={styles.status}>Error 404</p>
            <Heading as="h1" className="hero__title">
              We couldn’t find that page
            </Heading>
            <p>
              The address may be mistyped, or the page may have moved when the docs were reorganised. Search for what you need, or start
              again from one of the sections below.
            </p>
            <form className={styles.search} action="/search" method="get" role="search">
              <label htmlFor="not-found-search" className={styles.searchLabel}>
                Search the docs
              </label>
              <div className={styles.searchRow}>
                <input
                  id="not-found-search"
                  className={styles.searchInput}
                  type="search"
                  name="q"
                  placeholder="For example: refund a charge"
                  autoComplete="off"
                />
                <button type="submit" className="button button--primary">
                  Search
                </button>
              </div>
            </form>
            <ul className={styles.destinations}>
              {destinations.map((destination) => (
                <li key={destination.to}>
                  <Link to={destination.to} className={styles.destination}>
                    <span className={styles.destinationLabel}>{destination.label}</span>
                    <span>{destination.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <p className={styles.support}>
              Followed a broken link from elsewhere on this site? Tell us at <a href="mailto:support@example.com">support@example.com</a>{' '}
              and we’ll fix it.
            </p>
          </div>
        </div>
      </main>
    </>
  );
}
