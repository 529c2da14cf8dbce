/**
 * Under a path parameter's field (`ch_id`) when the tab's test mode is chosen: the ids of that kind
 * the tab's test mode holds, newest first, so a charge made on *Create a charge* is one choice away
 * on *Capture* or *Refund*. The prefix is the parameter's name less `id`, as the specs name them.
 */
import {useId, type ReactNode} from 'react';
import {setParam} from '@theme/ApiExplorer/ParamOptions/slice';
import {useTypedDispatch} from '@theme/ApiItem/hooks';
import type {OperationParameter} from '@theme/ApiItem/store';
import {useTabTestMode} from './sendTarget';
import styles from './styles.module.css';

export default function PathIdPicker({param}: {readonly param: OperationParameter}): ReactNode {
  const {tab} = useTabTestMode();
  const dispatch = useTypedDispatch();
  const id = useId();
  const prefix = /^([a-z]+_)id$/.exec(param.name)?.[1];
  if (!tab || param.in !== 'path' || !prefix) return null;
  const ids = tab.idsWithPrefix(prefix);
  if (ids.length === 0) return null;
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{param.name} from this tab</label>
      <select
        id={id}
        value={ids.includes(String(param.value)) ? String(param.value) : ''}
        onChange={(event) => dispatch(setParam({...param, value: event.target.value}))}>
        <option value="" disabled>
          Pick one of {ids.length}
        </option>
        {ids.map((candidate) => (
          <option key={candidate} value={candidate}>
            {candidate}
          </option>
        ))}
      </select>
    </div>
  );
}
