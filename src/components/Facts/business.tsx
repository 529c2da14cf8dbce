/** The facts about the business: types, activation documents, categories, roles, public sources. */
import type {ReactNode} from 'react';
import {facts, formatDate, publicSources, type PublicSourceName} from '@zip/model/facts';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {capitalise, YesNo} from './shared';
import styles from './styles.module.css';

/** Business types Zip accepts and the registration certificate each one sends. */
export function BusinessTypesTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Business type</th>
          <th scope="col">Registration certificate</th>
        </tr>
      </thead>
      <tbody>
        {facts.activation.businessTypes.map((type) => (
          <tr key={type.name}>
            <th scope="row">{type.name}</th>
            <td>{type.registration}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The activation documents; `corporations` lists only the extra ones corporations send. */
export function ActivationDocuments({corporations = false}: {corporations?: boolean}): ReactNode {
  const documents = facts.activation.documents.filter((document) => document.corporationsOnly === corporations);
  return (
    <ul className={styles.list}>
      {documents.map((document) => (
        <li key={document.name}>
          <strong>{document.name}</strong>: {document.detail}
        </li>
      ))}
    </ul>
  );
}

/** Prohibited categories (never accepted) or restricted ones (accepted with a licence or extra checks). */
export function BusinessCategories({kind}: {kind: 'prohibited' | 'restricted'}): ReactNode {
  if (kind === 'prohibited') {
    return (
      <ScrollableTable className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Examples</th>
          </tr>
        </thead>
        <tbody>
          {facts.businesses.prohibited.map((item) => (
            <tr key={item.category}>
              <th scope="row">{item.category}</th>
              <td>{capitalise(item.examples)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    );
  }
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">What you need to send</th>
        </tr>
      </thead>
      <tbody>
        {facts.businesses.restricted.map((item) => (
          <tr key={item.category}>
            <th scope="row">{item.category}</th>
            <td>{capitalise(item.requirement)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** Dashboard team roles and what each may do. */
export function RolesTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Can use</th>
          <th scope="col">Refunds</th>
          <th scope="col">Payout account</th>
          <th scope="col">API keys</th>
          <th scope="col">Team</th>
        </tr>
      </thead>
      <tbody>
        {facts.dashboard.roles.map((role) => (
          <tr key={role.role}>
            <th scope="row">{role.role}</th>
            <td>{role.summary}</td>
            <td>
              <YesNo value={role.refunds} />
            </td>
            <td>
              <YesNo value={role.payouts} />
            </td>
            <td>
              <YesNo value={role.apiKeys} />
            </td>
            <td>
              <YesNo value={role.team} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The public documents behind one or more rule groups of `facts.philippineRules`, with the day each was checked. */
export function PublicSources({rules}: {rules: readonly (keyof typeof facts.philippineRules)[]}): ReactNode {
  const names = [...new Set(rules.flatMap((rule): readonly PublicSourceName[] => facts.philippineRules[rule].sources))];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Published by</th>
          <th scope="col">Dated</th>
          <th scope="col">Checked</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const source = publicSources[name];
          return (
            <tr key={name}>
              <th scope="row">
                <a href={source.url}>{source.title}</a>
              </th>
              <td>{source.publisher}</td>
              <td>{formatDate(source.published)}</td>
              <td>{formatDate(source.checkedOn)}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
