// /me/settings/custom-domain (page settings-custom-domain; docs/adr/0086-a-writers-custom-domain.md): the
// viewer's own domain, on the shared custom-domain screen.
import { useMutation } from 'urql';
import { CustomDomainPanel, type CustomDomainCalls, type CustomDomainSettingsValue } from '../components/custom-domain/CustomDomainPanel.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import { CustomDomainSettingsQuery, RemoveCustomDomain, SetCustomDomain, VerifyCustomDomain, type CustomDomainSettingsData } from './CustomDomainSettingsPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

function CustomDomainScreen({ initial }: { initial: CustomDomainSettingsValue }) {
  const [, save] = useMutation(SetCustomDomain);
  const [, verify] = useMutation(VerifyCustomDomain);
  const [, remove] = useMutation(RemoveCustomDomain);
  const calls: CustomDomainCalls = {
    save: async (domain) => {
      const answer = (await save({ domain })).data?.setCustomDomain;
      if (answer?.__typename === 'CustomDomainSettings') return { settings: answer };
      return answer?.__typename === 'CustomDomainFailure' ? { message: answer.message } : undefined;
    },
    verify: async () => {
      const answer = (await verify({})).data?.verifyCustomDomain;
      if (answer?.__typename === 'CustomDomainVerification') return { settings: answer.settings, pendingReason: answer.pendingReason ?? null };
      return answer?.__typename === 'CustomDomainFailure' ? { message: answer.message } : undefined;
    },
    remove: async () => (await remove({})).data?.removeCustomDomain,
  };
  return (
    <CustomDomainPanel
      initial={initial}
      calls={calls}
      intro="Your profile and stories at a domain of your own, like blog.example.com."
      disconnected="Your domain is disconnected."
      back={{ href: '/me/settings/publishing', label: 'Back to settings' }}
      registrarHref="/_/custom-domain/registrar"
    />
  );
}

export const customDomainSettingsPage: PageDefinition<CustomDomainSettingsData> = {
  query: () => ({ query: CustomDomainSettingsQuery, variables: {} }),
  title: (_data, state) => `Custom domain – ${state.config.productName}`,
  Component: function CustomDomainSettings({ data }) {
    if (!data.customDomainSettings) {
      return (
        <div className="settings-page">
          <h1 className="settings-heading">Custom domain</h1>
          <CustomizeSignInPrompt what="connect a domain" />
        </div>
      );
    }
    return <CustomDomainScreen initial={data.customDomainSettings} />;
  },
};
