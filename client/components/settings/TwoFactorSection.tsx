// Two-factor authentication with an authenticator app (docs/adr/0162-two-factor-authentication.md):
// turn it on (the secret as a QR code of its otpauth URI, and as text; confirmed by a code from
// the app), see the recovery codes once, turn it off with a code. The QR code is drawn as SVG
// rectangles from uqr's module matrix: no image request, no markup from a string.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { encode } from 'uqr';
import { ConfirmTwoFactorAuth, DisableTwoFactorAuth, StartTwoFactorAuth, TwoFactorStatusQuery } from './TwoFactorSection.graphql.ts';

function QrCode({ text }: { text: string }) {
  const { data, size } = encode(text, { border: 2, ecc: 'M' });
  const cells: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg className="two-factor-qr" viewBox={`0 0 ${size} ${size}`} width={200} height={200} role="img" aria-label="QR code for your authenticator app" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}

type Failure = { __typename: string; message?: string } | null | undefined;
const reason = (outcome: Failure) => (outcome && 'message' in outcome && outcome.message ? outcome.message : 'Please try again.');

export function TwoFactorSection() {
  const [{ data }, refetch] = useQuery({ query: TwoFactorStatusQuery, requestPolicy: 'network-only' });
  const [, start] = useMutation(StartTwoFactorAuth);
  const [, confirm] = useMutation(ConfirmTwoFactorAuth);
  const [, disable] = useMutation(DisableTwoFactorAuth);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const status = data?.viewerTwoFactorAuth;

  const begin = async () => {
    setError(null);
    const outcome = (await start({})).data?.startTwoFactorAuthEnrollment;
    if (outcome?.__typename === 'TwoFactorAuthEnrollment') setEnrolment(outcome);
    else setError(reason(outcome));
  };
  const submitConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await confirm({ code })).data?.confirmTwoFactorAuth;
    if (outcome?.__typename === 'TwoFactorAuthRecoveryCodes') {
      setRecoveryCodes(outcome.recoveryCodes);
      setEnrolment(null);
      setCode('');
      setError(null);
      refetch();
    } else setError(reason(outcome));
  };
  const submitDisable = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await disable({ code })).data?.disableTwoFactorAuth;
    if (outcome?.__typename === 'TwoFactorAuthStatus') {
      setCode('');
      setError(null);
      setRecoveryCodes(null);
      refetch();
    } else setError(reason(outcome));
  };

  return (
    <section id="twoFactorAuth" className="settings-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="settings-section-title">
        Two-factor authentication
      </h2>
      {recoveryCodes ? (
        <div data-testid="recovery-codes">
          <p>Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They will not be shown again.</p>
          <ul className="two-factor-codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!status ? null : status.enabled ? (
        <form className="settings-form" onSubmit={(e) => void submitDisable(e)}>
          {!recoveryCodes ? <p className="settings-hint">On, with an authenticator app. {status.recoveryCodesLeft} recovery codes left.</p> : null}
          <label className="settings-label" htmlFor="two-factor-disable-code">
            Code from your app or a recovery code
          </label>
          <input id="two-factor-disable-code" className="settings-input" value={code} autoComplete="one-time-code" onChange={(e) => setCode(e.target.value)} required />
          <button type="submit" className="button button-outline">
            Turn off two-factor authentication
          </button>
        </form>
      ) : enrolment ? (
        <form className="settings-form" onSubmit={(e) => void submitConfirm(e)}>
          <p className="settings-hint">Scan this code with your authenticator app, or enter the key by hand, then type the 6-digit code it shows.</p>
          <QrCode text={enrolment.otpauthUri} />
          <p className="settings-secret" data-testid="two-factor-secret">
            {enrolment.secret}
          </p>
          <label className="settings-label" htmlFor="two-factor-code">
            Verification code
          </label>
          <input id="two-factor-code" className="settings-input" value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(e) => setCode(e.target.value)} required />
          <button type="submit" className="button button-dark">
            Turn on
          </button>
        </form>
      ) : (
        <div className="settings-form">
          <p className="settings-hint">Ask for a code from an authenticator app on your phone whenever you sign in.</p>
          <button type="button" className="button button-dark" onClick={() => void begin()}>
            Set up an authenticator app
          </button>
        </div>
      )}
      {error ? (
        <p className="settings-status is-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
