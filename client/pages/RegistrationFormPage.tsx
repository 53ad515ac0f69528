// The registration form (/registration-form, page registration-form, wordmark-only top
// navigation): after a sign-up link, code or provider proved who the visitor is, they pick
// a name and a username (docs/product/3-routes-data-calls-constants.md §8 sign-up error codes), and
// are signed in. The pending sign-up lives in an HttpOnly cookie, so the form reads it in the
// browser.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { GENERIC_FAILURE_MESSAGE, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, type SignUpErrorCode } from '../../shared/auth/sign-in-rules.ts';
import { useAppState } from '../app/app-state.tsx';
import { CreateAccount, PendingRegistrationQuery } from './RegistrationFormPage.graphql.ts';
import { InputField } from '../components/signin/InputField.tsx';
import { SUSI_TEXTS } from '../components/signin/texts.ts';
import type { PageDefinition } from '../app/page-definition.ts';

interface Pending {
  email: string | null;
  fullName: string;
  suggestedUsername: string;
  redirect: string;
}

type CreateResult =
  | { __typename: 'User'; id: string; username: string }
  | { __typename: 'BadRequest'; message: string; signUpErrorCode: SignUpErrorCode | null }
  | { __typename: 'NotFound' | 'UserCreationRateLimited'; message: string };

interface FieldError {
  message: string;
  key: number;
}

function Expired({ message }: { message: string }) {
  return (
    <div className="registration-form" data-testid="registration-expired">
      <h1 className="registration-title">{message}</h1>
      <p className="registration-lead">
        <a href="/m/signin?operation=register">Start again</a>
      </p>
    </div>
  );
}

function RegistrationForm({ pending }: { pending: Pending }) {
  const state = useAppState();
  const [name, setName] = useState(pending.fullName);
  const [username, setUsername] = useState(pending.suggestedUsername);
  const [nameError, setNameError] = useState<FieldError | null>(null);
  const [usernameError, setUsernameError] = useState<FieldError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, createAccount] = useMutation(CreateAccount);
  const raise = (set: (e: FieldError) => void, message: string) => set({ message, key: Date.now() + Math.random() });

  const submit = async () => {
    if (busy) return;
    setFormError(null);
    if (!name.trim()) return raise(setNameError, 'Please enter your name.');
    if (!username.trim()) return raise(setUsernameError, 'Please choose a username.');
    setBusy(true);
    try {
      const result = await createAccount({ name, username });
      const answer = result.data?.createAccount as CreateResult | undefined;
      if (answer?.__typename === 'User') {
        window.location.assign(pending.redirect);
        return;
      }
      if (answer?.__typename === 'NotFound') return setExpired(answer.message);
      // Too many accounts from this network: the form stays, with the wait (docs/outcomes.md).
      if (answer?.__typename === 'UserCreationRateLimited') return setFormError(answer.message);
      if (answer?.__typename === 'BadRequest') {
        const code = answer.signUpErrorCode;
        if (code && code.startsWith('USERNAME_')) raise(setUsernameError, answer.message);
        else if (code === null) raise(setNameError, answer.message);
        else setFormError(answer.message);
        return;
      }
      setFormError(GENERIC_FAILURE_MESSAGE);
    } catch {
      setFormError(GENERIC_FAILURE_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  if (expired) return <Expired message={expired} />;
  return (
    <form
      className="registration-form"
      data-testid="registration-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h1 className="registration-title">Almost there.</h1>
      <p className="registration-lead">
        Finish creating your {state.config.productName} account{pending.email ? <> for <strong>{pending.email}</strong></> : null}.
      </p>
      <InputField
        type="text"
        name="name"
        label="Your full name"
        value={name}
        maxLength={NAME_MAX_LENGTH}
        onChange={(value) => {
          setName(value);
          setNameError(null);
        }}
        onSubmit={submit}
        error={nameError?.message}
        errorKey={nameError?.key}
        autoFocus
        testId="registration-name"
      />
      <InputField
        type="text"
        name="username"
        label="Your username"
        prefix="@"
        value={username}
        maxLength={USERNAME_MAX_LENGTH + 5}
        onChange={(value) => {
          setUsername(value.replace(/\s+/g, ''));
          setUsernameError(null);
        }}
        onSubmit={submit}
        error={usernameError?.message}
        errorKey={usernameError?.key}
        testId="registration-username"
      />
      {formError ? (
        <p className="susi-form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button-dark registration-submit" disabled={busy} data-testid="registration-submit">
        Create account
      </button>
      <p className="susi-terms">{SUSI_TEXTS.termsNotice('Create account', state.config.productName)}</p>
    </form>
  );
}

function RegistrationScreen() {
  // The pending sign-up is read in the browser only (its cookie is HttpOnly and the server
  // render is shared): the first render is the same on both sides.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [result] = useQuery<{ pendingRegistration: Pending | null }>({
    query: PendingRegistrationQuery,
    pause: !mounted,
    requestPolicy: 'network-only',
  });
  if (!mounted || result.fetching || (!result.data && !result.error)) return <div className="registration-form page-loading" aria-busy="true" />;
  const pending = result.data?.pendingRegistration;
  if (!pending) return <Expired message="This sign-up has expired. Please start again." />;
  return <RegistrationForm pending={pending} />;
}

export const registrationFormPage: PageDefinition = {
  title: (_data, state) => `Finish signing up | ${state.config.productName}`,
  Component: RegistrationScreen,
};
