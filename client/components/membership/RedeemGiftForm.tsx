// Redeeming a gift code (docs/membership.md "Gifts"): the /redeem page and the settings section
// #redeemGiftMembership (docs/product/1-product-screens-membership-header-search.md §2.4: "The
// anchor redeemGiftMembership opens gift redemption") draw this same form. Once redeemed, Redeem
// cannot be pressed again and the reader is offered a way on: start reading, or back to the
// member-only story they came from (`from`, a path on this site).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useClient, useMutation } from 'urql';
import { formatDate } from '../../../shared/format.ts';
import { Link } from '../../app/navigation.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { MEMBERSHIP_TOASTS } from './membership-toasts.ts';
import { GiftCodeCheckQuery, RedeemGiftCodeMutation } from './RedeemGift.graphql.ts';

/** A path on this site (never another origin: `//host` and `/\host` are refused). */
export const sitePath = (value: string | null | undefined): string | null => (value && /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null);

export function RedeemGiftForm({ initialCode, from, focusOnHash }: { initialCode: string; from: string | null; focusOnHash?: string }) {
  const client = useClient();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The settings anchor opens redemption itself: the code field, ready to type in.
    if (focusOnHash && window.location.hash === focusOnHash) {
      input.current?.scrollIntoView({ block: 'center' });
      input.current?.focus();
    }
  }, [focusOnHash]);
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [redeemed, redeem] = useMutation(RedeemGiftCodeMutation);
  const [done, setDone] = useState(false);
  const [checking, setChecking] = useState(false);
  const { showToast } = useToast();
  const back = sitePath(from);

  const check = async () => {
    setChecking(true);
    const answer = await client.query(GiftCodeCheckQuery, { code }, { requestPolicy: 'network-only' }).toPromise();
    setChecking(false);
    const result = answer.data?.giftCodeCheck;
    if (!result) setMessage({ text: "We couldn't process your request, please try again.", ok: false });
    else setMessage({ text: result.message, ok: result.__typename === 'GiftCodeCheck' && result.status === 'VALID' });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (done || redeemed.fetching) return;
    const answer = await redeem({ code });
    const result = answer.data?.redeemGiftCode;
    if (!result) setMessage({ text: "We couldn't process your request, please try again.", ok: false });
    else if (result.__typename === 'GiftMembershipRedeemed') {
      setDone(true);
      setMessage({ text: `${result.message} Your membership runs until ${formatDate(result.membership.currentPeriodEndsAt)}.`, ok: true });
      showToast({ message: MEMBERSHIP_TOASTS.GIFT_REDEEMED });
    } else setMessage({ text: result.message, ok: false });
  };
  return (
    <>
      <form onSubmit={submit} className="redeem-form" data-testid="redeem-form">
        <label className="gift-field">
          Gift code
          <input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={64}
            required
            autoComplete="off"
            readOnly={done}
            ref={input}
            data-testid="gift-code-input"
          />
        </label>
        <div className="membership-actions">
          <button type="button" className="button button-outline" disabled={done || checking || !code} onClick={check}>
            Check code
          </button>
          <button type="submit" className="button button-dark" disabled={done || redeemed.fetching || !code} data-testid="redeem-submit">
            {done ? 'Redeemed' : 'Redeem'}
          </button>
        </div>
      </form>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'membership-notice' : 'form-error'} data-testid="redeem-message">
          {message.text}
        </p>
      ) : null}
      {done ? (
        <div className="membership-actions" data-testid="redeem-way-on">
          {back ? (
            <Link href={back} className="button button-dark">
              Back to the story
            </Link>
          ) : null}
          <Link href="/" className={back ? 'button button-outline' : 'button button-dark'}>
            Start reading
          </Link>
        </div>
      ) : null}
    </>
  );
}
