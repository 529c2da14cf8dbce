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
 * same highlighted, editable text area: same props, form field, validation
 * message and class names.
 *
 * Unlike the theme's, the editor is a named text box a keyboard reaches: the
 * editable element gets `role="textbox"`, `aria-multiline` and a name (react-live
 * passes no attributes to it), a visible focus outline (react-live removes
 * it), and its validation message is tied to it. The theme disabled the editor
 * whenever focus left it, which made it unreachable by Tab until clicked; Tab
 * already moves on (`tabMode="focus"`), so it stays enabled.
 */
import React, {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import {ErrorMessage} from '@hookform/error-message';
import type * as ReactHookForm from 'react-hook-form';
import {Editor} from 'react-live';
import styles from './styles.module.css';

// The theme `require`s react-hook-form, which resolves to its CommonJS build;
// an `import` resolves to its ES build, a second copy with a form context of
// its own, in which this editor would find no form. So it is required here too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {Controller, useFormContext} = require('react-hook-form') as typeof ReactHookForm;

/** The editor's accessible name. */
const editorName = 'Request body';

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
  const editorRef = useRef<HTMLDivElement>(null);
  const errorId = useId();
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
  useEffect(() => {
    const editable = editorRef.current?.querySelector('pre');
    if (!editable) return;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    editable.setAttribute('aria-label', editorName);
    if (required) editable.setAttribute('aria-required', 'true');
    if (showErrors) {
      editable.setAttribute('aria-invalid', 'true');
      editable.setAttribute('aria-describedby', errorId);
    } else {
      editable.removeAttribute('aria-invalid');
      editable.removeAttribute('aria-describedby');
    }
  }, [required, showErrors, errorId]);
  return (
    <div className="openapi-explorer__playground-container">
      <Controller
        control={control}
        name="requestBody"
        rules={{
          required: required && !code ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'}) : false,
        }}
        render={({field: {onChange}}) => (
          <div ref={editorRef} className={styles.editor}>
            <Editor
              className={clsx('openapi-explorer__playground-editor', showErrors && 'openapi-explorer__form-item-input error')}
              code={code}
              language={language}
              theme={prismTheme}
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
          render={({message}) => (
            <div id={errorId} className="openapi-explorer__input-error">
              {message}
            </div>
          )}
        />
      )}
    </div>
  );
}
