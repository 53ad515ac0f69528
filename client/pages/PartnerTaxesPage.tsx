// /me/partner/taxes (page partner-program-taxes; docs/product/2-sign-in-notices-cache-routing.md
// §4.5; docs/partner-program.md "Tax documents"): a Partner Program writer's tax documents, the
// dates that matter, and the form (when nothing is submitted yet, or the last form was invalid).
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { SubmitTaxDocuments, type TaxDocumentsValue } from '../components/partner/TaxStatus.graphql.ts';
import { taxStatusMessage } from '../components/toasts/tax-status-message.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { PartnerTaxesQuery, type PartnerTaxesData } from './PartnerTaxesPage.graphql.ts';

const STATUS_LABELS = ['Not submitted', 'Pending review', 'On hold', 'Invalid', 'Approved'] as const;

const EMPTY_FORM = { formType: 'W-9', legalName: '', country: 'US', address: '', taxId: '', signature: '', certified: false };
type FormState = typeof EMPTY_FORM;

function TaxForm({ onSubmitted }: { onSubmitted: (tax: TaxDocumentsValue) => void }) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [{ fetching }, submit] = useMutation(SubmitTaxDocuments);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await submit({ input: form })).data?.submitTaxDocuments;
    if (answer?.__typename === 'TaxDocuments') onSubmitted(answer);
    else setError(answer?.__typename === 'TaxDocumentsRefused' ? { field: answer.field, message: answer.message } : { field: null, message: 'Something went wrong. Please try again.' });
  };
  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': 'tax-form-error' } : {});

  return (
    <form className="settings-form" onSubmit={send} data-testid="tax-form" noValidate>
      <label className="settings-label" htmlFor="tax-form-type">
        Form
      </label>
      <select id="tax-form-type" className="settings-input" value={form.formType} onChange={(e) => set('formType', e.target.value)} {...invalid('formType')}>
        <option value="W-9">W-9 (US taxpayers)</option>
        <option value="W-8BEN">W-8BEN (everyone else)</option>
      </select>
      <label className="settings-label" htmlFor="tax-legal-name">
        Legal name
      </label>
      <input id="tax-legal-name" className="settings-input" value={form.legalName} onChange={(e) => set('legalName', e.target.value)} autoComplete="name" {...invalid('legalName')} />
      <label className="settings-label" htmlFor="tax-country">
        Country of tax residence (two letters, like US or DE)
      </label>
      <input id="tax-country" className="settings-input" value={form.country} maxLength={2} onChange={(e) => set('country', e.target.value)} {...invalid('country')} />
      <label className="settings-label" htmlFor="tax-address">
        Permanent address
      </label>
      <textarea id="tax-address" className="settings-input" value={form.address} onChange={(e) => set('address', e.target.value)} autoComplete="street-address" {...invalid('address')} />
      <label className="settings-label" htmlFor="tax-id">
        {form.formType === 'W-9' ? 'SSN or EIN' : 'Foreign tax identifying number'}
      </label>
      <input id="tax-id" className="settings-input" value={form.taxId} onChange={(e) => set('taxId', e.target.value)} autoComplete="off" {...invalid('taxId')} />
      <label className="settings-label" htmlFor="tax-signature">
        Signature (type your legal name)
      </label>
      <input id="tax-signature" className="settings-input" value={form.signature} onChange={(e) => set('signature', e.target.value)} {...invalid('signature')} />
      <label className="settings-checkbox">
        <input type="checkbox" checked={form.certified} onChange={(e) => set('certified', e.target.checked)} {...invalid('certified')} /> Under penalties of perjury, I certify that the
        information on this form is true, correct and complete.
      </label>
      {error ? (
        <p id="tax-form-error" className="settings-status is-error" role="alert" data-testid="tax-form-error">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="button button-dark" disabled={fetching}>
        Submit tax documents
      </button>
    </form>
  );
}

function TaxesScreen({ initial }: { initial: TaxDocumentsValue }) {
  const [tax, setTax] = useState(initial);
  const { showToast } = useToast();
  const now = Date.now();
  const message = taxStatusMessage({ ...tax, taxDocumentStatus: tax.taxDocumentStatus as 0 | 1 | 2 | 3 | 4 }, now);
  const canSubmit = tax.taxDocumentStatus === 0 || tax.taxDocumentStatus === 3;

  const submitted = (next: TaxDocumentsValue) => {
    setTax(next);
    // The tax toast (§4.4 TAX_STATUS) confirms it at once, in the words of the banner.
    showToast({ style: 'TAX_STATUS', duration: 'NEXTPAGE', extraParams: { taxDocuments: { taxDocumentStatus: next.taxDocumentStatus as 1 } } });
  };

  return (
    <div className="settings-page">
      <h1 className="settings-heading">Tax documents</h1>
      <section className="settings-section" aria-labelledby="tax-status-title">
        <h2 id="tax-status-title" className="settings-section-title">
          Status
        </h2>
        <p className="settings-value" data-testid="tax-status">
          {STATUS_LABELS[tax.taxDocumentStatus] ?? 'Unknown'}
        </p>
        {message ? (
          <p className="muted" data-testid="tax-status-message">
            {message}
          </p>
        ) : null}
        {tax.invalidReason ? (
          <p className="settings-status is-error" data-testid="tax-invalid-reason">
            {tax.invalidReason}
          </p>
        ) : null}
        <dl className="settings-list">
          {tax.submittedAt ? (
            <>
              <dt>Submitted</dt>
              <dd>
                {tax.formType} by {tax.legalName}, tax number ending {tax.taxIdLast4}, on {formatDate(tax.submittedAt)}
              </dd>
            </>
          ) : null}
          {tax.taxDocumentStatus !== 4 && tax.earningsLimitedAt ? (
            <>
              <dt>Earnings stop on</dt>
              <dd data-testid="tax-limit-date">{formatDate(tax.earningsLimitedAt)}</dd>
            </>
          ) : null}
          {tax.taxDocumentStatus !== 4 && tax.earningsForfeitedAt ? (
            <>
              <dt>Withheld earnings are forfeited on</dt>
              <dd data-testid="tax-forfeit-date">{formatDate(tax.earningsForfeitedAt)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {canSubmit ? (
        <section className="settings-section" aria-labelledby="tax-form-title">
          <h2 id="tax-form-title" className="settings-section-title">
            {tax.taxDocumentStatus === 3 ? 'Resubmit your tax documents' : 'Submit your tax documents'}
          </h2>
          <TaxForm onSubmitted={submitted} />
        </section>
      ) : null}
    </div>
  );
}

export const partnerTaxesPage: PageDefinition<PartnerTaxesData> = {
  query: () => ({ query: PartnerTaxesQuery, variables: {} }),
  title: (_data, state) => `Tax documents – ${state.config.productName}`,
  Component: function PartnerTaxes({ data }) {
    if (!data.viewer) {
      return (
        <div className="settings-page">
          <h1 className="settings-heading">Tax documents</h1>
          <CustomizeSignInPrompt what="see your tax documents" />
        </div>
      );
    }
    if (!data.partnerTaxDocuments) {
      return (
        <div className="settings-page">
          <h1 className="settings-heading">Tax documents</h1>
          <p data-testid="tax-not-enrolled">
            Tax documents are for writers in the Partner Program. <a href="/partner-program">Learn about the Partner Program</a>.
          </p>
        </div>
      );
    }
    return <TaxesScreen initial={data.partnerTaxDocuments} />;
  },
};
