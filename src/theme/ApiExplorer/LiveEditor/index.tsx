/**
 * The request-body editor of the API explorer, without code evaluation.
 *
 * The OpenAPI theme builds this editor on react-live's `LiveProvider`, which
 * compiles and runs the editor's text as JavaScript (`Function(...)`) on
 * every change to render a preview the explorer never shows. A request body
 * is JSON, not code, and the site's Content-Security-Policy forbids
 * evaluating strings, so every endpoint page reported a CSP violation.
 * This is the theme's component (docusaurus-theme-openapi-docs 5.2.0,
 * `lib/theme/ApiExplorer/LiveEditor`) with react-live's plain `Editor`, the
 * same highlighted, editable text area, and nothing else changed: same
 * props, form field, validation message and class names.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import {ErrorMessage} from '@hookform/error-message';
import type * as ReactHookForm from 'react-hook-form';
import {Editor} from 'react-live';

// The theme `require`s react-hook-form, which resolves to its CommonJS build;
// an `import` resolves to its ES build, a second copy with a form context of
// its own, in which this editor would find no form. So it is required here too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {Controller, useFormContext} = require('react-hook-form') as typeof ReactHookForm;

interface Props {
  /** The body text the editor starts with. */
  readonly children: string;
  /** Called with the body whenever it changes (the explorer stores it). */
  readonly action: (code: string) => void;
  readonly language?: string;
  readonly required?: boolean;
}

export default function LiveEditor({children, action, language = 'json', required = false}: Props): ReactNode {
  const prismTheme = usePrismTheme();
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  // As in the theme: disabled while focus is elsewhere, so Tab moves on instead of indenting.
  const [editorDisabled, setEditorDisabled] = useState(false);
  useEffect(() => {
    action(code);
    // The theme reports every change of the text, and only that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  const {
    control,
    formState: {errors},
  } = useFormContext();
  const showErrors = Boolean(errors.requestBody);
  return (
    <div className="openapi-explorer__playground-container">
      <Controller
        control={control}
        name="requestBody"
        rules={{
          required: required && !code ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'}) : false,
        }}
        render={({field: {onChange}}) => (
          <div onClick={() => setEditorDisabled(false)} onBlur={() => setEditorDisabled(true)}>
            <Editor
              className={clsx('openapi-explorer__playground-editor', showErrors && 'openapi-explorer__form-item-input error')}
              code={code}
              language={language}
              theme={prismTheme}
              disabled={editorDisabled}
              tabMode="focus"
              onChange={(snippet: string) => {
                setCode(snippet);
                onChange(snippet);
              }}
            />
          </div>
        )}
      />
      {showErrors && (
        <ErrorMessage
          errors={errors}
          name="requestBody"
          render={({message}) => <div className="openapi-explorer__input-error">{message}</div>}
        />
      )}
    </div>
  );
}
