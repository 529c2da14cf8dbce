import type {ReactNode} from 'react';
import ParamsItem, {type Props} from '@theme-original/ParamsItem';
import FieldAnchor from '@site/src/components/FieldAnchor';
import {fieldId, parameterScope} from '@zip/model/fieldAnchors';

/** A parameter of an endpoint page, with its anchor (`query-limit`) and link (src/components/FieldAnchor). */
export default function ParamsItemWrapper(props: Props): ReactNode {
  const {param} = props;
  const id = fieldId(parameterScope(param.in), param.name);
  if (id === undefined) return <ParamsItem {...props} />;
  return (
    <FieldAnchor id={id} name={param.name} label={`${param.in} parameter ${param.name}`} listItem>
      <ParamsItem {...props} />
    </FieldAnchor>
  );
}
