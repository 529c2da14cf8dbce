import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface LinkCard {
  /** Site path or external URL the card opens. */
  readonly to: string;
  readonly title: string;
  readonly description: string;
}

interface LinkCardsProps {
  readonly cards: readonly LinkCard[];
}

/** A responsive grid of linked cards, used on landing pages to route readers. */
export default function LinkCards({cards}: LinkCardsProps): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            {/* Blocks, not spans: text read out of the HTML (an agent's, a reader's copy) keeps the title apart from the description. */}
            <div className={styles.title}>{card.title}</div>
            <div className={styles.description}>{card.description}</div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
