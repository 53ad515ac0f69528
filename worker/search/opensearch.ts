// /osd.xml (docs/product/3-routes-data-calls-constants.md §7.6): the OpenSearch description that
// lets browsers offer "search this site" from the address bar. Every host serves its own:
// a publication's custom domain searches that publication (its /search), other hosts the main
// search page.
import { XMLBuilder } from 'fast-xml-parser';
import { mainOrigin, type Env } from '../env.ts';
import type { HostContext } from '../host/resolve-host.ts';

export const OPENSEARCH_PATH = '/osd.xml';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: false, suppressEmptyNode: true });

export function openSearchDescription(env: Env, host: HostContext, requestUrl: URL): Response {
  const origin = host.kind === 'collection' ? `${requestUrl.protocol}//${host.host}` : mainOrigin(env);
  const name = env.PRODUCT_NAME;
  const xml = builder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    OpenSearchDescription: {
      '@xmlns': 'http://a9.com/-/spec/opensearch/1.1/',
      ShortName: name,
      Description: `Search ${name}`,
      InputEncoding: 'UTF-8',
      Url: [
        { '@type': 'text/html', '@method': 'get', '@template': `${origin}/search?q={searchTerms}` },
        { '@type': 'application/opensearchdescription+xml', '@rel': 'self', '@template': `${origin}${OPENSEARCH_PATH}` },
      ],
    },
  }) as string;
  return new Response(xml, {
    headers: { 'content-type': 'application/opensearchdescription+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
