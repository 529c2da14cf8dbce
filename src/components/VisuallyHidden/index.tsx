import {createElement, type HTMLAttributes, type LabelHTMLAttributes, type ReactNode} from 'react';
import styles from './styles.module.css';

type Props = {
  /** The element to render: a `label` for a field named only for screen readers, a `div` for a block such as a live region. */
  readonly as?: 'span' | 'div' | 'label';
  readonly children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement> & Pick<LabelHTMLAttributes<HTMLLabelElement>, 'htmlFor'>, 'className' | 'children'>;

/**
 * Text for screen readers only, such as "(opens in a new tab)" after a link's label, a live
 * region's announcement, or a field's label; other attributes (`role`, `aria-live`, `htmlFor`)
 * pass through.
 */
export default function VisuallyHidden({as = 'span', children, ...attributes}: Props): ReactNode {
  return createElement(as, {...attributes, className: styles.visuallyHidden}, children);
}
