// /{collectionSlug}/settings/custom-domain (page publication-custom-domain-settings;
// docs/adr/0087-a-publications-custom-domain.md): a publication's owner and editors connect its domain on the
// shared custom-domain screen. Anyone else gets the not-found page (404), signed out the sign-in
// prompt.
import { useMutation } from 'urql';
import { CustomDomainPanel, type CustomDomainCalls } from '../components/custom-domain/CustomDomainPanel.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import {
  PublicationCustomDomainQuery,
  RemovePublicationCustomDomain,
  SetPublicationCustomDomain,
  VerifyPublicationCustomDomain,
  type PublicationCustomDomainData,
} from './PublicationCustomDomainPage.graphql.ts';

type Publication = NonNullable<PublicationCustomDomainData['publicationCustomDomain']>;

function PublicationCustomDomainScreen({ publication }: { publication: Publication }) {
  const [, save] = useMutation(SetPublicationCustomDomain);
  const [, verify] = useMutation(VerifyPublicationCustomDomain);
  const [, remove] = useMutation(RemovePublicationCustomDomain);
  const collectionId = publication.collectionId;
  const calls: CustomDomainCalls = {
    save: async (domain) => {
      const answer = (await save({ collectionId, domain })).data?.setPublicationCustomDomain;
      if (answer?.__typename === 'CustomDomainSettings') return { settings: answer };
      return answer?.__typename === 'CustomDomainFailure' ? { message: answer.message } : undefined;
    },
    verify: async () => {
      const answer = (await verify({ collectionId })).data?.verifyPublicationCustomDomain;
      if (answer?.__typename === 'CustomDomainVerification') return { settings: answer.settings, pendingReason: answer.pendingReason ?? null };
      return answer?.__typename === 'CustomDomainFailure' ? { message: answer.message } : undefined;
    },
    remove: async () => (await remove({ collectionId })).data?.removePublicationCustomDomain,
  };
  return (
    <CustomDomainPanel
      initial={publication.settings}
      calls={calls}
      intro={`${publication.name} and its stories at a domain of its own, like magazine.example.com.`}
      disconnected="The publication's domain is disconnected."
      back={{ href: `/${publication.slug}/settings`, label: 'Back to publication settings' }}
      registrarHref={`/_/custom-domain/registrar?collectionId=${encodeURIComponent(publication.collectionId)}`}
    />
  );
}

export const publicationCustomDomainPage: PageDefinition<PublicationCustomDomainData> = {
  query: (params) => ({ query: PublicationCustomDomainQuery, variables: { slug: params.collectionSlug ?? '' } }),
  status: (data) => (data.publicationCustomDomain || !data.viewer ? 200 : 404),
  title: (data, state) => `Custom domain${data?.publicationCustomDomain ? ` – ${data.publicationCustomDomain.name}` : ''} – ${state.config.productName}`,
  Component: function PublicationCustomDomain({ data }) {
    if (data.publicationCustomDomain) return <PublicationCustomDomainScreen publication={data.publicationCustomDomain} />;
    return (
      <div className="settings-page">
        <h1 className="settings-heading">{data.viewer ? 'Page not found' : 'Custom domain'}</h1>
        {data.viewer ? null : <CustomizeSignInPrompt what="manage this publication" />}
      </div>
    );
  },
};
