// Page user-design-editor (/me/design and /me/styles; docs/adr/0160-custom-style-sheets.md): a
// writer picks the fonts (the spec's font sets), an accent colour and the header layout their
// profile and stories show to readers. The preview uses the same custom properties the server
// builds (shared/custom-style-sheet.ts); the server checks every value again and refuses anything
// that is not a font set, a readable #rrggbb or a layout, with its reason.
import { useState, type CSSProperties, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { profileUrl } from '../../shared/urls/profile-urls.ts';
import {
  FONT_SET_LABELS,
  FONT_SETS,
  PROFILE_HEADER_LAYOUTS,
  styleSheetProperties,
  type FontSet,
  type ProfileHeaderLayout,
} from '../../shared/custom-style-sheet.ts';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import { ResetUserStyleSheet, UpdateUserStyleSheet, UserDesignQuery, type UserDesignData, type UserDesignSheet } from './UserDesignPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

type Viewer = NonNullable<UserDesignData['viewer']>;
type Status = { text: string; error: boolean } | null;

const LAYOUT_LABELS: Record<ProfileHeaderLayout, string> = { STANDARD: 'Standard', CENTERED: 'Centred' };

function FontChoice({ label, value, onChange }: { label: string; value: FontSet; onChange: (font: FontSet) => void }) {
  return (
    <label className="settings-label design-field">
      {label}
      <select className="settings-input" value={value} onChange={(e) => onChange(e.target.value as FontSet)}>
        {FONT_SETS.map((font) => (
          <option key={font} value={font}>
            {FONT_SET_LABELS[font]}
          </option>
        ))}
      </select>
    </label>
  );
}

function DesignEditor({ viewer }: { viewer: Viewer }) {
  const ctx = useLinkContext();
  const [sheet, setSheet] = useState<UserDesignSheet>(viewer.customStyleSheet);
  const [headingFont, setHeadingFont] = useState<FontSet>(sheet.headingFont);
  const [bodyFont, setBodyFont] = useState<FontSet>(sheet.bodyFont);
  const [accent, setAccent] = useState(sheet.accentColor ?? '');
  const [layout, setLayout] = useState<ProfileHeaderLayout>(sheet.headerLayout);
  const [status, setStatus] = useState<Status>(null);
  const [{ fetching }, update] = useMutation(UpdateUserStyleSheet);
  const [, reset] = useMutation(ResetUserStyleSheet);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await update({ headingFont, bodyFont, accentColor: accent || null, headerLayout: layout })).data?.updateUserStyleSheet;
    if (outcome?.__typename === 'CustomStyleSheet') {
      setSheet(outcome);
      setStatus({ text: 'Design saved: your profile and stories show it.', error: false });
    } else setStatus({ text: outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.', error: true });
  };
  const backToSite = async () => {
    const outcome = (await reset({})).data?.resetUserStyleSheet;
    if (!outcome) return setStatus({ text: 'Something went wrong. Please try again.', error: true });
    setSheet(outcome);
    setHeadingFont(outcome.headingFont);
    setBodyFont(outcome.bodyFont);
    setAccent('');
    setLayout(outcome.headerLayout);
    setStatus({ text: 'Your pages use the site’s design again.', error: false });
  };

  // The preview: the same properties the server builds, from what is picked now (a colour that is not #rrggbb yet is left out).
  const preview: Record<string, string> = {};
  for (const { name, value } of styleSheetProperties({ headingFont, bodyFont, accentColor: accent.toLowerCase() })) preview[name] = value;

  return (
    <div className="settings-page design-page">
      <h1 className="settings-section-title">Design your pages</h1>
      <p className="muted">
        Readers see these fonts and colours on your <Link href={profileUrl(viewer, ctx)}>profile</Link> and your stories; the rest of the site keeps its own.
      </p>
      <form className="settings-form" onSubmit={(e) => void save(e)}>
        <FontChoice label="Headings font" value={headingFont} onChange={setHeadingFont} />
        <FontChoice label="Text font" value={bodyFont} onChange={setBodyFont} />
        <label className="settings-label design-field">
          Accent colour
          <span className="design-colour">
            <input type="color" aria-label="Accent colour picker" value={/^#[0-9a-fA-F]{6}$/.test(accent) ? accent : '#242424'} onChange={(e) => setAccent(e.target.value)} />
            <input className="settings-input" value={accent} placeholder="#rrggbb (empty: the site's own)" maxLength={7} onChange={(e) => setAccent(e.target.value.trim())} />
          </span>
        </label>
        <fieldset className="design-field">
          <legend className="settings-label">Header layout</legend>
          {PROFILE_HEADER_LAYOUTS.map((value) => (
            <label key={value} className="settings-toggle">
              <input type="radio" name="headerLayout" value={value} checked={layout === value} onChange={() => setLayout(value)} /> {LAYOUT_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className="design-preview owner-style" aria-label="Preview" data-owner-header={layout} style={preview as CSSProperties}>
          <header className="profile-heading">
            <h2 className="profile-name">{viewer.name}</h2>
          </header>
          <div className="story">
            <h3 className="story-title">A story’s title</h3>
            <p className="story-body">And the text of the story, as your readers will read it.</p>
          </div>
        </div>
        <div className="design-actions">
          <button type="submit" className="button button-dark" disabled={fetching}>
            Save design
          </button>
          {sheet.isCustom ? (
            <button type="button" className="button button-outline" onClick={() => void backToSite()}>
              Use the site’s design
            </button>
          ) : null}
        </div>
        <p className={status?.error ? 'settings-status is-error' : 'settings-status'} role={status?.error ? 'alert' : 'status'}>
          {status?.text ?? ''}
        </p>
      </form>
    </div>
  );
}

export const userDesignPage: PageDefinition<UserDesignData> = {
  query: () => ({ query: UserDesignQuery, variables: {} }),
  title: (_data, state) => `Design – ${state.config.productName}`,
  Component: ({ data }) =>
    data.viewer ? (
      <DesignEditor viewer={data.viewer} />
    ) : (
      <div className="settings-page">
        <CustomizeSignInPrompt what="design your pages" />
      </div>
    ),
};
