/**
 * The request-body editor of the API explorer: a native text area over the
 * highlighted body (react-simple-code-editor), instead of the theme's
 * react-live editor.
 *
 * The theme's editor (docusaurus-theme-openapi-docs 5.2.0,
 * `lib/theme/ApiExplorer/LiveEditor`) has two faults a reader meets. Its
 * `LiveProvider` compiles the text as JavaScript (`Function(...)`) on every
 * change, which the site's Content-Security-Policy forbids. Its editable
 * `<pre>` (use-editable) drops a key pressed before React has drawn the one
 * before it, so a reader who types quickly on a slow phone sends a body that
 * is not the one they wrote (typed by Playwright on a 6× slower CPU, it lost
 * one or two keys of a hundred in each of three runs). A `<textarea>` keeps
 * every key, and it is a multi-line text box to screen readers as it is.
 *
 * What is kept from the theme: the props, the form field (`requestBody`), its
 * required rule and validation message, and the class names. What differs:
 * Tab moves focus on (`ignoreTabKey`), as it did; a key typed over a selection
 * replaces it rather than wrapping it; the explorer follows the text when
 * typing pauses or the box is left, not at each key; the validation message is
 * tied to the text box.
 */
import React, {useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import {ErrorMessage} from '@hookform/error-message';
import {Highlight} from 'prism-react-renderer';
import type * as ReactHookForm from 'react-hook-form';
import Editor from 'react-simple-code-editor';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import styles from './styles.module.css';

// The theme `require`s react-hook-form, which resolves to its CommonJS build;
// an `import` resolves to its ES build, a second copy with a form context of
// its own, in which this editor would find no form. So it is required here too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {useController, useFormContext} = require('react-hook-form') as typeof ReactHookForm;

/** The keys react-simple-code-editor wraps a selection in, such as `{`. */
const wrappingKeys = new Set(['(', '[', '{', '"', "'", '`']);

/**
 * Replaces the selection with the key typed, as any text box does: a reader who selects the
 * body and types `{` to write another means to replace it, not to wrap it in braces.
 */
function replaceSelection(event: KeyboardEvent<HTMLElement>): void {
  const text = event.currentTarget;
  if (
    !(text instanceof HTMLTextAreaElement) ||
    text.selectionStart === text.selectionEnd ||
    !wrappingKeys.has(event.key) ||
    event.ctrlKey ||
    event.metaKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  text.setRangeText(event.key, text.selectionStart, text.selectionEnd, 'end');
  text.dispatchEvent(new Event('input', {bubbles: true}));
}

/** How long typing stops before the explorer follows the text. */
const typingPauseMs = 300;

interface Props {
  /** The body text the editor starts with. */
  readonly children: string;
  /** Called with the body when it changes, once typing pauses or the box is left (the explorer stores it). */
  readonly action: (code: string) => void;
  readonly language?: string;
  readonly required?: boolean;
}

export default function LiveEditor({children, action, language = 'json', required = false}: Props): ReactNode {
  const prismTheme = usePrismTheme();
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  const id = useId();
  const errorId = `${id}-error`;
  const editorRef = useRef<HTMLDivElement>(null);
  const {
    control,
    formState: {errors},
  } = useFormContext();
  const {
    field: {onChange: setFormValue},
  } = useController({
    control,
    name: 'requestBody',
    rules: {
      required: required && !code ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'}) : false,
    },
  });
  // The explorer's store and form follow the text once typing pauses, not at each key: every
  // change of the body draws the explorer again, code samples included, which a key should not
  // wait for. Leaving the box (a click or Tab to Send) brings them up to date at once.
  const reported = useRef<string | undefined>(undefined);
  const report = (text: string): void => {
    if (reported.current === text) return;
    reported.current = text;
    action(text);
    setFormValue(text);
  };
  useEffect(() => {
    if (reported.current === undefined) {
      // The body the editor starts with, which the form already has.
      reported.current = code;
      action(code);
      return undefined;
    }
    const timer = window.setTimeout(() => report(code), typingPauseMs);
    return () => window.clearTimeout(timer);
    // The theme reports every change of the text, and only that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  const showErrors = Boolean(errors.requestBody);
  // react-simple-code-editor passes no ARIA attributes to its text area.
  useEffect(() => {
    const text = editorRef.current?.querySelector('textarea');
    if (!text) return;
    if (required) text.setAttribute('aria-required', 'true');
    else text.removeAttribute('aria-required');
    if (showErrors) {
      text.setAttribute('aria-invalid', 'true');
      text.setAttribute('aria-describedby', errorId);
    } else {
      text.removeAttribute('aria-invalid');
      text.removeAttribute('aria-describedby');
    }
  }, [required, showErrors, errorId]);
  const highlight = (text: string): ReactNode => (
    <Highlight code={text} language={language} theme={prismTheme}>
      {({tokens, getLineProps, getTokenProps}) =>
        tokens.map((line, lineIndex) => (
          <span key={lineIndex} {...getLineProps({line})}>
            {line.map((token, tokenIndex) => (
              <span key={tokenIndex} {...getTokenProps({token})} />
            ))}
            {lineIndex < tokens.length - 1 && '\n'}
          </span>
        ))
      }
    </Highlight>
  );
  return (
    <div className="openapi-explorer__playground-container">
      <div
        ref={editorRef}
        className={clsx(styles.editor, 'openapi-explorer__playground-editor', showErrors && 'openapi-explorer__form-item-input error')}
        style={prismTheme.plain}>
        <VisuallyHidden as="label" htmlFor={id}>
          Request body
        </VisuallyHidden>
        <Editor
          value={code}
          onValueChange={setCode}
          highlight={highlight}
          ignoreTabKey
          onKeyDown={replaceSelection}
          onBlur={() => report(code)}
          padding={10}
          textareaId={id}
          textareaClassName={styles.text}
        />
      </div>
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
