// Running a publication, for its owner and editors (docs/product/3-routes-data-calls-constants.md
// §2.7; docs/publications.md). Everyone else gets the 404 page: the pages do not say the
// publication has managers.
// - publication-edit            /{collectionSlug}/edit: name, tagline, avatar, logo, favicon.
// - publication-settings        /{collectionSlug}/settings (+ /about, /navigation, /followers,
//                               /feature-pages) and /permissions: one page, one section per address.
// - publication-design-editor   /{collectionSlug}/design and /styles: header layout, fonts, colours, logo.
// - publication-feature-editor  /{collectionSlug}/new: a new feature page.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from 'urql';
import { Link, useCurrentPage } from '../app/navigation.tsx';
import { imageSrc } from '../app/images.ts';
import { uploadImage } from '../app/upload-image.ts';
import { Avatar } from '../components/Avatar.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { collectionSiteLink, collectionUrl } from '../../shared/urls/publication-urls.ts';
import { formatCount } from '../../shared/format.ts';
import { Permissions } from './PublicationManagePages.tsx';
import {
  DeleteFeaturePage,
  PublicationManageQuery,
  SaveFeaturePage,
  SetPublicationImage,
  SetPublicationNavigation,
  UpdatePublication,
  UpdatePublicationDesign,
  UpdatePublicationStyleSheet,
  type ManagedPublication,
  type PublicationManageData,
} from './PublicationSettingsPages.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { PageNotFound } from '../components/PageNotFound.tsx';
import { FONT_SET_LABELS, FONT_SETS, FONT_STACKS, type FontSet } from '../../shared/custom-style-sheet.ts';

type Outcome = { __typename: string; message?: string } | null | undefined;
type Status = { text: string; error: boolean } | null;

/** The answer's words: saved, or the server's reason, or a generic retry. */
function statusOf(outcome: Outcome, saved: string): Status {
  if (outcome?.__typename === 'Collection' || outcome?.__typename === 'FeaturePage') return { text: saved, error: false };
  return { text: outcome && 'message' in outcome && outcome.message ? outcome.message : 'Something went wrong. Please try again.', error: true };
}

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p className={status.error ? 'editor-alert' : 'muted publication-settings-saved'} role={status.error ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}

const manageQuery = (params: Record<string, string>) => ({ query: PublicationManageQuery, variables: { slug: params.collectionSlug ?? '' } });
const manageStatus = (data: PublicationManageData) => (data.collection?.viewerIsEditor ? 200 : 404);

const SECTIONS = [
  { route: 'ShowCollectionEdit', label: 'Details' },
  { route: 'ShowCollectionDesign', label: 'Design' },
  { route: 'ShowCollectionSettingsAbout', label: 'About' },
  { route: 'ShowCollectionSettingsNavigation', label: 'Navigation' },
  { route: 'ShowCollectionSettingsFeaturePages', label: 'Pages' },
  { route: 'ShowCollectionSettingsFollowers', label: 'Followers' },
  { route: 'ShowCollectionSettingsCustomDomain', label: 'Custom domain' },
  { route: 'ShowCollectionPermissions', label: 'Editors and writers' },
] as const;

/** The frame of every management page: the publication's name, a way back, the sections. */
function ManageFrame({ collection, title, children }: { collection: ManagedPublication; title: string; children: ReactNode }) {
  const ctx = useLinkContext();
  const current = useCurrentPage().resolved?.routeName;
  return (
    <div className="editor-page publication-settings">
      <p className="muted">
        <Link href={collectionUrl(collection, ctx)}>← {collection.name}</Link>
      </p>
      <h1>{title}</h1>
      <nav className="profile-tabs publication-settings-tabs" aria-label="Manage the publication">
        {SECTIONS.map((section) =>
          section.route === current || (current === 'ShowCollectionSettings' && section.route === 'ShowCollectionSettingsAbout') ? (
            <span key={section.route} className="profile-tab is-active" aria-current="page">
              {section.label}
            </span>
          ) : (
            <Link key={section.route} className="profile-tab" href={collectionSiteLink(collection, section.route, {}, ctx)}>
              {section.label}
            </Link>
          ),
        )}
      </nav>
      {children}
    </div>
  );
}

function managePage(title: string, Body: (props: { collection: ManagedPublication; data: PublicationManageData }) => ReactNode): PageDefinition<PublicationManageData> {
  return {
    query: manageQuery,
    status: manageStatus,
    title: (data, state) => `${title}${data?.collection?.viewerIsEditor ? ` – ${data.collection.name}` : ''} – ${state.config.productName}`,
    Component: ({ data }) => {
      const collection = data.collection;
      if (!collection?.viewerIsEditor) return <PageNotFound />;
      return (
        <ManageFrame collection={collection} title={title}>
          <Body collection={collection} data={data} />
        </ManageFrame>
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// /edit: name, tagline and images.

const IMAGE_KINDS = [
  { kind: 'AVATAR', label: 'Avatar', hint: 'A square image shown beside the name and on story cards.' },
  { kind: 'LOGO', label: 'Logo', hint: 'A wide image; choose the logo header on the Design page to show it.' },
  { kind: 'FAVICON', label: 'Favicon', hint: 'The small icon browsers show in tabs on the publication’s pages.' },
] as const;
type ImageKind = (typeof IMAGE_KINDS)[number]['kind'];

function imageIdOf(collection: ManagedPublication, kind: ImageKind): string | null {
  return kind === 'AVATAR' ? collection.avatarId : kind === 'LOGO' ? collection.design.logoId : collection.faviconId;
}

function ImageField({ collection, kind, label, hint, onChanged }: { collection: ManagedPublication; kind: ImageKind; label: string; hint: string; onChanged: (c: ManagedPublication) => void }) {
  const { xsrf } = useViewerSession();
  const [, setImage] = useMutation(SetPublicationImage);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const imageId = imageIdOf(collection, kind);
  const apply = async (next: string | null) => {
    const outcome = (await setImage({ collectionId: collection.id, kind, imageId: next })).data?.setPublicationImage;
    setStatus(statusOf(outcome, next ? `${label} saved.` : `${label} removed.`));
    if (outcome?.__typename === 'Collection') onChanged({ ...collection, ...outcome });
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await apply(await uploadImage(file, xsrf));
    } catch (error) {
      setStatus({ text: (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="publication-image-field" data-kind={kind}>
      <legend>{label}</legend>
      <p className="muted">{hint}</p>
      {imageId ? (
        kind === 'AVATAR' ? (
          <Avatar name={collection.name} imageId={imageId} size={64} />
        ) : (
          <img className={kind === 'LOGO' ? 'publication-logo-image' : 'publication-favicon-preview'} src={imageSrc(imageId, kind === 'LOGO' ? { width: 600 } : { width: 32, height: 32, pixelRatio: 2 })} alt={`${label} of ${collection.name}`} />
        )
      ) : null}
      <div className="publish-actions">
        <label className="button button-small">
          {busy ? 'Uploading…' : imageId ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/avif" className="visually-hidden" aria-label={`${label} image`} disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {imageId ? (
          <button type="button" className="button button-small" onClick={() => void apply(null)}>
            Remove
          </button>
        ) : null}
      </div>
      <StatusLine status={status} />
    </fieldset>
  );
}

function EditDetails({ collection: initial }: { collection: ManagedPublication }) {
  const [collection, setCollection] = useState(initial);
  const [, update] = useMutation(UpdatePublication);
  const [name, setName] = useState(initial.name);
  const [tagline, setTagline] = useState(initial.description);
  const [status, setStatus] = useState<Status>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await update({ collectionId: collection.id, name, tagline })).data?.updatePublication;
    setStatus(statusOf(outcome, 'Saved.'));
    if (outcome?.__typename === 'Collection') setCollection({ ...collection, ...outcome });
  };
  return (
    <>
      <form className="publish-options" onSubmit={(e) => void save(e)}>
        <label className="publish-field">
          Name
          <input value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="publish-field">
          Tagline
          <input value={tagline} maxLength={160} onChange={(e) => setTagline(e.target.value)} />
        </label>
        <div className="publish-actions">
          <button type="submit" className="button button-primary">
            Save
          </button>
        </div>
        <StatusLine status={status} />
      </form>
      {IMAGE_KINDS.map((k) => (
        <ImageField key={k.kind} collection={collection} kind={k.kind} label={k.label} hint={k.hint} onChanged={setCollection} />
      ))}
    </>
  );
}

export const publicationEditPage = managePage('Publication details', ({ collection }) => <EditDetails collection={collection} />);

// ---------------------------------------------------------------------------------------------
// /design: header layout and colours.

const LAYOUTS = [
  { value: 'AVATAR_AND_NAME', label: 'Avatar and name' },
  { value: 'NAME_ONLY', label: 'Name only' },
  { value: 'LOGO', label: 'Logo' },
] as const;

function DesignEditor({ collection: initial }: { collection: ManagedPublication }) {
  const ctx = useLinkContext();
  const [collection, setCollection] = useState(initial);
  const [, update] = useMutation(UpdatePublicationDesign);
  const [layout, setLayout] = useState<string>(initial.design.headerLayout);
  const [accent, setAccent] = useState(initial.design.accentColor ?? '');
  const [background, setBackground] = useState(initial.design.backgroundColor ?? '');
  const [status, setStatus] = useState<Status>(null);
  const [, updateFonts] = useMutation(UpdatePublicationStyleSheet);
  const [headingFont, setHeadingFont] = useState<FontSet>(initial.customStyleSheet.headingFont);
  const [bodyFont, setBodyFont] = useState<FontSet>(initial.customStyleSheet.bodyFont);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    // The fonts first (docs/adr/0160-custom-style-sheets.md): a refused colour then says why, with the fonts kept.
    const fonts = (await updateFonts({ collectionId: collection.id, headingFont, bodyFont })).data?.updatePublicationStyleSheet;
    if (fonts?.__typename !== 'CustomStyleSheet') return setStatus(statusOf(fonts as Outcome, ''));
    const outcome = (
      await update({ collectionId: collection.id, headerLayout: layout as (typeof LAYOUTS)[number]['value'], accentColor: accent || null, backgroundColor: background || null })
    ).data?.updatePublicationDesign;
    setStatus(statusOf(outcome, 'Design saved: it shows on the publication’s pages.'));
    if (outcome?.__typename === 'Collection') setCollection({ ...collection, ...outcome });
  };
  const colourField = (label: string, value: string, set: (v: string) => void) => (
    <div className="publication-colour-field">
      <span>{label}</span>
      <input type="color" aria-label={`${label} picker`} value={value || '#ffffff'} onChange={(e) => set(e.target.value)} />
      <input aria-label={label} value={value} placeholder="#rrggbb (empty: the site's own)" maxLength={7} onChange={(e) => set(e.target.value.trim())} />
      {value ? (
        <button type="button" className="button button-small" onClick={() => set('')}>
          Use the site's
        </button>
      ) : null}
    </div>
  );
  return (
    <form className="publish-options" onSubmit={(e) => void save(e)}>
      <fieldset>
        <legend>Header layout</legend>
        {LAYOUTS.map((l) => (
          <label key={l.value} className="publication-layout-choice">
            <input type="radio" name="headerLayout" value={l.value} checked={layout === l.value} onChange={() => setLayout(l.value)} /> {l.label}
          </label>
        ))}
        {!collection.design.logoId ? (
          <p className="muted">
            To use the logo header, <Link href={collectionSiteLink(collection, 'ShowCollectionEdit', {}, ctx)}>upload a logo</Link> first.
          </p>
        ) : null}
      </fieldset>
      {(
        [
          ['Headings font', headingFont, setHeadingFont],
          ['Text font', bodyFont, setBodyFont],
        ] as const
      ).map(([label, value, set]) => (
        <label key={label} className="publish-field">
          {label}
          <select value={value} onChange={(e) => set(e.target.value as FontSet)}>
            {FONT_SETS.map((font) => (
              <option key={font} value={font}>
                {FONT_SET_LABELS[font]}
              </option>
            ))}
          </select>
        </label>
      ))}
      {colourField('Accent colour', accent, setAccent)}
      {colourField('Header background', background, setBackground)}
      <div className="publication-design-preview" aria-label="Preview">
        <header className="publication-masthead" style={{ ['--owner-heading-font' as string]: FONT_STACKS[headingFont], ...(accent ? { ['--publication-accent' as string]: accent } : {}), ...(background ? { ['--publication-background' as string]: background } : {}) }}>
          <h2 className="publication-name">
            <a href={collectionUrl(collection, ctx)}>
              {layout === 'LOGO' && collection.design.logoId ? <img className="publication-logo-image" src={imageSrc(collection.design.logoId, { width: 600 })} alt={collection.name} /> : collection.name}
            </a>
          </h2>
        </header>
      </div>
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Save design
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}

export const publicationDesignPage = managePage('Design', ({ collection }) => <DesignEditor collection={collection} />);

// ---------------------------------------------------------------------------------------------
// /settings (+ sections) and /permissions.

function AboutSection({ collection }: { collection: ManagedPublication }) {
  const [, update] = useMutation(UpdatePublication);
  const [about, setAbout] = useState(collection.about);
  const [status, setStatus] = useState<Status>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await update({ collectionId: collection.id, name: collection.name, tagline: collection.description, about })).data?.updatePublication;
    setStatus(statusOf(outcome, 'Saved: the about page shows it.'));
  };
  return (
    <form className="publish-options" onSubmit={(e) => void save(e)}>
      <label className="publish-field">
        About {collection.name}
        <textarea value={about} maxLength={2000} rows={8} onChange={(e) => setAbout(e.target.value)} />
      </label>
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Save
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}

type NavDraft = { title: string; kind: 'TAG' | 'FEATURE_PAGE' | 'LINK'; target: string };

function NavigationSection({ collection }: { collection: ManagedPublication }) {
  const [, save] = useMutation(SetPublicationNavigation);
  const [items, setItems] = useState<NavDraft[]>(collection.navigation.map(({ title, kind, target }) => ({ title, kind, target })));
  const [status, setStatus] = useState<Status>(null);
  const change = (index: number, patch: Partial<NavDraft>) => setItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setItems(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await save({ collectionId: collection.id, items })).data?.setPublicationNavigation;
    setStatus(statusOf(outcome, 'Navigation saved.'));
  };
  return (
    <form className="publish-options" onSubmit={(e) => void submit(e)}>
      <p className="muted">The links under the publication’s name: its stories with a tag, one of its pages, or a web address.</p>
      <ol className="publication-nav-editor" data-testid="navigation-items">
        {items.map((item, index) => (
          <li key={index} className="publish-actions">
            <input aria-label={`Title ${index + 1}`} value={item.title} maxLength={40} required onChange={(e) => change(index, { title: e.target.value })} />
            <select aria-label={`Kind ${index + 1}`} value={item.kind} onChange={(e) => change(index, { kind: e.target.value as NavDraft['kind'], target: '' })}>
              <option value="TAG">Tag</option>
              <option value="FEATURE_PAGE">Page</option>
              <option value="LINK">Web address</option>
            </select>
            {item.kind === 'FEATURE_PAGE' ? (
              <select aria-label={`Page ${index + 1}`} value={item.target} required onChange={(e) => change(index, { target: e.target.value })}>
                <option value="">Choose a page</option>
                {collection.featurePages.map((page) => (
                  <option key={page.id} value={page.slug}>
                    {page.title}
                  </option>
                ))}
              </select>
            ) : (
              <input aria-label={`${item.kind === 'TAG' ? 'Tag' : 'Address'} ${index + 1}`} value={item.target} required placeholder={item.kind === 'TAG' ? 'tag' : 'https://…'} onChange={(e) => change(index, { target: e.target.value })} />
            )}
            <button type="button" className="button button-small" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${item.title || 'item'} up`}>
              ↑
            </button>
            <button type="button" className="button button-small" disabled={index === items.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${item.title || 'item'} down`}>
              ↓
            </button>
            <button type="button" className="button button-small" onClick={() => setItems(items.filter((_, i) => i !== index))}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="publish-actions">
        <button type="button" className="button button-small" disabled={items.length >= 12} onClick={() => setItems([...items, { title: '', kind: 'TAG', target: '' }])}>
          Add a link
        </button>
        <button type="submit" className="button button-primary">
          Save navigation
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}

type FeatureDraft = { id: string | null; slug: string; title: string; body: string; tagSlug: string; showInNav: boolean };

/** Creates or changes one feature page; `done` gets the saved page's address. */
export function FeaturePageForm({ collection, initial, done }: { collection: ManagedPublication; initial: FeatureDraft; done: (slug: string) => void }) {
  const [, save] = useMutation(SaveFeaturePage);
  const [, remove] = useMutation(DeleteFeaturePage);
  const [draft, setDraft] = useState(initial);
  const [status, setStatus] = useState<Status>(null);
  const set = (patch: Partial<FeatureDraft>) => setDraft({ ...draft, ...patch });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (
      await save({ collectionId: collection.id, id: draft.id, slug: draft.slug, title: draft.title, body: draft.body, tagSlug: draft.tagSlug || null, showInNav: draft.showInNav })
    ).data?.saveFeaturePage;
    setStatus(statusOf(outcome, 'Page saved.'));
    if (outcome?.__typename === 'FeaturePage') {
      setDraft({ ...draft, id: outcome.id, slug: outcome.slug });
      done(outcome.slug);
    }
  };
  const del = async () => {
    if (!draft.id) return;
    const outcome = (await remove({ collectionId: collection.id, id: draft.id })).data?.deleteFeaturePage;
    setStatus(statusOf(outcome, 'Page deleted.'));
    if (outcome?.__typename === 'Collection') done('');
  };
  return (
    <form className="publish-options feature-page-form" onSubmit={(e) => void submit(e)} aria-label={draft.id ? `Page ${initial.title}` : 'New page'}>
      <label className="publish-field">
        Title
        <input value={draft.title} maxLength={100} required onChange={(e) => set({ title: e.target.value, ...(draft.id ? {} : { slug: e.target.value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) }) })} />
      </label>
      <label className="publish-field">
        Address: /{collection.slug}/{draft.slug || 'page'}/home
        <input value={draft.slug} maxLength={40} required pattern="[a-z0-9](?:[a-z0-9\-]{0,38}[a-z0-9])?" onChange={(e) => set({ slug: e.target.value.toLowerCase() })} />
      </label>
      <label className="publish-field">
        Text (a blank line starts a new paragraph)
        <textarea value={draft.body} rows={8} maxLength={20000} onChange={(e) => set({ body: e.target.value })} />
      </label>
      <label className="publish-field">
        Stories with the tag (optional)
        <input value={draft.tagSlug} placeholder="tag" onChange={(e) => set({ tagSlug: e.target.value })} />
      </label>
      <label className="publish-check">
        <input type="checkbox" checked={draft.showInNav} onChange={(e) => set({ showInNav: e.target.checked })} /> Show in the navigation
      </label>
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          {draft.id ? 'Save page' : 'Create page'}
        </button>
        {draft.id ? (
          <button type="button" className="button button-small" onClick={() => void del()}>
            Delete page
          </button>
        ) : null}
      </div>
      <StatusLine status={status} />
    </form>
  );
}

const NEW_FEATURE_PAGE: FeatureDraft = { id: null, slug: '', title: '', body: '', tagSlug: '', showInNav: true };

function FeaturePagesSection({ collection }: { collection: ManagedPublication }) {
  const ctx = useLinkContext();
  return (
    <section aria-label="Pages">
      <p className="muted">The publication’s own pages, such as “About us” or a section of stories with one tag.</p>
      <p>
        <Link className="button button-small" href={collectionSiteLink(collection, 'ShowCollectionNewFeaturePage', {}, ctx)}>
          New page
        </Link>
      </p>
      {collection.featurePages.length === 0 ? <p className="profile-empty muted">No pages yet.</p> : null}
      {collection.featurePages.map((page) => (
        <div key={page.id} className="feature-page-entry">
          <h2>
            <Link href={collectionSiteLink(collection, 'ShowCollectionFeaturePage', { topicSlug: page.slug }, ctx)}>{page.title}</Link>
          </h2>
          <FeaturePageForm
            collection={collection}
            initial={{ id: page.id, slug: page.slug, title: page.title, body: page.body, tagSlug: page.tagSlug ?? '', showInNav: page.showInNav }}
            done={(slug) => {
              if (slug === '') window.location.reload();
            }}
          />
        </div>
      ))}
    </section>
  );
}

function FollowersSection({ collection }: { collection: ManagedPublication }) {
  const ctx = useLinkContext();
  return (
    <p>
      {formatCount(collection.socialStats.followerCount)} people follow {collection.name}.{' '}
      <Link href={collectionSiteLink(collection, 'ShowLiteCollectionFollowers', {}, ctx)}>See who</Link>
    </p>
  );
}

const SETTINGS_TITLES: Record<string, string> = {
  ShowCollectionSettings: 'Settings',
  ShowCollectionSettingsAbout: 'About',
  ShowCollectionSettingsNavigation: 'Navigation',
  ShowCollectionSettingsFeaturePages: 'Pages',
  ShowCollectionSettingsFollowers: 'Followers',
  ShowCollectionPermissions: 'Editors and writers',
};

function SettingsSection({ collection, data }: { collection: ManagedPublication; data: PublicationManageData }) {
  const route = useCurrentPage().resolved?.routeName ?? 'ShowCollectionSettings';
  switch (route) {
    case 'ShowCollectionSettingsNavigation':
      return <NavigationSection collection={collection} />;
    case 'ShowCollectionSettingsFeaturePages':
      return <FeaturePagesSection collection={collection} />;
    case 'ShowCollectionSettingsFollowers':
      return <FollowersSection collection={collection} />;
    case 'ShowCollectionPermissions':
      return (
        <>
          <p className="muted">Editors publish stories in the publication and approve submissions; writers submit their stories.</p>
          <Permissions collectionId={collection.id} initial={data.collection?.members ?? []} />
        </>
      );
    default:
      return <AboutSection collection={collection} />;
  }
}

export const publicationSettingsPage: PageDefinition<PublicationManageData> = {
  query: manageQuery,
  status: manageStatus,
  title: (data, state) => `Settings${data?.collection?.viewerIsEditor ? ` – ${data.collection.name}` : ''} – ${state.config.productName}`,
  Component: function PublicationSettings({ data }) {
    const route = useCurrentPage().resolved?.routeName ?? 'ShowCollectionSettings';
    const collection = data.collection;
    if (!collection?.viewerIsEditor) return <PageNotFound />;
    return (
      <ManageFrame collection={collection} title={SETTINGS_TITLES[route] ?? 'Settings'}>
        <SettingsSection collection={collection} data={data} />
      </ManageFrame>
    );
  },
};

export const publicationFeatureEditorPage = managePage('New page', ({ collection }) => {
  const ctx = useLinkContext();
  return (
    <FeaturePageForm
      collection={collection}
      initial={NEW_FEATURE_PAGE}
      done={(slug) => {
        if (slug) window.location.assign(collectionSiteLink(collection, 'ShowCollectionFeaturePage', { topicSlug: slug }, ctx));
      }}
    />
  );
});
