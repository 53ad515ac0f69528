-- A story's license (docs/product/3-routes-data-calls-constants.md §3; shared/stories/license.ts):
-- chosen in the story settings, shown at the end of the story, sent by /v1. Existing stories keep
-- all rights reserved.
ALTER TABLE posts ADD COLUMN license TEXT NOT NULL DEFAULT 'ALL_RIGHTS_RESERVED' CHECK (
  license IN ('ALL_RIGHTS_RESERVED', 'CC_40_BY', 'CC_40_BY_SA', 'CC_40_BY_ND', 'CC_40_BY_NC', 'CC_40_BY_NC_ND', 'CC_40_BY_NC_SA', 'CC_40_ZERO', 'PUBLIC_DOMAIN')
);
