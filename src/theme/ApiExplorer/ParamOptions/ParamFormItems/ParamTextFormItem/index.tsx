/**
 * A text parameter of the explorer, which shows what the store holds when the store changes it: the
 * theme writes the value into the form once, when the field mounts, so a value the site renews (the
 * `Idempotency-Key` after an answer, src/utils/explorerIdempotencyKey.ts) would be sent while the
 * field still showed the old one. A path parameter offers the ids the tab's test mode holds.
 */
import React, {useEffect, type ReactNode} from 'react';
import type * as ReactHookForm from 'react-hook-form';
import ParamTextFormItem from '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
import type {Props} from '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
import PathIdPicker from '@site/src/components/TabTestMode/PathIdPicker';

// The theme `require`s react-hook-form (its CommonJS build); an `import` would be its ES build, a
// second copy whose form context holds no form (src/theme/ApiExplorer/LiveEditor does the same).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {useFormContext} = require('react-hook-form') as typeof ReactHookForm;

export default function ParamTextFormItemWrapper(props: Props): ReactNode {
  const {setValue} = useFormContext();
  const {name, value} = props.param;
  useEffect(() => {
    if (typeof value === 'string') setValue(name, value);
  }, [name, value, setValue]);
  return (
    <>
      <ParamTextFormItem {...props} />
      <PathIdPicker param={props.param} />
    </>
  );
}
