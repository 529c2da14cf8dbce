/** The choice of where **Send** goes, above the explorer's base URL: Zip's test API or this tab's test mode. */
import {useId, type ReactNode} from 'react';
import {setSendTarget, useSendTarget, type SendTarget} from './sendTarget';
import styles from './styles.module.css';

const choices: readonly {target: SendTarget; label: string; hint: string}[] = [
  {target: 'hosted', label: "Zip's test API", hint: 'with your test key'},
  {target: 'tab', label: 'Test mode in this tab', hint: 'no key or account; nothing leaves the browser'},
];

export default function SendTargetChoice(): ReactNode {
  const target = useSendTarget();
  const name = useId();
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>Send to</legend>
      {choices.map((choice) => (
        <label key={choice.target} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={choice.target}
            checked={target === choice.target}
            onChange={() => setSendTarget(choice.target)}
          />{' '}
          {choice.label} <small className={styles.hint}>({choice.hint})</small>
        </label>
      ))}
    </fieldset>
  );
}
