// Creating or editing a list: a name, an optional description and "Make it private".
// Used by the library's "New list", a list's "Edit list" and the save-to-list popover.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CatalogVisibility } from './CatalogCard.graphql.ts';

/** Shown under the name field; the server checks the same (worker/lists/lists.ts). */
export const MAX_LIST_NAME_LENGTH = 60;

export interface CatalogFormValues {
  name: string;
  description: string;
  visibility: CatalogVisibility;
}

export function CatalogForm({
  initial,
  submitLabel,
  showDescription = true,
  nameLocked = false,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<CatalogFormValues>;
  submitLabel: string;
  showDescription?: boolean;
  /** The Reading list keeps its name. */
  nameLocked?: boolean;
  /** Resolves to an error message to show, or null when done. */
  onSubmit(values: CatalogFormValues): Promise<string | null>;
  onCancel(): void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPrivate, setPrivate] = useState(initial?.visibility === 'PRIVATE');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setError('Give your list a name.');
      return;
    }
    setBusy(true);
    void onSubmit({ name, description, visibility: isPrivate ? 'PRIVATE' : 'PUBLIC' })
      .then((message) => setError(message))
      .finally(() => setBusy(false));
  };

  return (
    <form className="catalog-form" onSubmit={submit} aria-label={submitLabel}>
      <label className="catalog-form-field">
        <span className="catalog-form-label">Name</span>
        <input
          type="text"
          value={name}
          maxLength={MAX_LIST_NAME_LENGTH}
          onChange={(e) => setName(e.target.value)}
          placeholder="Give it a name"
          disabled={nameLocked}
          aria-invalid={error ? true : undefined}
          autoFocus
          data-testid="catalog-name"
        />
      </label>
      {showDescription ? (
        <label className="catalog-form-field">
          <span className="catalog-form-label">Description</span>
          <textarea value={description} maxLength={280} rows={2} onChange={(e) => setDescription(e.target.value)} placeholder="Add a description" />
        </label>
      ) : null}
      <label className="catalog-form-check">
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="catalog-private" /> Make it private
      </label>
      {error ? (
        <p className="catalog-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="catalog-form-actions">
        <button type="button" className="button button-outline button-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-dark button-small" disabled={busy} data-testid="catalog-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
