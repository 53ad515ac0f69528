// The shared input fields of docs/product/2-sign-in-notices-cache-routing.md §2.2: code (digits
// only), email, phone_number (exactly 10 digits), password (with Show/Hide) and text. Enter
// submits. An error message marks the field red (except a password) and shakes it for 400 ms.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { LOGIN_CODE_LENGTH } from '../../../shared/auth/sign-in-rules.ts';

export const SHAKE_MS = 400;

export type InputFieldType = 'code' | 'email' | 'phone_number' | 'password' | 'text';

export interface InputFieldProps {
  type: InputFieldType;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Enter in the field. */
  onSubmit?(): void;
  error?: string | null;
  /** Changes each time the same error is raised again, so the field shakes again. */
  errorKey?: number;
  name?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** Shown before the value (e.g. "@" for a username). */
  prefix?: string;
  maxLength?: number;
  testId?: string;
}

const DIGITS_ONLY = /\D+/g;

function inputAttributes(type: InputFieldType, visiblePassword: boolean) {
  switch (type) {
    case 'code':
      return { type: 'text', inputMode: 'numeric' as const, autoComplete: 'one-time-code', pattern: '[0-9]*', maxLength: LOGIN_CODE_LENGTH };
    case 'email':
      return { type: 'email', inputMode: 'email' as const, autoComplete: 'email', autoCapitalize: 'none', spellCheck: false };
    case 'phone_number':
      return { type: 'tel', inputMode: 'tel' as const, autoComplete: 'tel-national', maxLength: 10 };
    case 'password':
      return { type: visiblePassword ? 'text' : 'password', autoComplete: 'current-password' };
    default:
      return { type: 'text' };
  }
}

export function InputField(props: InputFieldProps) {
  const { type, label, value, onChange, onSubmit, error, errorKey, name, autoFocus, placeholder, prefix, maxLength, testId } = props;
  const id = useId();
  const [visiblePassword, setVisiblePassword] = useState(false);
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!error) return;
    setShaking(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setShaking(false), SHAKE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [error, errorKey]);

  const change = (raw: string) => {
    if (type === 'code') onChange(raw.replace(DIGITS_ONLY, '').slice(0, LOGIN_CODE_LENGTH));
    else if (type === 'phone_number') onChange(raw.replace(DIGITS_ONLY, '').slice(0, 10));
    else onChange(raw);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };
  const marked = Boolean(error) && type !== 'password';
  const errorId = `${id}-error`;
  return (
    <div
      className={`susi-field susi-field--${type}${marked ? ' has-error' : ''}${shaking ? ' is-shaking' : ''}`}
      data-testid={testId}
    >
      <label className="susi-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="susi-field-control">
        {prefix ? <span className="susi-field-prefix">{prefix}</span> : null}
        <input
          id={id}
          name={name ?? type}
          className="susi-field-input"
          value={value}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-autofocus={autoFocus ? 'true' : undefined}
          {...inputAttributes(type, visiblePassword)}
          {...(maxLength ? { maxLength } : {})}
        />
        {type === 'password' ? (
          <button type="button" className="susi-field-toggle" onClick={() => setVisiblePassword((v) => !v)} aria-pressed={visiblePassword}>
            {visiblePassword ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="susi-field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
