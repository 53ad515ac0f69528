// A story's license (docs/product/3-routes-data-calls-constants.md §3: all rights reserved, the
// CC 4.0 variants, CC zero, public domain): the enum the data service and the story settings use,
// the words a story shows, the deed it links to, and the /v1 API's spelling of each.

export const POST_LICENSES = [
  'ALL_RIGHTS_RESERVED',
  'CC_40_BY',
  'CC_40_BY_SA',
  'CC_40_BY_ND',
  'CC_40_BY_NC',
  'CC_40_BY_NC_ND',
  'CC_40_BY_NC_SA',
  'CC_40_ZERO',
  'PUBLIC_DOMAIN',
] as const;
export type PostLicense = (typeof POST_LICENSES)[number];

export const DEFAULT_POST_LICENSE: PostLicense = 'ALL_RIGHTS_RESERVED';

interface LicenseFacts {
  /** What the story shows and the settings offer. */
  label: string;
  /** The deed; empty for all rights reserved. */
  url: string;
}

const CC = (code: string, name: string): LicenseFacts => ({
  label: `Creative Commons ${name} 4.0`,
  url: `https://creativecommons.org/licenses/${code}/4.0/`,
});

export const LICENSE_FACTS: Record<PostLicense, LicenseFacts> = {
  ALL_RIGHTS_RESERVED: { label: 'All rights reserved', url: '' },
  CC_40_BY: CC('by', 'Attribution'),
  CC_40_BY_SA: CC('by-sa', 'Attribution-ShareAlike'),
  CC_40_BY_ND: CC('by-nd', 'Attribution-NoDerivatives'),
  CC_40_BY_NC: CC('by-nc', 'Attribution-NonCommercial'),
  CC_40_BY_NC_ND: CC('by-nc-nd', 'Attribution-NonCommercial-NoDerivatives'),
  CC_40_BY_NC_SA: CC('by-nc-sa', 'Attribution-NonCommercial-ShareAlike'),
  CC_40_ZERO: { label: 'CC0 1.0 Universal (public domain dedication)', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
  PUBLIC_DOMAIN: { label: 'Public domain', url: 'https://creativecommons.org/publicdomain/mark/1.0/' },
};

export function isPostLicense(value: unknown): value is PostLicense {
  return typeof value === 'string' && (POST_LICENSES as readonly string[]).includes(value);
}

/** The /v1 API's spelling: ALL_RIGHTS_RESERVED ↔ all-rights-reserved, CC_40_BY_SA ↔ cc-40-by-sa. */
export function apiLicense(license: PostLicense): string {
  return license.toLowerCase().replace(/_/g, '-');
}

export function licenseFromApi(value: string): PostLicense | null {
  const name = value.trim().toUpperCase().replace(/-/g, '_');
  return isPostLicense(name) ? name : null;
}
